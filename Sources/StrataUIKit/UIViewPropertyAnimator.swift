/// Animates the view changes made in its blocks, and lets the app start, pause, scrub, reverse, re-time
/// and stop them (UIKit's UIViewPropertyAnimator). The blocks run when the animator becomes active
/// (`startAnimation()`, `pauseAnimation()`, setting `fractionComplete`), or at once when added to an
/// active animator; the changed properties animate on the server's clock like block animations
/// (PropertyAnimatorTracks says how each motion is made). Semantics and Strata's choices: docs/uikit.md.
@preconcurrency @MainActor
open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
    /// The timing it was made with.
    open private(set) var timingParameters: UITimingCurveProvider?
    /// The duration it was made with (a physical spring's motion lasts its settling duration instead).
    open private(set) var duration: TimeInterval
    /// The delay of the last `startAnimation(afterDelay:)` (0 until then).
    open internal(set) var delay: TimeInterval = 0

    /// Whether the animated views take touches while it is active (true). Changed only while inactive.
    open var isUserInteractionEnabled = true {
        didSet { if refusedWhileActive("isUserInteractionEnabled") { isUserInteractionEnabled = oldValue } }
    }
    /// Whether it can be paused, scrubbed, reversed or stopped (true). Changed only while inactive.
    open var isInterruptible = true {
        didSet { if refusedWhileActive("isInterruptible") { isInterruptible = oldValue } }
    }
    /// Whether a paused animator scrubbed with `fractionComplete` shows its properties linearly (true) or
    /// on its timing curve.
    open var scrubsLinearly = true
    /// Whether it stays active and paused at the end instead of finishing (false).
    open var pausesOnCompletion = false

    /// Where the animator is: `.inactive` until it is started, paused or scrubbed; `.active` while it runs or is
    /// paused; `.stopped` after `stopAnimation(false)`, until `finishAnimation(at:)`. It becomes `.inactive`
    /// again when it finishes (with `pausesOnCompletion`, it stays `.active`, paused at the end).
    open internal(set) var state = UIViewAnimatingState.inactive
    /// Whether it is active and moving (not paused).
    open var isRunning: Bool { state == .active && motion.isRunning }

    /// Whether it runs from the end back to the start. Set while running, it turns round at once.
    open var isReversed = false {
        didSet { if isReversed != oldValue { turnRound() } }
    }

    /// The fraction of its duration done: 0 at the start, 1 at the end. Set only while paused (an inactive
    /// animator becomes active and paused), where it scrubs the views to that point.
    open var fractionComplete: CGFloat {
        get { CGFloat(motion.fraction(at: CACurrentMediaTime())) }
        set { scrub(to: Double(newValue)) }
    }

    // MARK: making one

    /// UIKit's designated initialiser. **Required** (UIKit's is not) so that `runningPropertyAnimator`
    /// makes an animator of the class it is called on, as its `-> Self` promises.
    public required init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        self.duration = duration
        timingParameters = parameters
        super.init()
    }

    /// An inactive animator that will animate over `duration` seconds on one of UIKit's standard curves
    /// (`UICubicTimingParameters(animationCurve:)`), with `animations` as its first block if given.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// An inactive animator that will animate over `duration` seconds on the cubic Bézier timing curve through
    /// (0, 0), `point1`, `point2` and (1, 1), with `animations` as its first block if given.
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// An inactive animator that will animate over `duration` seconds on a spring with `ratio` as its damping
    /// ratio (1 settles without oscillating, lower values bounce), fitted to the duration as
    /// `UIView.animate(withDuration:delay:usingSpringWithDamping:…)` is; `animations` is its first block if given.
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// An animator already started (after `delay`) with the curve of `options`' curve bits;
    /// `.allowUserInteraction` leaves the views touchable and `.layoutSubviews` lays them out in the
    /// block. The transition and direction options are ignored, as UIKit documents; `.repeat` is logged
    /// as unsupported.
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> Self {
        let animator = self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: options.curve))
        animator.isUserInteractionEnabled = options.contains(.allowUserInteraction)
        animator.blockOptions = options.intersection(.layoutSubviews)
        if options.contains(.repeat) { StrataLog.logger.error("unsupported: runningPropertyAnimator option .repeat (runs once)") }
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: what it animates

    // Final: internal state has no vtable entries (see UIGestureRecognizer.actions).
    /// Blocks waiting for the animator to become active, with their delay factors.
    final var pending: [(block: () -> Void, delayFactor: Double)] = []
    final var completions: [(UIViewAnimatingPosition) -> Void] = []
    final var blockOptions: UIView.AnimationOptions = []
    let tracks = PropertyAnimatorTracks()
    final var motion = AnimatorMotion()
    /// Views kept from touches while active (`isUserInteractionEnabled` false).
    final var blockedViews: [UIView] = []
    /// Active animators, kept alive until they finish as UIKit keeps them.
    static var live: [UIViewPropertyAnimator] = []

    /// Adds a block whose changes animate with the others; on an active animator they animate from what
    /// shows now over the remaining time.
    open func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    /// As `addAnimations(_:)`, starting after `delayFactor` (0…1) of the remaining duration.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let factor = min(max(Double(delayFactor), 0), 1)
        switch state {
        case .inactive: pending.append((animation, factor))
        case .active: addWhileActive(animation, delayFactor: factor)
        case .stopped: StrataLog.logger.error("UIViewPropertyAnimator.addAnimations: the animator is stopped (call finishAnimation(at:) first)")
        }
    }

    /// Adds a handler called once the animations finish, with where they ended.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: control

    /// Starts the animations: an inactive animator runs its blocks and animates their changes over its duration;
    /// a paused one goes on from where it is. A running animator is left as it is; a stopped one logs an error
    /// and does nothing.
    open func startAnimation() { startAnimation(afterDelay: 0) }

    /// Starts the animations after `delay` seconds (a negative delay is 0): an inactive animator runs its blocks
    /// now and its motion begins once the delay is over; a paused one goes on from what shows after the delay
    /// (with no delay, at once). A running animator is left as it is; a stopped one logs an error and does
    /// nothing.
    open func startAnimation(afterDelay delay: TimeInterval) {
        switch state {
        case .inactive:
            self.delay = max(delay, 0)
            activate()
            begin(paused: false, delay: self.delay)
        case .active where motion.isRunning:
            break
        case .active where delay > 0:
            // Paused: it goes on from what shows once the delay is over.
            self.delay = delay
            let forwards = !isReversed, fraction = motion.pausedFraction
            let curve = motion.segment?.curve ?? self.curve
            let segment = tracks.segment(from: fraction, forwards: forwards,
                                         length: length(from: fraction, forwards: forwards, factor: 1, curve: curve), curve: curve)
            tracks.setModel(toEnd: forwards)
            run(segment, elapsed: -delay)
        case .active:
            continueAnimation(withTimingParameters: nil, durationFactor: 1)
        case .stopped:
            StrataLog.logger.error("UIViewPropertyAnimator.startAnimation: the animator is stopped (call finishAnimation(at:) first)")
        }
    }

    /// Pauses the animations where they are: the views hold what shows (the animations stay on the server at
    /// speed 0). An inactive animator runs its blocks and becomes active and paused at the start. A
    /// non-interruptible or stopped animator logs an error and does nothing.
    open func pauseAnimation() {
        guard interruptible("pauseAnimation()") else { return }
        switch state {
        case .inactive:
            activate()
            begin(paused: true, delay: 0)
        case .active:
            if motion.isRunning { pauseNow() }
        case .stopped:
            StrataLog.logger.error("UIViewPropertyAnimator.pauseAnimation: the animator is stopped (call finishAnimation(at:) first)")
        }
    }

    /// Stops where the views are: their models take what shows. Without finishing it is inactive at once
    /// and calls no completion; otherwise it is `.stopped` until `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard interruptible("stopAnimation(_:)"), state == .active else { return }
        tracks.holdShownValues()
        motion = AnimatorMotion(pausedFraction: motion.fraction(at: CACurrentMediaTime()))
        if withoutFinishing {
            reset()
        } else {
            state = .stopped
        }
    }

    /// Finishes a stopped animator: the views go to their end or start values (or stay, `.current`) and
    /// the completions run with that position.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else {
            StrataLog.logger.error("UIViewPropertyAnimator.finishAnimation(at:) needs a stopped animator (stopAnimation(false) first)")
            return
        }
        switch finalPosition {
        case .end: tracks.setModel(toEnd: true)
        case .start: tracks.setModel(toEnd: false)
        case .current: break
        }
        complete(at: finalPosition)
    }

    /// Continues a paused animator towards its end (its start when reversed) over the remaining time ×
    /// `durationFactor`, on `parameters` (nil: its own timing). Without new timing, a factor of 1, a
    /// scrub or a turn, it resumes its motion where it paused.
    open func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        switch state {
        case .inactive:
            startAnimation()
        case .active:
            guard !motion.isRunning else { return }
            resume(parameters: parameters, durationFactor: Double(durationFactor))
        case .stopped:
            StrataLog.logger.error("UIViewPropertyAnimator.continueAnimation: the animator is stopped (call finishAnimation(at:) first)")
        }
    }

    // MARK: checks

    func interruptible(_ what: String) -> Bool {
        if !isInterruptible { StrataLog.logger.error("UIViewPropertyAnimator.\(what): the animator is not interruptible") }
        return isInterruptible
    }

    /// Whether a setting changed on an active animator must be refused (UIKit raises; Strata logs).
    private func refusedWhileActive(_ name: String) -> Bool {
        guard state != .inactive else { return false }
        StrataLog.logger.error("UIViewPropertyAnimator.\(name) can change only while the animator is inactive")
        return true
    }
}
