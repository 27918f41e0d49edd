import Foundation

/// Where a drag started: the offset, and the pan's translation then (the pan's 10-point slop is not
/// applied to the content, which starts moving from where it was).
struct DragState {
    var startOffset = CGPoint.zero
    var startTranslation = CGPoint.zero
    var touches = 0
}

/// The scroll view's pan (UIKit's private UIScrollViewPanGestureRecognizer): a touch landing on it stops a
/// running fling where it is, and the touch that did so is not delivered to the content, as in UIKit.
@MainActor
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    private weak var scrollView: UIScrollView?

    init(scrollView: UIScrollView) {
        self.scrollView = scrollView
        super.init(target: nil, action: nil)
        addTarget(scrollView, action: Selector(UIScrollView.handlePan))
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if let scrollView {
            scrollView.tracking = true
            if scrollView.isDecelerating {
                scrollView.stopMotion()
                for touch in touches { touch.cancelledForView = true }
            }
        }
        super.touchesBegan(touches, with: event)
    }

    override func reset() {
        super.reset()
        scrollView?.tracking = false
    }
}

/// Lets the scroll view's pan and pinch recognize together (a two-finger pinch also pans).
@MainActor
final class ScrollGestureCoordinator: UIGestureRecognizerDelegate {
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool {
        (gestureRecognizer is ScrollViewPanGestureRecognizer && other is ScrollViewPinchGestureRecognizer)
            || (gestureRecognizer is ScrollViewPinchGestureRecognizer && other is ScrollViewPanGestureRecognizer)
    }
}

extension UIScrollView {
    /// The pan's action: the content follows the finger (rubber-banded past the edges when `bounces`, else
    /// held at them); when it lifts, the motion that follows is computed and handed to the server.
    func handlePan(_ recognizer: UIGestureRecognizer) {
        guard let pan = recognizer as? UIPanGestureRecognizer else { return }
        switch pan.state {
        case .began:
            stopMotion()
            dragging = true
            rebaseDrag(pan)
            indicators.show(for: self, at: super.bounds.origin)
            delegate?.scrollViewWillBeginDragging(self)
        case .changed:
            // A finger added or lifted moves the centroid: the drag goes on from where the content is.
            if pan.numberOfTouches != drag.touches || zooming { rebaseDrag(pan) }
            let t = pan.translation(in: self)
            let raw = CGPoint(x: drag.startOffset.x - (t.x - drag.startTranslation.x),
                              y: drag.startOffset.y - (t.y - drag.startTranslation.y))
            moveOffset(to: draggedOffset(raw))
        case .ended, .cancelled:
            let v = pan.state == .ended ? pan.velocity(in: self) : .zero
            endDrag(velocity: CGPoint(x: scrollsHorizontally ? -v.x : 0, y: scrollsVertically ? -v.y : 0))
        default:
            break
        }
    }

    private func rebaseDrag(_ pan: UIPanGestureRecognizer) {
        let shown = super.bounds.origin
        let range = offsetRange
        // Past an edge the content shows the rubber band's offset: start from the finger's overshoot.
        func unbanded(_ o: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ d: CGFloat) -> CGFloat {
            if o < lo { return lo + CGFloat(ScrollPhysics.rubberBandInverse(Double(o - lo), dimension: Double(d))) }
            if o > hi { return hi + CGFloat(ScrollPhysics.rubberBandInverse(Double(o - hi), dimension: Double(d))) }
            return o
        }
        let size = super.bounds.size
        drag.startOffset = bounces
            ? CGPoint(x: unbanded(shown.x, range.minX, range.maxX, size.width), y: unbanded(shown.y, range.minY, range.maxY, size.height))
            : shown
        drag.startTranslation = pan.translation(in: self)
        drag.touches = pan.numberOfTouches
    }

    /// The offset shown for the finger's `raw` offset: within the range as it is, past an edge rubber-banded
    /// (UIKit's formula, on the bounds' dimension) or held at the edge.
    func draggedOffset(_ raw: CGPoint) -> CGPoint {
        let range = offsetRange, size = super.bounds.size, current = super.bounds.origin
        func axis(_ o: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ d: CGFloat) -> CGFloat {
            if o < lo { return bounces ? lo + CGFloat(ScrollPhysics.rubberBand(Double(o - lo), dimension: Double(d))) : lo }
            if o > hi { return bounces ? hi + CGFloat(ScrollPhysics.rubberBand(Double(o - hi), dimension: Double(d))) : hi }
            return o
        }
        return CGPoint(x: scrollsHorizontally ? axis(raw.x, range.minX, range.maxX, size.width) : current.x,
                       y: scrollsVertically ? axis(raw.y, range.minY, range.maxY, size.height) : current.y)
    }

    /// The finger lifted with the content moving at `velocity` (points per second): the delegate hears the
    /// target (and may move it), then the motion to it starts.
    func endDrag(velocity: CGPoint) {
        let offset = super.bounds.origin, range = offsetRange, rate = Double(decelerationRate.rawValue)
        let size = super.bounds.size
        func natural(_ o: CGFloat, _ v: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ page: CGFloat) -> ScrollAxisMotion {
            if isPagingEnabled {
                let target = ScrollPhysics.pagingTarget(offset: Double(o), velocity: Double(v), pageSize: Double(page), rate: rate,
                                                        minimum: Double(lo), maximum: Double(hi))
                return ScrollAxisMotion(.spring(rest: target, start: Double(o), velocity: Double(v)))
            }
            return .released(at: Double(o), velocity: Double(v), rate: rate, minimum: Double(lo), maximum: Double(hi), bounces: bounces)
        }
        var motion = ScrollMotion(x: natural(offset.x, velocity.x, range.minX, range.maxX, size.width),
                                  y: natural(offset.y, velocity.y, range.minY, range.maxY, size.height))
        var target = motion.final
        let proposed = target
        delegate?.scrollViewWillEndDragging(self, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000),
                                            targetContentOffset: &target)
        if target != proposed {
            // The delegate chose where to stop: the same deceleration, with the velocity that rests there.
            motion = ScrollMotion(x: target.x == proposed.x ? motion.x : .decelerating(from: Double(offset.x), to: Double(target.x), rate: rate),
                                  y: target.y == proposed.y ? motion.y : .decelerating(from: Double(offset.y), to: Double(target.y), rate: rate))
        }
        let decelerates = motion.duration > 0
        dragging = false
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
        guard decelerates else {
            moveOffset(to: motion.final)
            indicators.fadeOut(after: ScrollIndicators.fadeDelay)
            return
        }
        decelerationStarting = true
        delegate?.scrollViewWillBeginDecelerating(self)
        decelerationStarting = false
        startDeceleration(motion)
    }
}
