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

/// Abstract: an animation of one key path.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    public static let scale = CAValueFunctionName(rawValue: "scale")
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    public static let translate = CAValueFunctionName(rawValue: "translate")
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Builds a transform from an animation's scalar or [x, y, z] values (e.g. rotateZ from angles, so a
/// `transform` animation from 0 to 2π turns once).
open class CAValueFunction: NSObject, @unchecked Sendable {
    public let name: CAValueFunctionName
    let function: ValueFunction

    /// nil for a name Core Animation does not define (as Core Animation's), logged as "unsupported: value
    /// function …".
    public convenience init?(name: CAValueFunctionName) {
        guard let function = ValueFunction(rawValue: name.rawValue) else {
            StrataLog.logger.error("unsupported: value function \(name.rawValue)")
            return nil
        }
        self.init(name: name, function: function)
    }

    init(name: CAValueFunctionName, function: ValueFunction) {
        self.name = name
        self.function = function
        super.init()
    }
}

open class CAPropertyAnimation: CAAnimation {
    open var keyPath: String? { didSet { compiledSpec = nil } }
    open var isAdditive = false { didSet { compiledSpec = nil } }
    open var isCumulative = false { didSet { compiledSpec = nil } }
    open var valueFunction: CAValueFunction? { didSet { compiledSpec = nil } }

    func resolvedValueFunction() throws -> ValueFunction? {
        valueFunction?.function
    }

    /// The kind of this animation's values: the value function's input, else the key path's.
    /// Rejects a key path that cannot animate first: then its values are not what is wrong.
    func valueKind(_ kp: LayerKeyPath) throws -> ValueKind {
        guard kp.isAnimatable else { throw StrataError.unsupported("animation of \(kp)") }
        return try resolvedValueFunction()?.inputKind ?? kp.kind
    }

    /// The key path when it names a custom key (a layer subclass's own property, evaluated on the client).
    var customKey: String? { keyPath.flatMap { CALayer.isCustomKey($0) ? $0 : nil } }

    /// A custom key's value, of whatever interpolable kind it is.
    func customValue(_ v: Any?, _ name: String) throws -> AnimatableValue? {
        guard let v else { return nil }
        guard valueFunction == nil else { throw StrataError.unsupported("value function on custom key \(keyPath ?? "")") }
        guard let value = ValueConversion.infer(v) else {
            throw StrataError.invalidValue(key: "\(keyPath ?? "").\(name)", expected: "a number, CGPoint, CGSize, CGRect, CATransform3D, CGColor, CGPath or Bool")
        }
        return value
    }

    /// A convenience, as Core Animation's: subclasses that override `init()` (and `init?(coder:)`) inherit it.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }
}

/// Interpolates a key path between fromValue, toValue and byValue (any one or two of them).
/// Values: numbers (Double/Float/CGFloat/Int/NSNumber), CGPoint, CGSize, CGRect, CATransform3D, CGColor, Bool.
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any? { didSet { compiledSpec = nil } }
    open var toValue: Any? { didSet { compiledSpec = nil } }
    open var byValue: Any? { didSet { compiledSpec = nil } }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let c = CABasicAnimation(keyPath: keyPath)
        copyBasic(to: c)
        c.compiledSpec = compiledSpec
        return c
    }

    func copyBasic(to c: CABasicAnimation) {
        copyTiming(to: c)
        c.isAdditive = isAdditive; c.isCumulative = isCumulative; c.valueFunction = valueFunction
        c.fromValue = fromValue; c.toValue = toValue; c.byValue = byValue
    }

    override func makeSpec() throws -> AnimationSpec {
        guard let keyPath else { throw StrataError.unsupported("CABasicAnimation without a keyPath") }
        if customKey != nil {
            let spec = AnimationSpec(
                keyPath: nil,
                kind: .basic(from: try customValue(fromValue, "fromValue"), to: try customValue(toValue, "toValue"),
                             by: try customValue(byValue, "byValue")),
                timing: mediaTiming, timingFunction: timingFunction?.function,
                isRemovedOnCompletion: isRemovedOnCompletion, isAdditive: isAdditive, isCumulative: isCumulative)
            try spec.validate()
            return spec
        }
        let kp = try LayerKeyPath(parsing: keyPath)
        let kind = try valueKind(kp)
        let spec = AnimationSpec(
            keyPath: kp,
            kind: .basic(from: try ValueConversion.value(fromValue, kind: kind, key: "\(kp).fromValue"),
                         to: try ValueConversion.value(toValue, kind: kind, key: "\(kp).toValue"),
                         by: try ValueConversion.value(byValue, kind: kind, key: "\(kp).byValue")),
            timing: mediaTiming, timingFunction: timingFunction?.function,
            isRemovedOnCompletion: isRemovedOnCompletion, isAdditive: isAdditive, isCumulative: isCumulative,
            valueFunction: try resolvedValueFunction())
        try spec.validate()
        return spec
    }
}

/// A basic animation whose progress follows a damped spring (closed form, see StrataCore.Spring):
/// `mass` (> 0), `stiffness` (> 0), `damping` (≥ 0), `initialVelocity` (1 = the whole distance per second,
/// towards the end). The spring runs in seconds within `duration`; set `duration = settlingDuration` to
/// let it come to rest.
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0

    var spring: Spring {
        Spring(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping), initialVelocity: Double(initialVelocity))
    }

    /// When the spring is at rest: the displacement stays within 0.1 % of the distance from then on
    /// (Strata's estimate; Core Animation does not document its own).
    open var settlingDuration: CFTimeInterval { spring.settlingDuration }

    /// A spring described by how long it feels and how much it overshoots (iOS 17), as SwiftUI's
    /// `Spring(duration:bounce:)`: mass 1, stiffness (2π ÷ duration)², and damping 2ζ√stiffness with the
    /// damping ratio ζ = 1 − bounce (bounce 0…1: critically damped to undamped) or 1 ÷ (1 + bounce) (bounce
    /// −1…0: overdamped). Non-finite or non-positive durations are logged and give the default spring.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        guard perceptualDuration.isFinite, perceptualDuration > 0, bounce.isFinite, bounce > -1 else {
            StrataLog.logger.error("CASpringAnimation(perceptualDuration: \(perceptualDuration), bounce: \(bounce)) rejected: the duration must be > 0 and the bounce > −1")
            return
        }
        let omega = 2 * Double.pi / perceptualDuration
        let ratio = bounce >= 0 ? 1 - Double(bounce) : 1 / (1 + Double(bounce))
        mass = 1
        stiffness = CGFloat(omega * omega)
        damping = CGFloat(2 * ratio * omega)
    }

    /// The period of the undamped spring, 2π√(mass ÷ stiffness): the perceptual duration it was made with.
    open var perceptualDuration: CFTimeInterval { 2 * Double.pi * (Double(mass) / Double(stiffness)).squareRoot() }

    /// How bouncy the spring is (−1…1), from its damping ratio ζ = damping ÷ 2√(mass × stiffness): 1 − ζ when
    /// ζ ≤ 1, else 1 ÷ ζ − 1.
    open var bounce: CGFloat {
        let ratio = Double(damping) / (2 * (Double(mass) * Double(stiffness)).squareRoot())
        return CGFloat(ratio <= 1 ? 1 - ratio : 1 / ratio - 1)
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let c = CASpringAnimation(keyPath: keyPath)
        copyBasic(to: c)
        c.mass = mass; c.stiffness = stiffness; c.damping = damping; c.initialVelocity = initialVelocity
        return c
    }

    override func makeSpec() throws -> AnimationSpec {
        var spec = try super.makeSpec()
        let (from, to, by) = spec.kind.endpoints
        spec.kind = .spring(from: from, to: to, by: by, spring)
        try spec.validate()
        return spec
    }
}

/// Runs several animations together on one layer. Children are timed in the group's local time
/// (their beginTime is relative to the group's start) and clipped to the group's duration; their
/// delegates and `isRemovedOnCompletion` are ignored.
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    open override func copy(with zone: NSZone? = nil) -> Any {
        let c = CAAnimationGroup()
        copyTiming(to: c)
        c.animations = animations?.compactMap { $0.animationCopy() }
        return c
    }

    override func makeSpec() throws -> AnimationSpec {
        let children = try (animations ?? []).map { try $0.makeSpec() }
        let spec = AnimationSpec(keyPath: nil, kind: .group(children), timing: mediaTiming,
                                 timingFunction: timingFunction?.function, isRemovedOnCompletion: isRemovedOnCompletion)
        try spec.validate()
        return spec
    }
}

public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// Animates a key path through `values`, or a point key path along `path` (which wins when both are set);
/// see StrataCore.Keyframes and docs/animation.md for each calculation mode.
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var path: CGPath?
    open var rotationMode: CAAnimationRotationMode?
    open var values: [Any]?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?

    open override func copy(with zone: NSZone? = nil) -> Any {
        let c = CAKeyframeAnimation(keyPath: keyPath)
        copyTiming(to: c)
        c.isAdditive = isAdditive; c.isCumulative = isCumulative; c.valueFunction = valueFunction
        c.path = path?.copy(); c.rotationMode = rotationMode
        c.values = values; c.keyTimes = keyTimes; c.timingFunctions = timingFunctions
        c.calculationMode = calculationMode
        c.tensionValues = tensionValues; c.continuityValues = continuityValues; c.biasValues = biasValues
        return c
    }

    override func makeSpec() throws -> AnimationSpec {
        guard let keyPath else { throw StrataError.unsupported("CAKeyframeAnimation without a keyPath") }
        let kp: LayerKeyPath? = customKey != nil ? nil : try LayerKeyPath(parsing: keyPath)
        guard let mode = Keyframes.Mode(rawValue: calculationMode.rawValue) else {
            throw StrataError.unsupported("calculation mode \(calculationMode.rawValue)")
        }
        let converted = try (values ?? []).enumerated().map { i, v in
            guard let kp else {
                guard let value = try customValue(v, "values[\(i)]") else { throw StrataError.invalidValue(key: "\(keyPath).values[\(i)]", expected: "a value") }
                return value
            }
            let valueKind = try valueKind(kp)
            guard let value = ValueConversion.convert(v, kind: valueKind) else {
                throw StrataError.invalidValue(key: "\(kp).values[\(i)]", expected: ValueConversion.accepted(valueKind))
            }
            return value
        }
        // Key times that do not fit are ignored, as Core Animation ignores them (docs/status.md, Leniency).
        let times = Keyframes.usable(keyTimes?.map(\.doubleValue), mode: mode, values: converted.count,
                                     pathSegments: path.map { $0.path.segments.count })
        let frames = Keyframes(values: converted, keyTimes: times,
                               timingFunctions: timingFunctions?.map(\.function), mode: mode,
                               tension: tensionValues?.map(\.doubleValue), continuity: continuityValues?.map(\.doubleValue),
                               bias: biasValues?.map(\.doubleValue), path: path?.path,
                               rotationMode: try rotationMode.map { m in
                                   guard let r = Keyframes.RotationMode(rawValue: m.rawValue) else { throw StrataError.unsupported("rotation mode \(m.rawValue)") }
                                   return r
                               })
        let spec = AnimationSpec(keyPath: kp, kind: .keyframe(frames), timing: mediaTiming, timingFunction: timingFunction?.function,
                                 isRemovedOnCompletion: isRemovedOnCompletion, isAdditive: isAdditive, isCumulative: isCumulative,
                                 valueFunction: try resolvedValueFunction())
        try spec.validate()
        return spec
    }
}

extension AnimationSpec {
    /// What in this animation the render server would refuse, ending the session for it: a value that is
    /// not finite (a NaN point in a path, say), a timing function with a control point that is not finite
    /// or an x outside 0…1, or more keyframes or path elements than the wire carries
    /// (`WireFormat.maxListCount`). `add(_:forKey:)` refuses such an animation instead, naming what is wrong.
    func unsendable() -> StrataError? {
        let most = WireFormat.maxListCount
        func tooLong(_ v: AnimatableValue?) -> Bool {
            if case let .path(p?) = v { return p.elements.count > most }
            return false
        }
        func badCurve(_ f: TimingFunction) -> Bool {
            ![f.c1x, f.c1y, f.c2x, f.c2y].allSatisfy(\.isFinite) || !(0...1).contains(f.c1x) || !(0...1).contains(f.c2x)
        }
        let curveShape = "control points that are finite, with x in 0…1"
        let name: String
        switch kind {
        case .group: name = "CAAnimationGroup"
        case .transition: name = "CATransition"
        default: name = keyPath.map { "\($0)" } ?? "custom key"
        }
        if let f = timingFunction, badCurve(f) { return .invalidValue(key: "\(name).timingFunction", expected: curveShape) }
        switch kind {
        case let .basic(from, to, by), let .spring(from, to, by, _):
            for (field, v) in [("fromValue", from), ("toValue", to), ("byValue", by)] {
                if v?.isFinite == false { return .invalidValue(key: "\(name).\(field)", expected: "a finite value") }
                if tooLong(v) { return .invalidValue(key: "\(name).\(field)", expected: "a path of at most \(most) elements") }
            }
        case let .keyframe(frames):
            if frames.values.count > most || (frames.keyTimes?.count ?? 0) > most {
                return .invalidValue(key: "\(name).values", expected: "at most \(most) keyframes")
            }
            if let i = frames.values.firstIndex(where: tooLong) {
                return .invalidValue(key: "\(name).values[\(i)]", expected: "a path of at most \(most) elements")
            }
            if let path = frames.path, path.elements.count > most {
                return .invalidValue(key: "\(name).path", expected: "a path of at most \(most) elements")
            }
            if let i = frames.values.firstIndex(where: { !$0.isFinite }) {
                return .invalidValue(key: "\(name).values[\(i)]", expected: "a finite value")
            }
            if let path = frames.path, !AnimatableValue.path(path).isFinite {
                return .invalidValue(key: "\(name).path", expected: "finite points")
            }
            if let i = frames.timingFunctions?.firstIndex(where: badCurve) {
                return .invalidValue(key: "\(name).timingFunctions[\(i)]", expected: curveShape)
            }
        case let .group(children):
            return children.lazy.compactMap { $0.unsendable() }.first
        case .transition:
            break
        }
        return nil
    }
}
