import Foundation
import StrataCore
import Testing

/// Signed area by the shoelace formula: positive for contours clockwise on a y-down screen.
func signedArea(_ polygon: [CGPoint]) -> Double {
    zip(polygon, polygon.dropFirst() + polygon.prefix(1)).reduce(0.0) { sum, edge in
        sum + Double(edge.0.x * edge.1.y - edge.1.x * edge.0.y) / 2
    }
}

func signedArea(_ contours: [[CGPoint]]) -> Double { contours.reduce(0) { $0 + signedArea($1) } }

/// Path.polylines: what the stroker takes.
@Suite struct PathPolylineTests {
    @Test func openSubpathsStayOpenAndClosedOnesSaySo() {
        var p = Path()
        p.move(to: .zero)
        p.addLine(to: CGPoint(x: 10, y: 0))
        p.addLine(to: CGPoint(x: 10, y: 0))                  // a duplicate: merged
        p.addLine(to: CGPoint(x: CGFloat.infinity, y: 0))     // non-finite: skipped
        p.addLine(to: CGPoint(x: 10, y: 10))
        p.move(to: CGPoint(x: 50, y: 50))                     // a lone move draws nothing
        p.move(to: CGPoint(x: 5, y: 5))
        p.addLine(to: CGPoint(x: 5, y: 5))                    // zero length: one point, a dot under round caps
        p.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(p.polylines(tolerance: 0.25, scale: 1) == [
            Polyline(points: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)], closed: false),
            Polyline(points: [CGPoint(x: 5, y: 5)], closed: false),
            Polyline(points: [.zero, CGPoint(x: 2, y: 0), CGPoint(x: 2, y: 2), CGPoint(x: 0, y: 2)], closed: true),
        ])
    }

    @Test func curvesSplitAsForFilling() throws {
        // Same pieces as fillPolygons; the closed polyline does not repeat its start.
        for scale in [CGFloat(1), 16] {
            let fill = try #require(circle(20).fillPolygons(tolerance: 0.25, scale: scale).first)
            let stroke = try #require(circle(20).polylines(tolerance: 0.25, scale: scale).first)
            #expect(stroke.closed)
            #expect(stroke.points == Array(fill.dropLast()))
        }
        #expect(try #require(circle(20).polylines(tolerance: 0.25, scale: 1e12, maxSegments: 8).first).points.count == 32)
        // A control point far out asks for more pieces than an Int holds: the cap applies, nothing traps.
        let wild = Path(elements: [.move(.zero), .cubic(control1: CGPoint(x: 1e300, y: 0), control2: .zero, to: CGPoint(x: 1, y: 0))])
        #expect(try #require(wild.polylines(tolerance: 0.25, scale: 1).first).points.count == 257)
        #expect(try #require(wild.fillPolygons(tolerance: 0.25, scale: 1).first).count == 257)
    }
}

/// Stroker.outline: contours whose non-zero fill is the stroke.
@Suite struct StrokerTests {
    let bar = [Polyline(points: [.zero, CGPoint(x: 100, y: 0)], closed: false)]

    func outline(_ polylines: [Polyline], width: CGFloat = 10, cap: LineCap = .butt, join: LineJoin = .miter,
                 miterLimit: CGFloat = 10) -> [[CGPoint]] {
        Stroker.outline(polylines, StrokeGeometry(lineWidth: width, lineCap: cap, lineJoin: join, miterLimit: miterLimit),
                        tolerance: 0.01, scale: 1)
    }

    @Test func capsOfAnOpenLine() {
        let butt = outline(bar)
        #expect(butt == [[CGPoint(x: 0, y: -5), CGPoint(x: 100, y: -5), CGPoint(x: 100, y: 5), CGPoint(x: 0, y: 5)]])
        #expect(signedArea(butt) == 100 * 10)                        // L·w, clockwise on screen
        #expect(signedArea(outline(bar, cap: .square)) == 100 * 10 + 10 * 10) // L·w + w²
        let round = outline(bar, cap: .round)
        #expect(round.count == 1)
        let exact = 100 * 10 + Double.pi * 100 / 4                    // L·w + πw²/4
        // Inscribed arcs: short of the circle by at most the tolerance along the caps' length.
        #expect(signedArea(round) < exact && signedArea(round) > exact - Double.pi * 10 * 0.01)
        #expect(round[0].allSatisfy { $0.x >= -5 && $0.x <= 105 && abs($0.y) <= 5 })
    }

    @Test func aClosedSquareIsTwoLoops() {
        let square = [Polyline(points: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10)], closed: true)]
        let miter = outline(square, width: 2)
        // The outer loop runs clockwise on screen, the inner one back: 12² − 8², exactly.
        #expect(miter == [
            [CGPoint(x: -1, y: -1), CGPoint(x: 11, y: -1), CGPoint(x: 11, y: 11), CGPoint(x: -1, y: 11)],
            [CGPoint(x: 1, y: 9), CGPoint(x: 9, y: 9), CGPoint(x: 9, y: 1), CGPoint(x: 1, y: 1)],
        ])
        #expect(signedArea(miter[0]) == 144 && signedArea(miter[1]) == -64)
        let bevel: Double = signedArea(outline(square, width: 2, join: .bevel))
        #expect(bevel == 78) // 144 less four corner triangles of ½, less 64
        let round = signedArea(outline(square, width: 2, join: .round))
        #expect(round < 140 + Double.pi - 64 && round > 140 + Double.pi - 64 - 2 * Double.pi * 0.01)

        // The other direction: the loops swap roles and the stroke still winds +1.
        let reversed = outline([Polyline(points: square[0].points.reversed(), closed: true)], width: 2)
        #expect(signedArea(reversed) == 80)
        #expect(signedArea(reversed[0]) == -64 && signedArea(reversed[1]) == 144)
    }

    @Test func miterLimitSwitchesToBevelAtOneOverSinHalfTheAngle() throws {
        // Segments meeting at angle θ: the miter is lineWidth / sin(θ/2) long, so a limit of 2 allows θ ≥ 60°.
        for (degrees, mitered) in [(61.0, true), (59.0, false)] {
            let theta = CGFloat(degrees) * .pi / 180
            let corner = [Polyline(points: [CGPoint(x: -20, y: 0), .zero, CGPoint(x: -20 * cos(theta), y: 20 * sin(theta))], closed: false)]
            let contour = try #require(outline(corner, miterLimit: 2).first)
            // The tip lies on the outer bisector, half the width / sin(θ/2) from the vertex.
            let bisector = CGPoint(x: 1 + cos(theta), y: -sin(theta)), length = (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot()
            let tip = CGPoint(x: bisector.x / length * 5 / sin(theta / 2), y: bisector.y / length * 5 / sin(theta / 2))
            #expect(contour.contains { isClose($0, tip, 1e-9) } == mitered, "\(degrees)°")
            #expect(contour.contains(CGPoint(x: 0, y: -5)) == !mitered, "\(degrees)°: the bevel starts at the first offset's end")
            #expect(contour.count == (mitered ? 6 : 7), "\(degrees)°")
        }
    }

    @Test func innerCornersMeetWithoutOverlapWhereSegmentsAllowIt() throws {
        // A flattened circle stroked narrower than its radius: one point per vertex on both loops, so the
        // contours are simple and the area is the ring's (π(55² − 45²) less the polygon's chord loss).
        let polyline = try #require(circle(50).polylines(tolerance: 0.01, scale: 1).first)
        let ring = outline([polyline], width: 10)
        #expect(ring.map(\.count) == [polyline.points.count, polyline.points.count])
        #expect(abs(signedArea(ring) - Double.pi * 1000) < 1)
        // A short middle segment leaves no room for the crossing: the inner side runs through the vertices.
        let hook = [Polyline(points: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 1), CGPoint(x: 0, y: 1)], closed: false)]
        let contour = try #require(outline(hook, width: 4).first)
        #expect(contour.contains(CGPoint(x: 10, y: 0)) && contour.contains(CGPoint(x: 10, y: 1)))
    }

    @Test func singlePointsAreDots() throws {
        let dot = [Polyline(points: [CGPoint(x: 3, y: 4)], closed: false)]
        #expect(outline(dot).isEmpty)
        #expect(outline(dot, cap: .square) == [[CGPoint(x: -2, y: -1), CGPoint(x: 8, y: -1), CGPoint(x: 8, y: 9), CGPoint(x: -2, y: 9)]])
        let round = try #require(outline(dot, cap: .round).first)
        #expect(signedArea(round) < 25 * Double.pi && signedArea(round) > 25 * Double.pi - 2 * Double.pi * 5 * 0.01)
        #expect(round.allSatisfy { abs(hypot($0.x - 3, $0.y - 4) - 5) < 1e-9 })
    }

    @Test func hostileInputGivesNothingOrFinitePolygons() {
        for width in [0, -1, CGFloat.nan, .infinity] {
            #expect(outline(bar, width: width).isEmpty)
        }
        let wild = [Polyline(points: [.zero, CGPoint(x: 1e308, y: 0), CGPoint(x: -1e308, y: 1), CGPoint(x: CGFloat.nan, y: 0)], closed: false),
                    Polyline(points: [.zero, CGPoint(x: 1e-320, y: 0), CGPoint(x: 0, y: 1e-320)], closed: true)]
        for cap in LineCap.allCases {
            for join in LineJoin.allCases {
                let contours = Stroker.outline(wild, StrokeGeometry(lineWidth: 1e300, lineCap: cap, lineJoin: join, miterLimit: .nan),
                                               tolerance: .nan, scale: 0)
                #expect(contours.allSatisfy { $0.count >= 3 && $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
            }
        }
    }
}

/// Path.contains: CGPath.contains.
@Suite struct PathContainsTests {
    @Test func nonZeroAndEvenOddDifferWhereSquaresOverlap() {
        var same = square(.zero, 10)
        same.append(contentsOf: square(CGPoint(x: 5, y: 5), 10))
        #expect(same.contains(CGPoint(x: 7, y: 7), rule: .nonZero))
        #expect(!same.contains(CGPoint(x: 7, y: 7), rule: .evenOdd))
        for p in [CGPoint(x: 2, y: 2), CGPoint(x: 12, y: 12)] {
            #expect(same.contains(p, rule: .nonZero) && same.contains(p, rule: .evenOdd))
        }
        #expect(!same.contains(CGPoint(x: 20, y: 20), rule: .nonZero))

        // Wound the other way the overlap cancels under non-zero too.
        var opposite = square(.zero, 10)
        opposite.append(contentsOf: Path(elements: [.move(CGPoint(x: 5, y: 5)), .line(CGPoint(x: 5, y: 15)), .line(CGPoint(x: 15, y: 15)),
                                                    .line(CGPoint(x: 15, y: 5)), .close]))
        #expect(!opposite.contains(CGPoint(x: 7, y: 7), rule: .nonZero))
        #expect(opposite.contains(CGPoint(x: 12, y: 12), rule: .nonZero))
    }

    @Test func curvesAndOpenSubpaths() {
        let c = circle(10)
        #expect(c.contains(.zero, rule: .nonZero))
        #expect(c.contains(CGPoint(x: 9.99, y: 0), rule: .nonZero))
        #expect(!c.contains(CGPoint(x: 10.01, y: 0), rule: .nonZero))
        #expect(c.contains(CGPoint(x: 7.05, y: 7.05), rule: .nonZero) && !c.contains(CGPoint(x: 7.1, y: 7.1), rule: .nonZero))
        let open = Path(elements: [.move(.zero), .line(CGPoint(x: 10, y: 0)), .line(CGPoint(x: 0, y: 10))]) // closed implicitly
        #expect(open.contains(CGPoint(x: 2, y: 2), rule: .nonZero) && !open.contains(CGPoint(x: 6, y: 6), rule: .nonZero))
        #expect(!c.contains(CGPoint(x: CGFloat.nan, y: 0), rule: .nonZero))
    }
}
