/// Recognizes fingers held still (UIKit's UILongPressGestureRecognizer): it begins once
/// `numberOfTouchesRequired` fingers have been down `minimumPressDuration` (0.5 s) without moving more
/// than `allowableMovement` (10 points), then changes as they move and ends when they lift.
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    public var minimumPressDuration: TimeInterval = 0.5
    public var allowableMovement: CGFloat = 10
    public var numberOfTouchesRequired = 1
    private var timer: DispatchWorkItem?
    private var start = CGPoint.zero

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

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches == touches.count else { return }
        state = state == .began || state == .changed ? .ended : .failed
    }

    open override func reset() {
        timer?.cancel()
        timer = nil
    }
}
