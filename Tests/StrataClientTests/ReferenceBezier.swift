import Foundation

/// An independent cubic-Bézier timing solver for expectations: plain bisection on x(s), 200 steps.
enum ReferenceBezier {
    static func progress(_ t: Double, _ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) -> Double {
        func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if b(mid, c1x, c2x) < t { lo = mid } else { hi = mid }
        }
        return b((lo + hi) / 2, c1y, c2y)
    }

    static func easeInEaseOut(_ t: Double) -> Double { progress(t, 0.42, 0, 0.58, 1) }
    static func defaultCurve(_ t: Double) -> Double { progress(t, 0.25, 0.1, 0.25, 1) }
}
