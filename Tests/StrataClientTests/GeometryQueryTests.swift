import Foundation
import Strata
import Testing

/// convert(_:from:)/convert(_:to:), contains(_:) and hitTest(_:) against values worked out by hand:
/// positions and anchor points, a rotation, perspective from a sublayerTransform, geometryFlipped,
/// zPosition order, hidden layers, rounded masksToBounds, transform layers, and presentation layers
/// mid-animation.
@Suite struct GeometryQueryTests {
    static func layer(_ frame: CGRect, in parent: CALayer? = nil) -> CALayer {
        let l = CALayer()
        l.frame = frame
        parent?.addSublayer(l)
        return l
    }

    static func close(_ a: CGPoint, _ b: CGPoint, _ e: CGFloat = 1e-9) -> Bool { abs(a.x - b.x) <= e && abs(a.y - b.y) <= e }

    /// A root whose frame is (50, 50, 100, 100): its (0, 0) is at (50, 50) of the root space.
    @Test func positionsAndAnchorPoints() {
        let root = Self.layer(CGRect(x: 50, y: 50, width: 100, height: 100))
        let child = Self.layer(CGRect(x: 10, y: 10, width: 20, height: 20), in: root)
        #expect(child.convert(CGPoint(x: 5, y: 5), to: nil) == CGPoint(x: 65, y: 65))
        #expect(child.convert(CGPoint(x: 65, y: 65), from: nil) == CGPoint(x: 5, y: 5))
        #expect(root.convert(CGPoint(x: 5, y: 5), from: child) == CGPoint(x: 15, y: 15))
        // anchorPoint (0, 0): the position is the top-left corner; a bounds origin shifts what shows there.
        let corner = CALayer()
        corner.anchorPoint = .zero
        corner.bounds = CGRect(x: 100, y: 200, width: 10, height: 10)
        corner.position = CGPoint(x: 30, y: 40)
        root.addSublayer(corner)
        #expect(corner.convert(CGPoint(x: 100, y: 200), to: root) == CGPoint(x: 30, y: 40))
        #expect(corner.convert(CGRect(x: 101, y: 202, width: 4, height: 3), to: nil) == CGRect(x: 81, y: 92, width: 4, height: 3))
    }

    /// A 20 × 20 child at (20, 20) turned a quarter clockwise about its centre: its top-left corner,
    /// (−10, −10) from the centre, turns to (10, −10).
    @Test func rotation() {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        child.position = CGPoint(x: 20, y: 20)
        child.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        root.addSublayer(child)
        #expect(Self.close(child.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 30, y: 10)))
        #expect(Self.close(child.convert(CGPoint(x: 30, y: 10), from: root), CGPoint(x: 0, y: 0)))
        #expect(root.hitTest(CGPoint(x: 29, y: 11)) === child)
    }

    /// Perspective (m34 = −1/500 about the parent's anchor, at its (0, 0)) and a child pushed 500 back:
    /// w = 2, so (10, 0) from the child's centre shows at (5, 0).
    @Test func perspective() {
        let parent = CALayer()
        parent.bounds = CGRect(x: -50, y: -50, width: 100, height: 100)
        parent.position = CGPoint(x: 50, y: 50)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        parent.sublayerTransform = p
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        child.position = .zero
        child.transform = CATransform3DMakeTranslation(0, 0, -500)
        parent.addSublayer(child)
        #expect(Self.close(child.convert(CGPoint(x: 20, y: 10), to: parent), CGPoint(x: 5, y: 0)))
        #expect(Self.close(child.convert(CGPoint(x: 5, y: 0), from: parent), CGPoint(x: 20, y: 10)))
        // The child shows half size: 10 × 10 about the parent's (0, 0); (4, 4) hits it, (6, 0) does not.
        #expect(parent.hitTest(CGPoint(x: 54, y: 54)) === child)
        #expect(parent.hitTest(CGPoint(x: 56, y: 50)) === parent)
    }

    /// geometryFlipped: sublayers are placed from the bottom; a child framed at y 0…10 sits at 90…100.
    @Test func geometryFlipped() {
        let parent = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.isGeometryFlipped = true
        let child = Self.layer(CGRect(x: 0, y: 0, width: 10, height: 10), in: parent)
        let top = child.convert(CGPoint(x: 0, y: 0), to: parent), bottom = child.convert(CGPoint(x: 0, y: 10), to: parent)
        #expect(Set([top.y, bottom.y]) == [90, 100] && top.x == 0)
        #expect(parent.hitTest(CGPoint(x: 5, y: 95)) === child)
        #expect(parent.hitTest(CGPoint(x: 5, y: 5)) === parent)
    }

    /// Front to back: zPosition first, then index; hidden layers and their subtrees are skipped.
    @Test func orderAndHiddenLayers() {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let raised = Self.layer(CGRect(x: 0, y: 0, width: 50, height: 50), in: root)
        raised.zPosition = 1
        let later = Self.layer(CGRect(x: 0, y: 0, width: 50, height: 50), in: root)
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === raised)
        raised.zPosition = 0
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === later)
        later.isHidden = true
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === raised)
        root.isHidden = true
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) == nil)
        #expect(root.hitTest(CGPoint(x: 200, y: 200)) == nil)
    }

    /// masksToBounds with cornerRadius 20: a point in the rounded-off corner misses the layer and its
    /// sublayers; without masksToBounds a sublayer outside the bounds is still hit.
    @Test func roundedMasksToBounds() {
        let clip = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        clip.cornerRadius = 20
        clip.masksToBounds = true
        let fill = Self.layer(CGRect(x: -50, y: -50, width: 200, height: 200), in: clip)
        #expect(clip.hitTest(CGPoint(x: 2, y: 2)) == nil)
        #expect(clip.hitTest(CGPoint(x: 50, y: 2)) === fill)
        #expect(clip.hitTest(CGPoint(x: 98, y: 98)) == nil)
        clip.maskedCorners = [.layerMinXMinYCorner]
        #expect(clip.hitTest(CGPoint(x: 98, y: 98)) === fill)
        clip.masksToBounds = false
        #expect(clip.hitTest(CGPoint(x: -20, y: -20)) === fill)
        #expect(clip.contains(CGPoint(x: 2, y: 2)) && !clip.contains(CGPoint(x: -1, y: 2)))
    }

    /// An overridden contains(_:) decides: a circle hit only inside its radius.
    @Test func containsCanBeOverridden() {
        final class Disc: CALayer, @unchecked Sendable {
            override func contains(_ p: CGPoint) -> Bool {
                let c = CGPoint(x: bounds.midX, y: bounds.midY)
                return (p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y) <= bounds.width * bounds.width / 4
            }
        }
        let root = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let disc = Disc()
        disc.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.addSublayer(disc)
        #expect(root.hitTest(CGPoint(x: 20, y: 20)) === disc)
        #expect(root.hitTest(CGPoint(x: 2, y: 2)) === root)
    }

    /// A transform layer's sublayers are hit by their projected quads, nearest first; the transform layer
    /// itself has no area.
    @Test func transformLayerSublayersNearestFirst() {
        let container = CATransformLayer()
        container.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let far = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 100), in: container)
        let near = Self.layer(CGRect(x: 0, y: 0, width: 50, height: 50), in: container)
        far.transform = CATransform3DMakeTranslation(0, 0, 10)    // nearer the viewer despite its index
        near.transform = CATransform3DMakeTranslation(0, 0, -10)
        #expect(container.hitTest(CGPoint(x: 10, y: 10)) === far)
        far.isHidden = true
        #expect(container.hitTest(CGPoint(x: 10, y: 10)) === near)
        #expect(container.hitTest(CGPoint(x: 80, y: 80)) == nil)
    }

    /// On a presentation layer the hit follows the animation: a square moving right over 2 s is hit where
    /// it shows half-way, and the answer is its presentation.
    @Test func presentationHitsMoveWithTheAnimation() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 200, height: 100))
        let square = Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20), in: root)
        CATransaction.flush()
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 10, y: 10)
        move.toValue = CGPoint(x: 110, y: 10)
        move.duration = 2
        square.add(move, forKey: "move")
        CATransaction.flush()
        let begin = try #require(square.animation(forKey: "move")).beginTime
        let shown = try #require(root.presentation(at: begin + 1))
        let hit = try #require(shown.hitTest(CGPoint(x: 65, y: 10)))
        #expect(hit.model() === square && hit !== square)
        #expect(hit.position == CGPoint(x: 60, y: 10))
        #expect(root.hitTest(CGPoint(x: 65, y: 10)) === root)   // the model has not moved
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === square)
        #expect(Self.close(hit.convert(CGPoint(x: 0, y: 0), to: nil), CGPoint(x: 50, y: 0)))
    }
}
