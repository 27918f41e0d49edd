import Foundation
@testable import Strata
import StrataCore
import Testing

private func isClose(_ p: CGPoint, _ q: CGPoint, _ tolerance: CGFloat = 1e-12) -> Bool {
    abs(p.x - q.x) <= tolerance && abs(p.y - q.y) <= tolerance
}

private func isClose(_ r: CGRect, _ s: CGRect, _ tolerance: CGFloat = 1e-12) -> Bool {
    abs(r.minX - s.minX) <= tolerance && abs(r.minY - s.minY) <= tolerance
        && abs(r.maxX - s.maxX) <= tolerance && abs(r.maxY - s.maxY) <= tolerance
}

/// CGAffineTransform algebra (Apple's conventions: x' = a·x + c·y + tx, `t1.concatenating(t2)` = t1 then t2).
@Suite struct CGAffineTransformTests {
    let p = CGPoint(x: 1, y: 1)

    @Test func identityAndComponents() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(!CGAffineTransform(translationX: 0, y: 1e-9).isIdentity)
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(CGPoint(x: 10, y: 100).applying(t) == CGPoint(x: 1 * 10 + 3 * 100 + 5, y: 2 * 10 + 4 * 100 + 6))
        #expect(CGAffineTransform(scaleX: 2, y: 3) == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 0, ty: 0))
    }

    @Test func concatenationAppliesTheReceiverFirst() {
        let t = CGAffineTransform(translationX: 10, y: 0), s = CGAffineTransform(scaleX: 2, y: 2)
        #expect(p.applying(t.concatenating(s)) == CGPoint(x: 22, y: 2)) // translate, then scale
        #expect(p.applying(s.concatenating(t)) == CGPoint(x: 12, y: 2)) // scale, then translate
        #expect(p.applying(t.concatenating(s)) == p.applying(t).applying(s))
    }

    @Test func builderMethodsApplyTheirStepBeforeTheReceiver() {
        let s = CGAffineTransform(scaleX: 2, y: 2)
        #expect(p.applying(s.translatedBy(x: 10, y: 0)) == CGPoint(x: 22, y: 2))
        #expect(p.applying(CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 3)) == CGPoint(x: 12, y: 3))
        let r = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
        #expect(isClose(CGPoint(x: 1, y: 0).applying(r), CGPoint(x: 10, y: 1)))
    }

    @Test func rotationByAQuarterTurnMapsXToY() {
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(isClose(CGPoint(x: 1, y: 0).applying(r), CGPoint(x: 0, y: 1)))
        #expect(isClose(CGPoint(x: 0, y: 1).applying(r), CGPoint(x: -1, y: 0)))
    }

    @Test func inversionUndoesAndSingularStaysPut() {
        let t = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: -3).translatedBy(x: 5, y: -4)
        let q = CGPoint(x: 3.5, y: -8)
        #expect(isClose(q.applying(t).applying(t.inverted()), q))
        let round = t.concatenating(t.inverted())
        #expect(isClose(CGPoint(x: round.a, y: round.b), CGPoint(x: 1, y: 0)) && isClose(CGPoint(x: round.c, y: round.d), CGPoint(x: 0, y: 1))
            && isClose(CGPoint(x: round.tx, y: round.ty), .zero))
        let singular = CGAffineTransform(scaleX: 0, y: 1).translatedBy(x: 3, y: 4)
        #expect(singular.inverted() == singular)
        let mirror = CGAffineTransform(scaleX: -1, y: 1) // its own inverse
        #expect(mirror.inverted() == mirror)
    }

    @Test func sizesIgnoreTranslationAndRectsBecomeBoundingBoxes() {
        let t = CGAffineTransform(translationX: 100, y: 100).scaledBy(x: 2, y: -1)
        #expect(CGSize(width: 3, height: 4).applying(t) == CGSize(width: 6, height: -4))
        let box = CGRect(x: 0, y: 0, width: 2, height: 1).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(isClose(box, CGRect(x: -1, y: 0, width: 1, height: 2)))
        let diamond = CGRect(x: -1, y: -1, width: 2, height: 2).applying(CGAffineTransform(rotationAngle: .pi / 4))
        let h = CGFloat(2).squareRoot()
        #expect(isClose(diamond, CGRect(x: -h, y: -h, width: 2 * h, height: 2 * h)))
        #expect(CGRect.null.applying(t).isNull)
    }
}

/// CGPath's transforms and rounded rectangles.
@Suite struct CGPathTransformTests {
    let move = CGAffineTransform(translationX: 10, y: 20)

    @Test func constructorsTransformEveryPoint() {
        let r = CGRect(x: 0, y: 0, width: 4, height: 2)
        #expect(CGPath(rect: r, transform: move).boundingBox == CGRect(x: 10, y: 20, width: 4, height: 2))
        #expect(CGPath(rect: r, transform: nil).boundingBox == r)
        var t = move
        #expect(CGPath(rect: r, transform: &t).boundingBox == CGRect(x: 10, y: 20, width: 4, height: 2))
        // The ellipse's control points lie on its rect, so the box is the rect, rotated.
        let e = CGPath(ellipseIn: r, transform: CGAffineTransform(rotationAngle: .pi / 2))
        #expect(isClose(e.boundingBox, CGRect(x: -2, y: 0, width: 2, height: 4)))
        #expect(CGPath(ellipseIn: r, transform: nil).boundingBox == r)
    }

    @Test func roundedRects() throws {
        let r = CGRect(x: 10, y: 10, width: 40, height: 20)
        let rounded = CGPath(roundedRect: r, cornerWidth: 5, cornerHeight: 4)
        #expect(rounded.boundingBox == r)
        // Closed, starting where the top edge leaves the top-left corner, going right (clockwise on screen).
        #expect(rounded.currentPoint == CGPoint(x: 15, y: 10))
        guard case .line(let second) = rounded.path.elements[1] else { Issue.record("\(rounded.path.elements)"); return }
        #expect(second == CGPoint(x: 45, y: 10))
        // Each corner is a quarter ellipse: its middle point lies on the ellipse with semi-axes 5 and 4.
        let corner = try #require(rounded.path.segments.first { $0.points.count == 4 })
        let mid = corner.point(at: 0.5), centre = CGPoint(x: 45, y: 14)
        let u = (mid.x - centre.x) / 5, v = (mid.y - centre.y) / 4, onEllipse = u * u + v * v
        #expect(abs(onEllipse - 1) < 1e-3)

        // Zero corners give the plain rectangle; oversized ones are clamped to half the side.
        #expect(CGPath(roundedRect: r, cornerWidth: 0, cornerHeight: 4).path == CGPath(rect: r).path)
        let pill = CGPath(roundedRect: r, cornerWidth: 100, cornerHeight: 100)
        #expect(pill.boundingBox == r)
        #expect(pill.currentPoint == CGPoint(x: 30, y: 10))
        #expect(!pill.path.elements.contains { if case .line = $0 { true } else { false } }) // sides shrank to nothing

        let scaled = CGPath(roundedRect: r, cornerWidth: 5, cornerHeight: 4, transform: CGAffineTransform(scaleX: 2, y: 3))
        #expect(scaled.boundingBox == CGRect(x: 20, y: 30, width: 80, height: 60))
        let m = CGMutablePath()
        m.addRoundedRect(in: r, cornerWidth: 5, cornerHeight: 4, transform: move)
        #expect(m.boundingBox == r.offsetBy(dx: 10, dy: 20))
        #expect(m.path == rounded.copy(using: move).path)
    }

    @Test func mutableElementsTakeATransform() {
        let m = CGMutablePath()
        m.move(to: .zero, transform: move)
        #expect(m.currentPoint == CGPoint(x: 10, y: 20))
        m.addLine(to: CGPoint(x: 1, y: 1), transform: move)
        m.addQuadCurve(to: CGPoint(x: 2, y: 0), control: CGPoint(x: 1, y: 5), transform: move)
        m.addCurve(to: CGPoint(x: 3, y: 0), control1: CGPoint(x: 2, y: -5), control2: CGPoint(x: 3, y: 1), transform: move)
        #expect(m.boundingBox == CGRect(x: 10, y: 15, width: 3, height: 10))
        m.addLines(between: [CGPoint(x: 7, y: 7), CGPoint(x: 8, y: 8)], transform: move)
        #expect(m.currentPoint == CGPoint(x: 18, y: 28))
        let rects = CGMutablePath()
        rects.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 1, height: 1)], transform: move)
        #expect(rects.boundingBox == CGRect(x: 10, y: 20, width: 6, height: 6))
        let e = CGMutablePath()
        e.addEllipse(in: CGRect(x: 0, y: 0, width: 2, height: 2), transform: move)
        #expect(e.boundingBox == CGRect(x: 10, y: 20, width: 2, height: 2))
    }

    @Test func arcsJoinTheCurrentPointAndTransform() {
        let plain = CGMutablePath()
        plain.addArc(center: CGPoint(x: 5, y: 5), radius: 2, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let moved = CGMutablePath()
        moved.addArc(center: CGPoint(x: 5, y: 5), radius: 2, startAngle: 0, endAngle: .pi / 2, clockwise: false, transform: move)
        #expect(isClose(moved.boundingBox, plain.boundingBox.offsetBy(dx: 10, dy: 20)))
        #expect(isClose(moved.currentPoint, CGPoint(x: 15, y: 27)))

        let joined = CGMutablePath()
        joined.move(to: .zero)
        joined.addArc(center: CGPoint(x: 5, y: 5), radius: 2, startAngle: 0, endAngle: .pi / 2, clockwise: false, transform: move)
        #expect(joined.path.elements[1] == .line(CGPoint(x: 17, y: 25))) // a line to the arc's transformed start
    }

    @Test func arcsWithHugeOrNonFiniteAnglesNeitherHangNorTrap() {
        let huge = CGMutablePath()
        huge.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 1e20, clockwise: false)
        #expect(!huge.isEmpty && huge.path.elements.count <= 6) // at most a full turn: a move and 4 quarters
        for (start, end, radius) in [(0, CGFloat.nan, 1), (-1e308, 1e308, 1), (0, 1, CGFloat.infinity)] as [(CGFloat, CGFloat, CGFloat)] {
            let m = CGMutablePath()
            m.addArc(center: .zero, radius: radius, startAngle: start, endAngle: end, clockwise: true)
            #expect(m.isEmpty)
        }
    }

    @Test func addPathAndCopyUsingTransform() {
        let source = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
        let m = CGMutablePath()
        m.addPath(source, transform: move)
        m.addPath(source)
        #expect(m.boundingBox == CGRect(x: 0, y: 0, width: 11, height: 21))
        m.addPath(m) // itself, doubled
        #expect(m.path.elements.count == 4 * source.path.elements.count)
        #expect(source.copy(using: move).boundingBox == CGRect(x: 10, y: 20, width: 1, height: 1))
        var t = move
        #expect(source.copy(using: &t)?.boundingBox == CGRect(x: 10, y: 20, width: 1, height: 1))
        #expect(source.copy(using: nil)?.path == source.path)
    }
}

extension ClientProcessSuite {
/// Touches layers and the transaction, so it runs in the serialized client suite.
@Suite struct AffineLayerTransformTests {
    @Test func affineTransformsRoundTripThroughTheLayersTransform() {
        let m = CGAffineTransform(rotationAngle: .pi / 6).translatedBy(x: 3, y: -2).scaledBy(x: 2, y: 0.5)
        let t = CATransform3DMakeAffineTransform(m)
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == m)
        // The 3D transform moves points as the affine one does (row vectors: x·m11 + y·m21 + m41).
        let p = CGPoint(x: 5, y: 7)
        let q = p.applying(m), r = t.apply(to: p)
        #expect(abs(q.x - r.x) < 1e-12 && abs(q.y - r.y) < 1e-12)
        let layer = CALayer()
        layer.setAffineTransform(m)
        #expect(layer.affineTransform() == m && layer.transform == t)
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 1, 0, 0)))
        CATransaction.flush()
    }
}
}
