/// Content mode and conversions between views' coordinates (the open members are declared in UIView.swift,
/// where subclasses can override them).
extension UIView {
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

    /// `contentMode` on the layer: its gravity, and with `.redraw` a new size draws again.
    func apply(_ mode: ContentMode) {
        layer.contentsGravity = mode.gravity
        layer.needsDisplayOnBoundsChange = mode == .redraw
    }

    /// The view a conversion is to or from: `view`, or for nil the window (the top of the tree when the
    /// view is in none). Both must be in one window (or one tree of views).
    func reference(_ view: UIView?) -> UIView { view ?? window ?? rootView }

    /// The top of its tree of views.
    var rootView: UIView {
        var v = self
        while let s = v.superview { v = s }
        return v
    }
}
