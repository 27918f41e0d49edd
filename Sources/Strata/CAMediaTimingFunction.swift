import Foundation
import StrataCore

/// The names of Core Animation's predefined timing curves, for `CAMediaTimingFunction(name:)`.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Constant speed: control points (0, 0) and (1, 1).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Starts slowly, then speeds up: control points (0.42, 0) and (1, 1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Starts quickly, then slows down: control points (0, 0) and (0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Slow at both ends: control points (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// Core Animation's default curve, a gentle ease: control points (0.25, 0.1) and (0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A cubic Bézier timing curve from (0,0) to (1,1), solved exactly.
open class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    let function: TimingFunction

    /// One of the five named functions. A name Core Animation does not define logs
    /// "unsupported: timing function name …" and gives the linear function.
    public convenience init(name: CAMediaTimingFunctionName) {
        if let f = TimingFunction.named[name.rawValue] {
            self.init(f)
        } else {
            StrataLog.logger.error("unsupported: timing function name \(name.rawValue) (using linear)")
            self.init(.linear)
        }
    }

    /// A cubic Bézier from (0, 0) to (1, 1) with control points (`c1x`, `c1y`) and (`c2x`, `c2y`), solved to
    /// double precision; y values outside 0…1 overshoot. An animation using a curve whose x values lie outside
    /// 0…1, or with a value that is not finite, is logged when added, and not added.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        function = TimingFunction(Double(c1x), Double(c1y), Double(c2x), Double(c2y))
        super.init()
    }

    init(_ function: TimingFunction) {
        self.function = function
        super.init()
    }

    /// Control point `index` (0…3): (0,0), c1, c2, (1,1).
    open func getControlPoint(at index: Int, values ptr: UnsafeMutablePointer<Float>) {
        let points: [(Double, Double)] = [(0, 0), (function.c1x, function.c1y), (function.c2x, function.c2y), (1, 1)]
        guard (0..<4).contains(index) else { return }
        ptr[0] = Float(points[index].0)
        ptr[1] = Float(points[index].1)
    }

    /// Progress at normalised time `t` (Strata addition for inspection and tests).
    public func progress(at t: Double) -> Double { function.progress(at: t) }
}
