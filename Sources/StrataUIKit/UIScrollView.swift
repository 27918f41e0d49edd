/// A view that shows a larger content area through its bounds and scrolls and zooms it (UIKit's
/// UIScrollView). `contentOffset` is the bounds' origin: moving it shows another part of the subviews.
///
/// Dragging (UIScrollView+Dragging.swift) moves the offset with the finger, with UIKit's rubber band past
/// the edges. When the finger lifts, the whole motion that follows — the deceleration at
/// `decelerationRate`, the spring back from past an edge, the move to a page — is computed at once
/// (ScrollPhysics, ScrollMotion) and handed to the render server as one keyframe animation of the layer's
/// `bounds.origin` (UIScrollView+Motion.swift), so a fling runs on the server's clock and stays smooth while
/// the app's main thread is busy. The model offset (`bounds.origin`, as for any Core Animation animation)
/// is then already the final one; `contentOffset` reads what is on screen (the presentation value) while
/// the motion runs, and a display link calls `scrollViewDidScroll` each frame with it.
@preconcurrency @MainActor
open class UIScrollView: UIView {
    /// The size of the content, in points: the offsets run from −inset to contentSize − bounds + inset.
    open var contentSize: CGSize = .zero {
        didSet { if contentSize != oldValue { updateIndicatorsAtRest() } }
    }

    /// Extra room around the content (the offsets' range grows by it).
    open var contentInset: UIEdgeInsets = .zero {
        didSet { if contentInset != oldValue { adjustedContentInsetDidChange() } }
    }

    /// The insets the offsets' range is built from: `contentInset` (Strata has no safe area or bars to add).
    open var adjustedContentInset: UIEdgeInsets { contentInset }

    /// Called when `adjustedContentInset` changes.
    open func adjustedContentInsetDidChange() {}

    /// The object told about scrolling, dragging, deceleration and zooming, and asked for the view to zoom;
    /// held weakly.
    open weak var delegate: UIScrollViewDelegate?

    /// Whether dragging scrolls (the pan recognizer is enabled).
    open var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }
    /// Whether the content goes past its edges with a rubber band and springs back (true).
    open var bounces = true
    /// Whether a drag bounces on that axis even when the content fits (false).
    open var alwaysBounceVertical = false
    /// Whether a horizontal drag moves the content with a rubber band even when it fits the width (default
    /// false); it then springs back.
    open var alwaysBounceHorizontal = false
    /// Whether scrolling stops on multiples of the bounds' size.
    open var isPagingEnabled = false
    /// Whether the vertical indicator shows while the content moves (default true); it never shows when the
    /// content fits the height.
    open var showsVerticalScrollIndicator = true
    /// Whether the horizontal indicator shows while the content moves (default true); it never shows when the
    /// content fits the width.
    open var showsHorizontalScrollIndicator = true
    /// How quickly a fling slows down (`.normal`, 0.998 per millisecond).
    open var decelerationRate: DecelerationRate = .normal

    /// Whether a finger is down on it (it may not have begun to drag yet).
    open var isTracking: Bool { tracking }
    /// Whether a drag is under way (from the pan's start until the finger lifts).
    open var isDragging: Bool { dragging }
    /// Whether the content moves on after the finger lifted (a fling, a spring back, a page).
    open var isDecelerating: Bool { decelerationStarting || motion?.decelerates == true }

    /// The recognizer that drags the content (its target is the scroll view).
    open var panGestureRecognizer: UIPanGestureRecognizer { pan }

    /// The recognizer that zooms, attached while zooming is possible (`maximumZoomScale` >
    /// `minimumZoomScale`), else nil.
    open var pinchGestureRecognizer: UIPinchGestureRecognizer? { maximumZoomScale > minimumZoomScale ? pinch : nil }

    /// The smallest `zoomScale` (default 1). Zooming is possible, and the pinch recognizer attached, only while
    /// `maximumZoomScale` is greater; `setZoomScale(_:animated:)` and `zoom(to:animated:)` stay within the limits,
    /// while a pinch may go past them when `bouncesZoom` and springs back.
    open var minimumZoomScale: CGFloat = 1 { didSet { attachPinchIfZoomable() } }
    /// The largest `zoomScale` (default 1). Zooming is possible, and the pinch recognizer attached, only while it
    /// is greater than `minimumZoomScale`.
    open var maximumZoomScale: CGFloat = 1 { didSet { attachPinchIfZoomable() } }
    /// Whether a pinch may go past the zoom limits and spring back (true).
    open var bouncesZoom = true
    /// The scale of the view the delegate's `viewForZooming(in:)` returns (1).
    open var zoomScale: CGFloat {
        get { currentZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }
    /// Whether a pinch is zooming the content now (from its start until the fingers lift).
    open var isZooming: Bool { zooming }
    /// Whether the zoom is springing back to a limit after a pinch went past it (until that 0.3 s animation ends).
    open var isZoomBouncing: Bool { zoomBouncing }

    // State the extensions keep.
    var tracking = false
    var dragging = false
    var zooming = false
    var zoomBouncing = false
    /// Set while `scrollViewWillBeginDecelerating` runs, before the motion is handed over.
    var decelerationStarting = false
    var currentZoomScale: CGFloat = 1
    /// The motion after release or of an animated scroll, while it runs on the server.
    var motion: RunningScroll?
    var drag = DragState()
    var zoomGesture = ZoomState()
    let indicators = ScrollIndicators()
    lazy var pan: UIPanGestureRecognizer = ScrollViewPanGestureRecognizer(scrollView: self)
    lazy var pinch: UIPinchGestureRecognizer = ScrollViewPinchGestureRecognizer(scrollView: self)
    lazy var gestureCoordinator = ScrollGestureCoordinator()

    /// A scroll view with a frame and no content: it clips to its bounds, takes several touches at once, drags
    /// with its pan recognizer and has its scroll indicators (hidden until the content moves).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        isMultipleTouchEnabled = true
        pan.delegate = gestureCoordinator
        addGestureRecognizer(pan)
        indicators.install(in: layer)
    }

    public required init?(coder: NSCoder) { return nil }

    // MARK: the offset

    /// The point of the content at the top-left corner of the bounds. While a fling or animated scroll runs,
    /// what is on screen now; setting it stops any such motion.
    open var contentOffset: CGPoint {
        get { presentedOffset }
        set { setContentOffset(newValue, animated: false) }
    }

    /// Moves the offset to `offset` at once, or (animated) in 0.3 s ease-in-ease-out with
    /// `scrollViewDidScroll` each frame and `scrollViewDidEndScrollingAnimation` at the end.
    open func setContentOffset(_ offset: CGPoint, animated: Bool) {
        let offset = pixelAligned(offset)
        let from = presentedOffset
        stopMotion()
        // Off screen no display link runs to follow an animation: the offset moves at once.
        guard animated, from != offset, window != nil else { moveOffset(to: offset); return }
        startAnimatedScroll(from: from, to: offset)
    }

    /// Scrolls as little as makes `rect` (in the content's coordinates) visible, no further than the edges.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        let visible = CGRect(origin: presentedOffset, size: super.bounds.size)
        var target = visible.origin
        func axis(_ lo: CGFloat, _ hi: CGFloat, _ vlo: CGFloat, _ vhi: CGFloat, _ length: CGFloat) -> CGFloat {
            if hi - lo > length || lo < vlo { return lo }
            if hi > vhi { return hi - length }
            return vlo
        }
        target.x = axis(rect.minX, rect.maxX, visible.minX, visible.maxX, visible.width)
        target.y = axis(rect.minY, rect.maxY, visible.minY, visible.maxY, visible.height)
        let range = offsetRange
        target.x = min(max(target.x, range.minX), range.maxX)
        target.y = min(max(target.y, range.minY), range.maxY)
        guard target != visible.origin else { return }
        setContentOffset(target, animated: animated)
    }

    /// Zooms the delegate's `viewForZooming(in:)` to `scale`, clamped to the limits, about the centre of what
    /// is shown (UIScrollView+Zooming.swift).
    open func setZoomScale(_ scale: CGFloat, animated: Bool) { zoomTo(scale: scale, animated: animated) }

    /// Zooms so that `rect`, in the zoomed view's coordinates, fills the bounds as far as the limits allow.
    open func zoom(to rect: CGRect, animated: Bool) { zoomTo(rect: rect, animated: animated) }

    /// Shows the scroll indicators for a moment.
    open func flashScrollIndicators() {
        indicators.show(for: self, at: presentedOffset)
        indicators.fadeOut(after: ScrollIndicators.flashDelay)
    }

    /// Sets the model offset (no motion running), on the device pixel grid, telling the delegate when it changed.
    func moveOffset(to offset: CGPoint) {
        let offset = pixelAligned(offset)
        let old = super.bounds
        guard old.origin != offset else { return }
        super.bounds = CGRect(origin: offset, size: old.size)
        indicators.place(for: self, at: offset)
        offsetDidChange()
        delegate?.scrollViewDidScroll(self)
    }

    /// Called whenever what is shown moves (a set offset, each frame of a motion), before
    /// `scrollViewDidScroll`: a table view places its rows here.
    func offsetDidChange() {}

    /// The size of a device pixel in points: UIKit keeps the offset a whole number of them, at rest and while
    /// it moves (setting 3.8 at scale 1 reads back 4), so that content scrolls by whole pixels.
    var pixelStep: CGFloat {
        let scale = (window?.screen ?? UIScreen.main).scale
        return scale > 0 && scale.isFinite ? 1 / scale : 1
    }

    /// `offset` rounded to the device pixel grid (`pixelStep`).
    func pixelAligned(_ offset: CGPoint) -> CGPoint {
        let step = pixelStep
        return CGPoint(x: (offset.x / step).rounded() * step, y: (offset.y / step).rounded() * step)
    }

    /// What is on screen now: the presentation value while a motion runs, else the model.
    var presentedOffset: CGPoint {
        guard motion != nil, let shown = layer.presentation() else { return super.bounds.origin }
        return shown.bounds.origin
    }

    /// The offsets the content may rest at: from −inset to contentSize − bounds + inset, on each axis
    /// (at least the minimum, when the content is smaller than the bounds).
    var offsetRange: CGRect {
        let inset = adjustedContentInset, size = super.bounds.size
        let minX = -inset.left, minY = -inset.top
        let maxX = max(minX, contentSize.width + inset.right - size.width)
        let maxY = max(minY, contentSize.height + inset.bottom - size.height)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether a drag moves the content along each axis: it is larger than the bounds, or always bounces.
    var scrollsHorizontally: Bool { offsetRange.width > 0 || alwaysBounceHorizontal }
    var scrollsVertically: Bool { offsetRange.height > 0 || alwaysBounceVertical }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if motion == nil { indicators.place(for: self, at: super.bounds.origin) }
    }
}
