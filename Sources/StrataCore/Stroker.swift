import Foundation

/// The shape of a stroke: what CAShapeLayer's and CGContext's line settings give the outline.
public struct StrokeGeometry: Sendable, Hashable {
    public var lineWidth: CGFloat
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// The longest miter, as a multiple of `lineWidth`, before a miter join becomes a bevel.
    public var miterLimit: CGFloat

    public init(lineWidth: CGFloat = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: CGFloat = 10) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
    }
}

/// Stroke outlines as polygons to fill with the non-zero rule.
public enum Stroker {
    /// Closed polygons (implicitly closed, first point not repeated) whose non-zero fill is the stroke of
    /// `polylines`. Each polyline gives whole contours, not a union of overlapping pieces, so a coverage
    /// rasteriser does not count edge pixels twice: an open one a single contour (the left offset forward,
    /// the end cap, the right offset backward, the start cap), a closed one two loops (one per side). A
    /// single point is a dot: a circle for round caps, an axis-aligned square for square caps, nothing for
    /// butt caps.
    ///
    /// Orientation: every polyline's contours wind +1 over its stroke (2 only where the stroke overlaps
    /// itself or a tight inner corner runs through its vertex, inside the stroke), that is, an outline runs clockwise on a y-down screen, the way `Path.addRect` does (positive
    /// Σ xᵢ·yᵢ₊₁ − xᵢ₊₁·yᵢ); the inner loop of a closed polyline runs the other way. So all polylines
    /// together fill correctly with the non-zero rule (not with even-odd).
    ///
    /// Round caps and joins are within `tolerance` / `scale` of the circle (at most 128 points a turn).
    /// A `lineWidth` that is not positive and finite gives no outline; contours that come out non-finite
    /// (overflowing coordinates) are left out.
    public static func outline(_ polylines: [Polyline], _ style: StrokeGeometry, tolerance: CGFloat, scale: CGFloat) -> [[CGPoint]] {
        guard style.lineWidth > 0, style.lineWidth.isFinite else { return [] }
        let sides = StrokeSides(style, tolerance: tolerance, scale: scale)
        return polylines.flatMap { sides.contours($0) }.compactMap { contour in
            var out: [CGPoint] = []
            for p in contour where out.last != p { out.append(p) }
            if out.count > 1, out.first == out.last { out.removeLast() }
            return out.count >= 3 && out.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) ? out : nil
        }
    }
}

/// The offset sides, joins and caps of one stroke style.
struct StrokeSides {
    /// Half the line width: how far each side lies from the line.
    let half: CGFloat
    let cap: LineCap, join: LineJoin, miterLimit: CGFloat
    /// The largest angle between consecutive points of a round cap or join.
    let arcStep: CGFloat

    init(_ style: StrokeGeometry, tolerance: CGFloat, scale: CGFloat) {
        half = style.lineWidth / 2
        cap = style.lineCap
        join = style.lineJoin
        miterLimit = style.miterLimit
        // A chord of angle α on a circle of radius r is r·(1 − cos(α/2)) from it.
        let c = 1 - Flattening.limit(tolerance: tolerance, scale: scale) / half
        let step = c > -1 ? 2 * acos(c) : .pi
        let finest = 2 * CGFloat.pi / 128
        arcStep = step.isNaN ? finest : min(max(step, finest), .pi / 2)
    }

    /// The contours of one polyline (see `Stroker.outline`).
    func contours(_ polyline: Polyline) -> [[CGPoint]] {
        let points = Self.cleaned(polyline.points, closed: polyline.closed)
        guard points.count >= 2 else { return points.first.map(dot) ?? [] }
        if polyline.closed {
            return [side(points, closed: true, reversed: false), side(points.reversed(), closed: true, reversed: true)]
        }
        let n = points.count
        var contour = side(points, closed: false, reversed: false)
        if let end = Self.direction(points[n - 2], points[n - 1]) { addCap(at: points[n - 1], direction: end.unit, to: &contour) }
        contour += side(points.reversed(), closed: false, reversed: true)
        if let start = Self.direction(points[1], points[0]) { addCap(at: points[0], direction: start.unit, to: &contour) }
        return [contour]
    }

    /// The offset `half` to the left of each segment (left on a y-down screen: (d.y, −d.x)), with the join at
    /// each vertex between two segments. `reversed` marks the pass along the right side (the polyline
    /// backwards), which decides a 180° turn the other way, so exactly one side takes its join.
    func side(_ p: [CGPoint], closed: Bool, reversed: Bool) -> [CGPoint] {
        let n = p.count, segmentCount = closed ? n : n - 1
        let segments = (0..<segmentCount).compactMap { Self.direction(p[$0], p[($0 + 1) % n]) }
        guard segments.count == segmentCount, let first = segments.first, let last = segments.last else { return [] }
        var out: [CGPoint] = []
        if !closed { out.append(p[0] + Self.left(first.unit) * half) }
        for v in closed ? 0..<n : 1..<(n - 1) {
            addJoin(at: p[v], incoming: segments[(v + segmentCount - 1) % segmentCount], outgoing: segments[v % segmentCount],
                    reversed: reversed, to: &out)
        }
        if !closed { out.append(p[n - 1] + Self.left(last.unit) * half) }
        return out
    }

    /// A dot for a subpath of one point.
    func dot(_ p: CGPoint) -> [[CGPoint]] {
        let h = half
        switch cap {
        case .butt: return []
        case .square: return [[CGPoint(x: p.x - h, y: p.y - h), CGPoint(x: p.x + h, y: p.y - h), CGPoint(x: p.x + h, y: p.y + h), CGPoint(x: p.x - h, y: p.y + h)]]
        case .round:
            var out = [CGPoint(x: p.x + h, y: p.y)]
            addArc(center: p, from: CGPoint(x: h, y: 0), sweep: 2 * .pi, to: &out)
            return [out]
        }
    }

    /// Points that are equal to, or not a finite step from, the previous one are dropped (for a closed
    /// polyline also at the end, against the first), so every segment has a direction.
    static func cleaned(_ points: [CGPoint], closed: Bool) -> [CGPoint] {
        var out: [CGPoint] = []
        for p in points where p.x.isFinite && p.y.isFinite {
            if let last = out.last, direction(last, p) == nil { continue }
            out.append(p)
        }
        while closed, out.count > 1, let last = out.last, direction(last, out[0]) == nil { out.removeLast() }
        return out
    }

    /// The unit direction and length from `a` to `b`; nil when they coincide or it overflows.
    static func direction(_ a: CGPoint, _ b: CGPoint) -> (unit: CGPoint, length: CGFloat)? {
        let dx = b.x - a.x, dy = b.y - a.y, length = hypot(dx, dy)
        guard length > 0, length.isFinite else { return nil }
        return (CGPoint(x: dx / length, y: dy / length), length)
    }

    /// The left normal on a y-down screen: the direction turned a quarter turn towards −angle.
    static func left(_ d: CGPoint) -> CGPoint { CGPoint(x: d.y, y: -d.x) }
}

extension CGPoint {
    /// Scaling as a vector (`+` and `-` are in Geometry.swift).
    static func * (a: CGPoint, k: CGFloat) -> CGPoint { CGPoint(x: a.x * k, y: a.y * k) }
}
