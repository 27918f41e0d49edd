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
        /// The content at its natural size, pinned by the layer's `contentsGravity` `.top`, which Strata's layers
        /// read y up as Core Animation's do: it shows against the bottom edge on screen, centred horizontally, where
        /// UIKit's view shows it against the top edge; see
        /// <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
        case top
        /// The content at its natural size, pinned by the layer's `contentsGravity` `.bottom`, which Strata's layers
        /// read y up as Core Animation's do: it shows against the top edge on screen, centred horizontally, where
        /// UIKit's view shows it against the bottom edge; see
        /// <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
        case bottom
        /// The content at its natural size against the left edge, centred vertically (gravity `.left`).
        case left
        /// The content at its natural size against the right edge, centred vertically (gravity `.right`).
        case right
        /// The content at its natural size, pinned by the layer's `contentsGravity` `.topLeft`, which Strata's layers
        /// read y up as Core Animation's do: it shows in the bottom-left corner on screen, where UIKit's view shows
        /// it in the top-left corner; see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
        case topLeft
        /// The content at its natural size, pinned by the layer's `contentsGravity` `.topRight`, which Strata's
        /// layers read y up as Core Animation's do: it shows in the bottom-right corner on screen, where UIKit's view
        /// shows it in the top-right corner; see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
        case topRight
        /// The content at its natural size, pinned by the layer's `contentsGravity` `.bottomLeft`, which Strata's
        /// layers read y up as Core Animation's do: it shows in the top-left corner on screen, where UIKit's view
        /// shows it in the bottom-left corner; see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
        case bottomLeft
        /// The content at its natural size, pinned by the layer's `contentsGravity` `.bottomRight`, which Strata's
        /// layers read y up as Core Animation's do: it shows in the top-right corner on screen, where UIKit's view
        /// shows it in the bottom-right corner; see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
        case bottomRight

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
