import Foundation
import Logging
import StrataCore
import StrataProtocol

public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    var fillMode: FillMode { FillMode(name: rawValue) ?? .removed }
}

/// Told when an animation starts and stops, on the main queue (the main actor, as UIKit apps' code is).
/// Any class may conform, as on iOS (it need not be `Sendable`); a `@MainActor` class conforms as it is.
public protocol CAAnimationDelegate: AnyObject {
    @MainActor func animationDidStart(_ anim: CAAnimation)
    @MainActor func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    @MainActor public func animationDidStart(_ anim: CAAnimation) {}
    @MainActor public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Abstract base: media timing, timing function, delegate (retained strongly, as in Core Animation). An
/// `NSObject` that copies itself (`NSCopying`), as Core Animation's.
open class CAAnimation: NSObject, NSCopying {
    open var beginTime: CFTimeInterval = 0 { didSet { compiledSpec = nil } }
    open var duration: CFTimeInterval = 0 { didSet { compiledSpec = nil } }
    open var speed: Float = 1 { didSet { compiledSpec = nil } }
    open var timeOffset: CFTimeInterval = 0 { didSet { compiledSpec = nil } }
    open var repeatCount: Float = 0 { didSet { compiledSpec = nil } }
    open var repeatDuration: CFTimeInterval = 0 { didSet { compiledSpec = nil } }
    open var autoreverses = false { didSet { compiledSpec = nil } }
    open var fillMode: CAMediaTimingFillMode = .removed { didSet { compiledSpec = nil } }
    open var timingFunction: CAMediaTimingFunction? { didSet { compiledSpec = nil } }
    open var isRemovedOnCompletion = true { didSet { compiledSpec = nil } }
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
