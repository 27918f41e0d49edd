import Foundation

/// Core Animation's default action for a changed property: a CABasicAnimation keyed by the property
/// name, from the value on screen when the change happened to the new model value (no toValue: it
/// animates to whatever the model holds), over the transaction's duration (0.25 s by default) with the
/// transaction's timing function, else `kCAMediaTimingFunctionDefault`.
/// The one definition used by the client library's CALayer and by scene-file changes.
public enum ImplicitAction {
    /// Whether the property has the implicit animation (not `hidden`, which changes at once: Strata's
    /// documented choice; not the properties that do not animate).
    public static func animates(_ property: LayerProperty) -> Bool { property.animation == .implicit }

    /// Whether a change from `onScreen` to `newValue` animates: as `animates(_:)`, and a path (shadowPath,
    /// a shape's path) only between two paths of the same structure, a list (a gradient's colors or
    /// locations) only between two lists as long; a path or list appearing, disappearing or changing
    /// structure or length shows at once (Strata's choice: Core Animation leaves those undefined).
    public static func animates(_ property: LayerProperty, from onScreen: AnimatableValue, to newValue: AnimatableValue) -> Bool {
        guard animates(property) else { return false }
        switch (onScreen, newValue) {
        case let (.path(a), .path(b)):
            guard let a, let b else { return false }
            return a.zipPoints(b, { p, _ in p }) != nil
        case let (.numbers(a), .numbers(b)):
            // Lists (a gradient's locations) animate element by element, so only between lists as long.
            return a != nil && a?.count == b?.count
        case let (.colors(a), .colors(b)):
            return a != nil && a?.count == b?.count
        default:
            return true
        }
    }

    public static func animation(for property: LayerProperty, from presentationValue: AnimatableValue,
                                 duration: Double = MediaTiming.defaultDuration,
                                 timingFunction: TimingFunction? = nil, beginTime: Double = 0) -> AttachedAnimation {
        var timing = MediaTiming()
        timing.duration = duration
        timing.beginTime = beginTime
        let spec = AnimationSpec(keyPath: LayerKeyPath(property: property),
                                 kind: .basic(from: presentationValue, to: nil, by: nil),
                                 timing: timing, timingFunction: timingFunction ?? .default)
        return AttachedAnimation(key: property.name, spec: spec)
    }
}
