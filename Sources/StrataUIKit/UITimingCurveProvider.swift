/// What a property animator's timing comes from (UIKit's UITimingCurveProvider): a cubic Bézier
/// (`UICubicTimingParameters`) or a spring (`UISpringTimingParameters`). Strata's animators read only
/// these two classes; another conformer is logged as unsupported and animates ease-in-ease-out.
@preconcurrency @MainActor
public protocol UITimingCurveProvider: NSCopying {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// The kind of a timing curve (UIKit's UITimingCurveType, its raw values).
public enum UITimingCurveType: Int, Sendable {
    case builtin = 0, cubic = 1, spring = 2, composed = 3
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1) (UIKit's UICubicTimingParameters), as
/// CAMediaTimingFunction's: a built-in curve (ease-in-ease-out by default) or two control points.
@preconcurrency @MainActor
open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    /// The built-in curve it was made with (`.easeInOut` for control points that are not a built-in's).
    open private(set) var animationCurve: UIView.AnimationCurve
    open private(set) var controlPoint1: CGPoint
    open private(set) var controlPoint2: CGPoint
    let isBuiltin: Bool

    /// The ease-in-ease-out curve, as UIKit's default.
    public override init() {
        animationCurve = .easeInOut
        (controlPoint1, controlPoint2) = Self.controlPoints(of: .easeInOut)
        isBuiltin = true
        super.init()
    }

    public init(animationCurve curve: UIView.AnimationCurve) {
        let points = Self.controlPoints(of: curve)
        animationCurve = curve
        controlPoint1 = points.0
        controlPoint2 = points.1
        isBuiltin = true
        super.init()
    }

    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        controlPoint1 = point1
        controlPoint2 = point2
        animationCurve = [UIView.AnimationCurve.easeInOut, .easeIn, .easeOut, .linear]
            .first { Self.controlPoints(of: $0) == (point1, point2) } ?? .easeInOut
        isBuiltin = false
        super.init()
    }

    open var timingCurveType: UITimingCurveType { isBuiltin ? .builtin : .cubic }
    open var cubicTimingParameters: UICubicTimingParameters? { self }
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
