import Foundation

/// A Kochanek–Bartels (TCB) cubic Hermite spline through points of up to four components, segment i
/// running from point i to i + 1 as u goes 0 → 1. The ends repeat the first and last point. Also its arc
/// length (Gauss–Legendre quadrature) and constant-speed traversal (Newton's method on the arc length).
/// The tangents are worked out once, when it is made, and the segments' lengths too when asked
/// (`measured`): evaluating it allocates nothing.
struct KochanekBartels: Sendable {
    let points: [SIMD4<Double>]
    /// Each segment's outgoing (at its start) and incoming (at its end) tangent.
    let outgoing: [SIMD4<Double>]
    let incoming: [SIMD4<Double>]
    /// Each segment's arc length (empty unless made `measured`).
    let lengths: [Double]
    let total: Double

    init(points: [SIMD4<Double>], tension: [Double]?, continuity: [Double]?, bias: [Double]?, measured: Bool = false) {
        self.points = points
        func p(_ i: Int) -> SIMD4<Double> { points[max(0, min(points.count - 1, i))] }
        func tcb(_ k: Int) -> (Double, Double, Double) { (tension?[k] ?? 0, continuity?[k] ?? 0, bias?[k] ?? 0) }
        var outgoing: [SIMD4<Double>] = [], incoming: [SIMD4<Double>] = []
        for i in 0..<max(0, points.count - 1) {
            let (t0, c0, b0) = tcb(i), (t1, c1, b1) = tcb(i + 1)
            let p0 = p(i - 1), p1 = p(i), p2 = p(i + 1), p3 = p(i + 2)
            outgoing.append((1 - t0) * (1 + b0) * (1 + c0) / 2 * (p1 - p0) + (1 - t0) * (1 - b0) * (1 - c0) / 2 * (p2 - p1))
            incoming.append((1 - t1) * (1 + b1) * (1 - c1) / 2 * (p2 - p1) + (1 - t1) * (1 - b1) * (1 + c1) / 2 * (p3 - p2))
        }
        self.outgoing = outgoing
        self.incoming = incoming
        if measured {
            var lengths: [Double] = []
            for i in 0..<outgoing.count {
                lengths.append(ArcLength.length(to: 1) { [points, outgoing, incoming] u in
                    Self.speed(points[i], points[i + 1], outgoing[i], incoming[i], at: u)
                })
            }
            self.lengths = lengths
        } else {
            lengths = []
        }
        total = lengths.reduce(0, +)
    }

    /// Outgoing (at the start of segment i) and incoming (at its end) tangents (the GPU path packs them).
    func tangents(_ i: Int) -> (out: SIMD4<Double>, in: SIMD4<Double>) { (outgoing[i], incoming[i]) }

    func point(segment i: Int, at u: Double) -> SIMD4<Double> {
        let a = points[i], b = points[i + 1]
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        return h00 * a + h10 * outgoing[i] + h01 * b + h11 * incoming[i]
    }

    private static func speed(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ m0: SIMD4<Double>, _ m1: SIMD4<Double>, at u: Double) -> Double {
        let u2 = u * u
        let d00 = 6 * u2 - 6 * u, d10 = 3 * u2 - 4 * u + 1, d01 = -6 * u2 + 6 * u, d11 = 3 * u2 - 2 * u
        let v = d00 * a + d10 * m0 + d01 * b + d11 * m1
        return (v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w).squareRoot()
    }

    private func speed(segment i: Int, at u: Double) -> Double {
        Self.speed(points[i], points[i + 1], outgoing[i], incoming[i], at: u)
    }

    /// The point at fraction `f` of the whole spline's arc length (made `measured`).
    func point(atArcFraction f: Double) -> SIMD4<Double> {
        guard total > 0 else { return points[0] }
        var target = min(max(f, 0), 1) * total
        var i = 0
        while i < lengths.count - 1, target > lengths[i] { target -= lengths[i]; i += 1 }
        let u = ArcLength.parameter(atLength: target, total: lengths[i]) { speed(segment: i, at: $0) }
        return point(segment: i, at: u)
    }
}
