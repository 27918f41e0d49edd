import Foundation
import StrataCore
import Testing

/// A layer's rounded outline (`Path.addLayerShape`) and border ring, against corners worked out by hand.
@Suite struct PathLayerShapeTests {
    static func shape(_ r: CGRect, _ radius: CGFloat, _ corners: UInt8) -> Path {
        var p = Path()
        p.addLayerShape(r, radius: radius, corners: corners)
        return p
    }

    /// Circular corners of radius 10 on a 40 × 30 rectangle: a point 1 in from the corner is out, one on the
    /// diagonal inside the arc is in; unmasked corners stay sharp; a radius past half the shorter side is
    /// clamped to it (15: the short sides are half circles).
    @Test func circularCornersOnTheMaskedCornersClampedToHalfTheShorterSide() {
        let r = CGRect(x: 0, y: 0, width: 40, height: 30)
        let all = Self.shape(r, 10, 15)
        #expect(!all.contains(CGPoint(x: 1, y: 1), rule: .nonZero) && !all.contains(CGPoint(x: 39, y: 29), rule: .nonZero))
        #expect(all.contains(CGPoint(x: 4, y: 4), rule: .nonZero) && all.contains(CGPoint(x: 20, y: 0.5), rule: .nonZero))
        let topLeft = Self.shape(r, 10, 1)
        #expect(!topLeft.contains(CGPoint(x: 1, y: 1), rule: .nonZero) && topLeft.contains(CGPoint(x: 39, y: 1), rule: .nonZero)
                && topLeft.contains(CGPoint(x: 1, y: 29), rule: .nonZero) && topLeft.contains(CGPoint(x: 39, y: 29), rule: .nonZero))
        let pill = Self.shape(r, 100, 15)
        #expect(!pill.contains(CGPoint(x: 3, y: 3), rule: .nonZero) && pill.contains(CGPoint(x: 15, y: 0.5), rule: .nonZero))
        #expect(pill.contains(CGPoint(x: 0.5, y: 15), rule: .nonZero))
        #expect(Self.shape(r, 0, 15) == { var p = Path(); p.addRect(r); return p }())
    }

    /// A continuous corner reaches 1.52866483 radii along each edge (a circular one 1) and leaves the edge
    /// more gently: 8 in from the corner, a radius-10 circular corner is 0.20 off the edge, the continuous one
    /// about 0.4. Its curve passes the measured point (0.06549600 r, 0.66993427 r) from the corner.
    @Test func continuousCornersReachFurtherAlongTheEdges() {
        let r = CGRect(x: 0, y: 0, width: 60, height: 60)
        let continuous = Self.shape(r, 10, 15 | CornerCurve.continuousCornersBit), circular = Self.shape(r, 10, 15)
        let nearEdge = CGPoint(x: 8, y: 0.3)
        #expect(circular.contains(nearEdge, rule: .nonZero) && !continuous.contains(nearEdge, rule: .nonZero))
        #expect(continuous.contains(CGPoint(x: 0.655 + 0.3, y: 6.6993), rule: .nonZero))
        #expect(!continuous.contains(CGPoint(x: 0.655 - 0.3, y: 6.6993), rule: .nonZero))
        // Corners that meet: the reach is clamped to half the side, the radius shrinking with it.
        let small = Self.shape(CGRect(x: 0, y: 0, width: 20, height: 20), 10, 15 | CornerCurve.continuousCornersBit)
        #expect(small.contains(CGPoint(x: 10, y: 0.2), rule: .nonZero) && !small.contains(CGPoint(x: 1, y: 1), rule: .nonZero))
    }

    /// The border ring: inside the shape, outside the shape inset by the width with the radius less the width.
    @Test func theBorderRingLiesInsideTheShape() {
        let ring = Path.layerBorder(CGRect(x: 0, y: 0, width: 40, height: 30), radius: 10, corners: 15, width: 3)
        #expect(ring.contains(CGPoint(x: 20, y: 1), rule: .evenOdd) && ring.contains(CGPoint(x: 38.5, y: 15), rule: .evenOdd))
        #expect(!ring.contains(CGPoint(x: 20, y: 15), rule: .evenOdd) && !ring.contains(CGPoint(x: 20, y: 3.5), rule: .evenOdd))
        #expect(!ring.contains(CGPoint(x: 1, y: 1), rule: .evenOdd))
        // A width past half the shorter side fills the whole shape.
        #expect(Path.layerBorder(CGRect(x: 0, y: 0, width: 40, height: 30), radius: 10, corners: 15, width: 16).contains(CGPoint(x: 20, y: 15), rule: .evenOdd))
    }
}
