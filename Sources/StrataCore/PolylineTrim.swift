import Foundation

extension Polyline {
    /// The polylines' part from `start` to `end` (fractions of their total length, closing segments
    /// included, clamped to 0…1 with NaN as 0): each kept part as an open polyline (a closed one unrolled
    /// from its first point), a closed one kept whole still closed. The same cuts as `TrimmableStroke`
    /// (a vertex within `TrimmableStroke.snap` of the length from a cut counts as at it), so the stroker's
    /// outline of the result is that stroke's outline: this is the CPU's quicker way to it. Nil when a
    /// polyline is a single point (a dot, which trimming by length cannot place).
    public static func trimmed(_ polylines: [Polyline], start: CGFloat, end: CGFloat) -> [Polyline]? {
        var lines: [(points: [CGPoint], arcs: [Double], closed: Bool)] = []
        var total = 0.0
        for polyline in polylines {
            let cleaned = StrokeSides.cleaned(polyline.points, closed: polyline.closed)
            guard cleaned.count >= 2, let first = cleaned.first else { return nil }
            let p = polyline.closed ? cleaned + [first] : cleaned
            var arcs = [total]
            arcs.reserveCapacity(p.count)
            for k in 1..<p.count { arcs.append(arcs[k - 1] + Double(hypot(p[k].x - p[k - 1].x, p[k].y - p[k - 1].y))) }
            total = arcs[arcs.count - 1]
            lines.append((p, arcs, polyline.closed))
        }
        guard total.isFinite else { return nil }
        func clamp(_ v: CGFloat) -> Double { v.isNaN ? 0 : Double(min(max(v, 0), 1)) }
        let a = clamp(start) * total, b = clamp(end) * total, epsilon = total * TrimmableStroke.snap
        guard a < b else { return [] }
        var out: [Polyline] = []
        for (p, arcs, closed) in lines {
            let from = max(a, arcs[0]), to = min(b, arcs[arcs.count - 1])
            guard from < to else { continue }
            if closed, a <= arcs[0], b >= arcs[arcs.count - 1] {
                out.append(Polyline(points: Array(p.dropLast()), closed: true))
                continue
            }
            // The last segment starting at or before the start cut, and before the end cut (TrimmableStroke.cut).
            func cut(_ arc: Double, fromStart: Bool) -> CGPoint {
                var k = 0
                while k < p.count - 2, fromStart ? arcs[k + 1] <= arc + epsilon : arcs[k + 1] < arc - epsilon { k += 1 }
                let span = arcs[k + 1] - arcs[k]
                let t = span > 0 ? CGFloat(min(max((arc - arcs[k]) / span, 0), 1)) : 0
                return CGPoint(x: p[k].x + (p[k + 1].x - p[k].x) * t, y: p[k].y + (p[k + 1].y - p[k].y) * t)
            }
            var points = [cut(from, fromStart: true)]
            for k in 0..<p.count where arcs[k] > from + epsilon && arcs[k] < to - epsilon { points.append(p[k]) }
            points.append(cut(to, fromStart: false))
            out.append(Polyline(points: points, closed: false))
        }
        return out
    }
}
