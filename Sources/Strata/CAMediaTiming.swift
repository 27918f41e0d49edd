import Foundation

/// Core Animation's timing protocol: layers, animations and emitter cells share these properties (their
/// meanings are in docs/animation.md), and code generic over them takes `some CAMediaTiming`.
public protocol CAMediaTiming: AnyObject {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
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
