import Foundation

/// Recognizes two fingers moving apart or together (UIKit's UIPinchGestureRecognizer). It begins once the
/// distance between the first two fingers has changed by 10 points since both were down (Strata's choice
/// of UIKit's unpublished threshold, the pan's slop), changes with each move and ends when fewer than two
/// fingers remain. `scale` is the distance now over the distance when the second finger went down (so
/// it is not 1 when the gesture begins, as in UIKit); setting it makes the current distance that scale.
/// `velocity` is the scale's change per second over the moves of the last 0.1 s.
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// How far, in points, the distance between the fingers must change before the gesture begins: 10 (a Strata
    /// constant, not UIKit API; **choice**: UIKit does not publish its threshold).
    public static let slop: CGFloat = 10
    static let velocityWindow: TimeInterval = 0.1

    /// The scale factor relative to the fingers' distance when the second went down.
    open var scale: CGFloat {
        get { startSpan > 0 ? span / startSpan * factor : factor }
        set { factor = startSpan > 0 && span > 0 ? newValue * startSpan / span : newValue }
    }

    /// The scale's change per second.
    open var velocity: CGFloat {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return 0 }
        return (last.scale - first.scale) / CGFloat(last.time - first.time)
    }

    private var startSpan: CGFloat = 0
    private var factor: CGFloat = 1
    private var samples: [(time: TimeInterval, scale: CGFloat)] = []

    /// The distance between the first two fingers held (0 with fewer).
    private var span: CGFloat {
        guard touchesHeld.count >= 2 else { return 0 }
        let a = touchesHeld[0].windowLocation, b = touchesHeld[1].windowLocation
        return hypot(b.x - a.x, b.y - a.y)
    }

    /// When the second finger goes down (before the gesture begins), takes the fingers' distance as the start:
    /// `scale` is 1 there.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, touchesHeld.count == 2 else { return }
        startSpan = span
        factor = 1
        record(event.timestamp)
    }

    /// With two fingers down, samples the scale for `velocity`; begins the gesture once the fingers' distance has
    /// changed by `slop` from the start, and reports `.changed` for each move after that.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard touchesHeld.count >= 2, startSpan > 0 else { return }
        record(event.timestamp)
        switch state {
        case .possible:
            if abs(span - startSpan) >= Self.slop { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// When fewer than two fingers remain: ends a gesture that has begun, or fails one that has not.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let remaining = touchesHeld.filter { !touches.contains($0) }.count
        guard remaining < 2 else { return }
        if state == .began || state == .changed { state = .ended } else if state == .possible { state = .failed }
    }

    open override func reset() {
        startSpan = 0
        factor = 1
        samples.removeAll()
    }

    private func record(_ time: TimeInterval) {
        samples.append((time, scale))
        samples.removeAll { time - $0.time > Self.velocityWindow }
    }
}
