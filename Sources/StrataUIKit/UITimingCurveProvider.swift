/// What a property animator's timing comes from (UIKit's UITimingCurveProvider): a cubic Bézier
/// (`UICubicTimingParameters`) or a spring (`UISpringTimingParameters`). Strata's animators read any
/// conformer through these two properties: the spring when there is one, else the cubic curve; a conformer
/// giving neither is logged as unsupported and animates ease-in-ease-out.
@preconcurrency @MainActor
public protocol UITimingCurveProvider: NSCopying {
    /// The kind of curve the provider describes. Strata's animators do not choose by it (it only appears in the
    /// log for a provider they cannot read): they use `springTimingParameters` when it is non-nil, else
    /// `cubicTimingParameters`.
    var timingCurveType: UITimingCurveType { get }
    /// The cubic curve, used by an animator when `springTimingParameters` is nil; with both nil the animator
    /// logs the provider as unsupported and uses ease-in-ease-out.
    var cubicTimingParameters: UICubicTimingParameters? { get }
    /// The spring; when non-nil an animator uses it, and `cubicTimingParameters` is not read.
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// The kind of a timing curve (UIKit's UITimingCurveType, its raw values).
public enum UITimingCurveType: Int, Sendable {
    /// One of the named curves (`UICubicTimingParameters()` or `init(animationCurve:)`) (raw value 0).
    case builtin = 0
    /// A cubic Bézier with its own control points (raw value 1).
    case cubic = 1
    /// A spring (`UISpringTimingParameters`) (raw value 2).
    case spring = 2
    /// Cubic and spring parameters combined, in UIKit; Strata's classes never report it, and an animator given
    /// a provider with both uses the spring (raw value 3).
    case composed = 3
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1) (UIKit's UICubicTimingParameters), as
/// CAMediaTimingFunction's: a built-in curve (ease-in-ease-out by default) or two control points.
@preconcurrency @MainActor
open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    /// The built-in curve it was made with (`.easeInOut` for control points that are not a built-in's).
    open private(set) var animationCurve: UIView.AnimationCurve
    /// The curve's first control point (for a named curve, Core Animation's: ease-in-ease-out (0.42, 0)).
    open private(set) var controlPoint1: CGPoint
    /// The curve's second control point (for a named curve, Core Animation's: ease-in-ease-out (0.58, 1)).
    open private(set) var controlPoint2: CGPoint
    let isBuiltin: Bool

    /// The ease-in-ease-out curve, as UIKit's default.
    public override init() {
        animationCurve = .easeInOut
        (controlPoint1, controlPoint2) = Self.controlPoints(of: .easeInOut)
        isBuiltin = true
        super.init()
    }

    /// A named curve with Core Animation's control points: `.easeInOut` (0.42, 0)–(0.58, 1), `.easeIn`
    /// (0.42, 0)–(1, 1), `.easeOut` (0, 0)–(0.58, 1), `.linear` (0, 0)–(1, 1).
    public init(animationCurve curve: UIView.AnimationCurve) {
        let points = Self.controlPoints(of: curve)
        animationCurve = curve
        controlPoint1 = points.0
        controlPoint2 = points.1
        isBuiltin = true
        super.init()
    }

    /// A curve from (0, 0) to (1, 1) through two control points, used as given. `animationCurve` names the
    /// built-in curve with the same points, else `.easeInOut`; `timingCurveType` is `.cubic` either way.
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        controlPoint1 = point1
        controlPoint2 = point2
        animationCurve = [UIView.AnimationCurve.easeInOut, .easeIn, .easeOut, .linear]
            .first { Self.controlPoints(of: $0) == (point1, point2) } ?? .easeInOut
        isBuiltin = false
        super.init()
    }

    /// `.builtin` for `init()` and `init(animationCurve:)`, `.cubic` for `init(controlPoint1:controlPoint2:)`.
    open var timingCurveType: UITimingCurveType { isBuiltin ? .builtin : .cubic }
    /// The parameters themselves.
    open var cubicTimingParameters: UICubicTimingParameters? { self }
    /// Always nil: the curve has no spring.
    open var springTimingParameters: UISpringTimingParameters? { nil }

    /// The curve as Core Animation's timing function.
    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: Float(controlPoint1.x), Float(controlPoint1.y),
                              Float(controlPoint2.x), Float(controlPoint2.y))
    }

    nonisolated open func copy(with zone: NSZone? = nil) -> Any { self } // immutable: a copy is itself

    /// Core Animation's control points of the built-in curves.
    static func controlPoints(of curve: UIView.AnimationCurve) -> (CGPoint, CGPoint) {
        switch curve {
        case .easeInOut: (CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1))
        case .easeIn: (CGPoint(x: 0.42, y: 0), CGPoint(x: 1, y: 1))
        case .easeOut: (CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1))
        case .linear: (CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1))
        }
    }
}
