import Foundation
import Logging
import StrataCore
import StrataProtocol

/// Runs several animations together on one layer. Children are timed in the group's local time
/// (their beginTime is relative to the group's start) and clipped to the group's duration; their
/// delegates and `isRemovedOnCompletion` are ignored.
open class CAAnimationGroup: CAAnimation {
    /// The animations run together (default nil: none), copied with the group when it is added. Each runs in
    /// the group's local time: its `beginTime` counts from the group's start, and a child whose `duration` is 0
    /// runs for the group's duration. A child Strata cannot carry keeps the whole group from being added;
    /// groups nest up to 8 deep.
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

/// How a `CAKeyframeAnimation` moves between its keyframes, by Core Animation's names (`"linear"`,
/// `"cubicPaced"`, …). An animation with a raw value Strata does not know is logged and not added.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight interpolation between consecutive values, segment i over `keyTimes[i]…keyTimes[i+1]` (evenly
    /// spaced without key times), shaped by `timingFunctions[i]` (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// No interpolation: value i holds from `keyTimes[i]` until the next key time (n or n + 1 key times for
    /// n values); timing functions are not used.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Linear interpolation at constant speed: key times are derived from the distances between the values
    /// (given key times and timing functions are ignored).
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A Kochanek–Bartels spline through the values (Catmull-Rom with the default tension, continuity and bias
    /// of 0), each segment over its key-time interval. Numbers, points, sizes, rects and colours only: a
    /// transform or Bool keyframe animation of more than one value in this mode is logged and not added.
    /// Along a `path` it moves as `linear` (Strata's choice). See <doc:Status#Classes-and-protocols>.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// The `cubic` spline traversed at constant speed along its arc length (key times and timing functions are
    /// ignored); the same value kinds as `cubic`.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether a layer following a `CAKeyframeAnimation`'s `path` turns with it, by Core Animation's names
/// (`"auto"`, `"autoReverse"`). An animation with a raw value Strata does not know is logged and not added.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Turns the presented layer about z to the path's tangent, applied before its `transform`.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// Turns the presented layer about z to the path's tangent plus π (facing backwards along the path).
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// Animates a key path through `values`, or a point key path along `path` (which wins when both are set);
/// see StrataCore.Keyframes and docs/animation.md for each calculation mode.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// A path for a point key path (`position`, `anchorPoint`) to follow, each line or curve a segment; wins
    /// over `values` when both are set (default nil). Copied with the animation. Set on a non-point key path,
    /// or empty of lines and curves, the animation is logged and not added.
    open var path: CGPath?
    /// Whether the layer turns to follow `path`'s direction (default nil: it does not turn). Set without a
    /// `path`, the animation is logged and not added.
    open var rotationMode: CAAnimationRotationMode?
    /// The keyframe values, each of the key path's type (wrapped values such as `NSValue(cgPoint:)` and
    /// `NSNumber` accepted); ignored when `path` is set. At least one is needed, and a value of the wrong type
    /// is logged when the animation is added, and the animation is not added.
    open var values: [Any]?
    /// When each keyframe is reached, as fractions 0…1 of the duration, non-decreasing: one per value (or one
    /// more in `discrete` mode), one per vertex of a `path` (default nil: evenly spaced). Key times that do not
    /// fit are ignored (even spacing), as Core Animation ignores them; the paced modes ignore them anyway.
    open var keyTimes: [NSNumber]?
    /// The pacing of each segment between keyframes, inside the animation's own `timingFunction` (default nil:
    /// linear). Segments past the end of a shorter list are linear and extra entries unused, as Core Animation
    /// accepts them; `discrete` and the paced modes do not use them.
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How the values are interpolated and paced between keyframes (default `.linear`).
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// The spline's tension at each keyframe in the `cubic` modes (default nil: 0 each, Catmull-Rom); positive
    /// tightens the curve. Needs one finite number per value, else the animation is logged and not added.
    open var tensionValues: [NSNumber]?
    /// The spline's continuity at each keyframe in the `cubic` modes (default nil: 0 each); non-zero makes
    /// corners. Needs one finite number per value, else the animation is logged and not added.
    open var continuityValues: [NSNumber]?
    /// The spline's bias at each keyframe in the `cubic` modes (default nil: 0 each); it leans the curve
    /// before or after the keyframe. Needs one finite number per value, else the animation is logged and not added.
    open var biasValues: [NSNumber]?

    open override func copy(with zone: NSZone? = nil) -> Any {
        let c = CAKeyframeAnimation(keyPath: keyPath)
        copyTiming(to: c)
        c.isAdditive = isAdditive; c.isCumulative = isCumulative; c.valueFunction = valueFunction; c.valueStep = valueStep
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
                                 valueFunction: try resolvedValueFunction(), valueStep: Double(valueStep))
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
