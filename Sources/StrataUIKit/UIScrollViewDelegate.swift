/// What a scroll view tells its delegate (UIKit's UIScrollViewDelegate); every method is optional. For a
/// drag and fling they come in UIKit's order: `scrollViewWillBeginDragging`, `scrollViewDidScroll`…,
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` (the delegate may move the target),
/// `scrollViewDidEndDragging(_:willDecelerate:)`, `scrollViewWillBeginDecelerating`,
/// `scrollViewDidScroll`… (each frame, from a display link), `scrollViewDidEndDecelerating`.
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: AnyObject {
    /// Told each time the offset changes: set in code, dragged, and on each frame of a fling, spring back, page
    /// or animated scroll (with what is on screen).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// Told each time the zoom scale is applied: each step of a pinch, a zoom set in code, or an animated zoom.
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    /// Told when a drag begins to move the content (once the pan recognizer begins).
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// `velocity` is in points per millisecond, as UIKit's.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// Told when the finger lifts after a drag; `decelerate` is true when the content moves on (a fling, a
    /// spring back from past an edge, a move to a page).
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// Told when the content starts to move on after a drag, just before the motion is handed to the server.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// Told when the motion after a drag (fling, spring back or page) comes to rest; not when it is stopped
    /// early by a touch or a new offset.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// Told when a scroll animated in code (`setContentOffset(_:animated:)`, `scrollRectToVisible`, a table's or
    /// collection view's scroll to a row or item) comes to rest; not when it is stopped early.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// The view that zooming scales (its transform) and whose scaled size becomes the content size; nil (the
    /// default) means the scroll view does not zoom.
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// Told when a pinch begins to zoom `view`.
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    /// Told when a pinch's zoom ends, with the scale it rests at: as the fingers lift, or after the spring back
    /// when the pinch went past a limit.
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
}

extension UIScrollViewDelegate {
    /// Default: does nothing.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// Default: does nothing.
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    /// Default: does nothing.
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    /// Default: does nothing.
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// Default: does nothing.
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    /// Default: does nothing.
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// Default: does nothing.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    /// Default: nil, no zooming.
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    /// Default: does nothing.
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    /// Default: does nothing.
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
}

extension UIScrollView {
    /// How quickly a fling slows (UIKit's UIScrollView.DecelerationRate): the fraction of the velocity left
    /// after each millisecond.
    public struct DecelerationRate: Hashable, RawRepresentable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }

        /// 0.998, UIKit's default.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
}
