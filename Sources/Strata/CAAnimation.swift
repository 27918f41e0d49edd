import Foundation
import Logging
import StrataCore
import StrataProtocol

/// How an animation's (or a cycling layer's time's) effect extends outside its active interval, by Core
/// Animation's names (`"removed"`, `"forwards"`, …). A raw value Strata does not know acts as `removed`.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// No effect outside the active interval: the model value shows before the begin time and after the end (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// Holds the final value after the end, while the animation stays on the layer (`isRemovedOnCompletion` false).
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Shows the starting value before the begin time (an animation with a later `beginTime`).
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both `backwards` and `forwards`: the starting value before the begin time, the final one after the end.
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    var fillMode: FillMode { FillMode(name: rawValue) ?? .removed }
}

/// Told when an animation starts and stops, on the main queue (the main actor, as UIKit apps' code is).
/// Any class may conform, as on iOS (it need not be `Sendable`); a `@MainActor` class conforms as it is.
public protocol CAAnimationDelegate: AnyObject {
    /// Called on the main queue at the first frame at or after the animation's begin time, with the layer's
    /// copy of the animation. An animation stopped before it started gets it just before `animationDidStop`.
    /// Only with a server: without one it is never called.
    @MainActor func animationDidStart(_ anim: CAAnimation)
    /// Called on the main queue when the animation stops: `flag` is true at the first frame at or after its end,
    /// false when it was removed (`removeAnimation(forKey:)`, `removeAllAnimations()`) or replaced under its key
    /// before then. Only with a server, for animations it had: without one it is never called.
    @MainActor func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing: the requirement is optional, as in Core Animation.
    @MainActor public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing: the requirement is optional, as in Core Animation.
    @MainActor public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Abstract base: media timing, timing function, delegate (retained strongly, as in Core Animation). An
/// `NSObject` that copies itself (`NSCopying`), as Core Animation's.
open class CAAnimation: NSObject, NSCopying {
    /// When the animation starts, in seconds of its layer's time (default 0). 0 is stamped with the commit
    /// time (the animation starts now); any other value is an absolute time, such as `CACurrentMediaTime() + 1`
    /// (in a group: relative to the group's start).
    open var beginTime: CFTimeInterval = 0 { didSet { compiledSpec = nil } }
    /// The simple duration of one cycle, in seconds (default 0, which means 0.25 s).
    open var duration: CFTimeInterval = 0 { didSet { compiledSpec = nil } }
    /// How fast the animation's time runs against its layer's (default 1; 2 plays twice as fast). 0 freezes
    /// it at its start (shifted by `timeOffset`) forever. Negative speeds are accepted, but their behaviour
    /// is not checked against Core Animation's. See <doc:Status#Media-timing-(on-animations)>.
    open var speed: Float = 1 { didSet { compiledSpec = nil } }
    /// Seconds added to the animation's local time, wrapping inside the active duration (default 0):
    /// with duration 5 and offset 2 it plays 2…5, then 0…2.
    open var timeOffset: CFTimeInterval = 0 { didSet { compiledSpec = nil } }
    /// How many times the animation repeats; fractions allowed, `.infinity` (or `HUGE`) forever. Default 0: once.
    open var repeatCount: Float = 0 { didSet { compiledSpec = nil } }
    /// How long the animation repeats, in seconds (default 0: unused); when above 0 it wins over `repeatCount`.
    open var repeatDuration: CFTimeInterval = 0 { didSet { compiledSpec = nil } }
    /// Whether each cycle plays forwards then backwards, so a cycle lasts twice `duration` (default false).
    open var autoreverses = false { didSet { compiledSpec = nil } }
    /// Whether the animation's values show before its begin time and after its end (default `.removed`).
    open var fillMode: CAMediaTimingFillMode = .removed { didSet { compiledSpec = nil } }
    /// The pacing curve of each cycle (default nil: linear; implicit animations get the transaction's or the default curve).
    open var timingFunction: CAMediaTimingFunction? { didSet { compiledSpec = nil } }
    /// Whether the layer drops the animation when it finishes (default true); false with a `forwards` or
    /// `both` fill mode holds the end value. With a server the key leaves `animationKeys()` when the server
    /// reports the stop; without one finished animations stay listed, with no effect.
    open var isRemovedOnCompletion = true { didSet { compiledSpec = nil } }
    /// Told when the animation starts and stops (see `CAAnimationDelegate`), on the main queue, with a server
    /// only. Retained strongly, as in Core Animation; ignored on a group's children.
    open var delegate: CAAnimationDelegate?
    /// The frame rates the animation would like (iOS 15): a hint, kept and copied, as Core Animation's is one
    /// the system may overrule. Strata's server draws every animation at its display's full rate.
    open var preferredFrameRateRange: CAFrameRateRange = .default
    /// The spec this animation compiles to, when it was built from one (Core Animation's implicit
    /// animation): used as is instead of compiling again, until a property changes.
    var compiledSpec: AnimationSpec?
    /// Values stored with `setValue(_:forKey:)`: travel with the copy the layer keeps, so a delegate reads
    /// them back from the animation it is given (seed 003 passes a tap's location this way).
    var keyedValues: [String: Any] = [:]

    public override init() { super.init() }

    /// Archiving is not supported: returns nil. Required, as on iOS (NSSecureCoding), so that subclasses'
    /// `required init?(coder:)` compiles as written there and can call `super.init(coder:)`.
    public required init?(coder: NSCoder) { return nil }

    /// Sets the animation's property named `key` (`"duration"`, `"fromValue"`, …: CAAnimation+KeyValueCoding.swift),
    /// or stores `value` under any other key (nil removes it), as key-value coding on Core Animation's does.
    open func setValue(_ value: Any?, forKey key: String) {
        if !assignProperty(value, forKey: key) { keyedValues[key] = value }
    }

    /// The property named `key`, or the value stored under another key with `setValue(_:forKey:)`, or nil.
    open func value(forKey key: String) -> Any? {
        if let property = propertyValue(forKey: key) { return property }
        return keyedValues[key]
    }

    /// The copy the layer keeps when the animation is added (later changes to the original don't apply):
    /// an instance of the Core Animation class this is, with its values. `copy()` (NSObject's) calls it.
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = CAAnimation()
        copyTiming(to: c)
        return c
    }

    /// `copy()` as a CAAnimation; nil (logged) when an override of `copy(with:)` returned something else.
    func animationCopy() -> CAAnimation? {
        let made = copy()
        guard let copy = made as? CAAnimation else {
            StrataLog.logger.error("\(type(of: self)).copy(with:) returned a \(type(of: made)), not a CAAnimation: the animation is not added")
            return nil
        }
        return copy
    }

    func copyTiming(to c: CAAnimation) {
        c.beginTime = beginTime; c.duration = duration; c.speed = speed; c.timeOffset = timeOffset
        c.repeatCount = repeatCount; c.repeatDuration = repeatDuration; c.autoreverses = autoreverses
        c.fillMode = fillMode; c.timingFunction = timingFunction; c.isRemovedOnCompletion = isRemovedOnCompletion
        c.delegate = delegate
        c.preferredFrameRateRange = preferredFrameRateRange
        c.keyedValues = keyedValues
    }

    var mediaTiming: MediaTiming {
        var t = MediaTiming()
        t.beginTime = beginTime; t.duration = duration; t.speed = Double(speed); t.timeOffset = timeOffset
        t.repeatCount = repeatCount.isInfinite ? .infinity : Double(repeatCount)
        t.repeatDuration = repeatDuration; t.autoreverses = autoreverses; t.fillMode = fillMode.fillMode
        return t
    }

    /// The core-model description; throws naming what Strata cannot carry.
    func makeSpec() throws -> AnimationSpec {
        throw StrataError.unsupported("\(type(of: self)) (abstract: add a CABasicAnimation, CASpringAnimation, CAKeyframeAnimation or CAAnimationGroup)")
    }
}
