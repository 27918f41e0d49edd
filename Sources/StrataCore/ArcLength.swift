import Foundation

/// Arc length of a parametric curve piece u ∈ [0, 1] given its speed |dP/du|, and the inverse: shared by
/// keyframe splines and path segments.
enum ArcLength {
    // 8-point Gauss–Legendre nodes and weights on [−1, 1].
    private static let nodes = [-0.9602898564975363, -0.7966664774136267, -0.5255324099163290, -0.1834346424956498,
                                0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363]
    private static let weights = [0.1012285362903763, 0.2223810344533745, 0.3137066458778873, 0.3626837833783620,
                                  0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763]

    /// Length from u = 0 to `u`, integrated over 16 sub-intervals.
    static func length(to u: Double, speed: (Double) -> Double) -> Double {
        var total = 0.0
        for k in 0..<16 {
            let a = u * Double(k) / 16, b = u * Double(k + 1) / 16, half = (b - a) / 2, mid = (a + b) / 2
            for (x, w) in zip(nodes, weights) { total += w * half * speed(mid + half * x) }
        }
        return total
    }

    /// The parameter where the length from 0 reaches `s` (Newton's method inside a bisection bracket).
    static func parameter(atLength s: Double, total: Double, speed: (Double) -> Double) -> Double {
        guard total > 0 else { return 0 }
        if s <= 0 { return 0 }
        if s >= total { return 1 }
        var lo = 0.0, hi = 1.0, u = s / total
        for _ in 0..<50 {
            let err = length(to: u, speed: speed) - s
            if abs(err) < 1e-12 * max(1, total) { break }
            if err > 0 { hi = u } else { lo = u }
            let v = speed(u)
            var next = v > 0 ? u - err / v : (lo + hi) / 2
            if next <= lo || next >= hi { next = (lo + hi) / 2 }
            u = next
        }
        return u
    }
}
