import Foundation

/// How an animation's effect extends outside its active interval (CAMediaTimingFillMode).
public enum FillMode: UInt8, Sendable, NamedCases {
    case removed = 0, forwards, backwards, both

    public var name: String {
        switch self {
        case .removed: "removed"
        case .forwards: "forwards"
        case .backwards: "backwards"
        case .both: "both"
        }
    }

}

/// CAMediaTiming values of an animation, all in seconds.
public struct MediaTiming: Hashable, Sendable {
    public var beginTime: Double = 0
    public var duration: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    public var repeatCount: Double = 0
    public var repeatDuration: Double = 0
    public var autoreverses = false
    public var fillMode: FillMode = .removed

    /// Core Animation's default when an animation's duration is 0.
    public static let defaultDuration = 0.25

    public init() {}

    public var simpleDuration: Double { duration > 0 ? duration : Self.defaultDuration }

    /// One forward (+ reverse) cycle in local time.
    public var cycleDuration: Double { autoreverses ? simpleDuration * 2 : simpleDuration }

    /// Local time covered by all repeats (may be infinite).
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount * cycleDuration }
        return cycleDuration
    }

    /// Where parent time `t` falls relative to the active interval.
    public enum Phase: Equatable, Sendable { case before, active, after }

    /// Parent time at which the active interval ends (infinite for infinite repeats and when speed is 0, i.e. paused).
    public var endTime: Double {
        guard speed != 0 else { return .infinity }
        return beginTime + activeDuration / abs(speed)
    }

    public func phase(at t: Double) -> Phase {
        if t < beginTime { return .before }
        if t >= endTime { return .after }
        return .active
    }

    /// Normalised progress inside the current simple duration (before the timing function), and the
    /// iteration index (for cumulative animations); nil when the animation has no effect at `t`.
    public struct Sample: Equatable, Sendable {
        public var fraction: Double
        public var iteration: Double
    }

    public func sample(at t: Double, removedOnCompletion: Bool) -> Sample? {
        let active = activeDuration
        var local: Double
        switch phase(at: t) {
        case .before:
            guard fillMode == .backwards || fillMode == .both else { return nil }
            local = 0
        case .active:
            local = (t - beginTime) * speed
        case .after:
            guard !removedOnCompletion, fillMode == .forwards || fillMode == .both else { return nil }
            local = active
        }
        // timeOffset shifts local time and wraps inside the active duration (seed example: duration 5,
        // offset 2 plays 2…5 then 0…2).
        if timeOffset != 0, active.isFinite, active > 0 {
            local = (local + timeOffset).truncatingRemainder(dividingBy: active)
            if local < 0 { local += active }
        } else {
            local += timeOffset
        }
        let cycle = cycleDuration
        var iteration = (local / cycle).rounded(.down)
        var inCycle = local - iteration * cycle
        // At the very end of the active interval stay at the end of the last cycle, not the start of the next.
        if inCycle == 0, local > 0, local >= active {
            iteration -= 1
            inCycle = cycle
        }
        let d = simpleDuration
        if autoreverses, inCycle > d { inCycle = 2 * d - inCycle }
        return Sample(fraction: min(1, max(0, inCycle / d)), iteration: max(0, iteration))
    }
}
