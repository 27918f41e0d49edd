import Foundation
import StrataCore
import Testing

/// TrimmableStroke: the outline of a trimmed stroke from one description made before the trim is known
/// (what the GPU evaluates for an animated strokeEnd), against the stroker run on polylines cut by hand.
@Suite struct TrimmableStrokeTests {
    /// A zigzag with sharp turns both ways (inner corners, miters past the limit), a closed square and a
    /// flattened circle.
    static let zigzag = Polyline(points: [.zero, CGPoint(x: 40, y: 0), CGPoint(x: 44, y: 30), CGPoint(x: 80, y: 2),
                                          CGPoint(x: 81, y: 40), CGPoint(x: 30, y: 41)], closed: false)
    static let square = Polyline(points: [CGPoint(x: 100, y: 0), CGPoint(x: 140, y: 0), CGPoint(x: 140, y: 40), CGPoint(x: 100, y: 40)],
                                 closed: true)
    static let circle = circleShape(20).polylines(tolerance: 0.1, scale: 1)

    static func circleShape(_ r: CGFloat) -> Path {
        var p = Path()
        p.addEllipse(in: CGRect(x: 200, y: 0, width: 2 * r, height: 2 * r))
        return p
    }

    /// `polylines` cut to arc lengths a…b by hand: each kept part as its own polyline (a closed one kept
    /// whole stays closed; one kept in part is unrolled from its first point).
    static func cut(_ polylines: [Polyline], from a: Double, to b: Double) -> [Polyline] {
        var out: [Polyline] = []
        var offset = 0.0
        for line in polylines {
            let p = line.closed ? line.points + [line.points[0]] : line.points
            var arcs = [offset]
            for k in 1..<p.count { arcs.append(arcs[k - 1] + Double(hypot(p[k].x - p[k - 1].x, p[k].y - p[k - 1].y))) }
            defer { offset = arcs[arcs.count - 1] }
            let start = arcs[0], end = arcs[arcs.count - 1]
            let from = max(a, start), to = min(b, end)
            guard from < to else { continue }
            if line.closed, a <= start, b >= end { out.append(line); continue }
            func at(_ s: Double) -> CGPoint {
                var k = 0
                while k < p.count - 2, arcs[k + 1] < s { k += 1 }
                let t = CGFloat((s - arcs[k]) / (arcs[k + 1] - arcs[k]))
                return CGPoint(x: p[k].x + (p[k + 1].x - p[k].x) * t, y: p[k].y + (p[k + 1].y - p[k].y) * t)
            }
            var points = [at(from)]
            for k in 0..<p.count where arcs[k] > from && arcs[k] < to { points.append(p[k]) }
            points.append(at(to))
            out.append(Polyline(points: points, closed: false))
        }
        return out
    }

    func expectSame(_ a: [[CGPoint]], _ b: [[CGPoint]], _ what: String) {
        #expect(a.count == b.count, "\(what): \(a.count) contours, \(b.count) expected")
        for (x, y) in zip(a, b) {
            #expect(x.count == y.count, "\(what): \(x.count) points, \(y.count) expected")
            let worst = zip(x, y).map { max(abs($0.x - $1.x), abs($0.y - $1.y)) }.max() ?? 0
            #expect(worst < 1e-6, "\(what): off by \(worst)")
        }
    }

    @Test(arguments: [LineJoin.miter, .round, .bevel], [LineCap.butt, .round, .square])
    func everyTrimIsTheStrokeOfThePolylinesCutThere(join: LineJoin, cap: LineCap) throws {
        let lines = [Self.zigzag, Self.square] + Self.circle
        let style = StrokeGeometry(lineWidth: 9, lineCap: cap, lineJoin: join, miterLimit: 2)
        let stroke = try #require(TrimmableStroke(lines, style, tolerance: 0.1, scale: 1))
        let fractions: [CGFloat] = [0, 0.001, 0.05, 0.1, 0.13, 0.2, 0.27, 0.31, 0.33, 0.4, 0.5, 0.55, 0.6, 0.7, 0.8, 0.9, 0.999, 1]
        var checked = 0
        for start in fractions {
            for end in fractions where end > start {
                let (a, b) = stroke.arcRange(start: start, end: end)
                let expected = Stroker.outline(Self.cut(lines, from: a, to: b), style, tolerance: 0.1, scale: 1)
                expectSame(stroke.outline(start: start, end: end), expected, "\(join) \(cap) \(start)…\(end)")
                // The CPU's direct way (Polyline.trimmed, then the stroker) gives the same.
                let direct = try #require(Polyline.trimmed(lines, start: start, end: end))
                expectSame(Stroker.outline(direct, style, tolerance: 0.1, scale: 1), expected, "direct \(start)…\(end)")
                checked += 1
            }
        }
        #expect(checked == 153)
    }

    @Test func cutsJustPastASharpInnerCornerRunThroughItsVertex() throws {
        // The turn at (40, 0) is 82° to the right: the right side is inside it and takes the corner where
        // the offsets cross, 4.4 units along each segment. A cut 1 unit past the vertex leaves no room
        // for it: the side runs through the vertex, as the stroker does for the short polyline.
        let style = StrokeGeometry(lineWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        let line = [Polyline(points: [.zero, CGPoint(x: 40, y: 0), CGPoint(x: 44, y: 30)], closed: false)]
        let stroke = try #require(TrimmableStroke(line, style, tolerance: 0.1, scale: 1))
        let end = CGFloat(41 / stroke.length)
        let outline = stroke.outline(start: 0, end: end)
        #expect(outline.flatMap { $0 }.contains(CGPoint(x: 40, y: 0)))
        let (a, b) = stroke.arcRange(start: 0, end: end)
        expectSame(outline, Stroker.outline(Self.cut(line, from: a, to: b), style, tolerance: 0.1, scale: 1), "1 past")
        // Kept whole, the corner stands and the vertex is not on the outline.
        #expect(!stroke.outline(start: 0, end: 1).flatMap { $0 }.contains(CGPoint(x: 40, y: 0)))
    }

    @Test func aCutOnAVertexTakesTheSegmentAfterItAtTheStartAndBeforeItAtTheEnd() throws {
        // A quarter of a square's perimeter is its first corner: cut there, the stroke starts along the
        // second side (its butt end square to it) and ends along the first, whichever way rounding falls.
        let square = [Polyline(points: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10)], closed: true)]
        let style = StrokeGeometry(lineWidth: 2)
        let stroke = try #require(TrimmableStroke(square, style, tolerance: 0.1, scale: 1))
        for (start, end) in [(CGFloat(0.25), CGFloat(0.5)), (0.25 + 1e-9, 0.5 - 1e-9), (0.25 - 1e-9, 0.5 + 1e-9)] {
            let expected = [[CGPoint(x: 11, y: 0), CGPoint(x: 11, y: 10), CGPoint(x: 9, y: 10), CGPoint(x: 9, y: 0)]]
            expectSame(stroke.outline(start: start, end: end), expected, "\(start)…\(end)")
            let direct = try #require(Polyline.trimmed(square, start: start, end: end))
            expectSame(Stroker.outline(direct, style, tolerance: 0.1, scale: 1), expected, "direct \(start)…\(end)")
        }
    }

    @Test func wholeClosedPolylinesDrawTheirLoopsAndEmptyTrimsNothing() throws {
        let style = StrokeGeometry(lineWidth: 4, lineCap: .round, lineJoin: .round, miterLimit: 10)
        let stroke = try #require(TrimmableStroke(Self.circle, style, tolerance: 0.1, scale: 1))
        #expect(stroke.outline(start: 0, end: 1) == Stroker.outline(Self.circle, style, tolerance: 0.1, scale: 1))
        #expect(stroke.outline(start: 0.5, end: 0.5).isEmpty)
        #expect(stroke.outline(start: 0.7, end: 0.2).isEmpty)
        #expect(stroke.outline(start: .nan, end: 2) == stroke.outline(start: 0, end: 1))
        // Trimmed, the circle is open: one contour with two round caps.
        #expect(stroke.outline(start: 0, end: 0.5).count == 1)
    }

    @Test func aDotOrABadWidthIsNotTrimmable() {
        let dot = [Polyline(points: [CGPoint(x: 5, y: 5)], closed: false)]
        #expect(TrimmableStroke(dot, StrokeGeometry(lineWidth: 2, lineCap: .round), tolerance: 0.1, scale: 1) == nil)
        #expect(Polyline.trimmed(dot, start: 0, end: 1) == nil)
        #expect(TrimmableStroke([Self.zigzag], StrokeGeometry(lineWidth: 0), tolerance: 0.1, scale: 1) == nil)
        #expect(TrimmableStroke([Self.zigzag], StrokeGeometry(lineWidth: .infinity), tolerance: 0.1, scale: 1) == nil)
    }
}
