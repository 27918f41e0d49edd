import Foundation

/// A Kochanek–Bartels (TCB) cubic Hermite spline through points in Rⁿ, segment i running from point i to
/// i + 1 as u goes 0 → 1. The ends repeat the first and last point. Also its arc length (Gauss–Legendre
/// quadrature) and constant-speed traversal (Newton's method on the arc length).
struct KochanekBartels {
    let points: [[Double]]
    let tension: [Double]?
    let continuity: [Double]?
    let bias: [Double]?
    let rebuild: ([Double]) -> AnimatableValue

    private func p(_ i: Int) -> [Double] { points[max(0, min(points.count - 1, i))] }

    /// Outgoing (at the start of segment i) and incoming (at its end) tangents (the GPU path packs them).
    func tangents(_ i: Int) -> (out: [Double], in: [Double]) {
        func tcb(_ k: Int) -> (Double, Double, Double) {
            (tension?[k] ?? 0, continuity?[k] ?? 0, bias?[k] ?? 0)
        }
        let (t0, c0, b0) = tcb(i), (t1, c1, b1) = tcb(i + 1)
        let p0 = p(i - 1), p1 = p(i), p2 = p(i + 1), p3 = p(i + 2)
        let out = (0..<p1.count).map { k in
            (1 - t0) * (1 + b0) * (1 + c0) / 2 * (p1[k] - p0[k]) + (1 - t0) * (1 - b0) * (1 - c0) / 2 * (p2[k] - p1[k])
        }
        let inn = (0..<p1.count).map { k in
            (1 - t1) * (1 + b1) * (1 - c1) / 2 * (p2[k] - p1[k]) + (1 - t1) * (1 - b1) * (1 + c1) / 2 * (p3[k] - p2[k])
        }
        return (out, inn)
    }

    func point(segment i: Int, at u: Double) -> [Double] {
        let (m0, m1) = tangents(i)
        let a = p(i), b = p(i + 1)
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        return (0..<a.count).map { h00 * a[$0] + h10 * m0[$0] + h01 * b[$0] + h11 * m1[$0] }
    }

    private func speed(segment i: Int, at u: Double) -> Double {
        let (m0, m1) = tangents(i)
        let a = p(i), b = p(i + 1)
        let u2 = u * u
        let d00 = 6 * u2 - 6 * u, d10 = 3 * u2 - 4 * u + 1, d01 = -6 * u2 + 6 * u, d11 = 3 * u2 - 2 * u
        let v = (0..<a.count).map { d00 * a[$0] + d10 * m0[$0] + d01 * b[$0] + d11 * m1[$0] }
        return v.reduce(0) { $0 + $1 * $1 }.squareRoot()
    }

    func value(segment i: Int, at u: Double) -> AnimatableValue { rebuild(point(segment: i, at: u)) }

    /// Arc length of segment i from u = 0 to `u`.
    func length(segment i: Int, to u: Double) -> Double { ArcLength.length(to: u) { speed(segment: i, at: $0) } }

    /// The value at fraction `f` of the whole spline's arc length.
    func value(atArcFraction f: Double) -> AnimatableValue {
        let segments = points.count - 1
        let lengths = (0..<segments).map { length(segment: $0, to: 1) }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return rebuild(points[0]) }
        var target = min(max(f, 0), 1) * total
        var i = 0
        while i < segments - 1, target > lengths[i] { target -= lengths[i]; i += 1 }
        let u = ArcLength.parameter(atLength: target, total: lengths[i]) { speed(segment: i, at: $0) }
        return value(segment: i, at: u)
    }
}
