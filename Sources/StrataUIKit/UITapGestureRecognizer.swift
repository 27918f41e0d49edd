/// Recognizes `numberOfTapsRequired` taps of `numberOfTouchesRequired` fingers (UIKit's
/// UITapGestureRecognizer), as the last finger of the last tap lifts. A finger that moves more than
/// `allowableMovement` (10 points, Strata's choice), or a next tap that does not come within 0.35 s, fails it.
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// How many taps make the gesture (1 by default). Each tap after the first must begin within 0.35 s of the
    /// last one lifting, else the gesture fails.
    open var numberOfTapsRequired = 1
    /// How many fingers each tap uses (1 by default). A tap with more fingers down at once, or fewer at most,
    /// fails the gesture.
    open var numberOfTouchesRequired = 1
    /// How far, in points, a finger may move from where it went down before the gesture fails: 10. Strata's own
    /// constant, as UIKit publishes none for taps; see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public static let allowableMovement: CGFloat = 10

    private var taps = 0
    private var maxTouches = 0
    private var waitingForNextTap: DispatchWorkItem?

    open override var keepsWaitingAfterTouchesEnd: Bool { waitingForNextTap != nil }

    /// Counts the fingers down in this tap (more than `numberOfTouchesRequired` fails the gesture) and stops
    /// waiting for the next tap.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        waitingForNextTap?.cancel()
        waitingForNextTap = nil
        maxTouches = max(maxTouches, numberOfTouches)
        if maxTouches > numberOfTouchesRequired { state = .failed }
    }

    /// Fails the gesture when a finger has moved more than `allowableMovement` from where it went down.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            let d = hypot(touch.windowLocation.x - touch.startLocation.x, touch.windowLocation.y - touch.startLocation.y)
            if d > Self.allowableMovement { state = .failed; return }
        }
    }

    /// When the tap's last finger lifts: counts the tap if it used `numberOfTouchesRequired` fingers (else
    /// fails), recognizes on the last required tap, or else waits 0.35 s for the next one.
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
