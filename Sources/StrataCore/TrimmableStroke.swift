import Foundation

/// A stroke's outline as a function of strokeStart and strokeEnd, made once for flattened polylines and
/// evaluated for any trim: on the CPU by `outline(start:end:)`, on the GPU by the coverage shader of a
/// shape whose strokeEnd animates there (`coverage_trim.glsl`, which reads `texels`). Both follow the
/// rules written here, so the two agree up to float rounding.
///
/// The path is flattened first and trimmed as a polyline (fractions of the polylines' total length,
/// closing segments included, as `Path.trimmed` measures), not trimmed on its curves and then flattened:
/// the two differ by less than the flattening tolerance. Every outline point is tagged with where it
/// comes from:
/// - a side point of the untrimmed open outline (`Stroker`'s left side forward, end cap, right side
///   backward, start cap) at vertex arc length s stays where it is while the trim keeps s strictly inside
///   it (by more than `snap` of the length); at or before the start it collapses onto the side point of the start cut, at or after the end
///   onto that of the end cut (so a join outside the kept part vanishes and the side runs straight to
///   the cut);
/// - a cap point is placed at its cut, in the frame of the cut segment's direction;
/// - an inner corner (where the side takes the crossing of two offset lines) falls back to running
///   through its vertex (`StrokeSides.addJoin`'s rule) once a cut makes a neighbouring segment too short;
/// - a closed polyline kept whole draws its two closed loops instead (no caps); kept in part, its open
///   outline unrolled from its first point.
/// Collapsed points coincide, so they add edges of no length: the outline is `Stroker.outline` of the
/// trimmed polylines up to those.
public struct TrimmableStroke: Sendable {
    public enum Kind: Int, CaseIterable, Sendable {
        /// Never moves (a closed loop).
        case fixed = 0
        /// A side point, left or right of the line: moves onto a cut when the trim leaves its vertex out.
        case left, right
        /// An inner corner of the left or right side: `alternative` (the through-vertex point) when a cut
        /// shortens one of its segments below `reach`.
        case innerLeft, innerRight
        /// Cap points, `position` = (along the cap's outward direction, along its left): at the end cut, at
        /// the start cut.
        case endCap, startCap
    }

    /// Which trims draw a contour: the open outline (the polyline trimmed), the closed loops (a closed
    /// polyline kept whole), or always (a fill's polygon).
    public enum Form: Int, CaseIterable, Sendable { case open = 0, closed = 1, always = 2 }

    public struct Point: Sendable, Equatable {
        public var position: CGPoint
        public var arc: Double
        public var kind: Kind
        public var alternative = CGPoint.zero
        public var reach = 0.0
        /// Arc lengths of the vertices before and after along the line (inner corners; the right side is
        /// made backwards, but these are in the line's order).
        public var previousArc = 0.0, nextArc = 0.0
    }

    public struct Contour: Sendable, Equatable {
        public var points: Range<Int>
        public var form: Form
        public var piece: Int
    }

    /// One polyline: its arc lengths within the whole, its vertices (a closed one unrolled: its first point
    /// again at the end), whether it is closed.
    public struct Piece: Sendable, Equatable {
        public var start: Double, end: Double
        public var vertices: Range<Int>
        public var closed: Bool
    }

    public private(set) var points: [Point] = []
    public private(set) var contours: [Contour] = []
    public private(set) var pieces: [Piece] = []
    /// Vertices of every piece in order, with their arc length from the start of the first.
    public private(set) var vertices: [(point: CGPoint, arc: Double)] = []
    public private(set) var length = 0.0
    /// Half the line width.
    public let half: CGFloat

    /// Nil when the stroke has nothing to trim: a line width that is not positive and finite, or a subpath
    /// that is a single point (a dot, which `Stroker` draws and trimming by length cannot place).
    public init?(_ polylines: [Polyline], _ style: StrokeGeometry, tolerance: CGFloat, scale: CGFloat) {
        guard style.lineWidth > 0, style.lineWidth.isFinite else { return nil }
        let sides = StrokeSides(style, tolerance: tolerance, scale: scale)
        half = sides.half
        for polyline in polylines {
            let cleaned = StrokeSides.cleaned(polyline.points, closed: polyline.closed)
            guard cleaned.count >= 2, let first = cleaned.first else { return nil }
            let open = polyline.closed ? cleaned + [first] : cleaned
            let index = pieces.count
            let base = vertices.count
            var arc = length
            for (k, p) in open.enumerated() {
                if k > 0 { arc += Double(hypot(p.x - open[k - 1].x, p.y - open[k - 1].y)) }
                vertices.append((p, arc))
            }
            guard arc.isFinite else { return nil }
            pieces.append(Piece(start: length, end: arc, vertices: base..<vertices.count, closed: polyline.closed))
            length = arc
            addOpen(open, piece: index, sides: sides)
            if polyline.closed {
                addContour(sides.side(cleaned, closed: true, reversed: false).map { Point(position: $0, arc: 0, kind: .fixed) },
                           form: .closed, piece: index)
                addContour(sides.side(cleaned.reversed(), closed: true, reversed: true).map { Point(position: $0, arc: 0, kind: .fixed) },
                           form: .closed, piece: index)
            }
        }
    }

    private mutating func addContour(_ contour: [Point], form: Form, piece: Int) {
        guard contour.count >= 2 else { return }
        contours.append(Contour(points: points.count..<points.count + contour.count, form: form, piece: piece))
        points += contour
    }

    /// The open outline of `p` (untrimmed), tagged: left side forward, end cap, right side backward,
    /// start cap, as `StrokeSides.contours` makes it.
    private mutating func addOpen(_ p: [CGPoint], piece: Int, sides: StrokeSides) {
        let base = pieces[piece].vertices.lowerBound
        let arcs = vertices[base..<base + p.count].map(\.arc)
        var contour = tagged(side: p, arcs: arcs, sides: sides, reversed: false)
        var cap: [CGPoint] = []
        // Cap points in the frame of direction (1, 0), whose left is (0, −1): (along, left) = (x, −y).
        sides.addCap(at: .zero, direction: CGPoint(x: 1, y: 0), to: &cap)
        contour += cap.map { Point(position: CGPoint(x: $0.x, y: -$0.y), arc: 0, kind: .endCap) }
        contour += tagged(side: p.reversed(), arcs: arcs.reversed(), sides: sides, reversed: true)
        contour += cap.map { Point(position: CGPoint(x: $0.x, y: -$0.y), arc: 0, kind: .startCap) }
        addContour(contour, form: .open, piece: piece)
    }

    /// `StrokeSides.side` of an open polyline, each point tagged with its vertex's arc length; inner
    /// corners as three points (all the corner while it stands, else through the vertex).
    private func tagged(side p: [CGPoint], arcs: [Double], sides: StrokeSides, reversed: Bool) -> [Point] {
        let n = p.count
        let segments = (0..<n - 1).compactMap { StrokeSides.direction(p[$0], p[$0 + 1]) }
        guard segments.count == n - 1, let first = segments.first, let last = segments.last else { return [] }
        let kind: Kind = reversed ? .right : .left, inner: Kind = reversed ? .innerRight : .innerLeft
        var out = [Point(position: p[0] + StrokeSides.left(first.unit) * half, arc: arcs[0], kind: kind)]
        for v in 1..<(n - 1) {
            let incoming = segments[v - 1], outgoing = segments[v]
            var join: [CGPoint] = []
            sides.addJoin(at: p[v], incoming: incoming, outgoing: outgoing, reversed: reversed, to: &join)
            let din = incoming.unit, dout = outgoing.unit
            let cross = din.x * dout.y - din.y * dout.x, dot = din.x * dout.x + din.y * dout.y
            let outside = cross > 0 || (cross == 0 && !reversed)
            if !outside, join.count == 1, let reach = StrokeSides.innerCornerReach(half: half, cross: cross, dot: dot) {
                let a = StrokeSides.left(din) * half, b = StrokeSides.left(dout) * half
                for alternative in [p[v] + a, p[v], p[v] + b] {
                    out.append(Point(position: join[0], arc: arcs[v], kind: inner, alternative: alternative, reach: reach,
                                     previousArc: min(arcs[v - 1], arcs[v + 1]), nextArc: max(arcs[v - 1], arcs[v + 1])))
                }
            } else {
                out += join.map { Point(position: $0, arc: arcs[v], kind: kind) }
            }
        }
        out.append(Point(position: p[n - 1] + StrokeSides.left(last.unit) * half, arc: arcs[n - 1], kind: kind))
        return out
    }

    /// How close (a fraction of the length) a cut may come to a vertex before it counts as at the vertex:
    /// a trim that lands on one (0.25 of a circle) would otherwise take the segment before or after it by
    /// rounding, and turn its cap by a segment's angle.
    public static let snap = 1e-6

    /// `snap` in arc length.
    var epsilon: Double { length * Self.snap }

    /// The trim's arc lengths: fractions clamped to 0…1 (NaN as 0) of the total length.
    public func arcRange(start: CGFloat, end: CGFloat) -> (from: Double, to: Double) {
        func clamp(_ v: CGFloat) -> Double { v.isNaN ? 0 : Double(min(max(v, 0), 1)) }
        return (clamp(start) * length, clamp(end) * length)
    }

    /// Contours whose non-zero fill is the stroke of the part from `start` to `end` (fractions of the
    /// length), each as `Stroker.outline` cleans them.
    public func outline(start: CGFloat, end: CGFloat) -> [[CGPoint]] {
        let (a, b) = arcRange(start: start, end: end)
        guard a < b else { return [] }
        var out: [[CGPoint]] = []
        for contour in contours {
            let piece = pieces[contour.piece]
            let from = max(a, piece.start), to = min(b, piece.end)
            guard from < to else { continue }
            let whole = piece.closed && a <= piece.start && b >= piece.end
            guard contour.form == .always || (contour.form == .closed) == whole else { continue }
            let startCut = cut(piece, at: from, fromStart: true), endCut = cut(piece, at: to, fromStart: false)
            var polygon: [CGPoint] = []
            for point in points[contour.points] {
                let q = place(point, from: from, to: to, startCut: startCut, endCut: endCut)
                if polygon.last != q { polygon.append(q) }
            }
            if polygon.count > 1, polygon.first == polygon.last { polygon.removeLast() }
            if polygon.count >= 3, polygon.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) { out.append(polygon) }
        }
        return out
    }

    /// Where `point` is for a piece trimmed to arc lengths `from`…`to`, cut at `startCut` and `endCut`.
    func place(_ point: Point, from: Double, to: Double, startCut: (at: CGPoint, direction: CGPoint),
               endCut: (at: CGPoint, direction: CGPoint)) -> CGPoint {
        func frame(_ c: (at: CGPoint, direction: CGPoint), _ q: CGPoint) -> CGPoint {
            c.at + c.direction * q.x + StrokeSides.left(c.direction) * q.y
        }
        switch point.kind {
        case .fixed: return point.position
        case .endCap: return frame(endCut, point.position)
        case .startCap: return frame((startCut.at, startCut.direction * -1), point.position)
        case .left, .right, .innerLeft, .innerRight:
            let sign: CGFloat = point.kind == .left || point.kind == .innerLeft ? 1 : -1
            if point.arc <= from + epsilon { return startCut.at + StrokeSides.left(startCut.direction) * (sign * half) }
            if point.arc >= to - epsilon { return endCut.at + StrokeSides.left(endCut.direction) * (sign * half) }
            if point.kind == .innerLeft || point.kind == .innerRight,
               min(point.arc - max(point.previousArc, from), min(point.nextArc, to) - point.arc) < point.reach {
                return point.alternative
            }
            return point.position
        }
    }

    /// The point at arc length `arc` of `piece` and its segment's direction: the segment with
    /// s_k ≤ arc < s_k+1 for a start cut, s_k < arc ≤ s_k+1 for an end cut (a vertex within `epsilon` of the
    /// cut counts as at it).
    func cut(_ piece: Piece, at arc: Double, fromStart: Bool) -> (at: CGPoint, direction: CGPoint) {
        var lo = piece.vertices.lowerBound, hi = piece.vertices.upperBound - 2
        // The last segment k whose start is before (at or before, for a start cut) the arc.
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            let s = vertices[mid].arc
            if fromStart ? s <= arc + epsilon : s < arc - epsilon { lo = mid } else { hi = mid - 1 }
        }
        let p = vertices[lo], q = vertices[lo + 1]
        let span = q.arc - p.arc
        let t = span > 0 ? CGFloat(min(max((arc - p.arc) / span, 0), 1)) : 0
        let d = StrokeSides.direction(p.point, q.point)?.unit ?? CGPoint(x: 1, y: 0)
        return (CGPoint(x: p.point.x + (q.point.x - p.point.x) * t, y: p.point.y + (q.point.y - p.point.y) * t), d)
    }
}
