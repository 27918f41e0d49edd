/// Content mode and conversions between views' coordinates.
extension UIView {
    /// How its content fills the bounds: the layer's `contentsGravity`, and with `.redraw` a new size draws
    /// again (`needsDisplayOnBoundsChange`).
    public var contentMode: ContentMode {
        get { contentModeValue }
        set {
            contentModeValue = newValue
            layer.contentsGravity = newValue.gravity
            layer.needsDisplayOnBoundsChange = newValue == .redraw
        }
    }

    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight

        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            case .top: .top
            case .bottom: .bottom
            case .left: .left
            case .right: .right
            case .topLeft: .topLeft
            case .topRight: .topRight
            case .bottomLeft: .bottomLeft
            case .bottomRight: .bottomRight
            }
        }
    }

    // MARK: converting between views

    /// `point` in this view's coordinates, expressed in `view`'s (the window's for nil). Both must be in
    /// one window (or one tree of views).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: (view ?? window ?? rootView).layer)
    }

    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: (view ?? window ?? rootView).layer)
    }

    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: (view ?? window ?? rootView).layer)
    }

    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: (view ?? window ?? rootView).layer)
    }

    /// The top of its tree of views.
    var rootView: UIView {
        var v = self
        while let s = v.superview { v = s }
        return v
    }
}
