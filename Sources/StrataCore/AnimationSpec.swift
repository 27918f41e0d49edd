import Foundation

/// A serialisable description of one animation attached to a layer: what the client library's
/// animation objects compile to, what travels on the wire and what the server evaluates.
public struct AnimationSpec: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// CABasicAnimation: from/to/by, any two or one of them.
        case basic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
        /// CASpringAnimation: from/to/by as for basic; progress follows the spring instead of the curve.
        case spring(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, Spring)

        /// The from/to/by values, whatever the kind.
        public var endpoints: (from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?) {
            switch self {
            case let .basic(from, to, by), let .spring(from, to, by, _): (from, to, by)
            }
        }
    }

    public var keyPath: LayerKeyPath
    public var kind: Kind
    public var timing: MediaTiming
    public var timingFunction: TimingFunction?
    public var isRemovedOnCompletion: Bool
    public var isAdditive: Bool
    public var isCumulative: Bool

    public init(keyPath: LayerKeyPath, kind: Kind, timing: MediaTiming = MediaTiming(),
                timingFunction: TimingFunction? = nil, isRemovedOnCompletion: Bool = true,
                isAdditive: Bool = false, isCumulative: Bool = false) {
        self.keyPath = keyPath; self.kind = kind; self.timing = timing; self.timingFunction = timingFunction
        self.isRemovedOnCompletion = isRemovedOnCompletion; self.isAdditive = isAdditive; self.isCumulative = isCumulative
    }

    /// Checks value shapes against the key path; throws naming the offending field.
    public func validate() throws {
        guard keyPath.property.isAnimatable else { throw StrataError.unsupported("animation of \(keyPath)") }
        let (from, to, by) = kind.endpoints
        for (name, v) in [("fromValue", from), ("toValue", to), ("byValue", by)] {
            if let v, v.kind != keyPath.kind {
                throw StrataError.invalidValue(key: "\(keyPath).\(name)", expected: "\(keyPath.kind)")
            }
        }
        if from == nil, to == nil, by == nil {
            throw StrataError.unsupported("CABasicAnimation with no fromValue, toValue or byValue")
        }
        if case let .spring(_, _, _, spring) = kind { try spring.validate() }
        if !(timing.duration >= 0) || !timing.duration.isFinite {
            throw StrataError.invalidValue(key: "duration", expected: "a finite number ≥ 0")
        }
        if !(timing.repeatCount >= 0) { throw StrataError.invalidValue(key: "repeatCount", expected: "a number ≥ 0") }
        if !timing.beginTime.isFinite { throw StrataError.invalidValue(key: "beginTime", expected: "a finite number") }
        if !timing.speed.isFinite { throw StrataError.invalidValue(key: "speed", expected: "a finite number") }
        if !timing.timeOffset.isFinite { throw StrataError.invalidValue(key: "timeOffset", expected: "a finite number") }
        if !(timing.repeatDuration >= 0) || !timing.repeatDuration.isFinite {
            throw StrataError.invalidValue(key: "repeatDuration", expected: "a finite number ≥ 0")
        }
    }

    /// The value this animation presents at parent time `t`, given the value beneath it
    /// (the model value with earlier animations applied); nil when it has no effect at `t`.
    public func value(at t: Double, underlying: AnimatableValue) -> AnimatableValue? {
        guard let sample = timing.sample(at: t, removedOnCompletion: isRemovedOnCompletion) else { return nil }
        let curved = (timingFunction ?? .linear).progress(at: sample.fraction)
        let progress: Double
        switch kind {
        case .basic:
            progress = curved
        case let .spring(_, _, _, spring):
            // The spring runs in seconds of the animation's own (curved) time within its duration.
            progress = spring.progress(at: curved * timing.simpleDuration)
        }
        let (from, to, by) = kind.endpoints
        let (start, end) = Interpolation.endpoints(from: from, to: to, by: by, underlying: underlying)
        var v = Interpolation.interpolate(start, end, progress)
        if isCumulative, sample.iteration > 0 {
            v = Interpolation.add(v, Interpolation.scale(Interpolation.subtract(end, start), sample.iteration))
        }
        return isAdditive ? Interpolation.add(underlying, v) : v
    }
}
