/// Recognizes `numberOfTapsRequired` taps of `numberOfTouchesRequired` fingers (UIKit's
/// UITapGestureRecognizer), as the last finger of the last tap lifts. A finger that moves more than
/// `allowableMovement` (10 points, Strata's choice), or a next tap that does not come within 0.35 s, fails it.
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    public var numberOfTapsRequired = 1
    public var numberOfTouchesRequired = 1
    public static let allowableMovement: CGFloat = 10

    private var taps = 0
    private var maxTouches = 0
    private var waitingForNextTap: DispatchWorkItem?

    open override var keepsWaitingAfterTouchesEnd: Bool { waitingForNextTap != nil }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        waitingForNextTap?.cancel()
        waitingForNextTap = nil
        maxTouches = max(maxTouches, numberOfTouches)
        if maxTouches > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            let d = hypot(touch.windowLocation.x - touch.startLocation.x, touch.windowLocation.y - touch.startLocation.y)
            if d > Self.allowableMovement { state = .failed; return }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        // The tap ends when its last finger lifts (this one is still counted).
        guard numberOfTouches == touches.count else { return }
        guard maxTouches == numberOfTouchesRequired else { state = .failed; return }
        taps += 1
        maxTouches = 0
        if taps >= numberOfTapsRequired {
            state = .ended
            return
        }
        let wait = DispatchWorkItem { [weak self] in
            MainActor.assumeIsolated {
                defer { CATransaction.flush() }
                guard let self, self.waitingForNextTap != nil else { return }
                self.waitingForNextTap = nil
                if self.state == .possible { self.state = .failed }
            }
        }
        waitingForNextTap = wait
        DispatchQueue.main.asyncAfter(deadline: .now() + WindowEvents.multiTapInterval, execute: wait)
    }

    open override func reset() {
        taps = 0
        maxTouches = 0
        waitingForNextTap?.cancel()
        waitingForNextTap = nil
    }
}
