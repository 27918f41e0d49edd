import Foundation
import Testing
import StrataCore

@Suite("LayerModel geometry (frame, anchorPoint, localToParent)")
struct LayerModelTests {
    static func layer(bounds: CGRect = CGRect(x: 0, y: 0, width: 100, height: 100),
                      position: CGPoint = CGPoint(x: 200, y: 200),
                      anchor: CGPoint = CGPoint(x: 0.5, y: 0.5),
                      transform: Transform3D = .identity) -> LayerModel {
        var l = LayerModel()
        l.bounds = bounds; l.position = position; l.anchorPoint = anchor; l.transform = transform
        return l
    }

    @Test func defaults() {
        let l = LayerModel()
        #expect(l.bounds == .zero && l.position == .zero)
        #expect(l.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(l.transform == .identity && l.opacity == 1 && l.backgroundColor == nil)
        #expect(!l.isHidden && l.zPosition == 0)
        #expect(l.frame == .zero)
    }

    @Test func frameWithDefaultAnchor() {
        #expect(Self.layer().frame == CGRect(x: 150, y: 150, width: 100, height: 100))
        // [S0] fixture: position (50, 50) with bounds (0, 0, 100, 100) fills the parent's top-left 100×100.
        #expect(Self.layer(position: CGPoint(x: 50, y: 50)).frame == CGRect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test func frameWithOtherAnchors() {
        #expect(Self.layer(anchor: .zero).frame == CGRect(x: 200, y: 200, width: 100, height: 100))
        #expect(Self.layer(anchor: CGPoint(x: 1, y: 1)).frame == CGRect(x: 100, y: 100, width: 100, height: 100))
        #expect(Self.layer(bounds: CGRect(x: 0, y: 0, width: 80, height: 40), anchor: CGPoint(x: 0.25, y: 0.75)).frame
                == CGRect(x: 180, y: 170, width: 80, height: 40))
    }

    @Test func boundsOriginDoesNotMoveTheFrame() {
        let l = Self.layer(bounds: CGRect(x: 30, y: -40, width: 100, height: 60))
        #expect(l.frame == CGRect(x: 150, y: 170, width: 100, height: 60))
        #expect(l.anchorInBounds == CGPoint(x: 80, y: -10))
    }

    @Test func setFrameWithDefaultAnchor() {
        var l = Self.layer(bounds: CGRect(x: 5, y: 6, width: 1, height: 1))
        l.setFrame(CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(l.position == CGPoint(x: 25, y: 40))
        #expect(l.bounds == CGRect(x: 5, y: 6, width: 30, height: 40)) // origin kept
        #expect(l.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
    }

    @Test func setFrameHonoursAnchor() {
        var l = Self.layer(anchor: .zero)
        l.setFrame(CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(l.position == CGPoint(x: 10, y: 20))
        var r = Self.layer(anchor: CGPoint(x: 1, y: 0.5))
        r.setFrame(CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(r.position == CGPoint(x: 40, y: 40))
        #expect(r.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
    }

    @Test func setFrameStandardisesNegativeSizes() {
        var l = Self.layer()
        l.setFrame(CGRect(x: 50, y: 60, width: -20, height: -40))
        #expect(l.bounds.size == CGSize(width: 20, height: 40))
        #expect(l.position == CGPoint(x: 40, y: 40))
    }

    @Test func frameOfRotatedLayerIsBoundingBox() {
        let l = Self.layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 50),
                           transform: .rotation(CGFloat.pi / 2, 0, 0, 1))
        #expect(isClose(l.frame, CGRect(x: 175, y: 150, width: 50, height: 100), 1e-9), "\(l.frame)")
        let diamond = Self.layer(transform: .rotation(CGFloat.pi / 4, 0, 0, 1))
        let h = 50 * 2.0.squareRoot()
        #expect(isClose(diamond.frame, CGRect(x: 200 - h, y: 200 - h, width: 2 * h, height: 2 * h), 1e-9))
    }

    @Test func frameOfScaledLayerScalesAboutAnchor() {
        #expect(Self.layer(transform: .scale(2, 3, 1)).frame == CGRect(x: 100, y: 50, width: 200, height: 300))
        #expect(Self.layer(anchor: .zero, transform: .scale(2, 3, 1)).frame
                == CGRect(x: 200, y: 200, width: 200, height: 300))
    }

    @Test func localToParentMapsAnchorToPosition() {
        let l = Self.layer(bounds: CGRect(x: 10, y: 10, width: 100, height: 60), position: CGPoint(x: 7, y: 9),
                           anchor: CGPoint(x: 0.3, y: 0.6), transform: .rotation(1.0, 0, 0, 1) * .scale(2, 2, 1))
        #expect(isClose(l.localToParent.apply(to: l.anchorInBounds), l.position, 1e-12))
    }

    @Test func localToParentComposition() {
        var l = Self.layer(transform: .rotation(0.3, 0, 0, 1))
        l.zPosition = 12
        let expected = Transform3D.translation(-50, -50, 0) * .rotation(0.3, 0, 0, 1) * .translation(200, 200, 12)
        #expect(l.localToParent == expected)
        #expect(l.localToParent.m43 == 12)
        #expect(Self.layer().localToParent == .translation(150, 150, 0))
    }

    @Test func propertySubscriptRoundTrips() {
        var l = LayerModel()
        let values: [(LayerProperty, AnimatableValue)] = [
            (.bounds, .rect(CGRect(x: 1, y: 2, width: 3, height: 4))),
            (.position, .point(CGPoint(x: 5, y: 6))),
            (.anchorPoint, .point(CGPoint(x: 0, y: 1))),
            (.transform, .transform(.rotation(0.5, 0, 0, 1))),
            (.opacity, .scalar(0.25)),
            (.backgroundColor, .color(.white)),
            (.hidden, .bool(true)),
            (.zPosition, .scalar(-3)),
        ]
        for (p, v) in values {
            l[p] = v
            #expect(l[p] == v)
        }
        #expect(l.isHidden && l.opacity == 0.25 && l.zPosition == -3)
        l[.backgroundColor] = .color(nil)
        #expect(l.backgroundColor == nil)
        // A value of the wrong shape is ignored.
        l[.opacity] = .point(.zero)
        #expect(l.opacity == 0.25)
    }

    @Test func colorHexParsing() {
        #expect(Color(hex: "#ff0000") == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(Color(hex: "#00000080") == Color(red: 0, green: 0, blue: 0, alpha: CGFloat(128) / 255))
        #expect(Color(hex: "ff0000") == nil)
        #expect(Color(hex: "#fff") == nil)
        #expect(Color(hex: "#gg0000") == nil)
    }
}

@Suite struct AnchorPointZTests {
    /// The anchor (x, y, anchorPointZ) is the point placed at (position, zPosition) and the centre of
    /// the transform.
    @Test func theAnchorsDepthIsPlacedAtZPosition() {
        var m = LayerModel()
        m.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        m.position = CGPoint(x: 100, y: 50)
        m.zPosition = 5
        m.anchorPointZ = 10
        func z(_ t: Transform3D) -> CGFloat { 20 * t.m13 + 10 * t.m23 + t.m43 } // the layer's centre (20, 10, 0)
        #expect(z(m.localToParent) == -5)                     // the layer plane sits anchorPointZ behind the anchor
        m.transform = .rotation(.pi, 0, 1, 0)                 // half a turn about y, around the anchor
        #expect(abs(z(m.localToParent) - 15) < 1e-9)          // now anchorPointZ in front of it
    }
}

@Suite struct GeometryFlippedModelTests {
    /// The flip maps the sublayers' y to minY + maxY − y within the bounds (origin included), before the
    /// sublayer transform; without either, sublayers are placed by the identity.
    @Test func theSublayerSpaceIsFlippedWithinTheBounds() {
        var m = LayerModel()
        m.bounds = CGRect(x: 0, y: 10, width: 40, height: 20)
        #expect(!m.hasSublayerSpace && m.sublayerToLocal == .identity)
        m.isGeometryFlipped = true
        #expect(m.hasSublayerSpace)
        let top = m.sublayerToLocal.apply(to: CGPoint(x: 3, y: 10)), bottom = m.sublayerToLocal.apply(to: CGPoint(x: 3, y: 30))
        #expect(top == CGPoint(x: 3, y: 30) && bottom == CGPoint(x: 3, y: 10))
        m.sublayerTransform = .translation(0, 5, 0)
        #expect(m.sublayerToLocal.apply(to: CGPoint(x: 3, y: 10)) == CGPoint(x: 3, y: 35))
    }
}
