/// Where a property animator is in its motion: the segment running or paused (PropertyAnimatorTracks),
/// when it began, and the fraction done.
struct AnimatorMotion {
    var segment: PropertyAnimatorTracks.Segment?
    var isRunning = false
    /// The media time of the running segment's start.
    var began: CFTimeInterval = 0
    /// While paused: the segment's elapsed time and the fraction done.
    var pausedElapsed: TimeInterval = 0
    var pausedFraction = 0.0
    /// Set by a scrub or a pause at an end: continuing makes a new segment from what shows.
    var mustRebase = false

    func fraction(at now: CFTimeInterval) -> Double {
        guard isRunning, let segment else { return pausedFraction }
        let target = segment.forwards ? 1.0 : 0.0
        let done = segment.length > 0 ? min(max((now - began) / segment.length, 0), 1) : 1
        return segment.fromFraction + (target - segment.fromFraction) * done
    }
}

extension UIViewPropertyAnimator {
    var curve: UITimingCurveProvider { timingParameters ?? UICubicTimingParameters() }

    /// Becomes active: the waiting blocks run and their changes become tracks.
    func activate() {
        state = .active
        Self.live.append(self)
        let blocks = pending
        pending = []
        for (block, factor) in blocks { capture(block, window: factor) }
    }

    /// Runs `body` as an animation block and makes tracks of its changes, starting at `window`.
    func capture(_ body: () -> Void, window: Double) {
        let block = AnimationBlock(duration: max(duration, 0.001), delay: 0,
                                   options: blockOptions.union([.beginFromCurrentState, .overrideInheritedOptions]),
                                   completion: AnimationCompletion(nil))
        for change in block.capture(body) {
            tracks.add(.init(view: change.view, layer: change.layer, key: change.key, start: change.from,
                             end: change.layer.value(forKeyPath: change.key), window: window))
            if !isUserInteractionEnabled, !blockedViews.contains(change.view) {
                change.view.animationsBlockingInteraction += 1
                blockedViews.append(change.view)
            }
        }
    }

    /// How long a motion from `fraction` to the end (or start) lasts: the remaining share of the duration
    /// × `factor`, or a physical spring's settling duration.
    func length(from fraction: Double, forwards: Bool, factor: Double, curve: UITimingCurveProvider) -> TimeInterval {
        if let spring = curve.springTimingParameters, case .physical = spring.kind {
            return spring.motionDuration(forDuration: duration)
        }
        return (forwards ? 1 - fraction : fraction) * duration * max(factor, 0)
    }

    /// The first segment of an animator just made active: from the start (the end when reversed).
    func begin(paused: Bool, delay: TimeInterval) {
        let forwards = !isReversed
        let fraction = forwards ? 0.0 : 1.0
        let values = tracks.tracks.map { forwards ? $0.start : $0.end }
        let segment = tracks.segment(from: fraction, values: values, forwards: forwards,
                                     length: length(from: fraction, forwards: forwards, factor: 1, curve: curve), curve: curve)
        tracks.setModel(toEnd: forwards)
        motion = AnimatorMotion(segment: segment, pausedFraction: fraction)
        if paused {
            tracks.play(segment, elapsed: 0, paused: true) {}
        } else {
            run(segment, elapsed: -delay)
        }
    }

    /// Runs `segment` from `elapsed` seconds into it.
    func run(_ segment: PropertyAnimatorTracks.Segment, elapsed: TimeInterval) {
        motion.segment = segment
        motion.isRunning = true
        motion.mustRebase = false
        motion.began = CACurrentMediaTime() - elapsed
        guard !tracks.isEmpty else {
            // Nothing to animate: it ends on the next turn of the main queue, as a block that animated nothing.
            DispatchQueue.main.async { MainActor.assumeIsolated { if self.motion.isRunning { self.segmentEnded() } } }
            return
        }
        tracks.play(segment, elapsed: elapsed, paused: false) { [weak self] in self?.segmentEnded() }
    }

    /// A new segment from what shows now, at `fraction`, towards the end (or the start).
    func runNewSegment(from fraction: Double, forwards: Bool, curve: UITimingCurveProvider, factor: Double,
                       values: [Any?]? = nil) {
        let segment = tracks.segment(from: fraction, values: values, forwards: forwards,
                                     length: length(from: fraction, forwards: forwards, factor: factor, curve: curve), curve: curve)
        tracks.setModel(toEnd: forwards)
        run(segment, elapsed: 0)
    }

    func pauseNow() {
        guard let segment = motion.segment else { return }
        let now = CACurrentMediaTime()
        motion.pausedFraction = motion.fraction(at: now)
        motion.pausedElapsed = now - motion.began
        motion.isRunning = false
        tracks.play(segment, elapsed: motion.pausedElapsed, paused: true) {}
    }

    func resume(parameters: UITimingCurveProvider?, durationFactor: Double) {
        let forwards = !isReversed
        if parameters == nil, durationFactor == 1, !motion.mustRebase, let segment = motion.segment, segment.forwards == forwards {
            run(segment, elapsed: motion.pausedElapsed) // the same motion, on from where it paused
        } else {
            runNewSegment(from: motion.pausedFraction, forwards: forwards, curve: parameters ?? curve, factor: durationFactor)
        }
    }

    /// `isReversed` changed: a running animator heads back from where it is now.
    func turnRound() {
        guard state == .active, motion.isRunning else { return }
        guard interruptible("isReversed") else { return }
        runNewSegment(from: motion.fraction(at: CACurrentMediaTime()), forwards: !isReversed,
                      curve: motion.segment?.curve ?? curve, factor: 1)
    }

    func scrub(to value: Double) {
        guard interruptible("fractionComplete") else { return }
        if state == .inactive {
            activate()
            begin(paused: true, delay: 0)
        }
        guard state == .active, !motion.isRunning else {
            StrataLog.logger.error("UIViewPropertyAnimator.fractionComplete can be set only while the animator is paused")
            return
        }
        let fraction = value.isFinite ? min(max(value, 0), 1) : 0
        motion.pausedFraction = fraction
        motion.mustRebase = true
        tracks.scrub(to: fraction, duration: duration, linearly: scrubsLinearly, curve: curve)
    }

    /// `addAnimations` on an active animator: the new changes move from their old values, the others from
    /// what shows, over the remaining time (paused: from here when it continues).
    func addWhileActive(_ body: () -> Void, delayFactor: Double) {
        let fraction = motion.fraction(at: CACurrentMediaTime())
        let shown = tracks.shownValues()
        let known = tracks.tracks.count
        capture(body, window: fraction + delayFactor * (1 - fraction))
        let values = shown + tracks.tracks[known...].map(\.start)
        let forwards = motion.segment?.forwards ?? !isReversed
        let curve = motion.segment?.curve ?? self.curve
        if motion.isRunning {
            runNewSegment(from: fraction, forwards: forwards, curve: curve, factor: 1, values: values)
        } else {
            let segment = tracks.segment(from: fraction, values: values, forwards: forwards,
                                         length: length(from: fraction, forwards: forwards, factor: 1, curve: curve), curve: curve)
            tracks.setModel(toEnd: forwards)
            motion = AnimatorMotion(segment: segment, pausedFraction: fraction)
            tracks.play(segment, elapsed: 0, paused: true) {}
        }
    }

    /// The running segment reached its end: the animator finishes there, or pauses with
    /// `pausesOnCompletion`.
    func segmentEnded() {
        guard state == .active, motion.isRunning else { return }
        let forwards = motion.segment?.forwards ?? true
        motion.isRunning = false
        motion.pausedFraction = forwards ? 1 : 0
        motion.mustRebase = true
        if pausesOnCompletion { return }
        complete(at: forwards ? .end : .start)
    }

    /// Becomes inactive and calls the completions with `position`.
    func complete(at position: UIViewAnimatingPosition) {
        let handlers = completions
        reset()
        for handler in handlers { handler(position) }
        CATransaction.flush() // what the completions changed shows now, as at the end of UIKit's run-loop turn
    }

    /// Back to inactive, with nothing to animate.
    func reset() {
        state = .inactive
        tracks.removeAll()
        motion = AnimatorMotion()
        completions = []
        for view in blockedViews { view.animationsBlockingInteraction -= 1 }
        blockedViews = []
        Self.live.removeAll { $0 === self }
    }
}
