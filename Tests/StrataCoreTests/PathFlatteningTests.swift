import Foundation
import StrataCore
import Testing

/// Path.fillPolygons: what PathFill draws for shadowPath.
@Suite struct PathFlatteningTests {
    func circle(_ r: CGFloat) -> Path {
        var p = Path()
        p.addEllipse(in: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r))
        return p
    }

    /// The furthest any flattened segment's midpoint lies inside the circle (its chord error).
    func worstChordError(_ polygon: [CGPoint], radius: CGFloat) -> CGFloat {
        zip(polygon, polygon.dropFirst() + polygon.prefix(1)).map { a, b in
            let m = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            return radius - (m.x * m.x + m.y * m.y).squareRoot()
        }.max() ?? 0
    }

    @Test func curvesStayWithinTheToleranceInTargetPixels() throws {
        // The cubic circle is itself within 0.03 % of the radius; the chords add at most the tolerance.
        for (radius, scale) in [(CGFloat(100), CGFloat(1)), (10, 10), (400, 0.5)] {
            let polygons = circle(radius).fillPolygons(tolerance: 0.25, scale: scale)
            let polygon = try #require(polygons.first)
            #expect(polygons.count == 1)
            let error = worstChordError(polygon, radius: radius) * scale
            #expect(error <= 0.25 + 0.0003 * radius * scale, "r \(radius) scale \(scale): \(error) px")
            #expect(error > 0.05, "not needlessly fine: \(error) px with \(polygon.count) points")
        }
    }

    @Test func moreScaleMeansMorePoints() throws {
        let coarse = try #require(circle(20).fillPolygons(tolerance: 0.25, scale: 1).first).count
        let fine = try #require(circle(20).fillPolygons(tolerance: 0.25, scale: 16).first).count
        #expect(fine > 3 * coarse)
        // The cap bounds the work a huge scale (or path) can cause: 4 curves × 8 pieces + the start point.
        #expect(try #require(circle(20).fillPolygons(tolerance: 0.25, scale: 1e12, maxSegments: 8).first).count == 33)
    }

    @Test func subpathsSplitAndDegenerateOnesAreDropped() {
        var p = Path()
        p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        p.move(to: CGPoint(x: 50, y: 50))
        p.addLine(to: CGPoint(x: 60, y: 50))           // two points: encloses nothing
        p.move(to: CGPoint(x: 20, y: 20))
        p.addLine(to: CGPoint(x: 30, y: 20))
        p.addQuadCurve(to: CGPoint(x: 20, y: 30), control: CGPoint(x: 30, y: 30)) // left open: filled closed
        let polygons = p.fillPolygons(tolerance: 0.25, scale: 1)
        #expect(polygons.count == 2)
        #expect(polygons.first == [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10)])
        #expect(polygons.last?.first == CGPoint(x: 20, y: 20) && polygons.last?.last == CGPoint(x: 20, y: 30))
        #expect(Path().fillPolygons(tolerance: 0.25, scale: 1).isEmpty)
    }
}
