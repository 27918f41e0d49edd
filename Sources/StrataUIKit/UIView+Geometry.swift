/// Content mode and conversions between views' coordinates (the open members are declared in UIView.swift,
/// where subclasses can override them).
extension UIView {
    /// How a view's content (its layer's `contents`: an image view's image, a drawn backing store) fills its
    /// bounds, with UIKit's raw values: each mode sets the layer's `contentsGravity`. "Natural size" is the
    /// content's pixels over the layer's `contentsScale`.
    public enum ContentMode: Int, Sendable {
        /// The content stretched to fill the bounds (gravity `.resize`); the default.
        case scaleToFill
        /// The content scaled to fit within the bounds, keeping its aspect ratio, centred (gravity `.resizeAspect`).
        case scaleAspectFit
        /// The content scaled to cover the bounds, keeping its aspect ratio, centred, possibly reaching beyond them
        /// (gravity `.resizeAspectFill`).
        case scaleAspectFill
        /// The content stretched as with `.scaleToFill`, and drawn again whenever the bounds change size (the layer's
        /// `needsDisplayOnBoundsChange`).
        case redraw
        /// The content at its natural size, centred (gravity `.center`).
        case center
        /// The content at its natural size against the top edge, centred horizontally. Its gravity is the layer's
        /// `.bottom`: a view's layer is y down and gravity names read y up, as UIKit maps them on iOS.
        case top
        /// The content at its natural size against the bottom edge, centred horizontally (gravity `.top`, read y up).
        case bottom
        /// The content at its natural size against the left edge, centred vertically (gravity `.left`).
        case left
        /// The content at its natural size against the right edge, centred vertically (gravity `.right`).
        case right
        /// The content at its natural size in the top-left corner (gravity `.bottomLeft`, read y up).
        case topLeft
        /// The content at its natural size in the top-right corner (gravity `.bottomRight`, read y up).
        case topRight
        /// The content at its natural size in the bottom-left corner (gravity `.topLeft`, read y up).
        case bottomLeft
        /// The content at its natural size in the bottom-right corner (gravity `.topRight`, read y up).
        case bottomRight

        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            // Gravity names read y up on a y-down layer (docs/status.md, contentsGravity), so UIKit's top is
            // the layer's bottom, as UIKit's own mapping on iOS.
            case .top: .bottom
            case .bottom: .top
            case .left: .left
            case .right: .right
            case .topLeft: .bottomLeft
            case .topRight: .bottomRight
            case .bottomLeft: .topLeft
            case .bottomRight: .topRight
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
