import Foundation
@testable import Strata
import StrataCore
import Testing

private func isClose(_ p: CGPoint?, _ q: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool {
    guard let p else { return false }
    return abs(p.x - q.x) <= tolerance && abs(p.y - q.y) <= tolerance
}

/// The number of subpaths (moves) of a path.
private func moves(_ p: CGPath) -> Int { p.path.elements.filter { if case .move = $0 { true } else { false } }.count }

/// CGPath's arcs, hit testing, stroking and dashing copies and element walking. Pure: no layers.
@Suite struct CGPathGeometryTests {
    @Test func arcToPointAndRelativeArcs() {
        let m = CGMutablePath()
        m.move(to: .zero)
        m.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 5)
        #expect(m.path.elements.count == 3)
        #expect(isClose(m.currentPoint, CGPoint(x: 10, y: 5)))

        // Built in user space, then transformed: the device-space current point is taken back through it.
        let scaled = CGMutablePath()
        scaled.move(to: .zero)
        scaled.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 5,
                      transform: CGAffineTransform(scaleX: 2, y: 3))
        #expect(scaled.path.elements.count == 3)
        #expect(isClose(scaled.currentPoint, CGPoint(x: 20, y: 15)))
        let empty = CGMutablePath()
        empty.addArc(tangent1End: CGPoint(x: 1, y: 2), tangent2End: CGPoint(x: 5, y: 5), radius: 1, transform: CGAffineTransform(translationX: 10, y: 0))
        #expect(empty.path.elements == [.move(CGPoint(x: 11, y: 2))])

        let relative = CGMutablePath()
        relative.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: .pi / 2, transform: CGAffineTransform(translationX: 5, y: 0))
        #expect(relative.path.elements.count == 2)
        #expect(isClose(relative.currentPoint, CGPoint(x: 5, y: 10)))

        let circle = CGMutablePath()
        circle.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        #expect(circle.path.elements.count == 5) // a full circle, no longer nothing
    }

    @Test func containsTransformsThePointFirst() {
        let overlap = CGMutablePath()
        overlap.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        overlap.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        #expect(overlap.contains(CGPoint(x: 7, y: 7)))
        #expect(!overlap.contains(CGPoint(x: 7, y: 7), using: .evenOdd))
        #expect(overlap.contains(CGPoint(x: 17, y: 7), transform: CGAffineTransform(translationX: -10, y: 0)))
        #expect(!overlap.contains(CGPoint(x: 7, y: 7), transform: CGAffineTransform(translationX: 10, y: 10)))
    }

    @Test func strokingCopyIsTheOutline() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let stroked = square.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(stroked.boundingBox == CGRect(x: -1, y: -1, width: 12, height: 12))
        #expect(moves(stroked) == 2 && stroked.path.elements.count == 10) // two closed loops of four lines
        #expect(stroked.contains(CGPoint(x: 0, y: 5)) && stroked.contains(CGPoint(x: 10.5, y: 5)))
        #expect(!stroked.contains(CGPoint(x: 5, y: 5)))                   // the hole
        let bevel = square.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .bevel, miterLimit: 10)
        #expect(!bevel.contains(CGPoint(x: -0.9, y: -0.9)) && stroked.contains(CGPoint(x: -0.9, y: -0.9)))

        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 10, y: 0))
        let capped = line.copy(strokingWithWidth: 4, lineCap: .square, lineJoin: .round, miterLimit: 10,
                               transform: CGAffineTransform(translationX: 0, y: 100))
        #expect(capped.boundingBox == CGRect(x: -2, y: 98, width: 14, height: 4))
        #expect(line.copy(strokingWithWidth: 0, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
    }

    @Test func dashingCopy() {
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 100, y: 0))
        let dashed = line.copy(dashingWithPhase: 3, lengths: [10, 5])
        #expect(moves(dashed) == 7)
        #expect(isClose(dashed.path.elements.last.flatMap { if case .line(let p) = $0 { p } else { nil } }, CGPoint(x: 97, y: 0)))
        let moved = line.copy(dashingWithPhase: 3, lengths: [10, 5], transform: CGAffineTransform(translationX: 0, y: 5))
        #expect(moved.boundingBox.minY == 5 && moves(moved) == 7)
        #expect(line.copy(dashingWithPhase: 0, lengths: []).path == line.path)
    }

    @Test func elementsWalkInOrder() {
        let m = CGMutablePath()
        m.move(to: CGPoint(x: 1, y: 2))
        m.addLine(to: CGPoint(x: 3, y: 4))
        m.addQuadCurve(to: CGPoint(x: 7, y: 8), control: CGPoint(x: 5, y: 6))
        m.addCurve(to: CGPoint(x: 13, y: 14), control1: CGPoint(x: 9, y: 10), control2: CGPoint(x: 11, y: 12))
        m.closeSubpath()
        var types: [CGPathElementType] = [], points: [CGPoint] = []
        m.applyWithBlock { element in
            let e = element.pointee
            types.append(e.type)
            let count = [CGPathElementType.moveToPoint: 1, .addLineToPoint: 1, .addQuadCurveToPoint: 2, .addCurveToPoint: 3][e.type] ?? 0
            for i in 0..<count { points.append(e.points[i]) }
        }
        #expect(types == [.moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        #expect(types.map(\.rawValue) == [0, 1, 2, 3, 4])
        let expected: [CGPoint] = (1...7).map { (k: Int) -> CGPoint in CGPoint(x: 2 * k - 1, y: 2 * k) } // (1, 2), (3, 4)…
        #expect(points == expected)

        var count = 0
        withUnsafeMutablePointer(to: &count) { counter in
            m.apply(info: counter) { info, _ in info?.assumingMemoryBound(to: Int.self).pointee += 1 }
        }
        #expect(count == 5)
    }
}

/// UIBezierPath's API on CGMutablePath (UIKit's y-down conventions).
@Suite struct CGMutablePathBezierTests {
    @Test func uikitClockwiseIncreasesTheAngle() {
        let quarter = CGMutablePath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(quarter.path.elements.count == 2)
        #expect(isClose(quarter.currentPoint, CGPoint(x: 0, y: 10)))
        let rest = CGMutablePath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(rest.path.elements.count == 4) // three quarters the other way round
        let full = CGMutablePath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        #expect(full.path.elements.count == 5)
        guard case let .cubic(_, _, firstEnd) = full.path.elements[1] else { Issue.record("no curve"); return }
        #expect(isClose(firstEnd, CGPoint(x: 0, y: 10)))

        let joined = CGMutablePath()
        joined.move(to: CGPoint(x: 50, y: 0))
        joined.addArc(withCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(joined.path.elements[1] == .line(CGPoint(x: 10, y: 0)))
    }

    @Test func shapes() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 20)
        #expect(CGMutablePath(ovalIn: rect).path == CGPath(ellipseIn: rect).path)
        var expected = Path()
        expected.addRoundedRect(rect, cornerWidth: 10, cornerHeight: 10) // 50 clamped to half the height
        #expect(CGMutablePath(roundedRect: rect, cornerRadius: 50).path == expected)

        var two = Path()
        two.addRoundedRect(rect, topLeft: .zero, topRight: CGSize(width: 5, height: 5), bottomLeft: CGSize(width: 5, height: 5), bottomRight: .zero)
        #expect(CGMutablePath(roundedRect: rect, byRoundingCorners: [.topRight, .bottomLeft], cornerRadii: CGSize(width: 5, height: 5)).path == two)
        var all = Path()
        let corner = CGSize(width: 30, height: 10) // 30 × 40 clamped to 30 × 10
        all.addRoundedRect(rect, topLeft: corner, topRight: corner, bottomLeft: corner, bottomRight: corner)
        #expect(CGMutablePath(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: 30, height: 40)).path == all)
        #expect(CGMutablePath.RectCorner.allCorners.contains([.topLeft, .topRight, .bottomLeft, .bottomRight]))
    }

    @Test func buildingAndEditing() {
        let m = CGMutablePath()
        m.move(to: .zero)
        m.addCurve(to: CGPoint(x: 10, y: 0), controlPoint1: CGPoint(x: 3, y: 5), controlPoint2: CGPoint(x: 7, y: 5))
        m.addQuadCurve(to: CGPoint(x: 10, y: 10), controlPoint: CGPoint(x: 15, y: 5))
        m.close()
        #expect(m.path.elements == [.move(.zero), .cubic(control1: CGPoint(x: 3, y: 5), control2: CGPoint(x: 7, y: 5), to: CGPoint(x: 10, y: 0)),
                                    .quad(control: CGPoint(x: 15, y: 5), to: CGPoint(x: 10, y: 10)), .close])
        #expect(m.bounds == CGRect(x: 0, y: 0, width: 15, height: 10))
        #expect(m.cgPath === m)
        m.append(CGPath(rect: CGRect(x: 20, y: 0, width: 1, height: 1)))
        #expect(m.bounds == CGRect(x: 0, y: 0, width: 21, height: 10))
        m.apply(CGAffineTransform(translationX: 1, y: 2))
        #expect(m.bounds == CGRect(x: 1, y: 2, width: 21, height: 10))
        m.removeAllPoints()
        #expect(m.isEmpty && m.bounds.isNull)
    }
}
