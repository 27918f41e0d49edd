/// Recognizes two fingers turning round each other (UIKit's UIRotationGestureRecognizer). It begins once
/// the line between the first two fingers has turned `minimumRotation` (5°, Strata's choice: UIKit
/// publishes none) since the second went down, changes with each move, and ends when fewer than two
/// fingers remain (it fails if that happens before it began). `rotation` is in radians from where the
/// fingers went down, positive clockwise on screen (so `view.transform.rotated(by:)` follows the fingers);
/// `velocity` is in radians per second over the moves of the last 0.1 s.
@preconcurrency @MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// The turn, in radians, the fingers must make before the gesture begins: π/36 (5°). Strata's own constant,
    /// as UIKit publishes no threshold; see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public static let minimumRotation: CGFloat = .pi / 36
    static let velocityWindow: TimeInterval = 0.1

    /// The turn since the fingers went down, less what setting `rotation` took away.
    open var rotation: CGFloat {
        get { turned + offset }
        set { offset = newValue - turned }
    }

    /// The speed of the turn in radians per second.
    open var velocity: CGFloat {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return 0 }
        return (last.turned - first.turned) / CGFloat(last.time - first.time)
    }

    private var lastAngle: CGFloat?
    private var turned: CGFloat = 0
    private var offset: CGFloat = 0
    private var samples: [(time: TimeInterval, turned: CGFloat)] = []

    /// The direction of the line from the first finger to the second, in window coordinates.
    private var angle: CGFloat? {
        guard touchesHeld.count >= 2 else { return nil }
        let a = touchesHeld[0].windowLocation, b = touchesHeld[1].windowLocation
        return atan2(b.y - a.y, b.x - a.x)
    }

    /// Starts following the line between the first two fingers when the second goes down (a single finger does
    /// nothing); later fingers are ignored.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, lastAngle == nil, let angle else { return }
        lastAngle = angle
        record(event.timestamp)
    }

    /// Adds the turn of the line between the first two fingers since the last move (the short way round, so a
    /// turn past half a circle keeps adding up), then begins once the total reaches `minimumRotation` either way,
    /// or reports a change if already begun.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let last = lastAngle, let angle else { return }
        // The turn since the last move, the short way round (so a turn past ±π keeps adding up).
        var delta = angle - last
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        turned += delta
        lastAngle = angle
        record(event.timestamp)
        switch state {
        case .possible: if abs(turned) >= Self.minimumRotation { state = .began }
        case .began, .changed: state = .changed
        default: break
        }
    }

    /// When fewer than two fingers remain: ends the gesture if it began, else fails it.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches - touches.count < 2 else { return }
        switch state {
        case .began, .changed: state = .ended
        case .possible: state = .failed
        default: break
        }
    }

    open override func reset() {
        lastAngle = nil
        turned = 0
        offset = 0
        samples.removeAll()
    }

    private func record(_ time: TimeInterval) {
        samples.append((time, turned))
        samples.removeAll { time - $0.time > Self.velocityWindow }
    }
}
