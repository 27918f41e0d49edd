import Foundation

/// An independent cubic-Bézier timing solver for expectations (the tests' own, not the library's
/// `TimingFunction`): plain bisection on x(s), 200 steps, then y at that s.
public enum ReferenceBezier {
    /// The curve through (0, 0), (c1x, c1y), (c2x, c2y), (1, 1): its y where x is `t` (0 and 1 outside 0…1).
    public static func progress(_ t: Double, _ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if coordinate(mid, c1x, c2x) < t { lo = mid } else { hi = mid }
        }
        return coordinate((lo + hi) / 2, c1y, c2y)
    }

    /// One coordinate of the curve at parameter `s` (Bernstein form with P0 = 0, P3 = 1).
    public static func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    public static func easeInEaseOut(_ t: Double) -> Double { progress(t, 0.42, 0, 0.58, 1) }
    public static func defaultCurve(_ t: Double) -> Double { progress(t, 0.25, 0.1, 0.25, 1) }
}
