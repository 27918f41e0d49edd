/// Waits for a block's animations to stop and calls its completion once with `finished` true only when
/// every one ran to its end (false when one was interrupted: replaced by a new animation of its property,
/// removed, or its layer left the screen). A block that animated nothing completes on the next turn of the
/// main run loop with true, as in UIKit. Animation delegates are told on the connection's callback queue
/// (the main queue), so this hops to the main actor.
final class AnimationCompletion: CAAnimationDelegate, @unchecked Sendable {
    private let handler: (@MainActor (Bool) -> Void)?
    private let onStart: (@MainActor () -> Void)?
    private var remaining = 0
    private var allFinished = true
    private var started = false
    private var done = false
    private var blocked: [UIView] = []

    init(_ handler: (@MainActor (Bool) -> Void)?, onStart: (@MainActor () -> Void)? = nil) {
        self.handler = handler
        self.onStart = onStart
    }

    /// One more animation to wait for; while it runs `view` (when given) takes no touches.
    @MainActor func expect(_ animation: CAAnimation, blocking view: UIView?) {
        remaining += 1
        if let view {
            view.animationsBlockingInteraction += 1
            blocked.append(view)
        }
    }

    /// Whether it waits for an animation already (a transition added before the block's own).
    @MainActor var isWaiting: Bool { remaining > 0 }

    @MainActor func finishSoon() {
        DispatchQueue.main.async { MainActor.assumeIsolated { self.finish(true) } }
    }

    func animationDidStart(_ anim: CAAnimation) {
        onMain {
            guard !self.started else { return }
            self.started = true
            self.onStart?()
        }
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        onMain {
            self.remaining -= 1
            self.allFinished = self.allFinished && flag
            if self.remaining <= 0 { self.finish(self.allFinished) }
        }
    }

    @MainActor private func finish(_ finished: Bool) {
        guard !done else { return }
        done = true
        for view in blocked { view.animationsBlockingInteraction -= 1 }
        blocked.removeAll()
        handler?(finished)
        CATransaction.flush() // what the completion changed shows now, as at the end of UIKit's run-loop turn
    }
}
