import Foundation

/// Core Animation's timing protocol: layers, animations and emitter cells share these properties (their
/// meanings are in docs/animation.md), and code generic over them takes `some CAMediaTiming`.
public protocol CAMediaTiming: AnyObject {
    /// When the object's time starts, in seconds of its parent's time. For an animation 0 is stamped with the
    /// commit time and any other value is an absolute time (e.g. `CACurrentMediaTime() + 1`); for a layer, an
    /// offset in its superlayer's time. See <doc:Status#Media-timing-(on-animations)>.
    var beginTime: CFTimeInterval { get set }
    /// The length of one cycle, in seconds. An animation's 0 means 0.25 s (a group's child: the group's
    /// duration); a layer's 0 (its default) means its time never ends.
    var duration: CFTimeInterval { get set }
    /// How fast local time runs against the parent's (1 by default; 2 is twice as fast, 0 pauses). Speeds
    /// multiply down the layer tree.
    var speed: Float { get set }
    /// Seconds added to local time (0 by default); within an animation's active duration it wraps, so duration 5
    /// and offset 2 plays 2…5 then 0…2.
    var timeOffset: CFTimeInterval { get set }
    /// How many times a cycle repeats; fractions allowed, `.infinity` forever, 0 (the default) once.
    var repeatCount: Float { get set }
    /// How long to repeat, in seconds; when above 0 it takes precedence over `repeatCount`.
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each cycle plays forwards then backwards (a cycle then lasts twice `duration`); false by default.
    var autoreverses: Bool { get set }
    /// What shows outside the active interval: `removed` (the default: nothing of it), `forwards` (the end held),
    /// `backwards` (the start shown before it begins) or `both`.
    var fillMode: CAMediaTimingFillMode { get set }
}

extension CALayer: CAMediaTiming {}
extension CAAnimation: CAMediaTiming {}
extension CAEmitterCell: CAMediaTiming {}

/// The timing properties by their key-value coding names, for the classes whose `setValue(_:forKey:)` and
/// `value(forKey:)` reach them (animations, emitter cells): one table for both.
extension CAMediaTiming {
    /// The timing property `key` names (a number, a Bool, or the fill mode's name), or nil for another key.
    func timingValue(forKey key: String) -> Any? {
        switch key {
        case "beginTime": beginTime
        case "duration": duration
        case "speed": speed
        case "timeOffset": timeOffset
        case "repeatCount": repeatCount
        case "repeatDuration": repeatDuration
        case "autoreverses": autoreverses
        case "fillMode": fillMode.rawValue
        default: nil
        }
    }

    /// Sets the timing property `key` names from a key-value coded value (numbers of any type or NSNumber, a
    /// Bool, a fill mode or its name): true when set, false when the value has the wrong type, nil when `key`
    /// names no timing property.
    func setTiming(_ value: Any?, forKey key: String) -> Bool? {
        switch key {
        case "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration":
            guard let x = CAAnimation.double(value) else { return false }
            switch key {
            case "beginTime": beginTime = x
            case "duration": duration = x
            case "speed": speed = Float(x)
            case "timeOffset": timeOffset = x
            case "repeatCount": repeatCount = Float(x)
            default: repeatDuration = x
            }
        case "autoreverses":
            guard let flag = CAAnimation.bool(value) else { return false }
            autoreverses = flag
        case "fillMode":
            guard let name = CAAnimation.name(value) else { return false }
            fillMode = CAMediaTimingFillMode(rawValue: name)
        default:
            return nil
        }
        return true
    }
}
