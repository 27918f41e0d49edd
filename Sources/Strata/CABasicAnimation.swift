import Foundation
import Logging
import StrataCore
import StrataProtocol

/// Abstract: an animation of one key path.
open class CAPropertyAnimation: CAAnimation {
    /// The layer property animated: a key path such as `"position"`, `"transform.rotation.z"` or
    /// `"shadowOffset.width"`, or a layer subclass's custom key (evaluated on the client). A key path that is
    /// nil or cannot animate is logged when the animation is added, and the animation is not added.
    open var keyPath: String? { didSet { compiledSpec = nil } }
    /// Whether the animated value is added to the value beneath the animation instead of replacing it
    /// (default false); for a `transform` the animated matrix is applied before the one beneath.
    open var isAdditive = false { didSet { compiledSpec = nil } }
    /// Whether each repeat starts where the previous one ended (default false): repeat n adds n × (end − start);
    /// for a `transform` the change is applied n times.
    open var isCumulative = false { didSet { compiledSpec = nil } }
    /// Turns the animation's values into the whole `transform` (or `sublayerTransform`): the values are the
    /// function's inputs (an angle, a scale, a translation, or three of them), interpolated, and the function
    /// builds the matrix (default nil). Logged and not added on a custom key.
    open var valueFunction: CAValueFunction? { didSet { compiledSpec = nil } }
    /// Strata's own, for StrataUIKit (`AnimationSpec.valueStep`): values presented are rounded to multiples
    /// of it (0: not rounded). A scroll view's offset moves on the device pixel grid, as UIKit's does.
    package var valueStep: CGFloat = 0 { didSet { compiledSpec = nil } }

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
    /// The value at the start (default nil). With `toValue` alone nil, the animation runs to the value beneath
    /// it; with `byValue`, to `fromValue` + `byValue`. A value of the wrong type for the key path is logged
    /// when the animation is added, and the animation is not added.
    open var fromValue: Any? { didSet { compiledSpec = nil } }
    /// The value at the end (default nil). With `fromValue` nil, the animation starts from the value beneath it,
    /// or from `toValue` − `byValue` when `byValue` is set.
    open var toValue: Any? { didSet { compiledSpec = nil } }
    /// The change over the animation (default nil): used with `fromValue` or `toValue` when the other is nil,
    /// or alone, from the value beneath to that value + `byValue`. Ignored when both of the others are set.
    open var byValue: Any? { didSet { compiledSpec = nil } }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let c = CABasicAnimation(keyPath: keyPath)
        copyBasic(to: c)
        c.compiledSpec = compiledSpec
        return c
    }

    func copyBasic(to c: CABasicAnimation) {
        copyTiming(to: c)
        c.isAdditive = isAdditive; c.isCumulative = isCumulative; c.valueFunction = valueFunction; c.valueStep = valueStep
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
            valueFunction: try resolvedValueFunction(), valueStep: Double(valueStep))
        try spec.validate()
        return spec
    }
}

/// A basic animation whose progress follows a damped spring (closed form, see StrataCore.Spring):
/// `mass` (> 0), `stiffness` (> 0), `damping` (≥ 0), `initialVelocity` (1 = the whole distance per second,
/// towards the end). The spring runs in seconds within `duration`; set `duration = settlingDuration` to
/// let it come to rest.
open class CASpringAnimation: CABasicAnimation {
    /// The mass on the spring (default 1); must be > 0, else the animation is logged and not added.
    open var mass: CGFloat = 1
    /// The spring constant (default 100); must be > 0, else the animation is logged and not added.
    open var stiffness: CGFloat = 100
    /// The friction (default 10); must be ≥ 0 (0 oscillates for ever), else the animation is logged and not added.
    open var damping: CGFloat = 10
    /// The speed at the start, towards the end value, in distances per second: 1 covers the whole distance
    /// from start to end per second (default 0; negative moves away first).
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
