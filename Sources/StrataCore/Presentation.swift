import Foundation

/// An animation as attached to a layer: its key (unique per layer) and description.
public struct AttachedAnimation: Hashable, Sendable {
    public var key: String
    public var spec: AnimationSpec

    public init(key: String, spec: AnimationSpec) {
        self.key = key
        self.spec = spec
    }
}

/// Computes presentation values: the model with every attached animation applied in the order added,
/// each seeing the value beneath it. The one implementation shared by `presentation()` in the client
/// and the render server.
public enum Presentation {
    public static func apply(_ animations: [AttachedAnimation], to model: LayerModel, at time: Double) -> LayerModel {
        var out = model
        for a in animations { a.spec.apply(to: &out, at: time) }
        return out
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

    /// Whether any animation changes the presentation between now and later frames (needs frames).
    public static func isAnimating(_ animations: [AttachedAnimation], at time: Double) -> Bool {
        animations.contains { $0.spec.timing.phase(at: time) == .active }
    }

    /// The earliest future time at which one of the animations starts or ends (a wake-up deadline).
    public static func nextTransition(_ animations: [AttachedAnimation], after time: Double) -> Double? {
        var next: Double?
        for a in animations {
            let timing = a.spec.timing
            for candidate in [timing.beginTime, timing.endTime] where candidate > time && candidate.isFinite {
                next = min(next ?? candidate, candidate)
            }
        }
        return next
    }
}
