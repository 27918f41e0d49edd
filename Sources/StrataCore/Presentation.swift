import Foundation

/// An animation as attached to a layer: its key (unique per layer) and description, prepared for
/// evaluation when it is attached.
public struct AttachedAnimation: Hashable, Sendable {
    public var key: String
    public let prepared: PreparedAnimation
    public var spec: AnimationSpec { prepared.spec }
    /// The spec's timing, without copying the spec (what every frame's bookkeeping reads).
    public var timing: MediaTiming { prepared.timing }

    public init(key: String, spec: AnimationSpec) {
        self.key = key
        prepared = PreparedAnimation(spec)
    }

    public static func == (a: AttachedAnimation, b: AttachedAnimation) -> Bool { a.key == b.key && a.spec == b.spec }
    public func hash(into h: inout Hasher) { h.combine(key); h.combine(spec) }
}

/// Computes presentation values: the model with every attached animation applied in the order added,
/// each seeing the value beneath it. The one implementation shared by `presentation()` in the client
/// and the render server.
public enum Presentation {
    public static func apply(_ animations: [AttachedAnimation], to model: LayerModel, at time: Double) -> LayerModel {
        var out = model
        apply(animations, onto: &out, at: time)
        return out
    }

    /// As `apply(_:to:at:)`, in place: `model` holds the model values and becomes the presentation.
    public static func apply(_ animations: [AttachedAnimation], onto model: inout LayerModel, at time: Double) {
        for a in animations { a.prepared.apply(to: &model, at: time) }
    }

    /// The transition drawing the layer at `time`: the last one added that has an effect then.
    public static func activeTransition(_ animations: [AttachedAnimation], at time: Double)
        -> (key: String, transition: Transition, progress: Double)? {
        for a in animations.reversed() {
            guard case let .transition(transition) = a.spec.kind, let p = a.spec.transitionProgress(at: time) else { continue }
            return (a.key, transition, p)
        }
        return nil
    }

    /// Whether any animation changes the presentation between now and later frames (needs frames). With a
    /// `spread` (copies that see the animations that much later, a replicator's delayed instances), an
    /// animation counts while any copy of it is active.
    public static func isAnimating(_ animations: [AttachedAnimation], at time: Double, spread: ClosedRange<Double> = 0...0) -> Bool {
        animations.contains { a in
            let timing = a.timing
            guard spread != 0...0 else { return timing.phase(at: time) == .active }
            return time >= timing.beginTime + spread.lowerBound && time < timing.endTime + spread.upperBound
        }
    }

    /// The stretch of local time around `time` in which none of the animations starts or ends (nor, with a
    /// `spread`, any copy of one): within it each keeps its phase, so which are active and the next start
    /// or end stay as they are at `time`, and a frame there has no start or end to report.
    public struct QuietSpan: Sendable {
        public let lower: Double, upper: Double
        public let spread: ClosedRange<Double>
        /// `isAnimating` and `nextTransition` anywhere in the span.
        public let isAnimating: Bool
        public let nextTransition: Double?

        /// Whether `time`, with copies `spread` apart, lies in the span.
        public func holds(_ time: Double, spread: ClosedRange<Double>) -> Bool {
            time >= lower && time < upper && spread == self.spread
        }
    }

    public static func quietSpan(_ animations: [AttachedAnimation], at time: Double, spread: ClosedRange<Double> = 0...0) -> QuietSpan {
        // Each phase changes only at a start or an end (`MediaTiming.phase`), each copy's at those moved by the spread.
        var lower = -Double.infinity, upper = Double.infinity
        func bound(_ b: Double) {
            if b <= time { lower = max(lower, b) } else { upper = min(upper, b) }
        }
        for a in animations {
            let timing = a.timing
            let begin = timing.beginTime, end = timing.endTime
            bound(begin); bound(end)
            if spread != 0...0 { bound(begin + spread.lowerBound); bound(end + spread.upperBound) }
        }
        // NaN bounds (never from validated timing) would make every comparison false: an empty span.
        if lower.isNaN || upper.isNaN { lower = .infinity; upper = -.infinity }
        return QuietSpan(lower: lower, upper: upper, spread: spread,
                         isAnimating: isAnimating(animations, at: time, spread: spread),
                         nextTransition: nextTransition(animations, after: time, spread: spread))
    }

    /// The earliest future time at which one of the animations starts or ends (a wake-up deadline); with a
    /// `spread`, the first copy's start or the last copy's end, and the original's end where the animation
    /// is removed on completion (it leaves every copy then: delayed copies still running change).
    public static func nextTransition(_ animations: [AttachedAnimation], after time: Double, spread: ClosedRange<Double> = 0...0) -> Double? {
        var next: Double?
        func consider(_ candidate: Double) {
            if candidate > time, candidate.isFinite { next = min(next ?? candidate, candidate) }
        }
        for a in animations {
            let timing = a.timing
            consider(timing.beginTime + spread.lowerBound)
            consider(timing.endTime + spread.upperBound)
            if spread.upperBound > 0, a.prepared.spec.isRemovedOnCompletion { consider(timing.endTime) }
        }
        return next
    }
}
