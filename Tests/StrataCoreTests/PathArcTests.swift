import Foundation
import StrataCore
import Testing

/// Path.addArc (full circles), addRelativeArc, addArc(tangent1End:…) and per-corner rounded rectangles.
@Suite struct PathArcTests {
    /// The end point of element `i`.
    func end(_ p: Path, _ i: Int) -> CGPoint? {
        switch p.elements[i] {
        case .move(let q), .line(let q), .quad(_, let q), .cubic(_, _, let q): q
        case .close: nil
        }
    }

    @Test func twoPiApartIsAFullCircleInTheRequestedDirection() throws {
        let r: CGFloat = 10
        var ccw = Path()
        ccw.addArc(center: .zero, radius: r, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        #expect(ccw.elements.count == 5) // a move and four quarter cubics
        #expect(abs(ccw.length - 2 * .pi * 10) / (2 * .pi * 10) < 1e-3)
        #expect(isClose(try #require(end(ccw, 1)), CGPoint(x: 0, y: 10))) // angle increasing: +y first
        #expect(isClose(try #require(ccw.currentPoint), CGPoint(x: 10, y: 0)))

        var cw = Path()
        cw.addArc(center: .zero, radius: r, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        #expect(cw.elements.count == 5)
        #expect(abs(cw.length - 2 * .pi * 10) / (2 * .pi * 10) < 1e-3)
        #expect(isClose(try #require(end(cw, 1)), CGPoint(x: 0, y: -10))) // angle decreasing

        // The end before the start, more than a turn, and within the 1e-9 slack: still one full circle.
        for (start, finish) in [(2 * CGFloat.pi, 0), (0, 5 * .pi), (0, 2 * .pi - 1e-10), (0, 1e20)] as [(CGFloat, CGFloat)] {
            var p = Path()
            p.addArc(center: .zero, radius: r, startAngle: start, endAngle: finish, clockwise: false)
            #expect(p.elements.count == 5, "\(start) → \(finish)")
            #expect(abs(p.length - 20 * .pi) < 0.02 * .pi, "\(start) → \(finish)")
            #expect(isClose(try #require(end(p, 1)).y, 10, 1e-9), "\(start) → \(finish): counter-clockwise goes +y first")
        }
    }

    @Test func shorterArcsKeepTheirSweep() {
        var quarter = Path()
        quarter.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(quarter.elements.count == 2)
        var rest = Path()
        rest.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: true) // the other 3/4
        #expect(rest.elements.count == 4)
        #expect(isClose(rest.length, 3 * quarter.length, 1e-12))
        var none = Path()
        none.addArc(center: .zero, radius: 1, startAngle: 1, endAngle: 1, clockwise: true)
        #expect(none.elements.count == 2 && none.length == 0)
    }

    @Test func relativeArcsSweepByDelta() throws {
        var p = Path()
        p.move(to: CGPoint(x: 20, y: 0))
        p.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: -.pi / 2)
        #expect(p.elements.count == 3)
        #expect(p.elements[1] == .line(CGPoint(x: 10, y: 0)))
        #expect(isClose(try #require(p.currentPoint), CGPoint(x: 0, y: -10)))

        var full = Path()
        full.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: 100) // clamped to one turn
        #expect(full.elements.count == 5)
        #expect(isClose(try #require(full.currentPoint), CGPoint(x: 10, y: 0)))
        var nothing = Path()
        nothing.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: .infinity)
        #expect(nothing.isEmpty)
    }

    @Test func arcToPointTouchesBothLines() throws {
        var p = Path()
        p.move(to: .zero)
        p.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 5)
        #expect(p.elements.count == 3)
        guard case .line(let t1) = p.elements[1] else { Issue.record("no line to the first tangent point"); return }
        #expect(isClose(t1, CGPoint(x: 5, y: 0))) // 10 − 5 / tan(π/4)
        guard case let .cubic(c1, c2, to) = p.elements[2] else { Issue.record("not a cubic: \(p.elements[2])"); return }
        let k = 4 / 3 * tan(CGFloat.pi / 8) * 5 // one quarter circle around (5, 5)
        #expect(isClose(c1, CGPoint(x: 5 + k, y: 0)) && isClose(c2, CGPoint(x: 10, y: 5 - k)) && isClose(to, CGPoint(x: 10, y: 5)))

        // Bending the other way sweeps the other way; an obtuse corner puts the tangent points r/tan(A/2) out.
        var q = Path()
        q.move(to: .zero)
        q.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: -10), radius: 5)
        #expect(isClose(try #require(q.currentPoint), CGPoint(x: 10, y: -5)))
        var obtuse = Path()
        obtuse.move(to: .zero)
        obtuse.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 10), radius: 5)
        let reach = 5 / tan(3 * CGFloat.pi / 8)
        guard case .line(let t1) = obtuse.elements[1] else { Issue.record("no line to the first tangent point"); return }
        #expect(isClose(t1, CGPoint(x: 10 - reach, y: 0)))
        #expect(isClose(try #require(obtuse.currentPoint), CGPoint(x: 10 + reach / 2.squareRoot(), y: reach / 2.squareRoot())))
    }

    @Test func arcToPointDegenerateCases() {
        var collinear = Path()
        collinear.move(to: .zero)
        collinear.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 5)
        #expect(collinear.elements == [.move(.zero), .line(CGPoint(x: 10, y: 0))])
        var flat = Path()
        flat.move(to: .zero)
        flat.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 0)
        #expect(flat.elements == [.move(.zero), .line(CGPoint(x: 10, y: 0))])
        var empty = Path()
        empty.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 5)
        #expect(empty.elements == [.move(CGPoint(x: 10, y: 0))])
        var bad = Path()
        bad.move(to: .zero)
        bad.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: .nan)
        bad.addArc(tangent1End: CGPoint(x: CGFloat.infinity, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 5)
        #expect(bad.elements == [.move(.zero)])
    }

    @Test func perCornerRoundedRect() {
        let k: CGFloat = 4 / 3 * (2.squareRoot() - 1)
        var p = Path()
        p.addRoundedRect(CGRect(x: 0, y: 0, width: 100, height: 50), topLeft: CGSize(width: 10, height: 10), topRight: .zero,
                         bottomLeft: CGSize(width: 0, height: 20), bottomRight: CGSize(width: 20, height: 20))
        #expect(p.elements == [
            .move(CGPoint(x: 10, y: 0)),
            .line(CGPoint(x: 100, y: 0)),
            .line(CGPoint(x: 100, y: 30)),
            .cubic(control1: CGPoint(x: 100, y: 30 + k * 20), control2: CGPoint(x: 80 + k * 20, y: 50), to: CGPoint(x: 80, y: 50)),
            .line(CGPoint(x: 0, y: 50)), // a zero-width corner is sharp
            .line(CGPoint(x: 0, y: 10)),
            .cubic(control1: CGPoint(x: 0, y: 10 - k * 10), control2: CGPoint(x: 10 - k * 10, y: 0), to: CGPoint(x: 10, y: 0)),
            .close,
        ])

        // Clamped per dimension to half the side; a sharp top-left corner is the start, closed by the close.
        var big = Path()
        big.addRoundedRect(CGRect(x: 0, y: 0, width: 100, height: 50), topLeft: .zero, topRight: CGSize(width: 80, height: 80),
                           bottomLeft: .zero, bottomRight: .zero)
        #expect(big.elements.prefix(2) == [.move(.zero), .line(CGPoint(x: 50, y: 0))])
        #expect(big.elements[2] == .cubic(control1: CGPoint(x: 50 + k * 50, y: 0), control2: CGPoint(x: 100, y: 25 - k * 25), to: CGPoint(x: 100, y: 25)))
        #expect(big.elements.suffix(2) == [.line(CGPoint(x: 0, y: 50)), .close])

        var sharp = Path()
        sharp.addRoundedRect(CGRect(x: 0, y: 0, width: 10, height: 10), topLeft: .zero, topRight: CGSize(width: CGFloat.nan, height: 2),
                             bottomLeft: CGSize(width: -1, height: -1), bottomRight: .zero)
        var rect = Path()
        rect.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(sharp == rect)
    }
}
