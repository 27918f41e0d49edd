/// Recognizes a drag (UIKit's UIPanGestureRecognizer): it begins once a finger has moved 10 points
/// (Strata's choice of UIKit's unpublished slop), changes with each move and ends when the fingers lift.
/// `translation(in:)` is measured from where the fingers went down; `velocity(in:)` is over the moves of
/// the last 0.1 s, in points per second.
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// How many fingers must be down for the pan to begin (1 by default).
    public var minimumNumberOfTouches = 1
    /// The most fingers the pan allows (no limit by default): one more going down fails a pan that has not
    /// begun and ends one that has.
    public var maximumNumberOfTouches = Int.max
    /// How far, in points, the fingers' centroid must move from where they went down before the pan begins:
    /// 10 (**choice**; UIKit does not publish its value). Strata's own: UIKit has no such property.
    /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public static let slop: CGFloat = 10
    static let velocityWindow: TimeInterval = 0.1

    private var origin = CGPoint.zero
    private var offset = CGPoint.zero
    private var samples: [(time: TimeInterval, location: CGPoint)] = []

    /// The centroid's movement since the gesture's start (less what `setTranslation` took away), in the
    /// coordinates of `view` (the window's for nil).
    public func translation(in view: UIView?) -> CGPoint {
        let now = location(in: nil)
        let moved = CGPoint(x: now.x - origin.x + offset.x, y: now.y - origin.y + offset.y)
        return Self.vector(moved, in: view)
    }

    /// Makes the current translation `translation` (in `view`'s coordinates).
    public func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let now = location(in: nil)
        let wanted = Self.windowVector(translation, from: view)
        offset = CGPoint(x: wanted.x - (now.x - origin.x), y: wanted.y - (now.y - origin.y))
    }

    /// The speed of the centroid in points per second in `view`'s coordinates.
    public func velocity(in view: UIView?) -> CGPoint {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return .zero }
        let dt = CGFloat(last.time - first.time)
        return Self.vector(CGPoint(x: (last.location.x - first.location.x) / dt, y: (last.location.y - first.location.y) / dt), in: view)
    }

    /// A finger went down: past `maximumNumberOfTouches` the pan fails (or ends, once begun); otherwise the
    /// translation is measured from the fingers' centroid now.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > maximumNumberOfTouches { state = state == .possible ? .failed : .ended; return }
        origin = location(in: nil)
        record(event.timestamp)
    }

    /// The fingers moved: a possible pan begins once at least `minimumNumberOfTouches` are down and their
    /// centroid has moved `slop` points; a begun pan changes with each move.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        record(event.timestamp)
        let now = location(in: nil)
        switch state {
        case .possible:
            guard numberOfTouches >= minimumNumberOfTouches,
                  hypot(now.x - origin.x, now.y - origin.y) >= Self.slop else { return }
            state = .began
        case .began, .changed:
            state = .changed
        default: break
        }
    }

    /// Fingers lifted: once the last one is up the pan ends if it began, else fails.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        record(event.timestamp)
        guard numberOfTouches == touches.count else { return }
        state = state == .began || state == .changed ? .ended : .failed
    }

    open override func reset() {
        offset = .zero
        samples.removeAll()
    }

    private func record(_ time: TimeInterval) {
        samples.append((time, location(in: nil)))
        samples.removeAll { time - $0.time > Self.velocityWindow }
    }

    /// A window-space vector in `view`'s coordinates (its rotation and scale undone).
    static func vector(_ v: CGPoint, in view: UIView?) -> CGPoint {
        guard let view else { return v }
        let o = view.convert(CGPoint.zero, from: nil), p = view.convert(v, from: nil)
        return CGPoint(x: p.x - o.x, y: p.y - o.y)
    }

    static func windowVector(_ v: CGPoint, from view: UIView?) -> CGPoint {
        guard let view else { return v }
        let o = view.convert(CGPoint.zero, to: nil), p = view.convert(v, to: nil)
        return CGPoint(x: p.x - o.x, y: p.y - o.y)
    }
}
