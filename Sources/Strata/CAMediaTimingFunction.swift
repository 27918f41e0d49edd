import Foundation
import StrataCore

public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
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
