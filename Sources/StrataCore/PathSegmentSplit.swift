import Foundation

/// Exact pieces of a segment (de Casteljau subdivision), for trimming and dashing by arc length.
extension PathSegment {
    /// The two halves at parameter `u`: the same curve, each of the same degree.
    public func split(at u: Double) -> (PathSegment, PathSegment) {
        let t = CGFloat(u), s = 1 - t
        var level = points, left = [points[0]], right = [points[points.count - 1]]
        while level.count > 1 {
            level = zip(level, level.dropFirst()).map { a, b in CGPoint(x: s * a.x + t * b.x, y: s * a.y + t * b.y) }
            left.append(level[0])
            right.append(level[level.count - 1])
        }
        return (PathSegment(points: left), PathSegment(points: right.reversed()))
    }

    /// The piece between parameters `u0` and `u1` (0 ≤ u0 ≤ u1 ≤ 1).
    public func portion(from u0: Double, to u1: Double) -> PathSegment {
        let head = u1 >= 1 ? self : split(at: u1).0
        guard u0 > 0 else { return head }
        guard u1 > 0 else { return PathSegment(points: Array(repeating: points[0], count: points.count)) }
        return head.split(at: min(u0 / u1, 1)).1
    }

    /// The piece between arc lengths `s0` and `s1` from the start, given the segment's `length`.
    func portion(fromLength s0: Double, toLength s1: Double, length: Double) -> PathSegment {
        if s0 <= 0, s1 >= length { return self }
        // A line's parameter is proportional to length: no need to invert the quadrature (dashing may cut
        // a line 100 000 times).
        func u(_ s: Double) -> Double { s <= 0 ? 0 : s >= length ? 1 : points.count == 2 ? s / length : parameter(atLength: s) }
        return portion(from: u(s0), to: u(s1))
    }

    /// The path element that draws this segment from its start point.
    var element: Path.Element {
        switch points.count {
        case 2: .line(points[1])
        case 3: .quad(control: points[1], to: points[2])
        default: .cubic(control1: points[1], control2: points[2], to: points[3])
        }
    }

    /// The first and last points.
    var start: CGPoint { points[0] }
    var end: CGPoint { points[points.count - 1] }

    /// Whether every point (controls included) is finite.
    var isFinite: Bool { points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
}
