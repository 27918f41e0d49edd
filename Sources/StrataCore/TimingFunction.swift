import Foundation

/// A cubic Bézier from (0,0) through c1, c2 to (1,1) mapping normalised time to normalised progress
/// (CAMediaTimingFunction). Evaluation solves x(s) = t for the curve parameter s exactly to double
/// precision (Newton's method, falling back to bisection), then returns y(s).
public struct TimingFunction: Hashable, Sendable {
    public var c1x: Double, c1y: Double, c2x: Double, c2y: Double

    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
    }

    // Apple's control points for the named functions.
    public static let linear = TimingFunction(0, 0, 1, 1)
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// The Core Animation names (`kCAMediaTimingFunction…` values), as used in scene files.
    public static let named: [String: TimingFunction] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut,
        "easeInEaseOut": .easeInEaseOut, "default": .default,
    ]

    public var isLinear: Bool { c1x == c1y && c2x == c2y }

    private static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        // B(s) = 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The curve parameter s with x(s) = x.
    public func parameter(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var s = x
        for _ in 0..<8 {
            let err = Self.bezier(s, c1x, c2x) - x
            if abs(err) < 1e-14 { return s }
            let d = Self.derivative(s, c1x, c2x)
            if abs(d) < 1e-9 { break }
            let next = s - err / d
            if next < 0 || next > 1 { break }
            s = next
        }
        // Bisection: x(s) is monotonic for control x in [0, 1].
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<64 {
            let v = Self.bezier(s, c1x, c2x)
            if abs(v - x) < 1e-15 { return s }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// Progress at normalised time `t` (clamped to 0…1 outside the curve's domain).
    public func progress(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        if isLinear { return t }
        return Self.bezier(parameter(forX: t), c1y, c2y)
    }
}
