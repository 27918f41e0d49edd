/// Recognizes fingers held still (UIKit's UILongPressGestureRecognizer): it begins once
/// `numberOfTouchesRequired` fingers have been down `minimumPressDuration` (0.5 s) without moving more
/// than `allowableMovement` (10 points), then changes as they move and ends when they lift.
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long the fingers must be held, in seconds, before the gesture begins (default 0.5); the wait starts
    /// when `numberOfTouchesRequired` fingers are down.
    public var minimumPressDuration: TimeInterval = 0.5
    /// How far, in points, the fingers' centroid may move during the wait before the gesture fails (default 10);
    /// once the gesture has begun, movement does not end it.
    public var allowableMovement: CGFloat = 10
    /// How many fingers must be held (default 1); more fingers down before the gesture begins make it fail.
    open var numberOfTouchesRequired = 1
    private var timer: DispatchWorkItem?
    private var start = CGPoint.zero

    /// Starts the `minimumPressDuration` wait once exactly `numberOfTouchesRequired` fingers are down (the
    /// gesture then begins on the main queue unless it failed meanwhile); one finger too many fails it.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        if numberOfTouches > numberOfTouchesRequired { state = .failed; return }
        guard numberOfTouches == numberOfTouchesRequired else { return }
        start = location(in: nil)
        timer?.cancel()
        let fire = DispatchWorkItem { [weak self] in
            MainActor.assumeIsolated {
                defer { CATransaction.flush() }
                guard let self, self.timer != nil, self.state == .possible else { return }
                self.timer = nil
                self.state = .began
            }
        }
        timer = fire
        DispatchQueue.main.asyncAfter(deadline: .now() + minimumPressDuration, execute: fire)
    }

    /// During the wait, fails the gesture when the fingers' centroid has moved more than `allowableMovement`
    /// from where the wait started; once begun, reports `.changed` for each move.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            let now = location(in: nil)
            if hypot(now.x - start.x, now.y - start.y) > allowableMovement { state = .failed }
        case .began, .changed:
            state = .changed
        default: break
        }
    }

    /// When the last of its fingers lifts: ends a gesture that has begun, or fails one still waiting.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches == touches.count else { return }
        state = state == .began || state == .changed ? .ended : .failed
    }

    open override func reset() {
        timer?.cancel()
        timer = nil
    }
}
