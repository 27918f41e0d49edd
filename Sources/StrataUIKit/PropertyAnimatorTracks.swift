/// The properties a `UIViewPropertyAnimator` animates and the Core Animation animations that move them.
///
/// The animator's progress is `fraction` (0 at the start, 1 at the end) of its duration D. Each property
/// (a track) moves from its `start` value to its `end` value in its window, from `window` × D (its delay
/// factor) to D. The animator moves in segments: a segment takes every track from what it shows when
/// the segment begins to its target (its `end` value forwards, its `start` value reversed) in the segment's
/// length, on the animator's curve (or the one `continueAnimation` gave). A track still waiting for its
/// window (forwards) starts after the rest of its delay; reversed, every track moves for the whole
/// segment. A segment's animations run on the server's clock; paused, they stay added with `speed` 0 and
/// `timeOffset` at the segment's elapsed time, so the server shows the frozen value.
@MainActor
final class PropertyAnimatorTracks {
    struct Track {
        let view: UIView
        let layer: CALayer
        let key: String
        let start: Any?
        var end: Any?
        /// The animator's fraction at which it starts moving.
        let window: Double
    }

    struct Segment {
        var from: [Any?]
        let forwards: Bool
        let fromFraction: Double
        /// Its length in seconds, and each track's delay in it.
        let length: TimeInterval
        var delays: [TimeInterval]
        let curve: UITimingCurveProvider
    }

    private(set) var tracks: [Track] = []
    /// The observer of the animations added last: stops of earlier ones (replaced) are not counted.
    private var observer: SegmentObserver?

    var isEmpty: Bool { tracks.isEmpty }

    /// Adds a track, or gives the track already animating that property its new end value.
    func add(_ track: Track) {
        if let i = tracks.firstIndex(where: { $0.layer === track.layer && $0.key == track.key }) {
            tracks[i].end = track.end
        } else {
            tracks.append(track)
        }
    }

    /// Forgets every track (after the animator finished).
    func removeAll() {
        observer = nil
        tracks.removeAll()
    }

    /// What each track shows now (committing first, so animations just added count).
    func shownValues() -> [Any?] {
        CATransaction.flush()
        return tracks.map { $0.layer.presentation()?.value(forKeyPath: $0.key) ?? $0.layer.value(forKeyPath: $0.key) }
    }

    /// A segment from `values` (default: what shows now), `fraction` → 1 forwards or → 0 reversed,
    /// lasting `length` seconds.
    func segment(from fraction: Double, values: [Any?]? = nil, forwards: Bool, length: TimeInterval,
                 curve: UITimingCurveProvider) -> Segment {
        let delays = tracks.map { track -> TimeInterval in
            guard forwards, track.window > fraction, fraction < 1 else { return 0 }
            return (track.window - fraction) / (1 - fraction) * length
        }
        return Segment(from: values ?? shownValues(), forwards: forwards, fromFraction: fraction, length: length, delays: delays, curve: curve)
    }

    /// Sets each track's model to where the segment heads (the value left when its animation ends).
    func setModel(toEnd: Bool) {
        UIView.performWithoutAnimation {
            for track in tracks { track.layer.setValue(toEnd ? track.end : track.start, forKeyPath: track.key) }
        }
    }

    /// Sets each track's model to what it shows now and removes its animation.
    func holdShownValues() {
        let shown = shownValues()
        UIView.performWithoutAnimation {
            for (track, value) in zip(tracks, shown) { track.layer.setValue(value, forKeyPath: track.key) }
        }
        removeAnimations()
    }

    func removeAnimations() {
        observer = nil
        for track in tracks { track.layer.removeAnimation(forKey: track.key) }
    }

    /// Adds the segment's animations: running from `elapsed` seconds into it (negative: it starts that
    /// much later), or paused there. `onEnd` runs once every animation of a running segment has ended.
    func play(_ segment: Segment, elapsed: TimeInterval, paused: Bool, onEnd: @escaping @MainActor () -> Void) {
        let observer = SegmentObserver(count: paused ? 0 : tracks.count)
        observer.onEnd = { [weak self, weak observer] in
            guard let self, let observer, self.observer === observer else { return } // replaced since
            self.observer = nil
            onEnd()
        }
        self.observer = observer
        for (i, track) in tracks.enumerated() {
            let target = segment.forwards ? track.end : track.start
            let duration = max(segment.length - segment.delays[i], 0.000_001)
            let local = elapsed - segment.delays[i]
            let animation = Self.animation(track.key, from: segment.from[i], to: target, over: duration, curve: segment.curve)
            place(animation, on: track, local: local, paused: paused, to: target)
            if !paused { animation.delegate = observer }
            track.layer.add(animation, forKey: track.key)
        }
    }

    /// Shows the tracks paused on their whole path at `fraction`, linearly or on `curve`.
    func scrub(to fraction: Double, duration: TimeInterval, linearly: Bool, curve: UITimingCurveProvider) {
        observer = nil
        for track in tracks {
            let span = 1 - track.window
            let progress = span > 0 ? min(max((fraction - track.window) / span, 0), 1) : (fraction >= 1 ? 1 : 0)
            let length = max(span * duration, 0.000_001)
            let animation = linearly
                ? Self.animation(track.key, from: track.start, to: track.end, over: length, curve: UICubicTimingParameters(animationCurve: .linear))
                : Self.animation(track.key, from: track.start, to: track.end, over: length, curve: curve)
            place(animation, on: track, local: progress * length, paused: true, to: track.end)
            track.layer.add(animation, forKey: track.key)
        }
    }

    /// Times an animation `local` seconds into itself: running, or frozen there (speed 0, timeOffset).
    private func place(_ animation: CABasicAnimation, on track: Track, local: TimeInterval, paused: Bool, to target: Any?) {
        let now = track.layer.convertTime(CACurrentMediaTime(), from: nil)
        animation.fillMode = .backwards
        if paused {
            animation.speed = 0
            animation.beginTime = now
            if local >= animation.duration {
                // Core Animation wraps a timeOffset at the end back to the start: show the end itself.
                animation.fromValue = target
                animation.toValue = target
            } else {
                animation.timeOffset = max(local, 0)
            }
        } else {
            animation.beginTime = now - local
        }
    }

    /// A basic animation on a cubic curve, or a spring animation, from `from` to `to`.
    static func animation(_ key: String, from: Any?, to: Any?, over duration: TimeInterval,
                          curve: UITimingCurveProvider) -> CABasicAnimation {
        let animation: CABasicAnimation
        if let spring = curve.springTimingParameters {
            animation = spring.makeAnimation(over: duration)
            animation.keyPath = key
        } else {
            animation = CABasicAnimation(keyPath: key)
            animation.duration = duration
            animation.timingFunction = Self.cubic(curve).timingFunction
        }
        animation.fromValue = from
        animation.toValue = to
        return animation
    }

    /// The cubic curve of a provider (ease-in-ease-out, logged, for a provider Strata cannot read).
    static func cubic(_ curve: UITimingCurveProvider) -> UICubicTimingParameters {
        if let cubic = curve.cubicTimingParameters { return cubic }
        StrataLog.logger.error("unsupported: UITimingCurveProvider \(type(of: curve)) of type \(curve.timingCurveType) (ease-in-ease-out used)")
        return UICubicTimingParameters(animationCurve: .easeInOut)
    }
}

/// Counts the ends of one segment's animations and tells the animator when all have ended. Animations
/// replaced by a later segment (or a pause) report to an observer the animator no longer holds.
final class SegmentObserver: CAAnimationDelegate, @unchecked Sendable {
    private var remaining: Int
    /// Set once, on the main actor, before its animations are added.
    var onEnd: @MainActor () -> Void = {}

    init(count: Int) { remaining = count }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        onMain {
            self.remaining -= 1
            if self.remaining == 0 { self.onEnd() }
        }
    }
}
