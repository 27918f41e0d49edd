import Foundation
@testable import Strata
import StrataCore
import Testing

/// `CALayer.render(in:)` by exact pixels, worked out by hand: a layer's background, border, sublayers under
/// transforms, opacity groups, clips, masks, order, contents, kinds, what is skipped, and the context's CTM.
@Suite struct LayerRenderTests {
    typealias Pixels = CGContextTests.Pixels
    static let red: [UInt8] = [255, 0, 0, 255], green: [UInt8] = [0, 255, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
    static let clear: [UInt8] = [0, 0, 0, 0]

    static func layer(_ frame: CGRect, _ color: CGColor? = nil, in parent: CALayer? = nil) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = color
        parent?.addSublayer(l)
        return l
    }

    static func render(_ layer: CALayer, _ w: Int = 40, _ h: Int = 30, setUp: (CGContext) -> Void = { _ in }) throws -> Pixels {
        let c = try #require(CGContext(width: w, height: h))
        setUp(c)
        layer.render(in: c)
        return try Pixels(c)
    }

    /// A 40×30 red layer with a 2-point blue border and a green sublayer at (10, 8, 12, 10): the border on
    /// top of everything, inside the bounds; the layer's own position does not move it.
    @Test func backgroundBorderAndSublayer() throws {
        let root = Self.layer(CGRect(x: 100, y: 50, width: 40, height: 30), .red)
        root.borderWidth = 2
        root.borderColor = CGColor.blue
        _ = Self.layer(CGRect(x: 10, y: 8, width: 12, height: 10), .green, in: root)
        let p = try Self.render(root)
        #expect(p[0, 0] == Self.blue && p[1, 15] == Self.blue && p[39, 29] == Self.blue && p[20, 28] == Self.blue)
        #expect(p[2, 2] == Self.red && p[37, 27] == Self.red && p[9, 12] == Self.red && p[22, 12] == Self.red)
        #expect(p[10, 8] == Self.green && p[21, 17] == Self.green && p[15, 12] == Self.green)
        #expect(p[15, 18] == Self.red)
    }

    /// A 16×4 sublayer at (20, 15) turned a quarter and scaled by 1.5: 6 wide, 24 tall about its position.
    @Test func aSublayerUnderRotationAndScale() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 40, height: 30), .red)
        let bar = Self.layer(CGRect(x: 12, y: 13, width: 16, height: 4), .green, in: root)
        bar.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2).scaledBy(x: 1.5, y: 1.5))
        let p = try Self.render(root)
        #expect(p[20, 4] == Self.green && p[20, 25] == Self.green && p[17, 15] == Self.green && p[22, 15] == Self.green)
        #expect(p[20, 2] == Self.red && p[15, 15] == Self.red && p[24, 15] == Self.red && p[13, 15] == Self.red)
    }

    /// Opacity 0.5 over a red background and an opaque green sublayer: one group, so the green hides the
    /// red beneath it (half green); with allowsGroupOpacity false each piece takes the half alone.
    @Test func opacityCompositesAsAGroup() throws {
        for grouped in [true, false] {
            let root = Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20), .red)
            root.opacity = 0.5
            root.allowsGroupOpacity = grouped
            _ = Self.layer(CGRect(x: 5, y: 5, width: 10, height: 10), .green, in: root)
            let p = try Self.render(root, 20, 20)
            #expect(p[2, 2] == [128, 0, 0, 128])
            #expect(p[10, 10] == (grouped ? [0, 128, 0, 128] : [64, 128, 0, 192]), "grouped \(grouped): \(p[10, 10])")
        }
    }

    @Test func masksToBoundsClipsSublayersAndHiddenOnesAreAbsent() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 40, height: 30))
        let clip = Self.layer(CGRect(x: 5, y: 5, width: 10, height: 10), .red, in: root)
        clip.masksToBounds = true
        _ = Self.layer(CGRect(x: 5, y: 5, width: 20, height: 20), .green, in: clip)
        let hidden = Self.layer(CGRect(x: 25, y: 5, width: 10, height: 10), .blue, in: root)
        hidden.isHidden = true
        let p = try Self.render(root)
        #expect(p[7, 7] == Self.red && p[12, 12] == Self.green && p[14, 14] == Self.green)
        #expect(p[16, 12] == Self.clear && p[12, 16] == Self.clear && p[22, 22] == Self.clear)
        #expect(p[30, 10] == Self.clear)
    }

    /// The first sublayer, with the higher zPosition, draws over the second.
    @Test func sublayersGoInZPositionOrder() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        let front = Self.layer(CGRect(x: 0, y: 0, width: 12, height: 12), .red, in: root)
        _ = Self.layer(CGRect(x: 6, y: 6, width: 12, height: 12), .green, in: root)
        var p = try Self.render(root, 20, 20)
        #expect(p[9, 9] == Self.green)
        front.zPosition = 1
        p = try Self.render(root, 20, 20)
        #expect(p[9, 9] == Self.red && p[15, 15] == Self.green && p[2, 2] == Self.red)
    }

    /// A 4×4 image, top half red and bottom half blue, centred in a 20×20 layer: at (8, 8), upright.
    @Test func contentsArePlacedByTheirGravityUpright() throws {
        let rows = (0..<16).flatMap { i -> [UInt8] in i < 8 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        let root = Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        root.contents = CGImage(width: 4, height: 4, rgba: rows)
        root.contentsGravity = .center
        var p = try Self.render(root, 20, 20)
        #expect(p[8, 8] == Self.red && p[11, 9] == Self.red && p[8, 10] == Self.blue && p[11, 11] == Self.blue)
        #expect(p[7, 8] == Self.clear && p[12, 11] == Self.clear && p[9, 12] == Self.clear && p[9, 7] == Self.clear)
        // .resize stretches it over the bounds: red above the middle, blue below.
        root.contentsGravity = .resize
        p = try Self.render(root, 20, 20)
        #expect(p[0, 0] == Self.red && p[19, 7] == Self.red && p[0, 12] == Self.blue && p[19, 19] == Self.blue)
    }

    @Test func aShapeLayerFillsAndStrokesItsPath() throws {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        shape.path = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 10), transform: nil)
        shape.fillColor = CGColor.green
        shape.strokeColor = CGColor.blue
        shape.lineWidth = 4
        let p = try Self.render(shape)
        #expect(p[20, 15] == Self.green && p[13, 13] == Self.green)
        #expect(p[8, 15] == Self.blue && p[11, 15] == Self.blue && p[20, 21] == Self.blue)
        #expect(p[7, 15] == Self.clear && p[20, 22] == Self.clear)
    }

    /// render(in:) draws the model: an animation added does not change what it draws.
    @Test func modelValuesNotPresentation() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 10, height: 10), .red)
        let animation = CABasicAnimation(keyPath: "backgroundColor")
        animation.fromValue = CGColor.blue
        animation.toValue = CGColor.blue
        animation.duration = 100
        root.add(animation, forKey: "colour")
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 100
        move.toValue = 100
        move.duration = 100
        root.add(move, forKey: "move")
        let p = try Self.render(root, 10, 10)
        #expect(p[5, 5] == Self.red)
    }

    /// A sublayer turned about y (a 3D transform) is not drawn, with its subtree; nor are sublayers under a
    /// perspective sublayerTransform.
    @Test func layersWith3DTransformsAreSkipped() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        let turned = Self.layer(CGRect(x: 0, y: 0, width: 10, height: 10), .red, in: root)
        turned.transform = CATransform3DMakeRotation(0.3, 0, 1, 0)
        _ = Self.layer(CGRect(x: 0, y: 0, width: 4, height: 4), .blue, in: turned)
        let flat = Self.layer(CGRect(x: 10, y: 10, width: 10, height: 10), .green, in: root)
        var p = try Self.render(root, 20, 20)
        #expect(p[5, 5] == Self.clear && p[2, 2] == Self.clear && p[15, 15] == Self.green)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        flat.sublayerTransform = perspective
        _ = Self.layer(CGRect(x: 0, y: 0, width: 4, height: 4), .blue, in: flat)
        p = try Self.render(root, 20, 20)
        #expect(p[15, 15] == Self.green && p[11, 11] == Self.green)
    }

    /// The context's CTM applies: translated by (10, 5), the layer lands there. The layer's coordinates are
    /// the context's: with bounds from (10, 10), its background starts at (10, 10) and a sublayer at (15, 15)
    /// shows at (15, 15) (on iOS, snapshots of a scrolled layer translate by −contentOffset for this).
    @Test func theContextsCTMAndTheLayersCoordinates() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 10, height: 10), .red)
        let p = try Self.render(root, 30, 30) { $0.translateBy(x: 10, y: 5) }
        #expect(p[10, 5] == Self.red && p[19, 14] == Self.red && p[9, 5] == Self.clear && p[10, 4] == Self.clear && p[20, 10] == Self.clear)
        let shifted = Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20), .red)
        shifted.bounds.origin = CGPoint(x: 10, y: 10)
        _ = Self.layer(CGRect(x: 15, y: 15, width: 4, height: 4), .green, in: shifted)
        let q = try Self.render(shifted, 40, 40)
        #expect(q[15, 15] == Self.green && q[18, 18] == Self.green && q[12, 12] == Self.red && q[29, 29] == Self.red)
        #expect(q[9, 9] == Self.clear && q[30, 30] == Self.clear && q[5, 5] == Self.clear)
    }

    /// A mask keeps the layer's drawing (sublayers included) where the mask layer has alpha.
    @Test func aMaskKeepsWhatLiesUnderItsAlpha() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20), .red)
        _ = Self.layer(CGRect(x: 10, y: 0, width: 10, height: 20), .green, in: root)
        root.mask = Self.layer(CGRect(x: 5, y: 5, width: 10, height: 10), CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        let p = try Self.render(root, 20, 20)
        #expect(p[6, 6] == Self.red && p[12, 12] == Self.green)
        #expect(p[2, 2] == Self.clear && p[17, 10] == Self.clear && p[10, 17] == Self.clear)
    }

    /// Rounded corners cut the background and the border; the shadow falls below (offset (0, 4), no blur),
    /// cast by the whole layer.
    @Test func cornersAndShadow() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20), .red)
        root.cornerRadius = 6
        root.borderWidth = 1
        root.borderColor = CGColor.blue
        root.shadowOpacity = 1
        root.shadowColor = CGColor.green
        root.shadowOffset = CGSize(width: 0, height: 4)
        root.shadowRadius = 0
        let p = try Self.render(root, 20, 30)
        #expect(p[0, 0] == Self.clear && p[19, 0] == Self.clear)
        #expect(p[10, 0] == Self.blue && p[0, 10] == Self.blue && p[10, 10] == Self.red)
        #expect(p[10, 22] == Self.green && p[10, 23] == Self.green && p[10, 24] == Self.clear && p[0, 23] == Self.clear)
    }

    /// An axial gradient from red at the left to blue at the right.
    @Test func aGradientLayer() throws {
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 40, height: 10)
        gradient.colors = [CGColor.red, CGColor.blue]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let p = try Self.render(gradient, 40, 10)
        #expect(p[0, 5][0] >= 248 && p[0, 5][2] <= 7 && p[39, 5][2] >= 248 && p[39, 5][0] <= 7)
        #expect(abs(Int(p[20, 5][0]) - 124) <= 3 && abs(Int(p[20, 5][2]) - 131) <= 3 && p[20, 5][3] == 255, "\(p[20, 5])")
    }

    /// A replicator's three copies, 10 apart, the second and third with less red.
    @Test func aReplicatorDrawsItsCopies() throws {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 30, height: 10)
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        replicator.instanceRedOffset = -0.5
        _ = Self.layer(CGRect(x: 0, y: 0, width: 10, height: 10), .red, in: replicator)
        let p = try Self.render(replicator, 30, 10)
        #expect(p[5, 5] == Self.red && p[15, 5] == [128, 0, 0, 255] && p[25, 5] == [0, 0, 0, 255])
    }

    /// A layer marked for display with no contents yet draws through its draw(in:) into the context.
    @Test func aLayerNeedingDisplayDrawsItsDrawing() throws {
        final class Drawn: CALayer {
            override func draw(in ctx: CGContext) {
                ctx.setFillColor(CGColor.green)
                ctx.fill(CGRect(x: 2, y: 2, width: 100, height: 4))
            }
        }
        let drawn = Drawn()
        drawn.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        drawn.setNeedsDisplay()
        let p = try Self.render(drawn, 20, 10)
        #expect(p[2, 2] == Self.green && p[9, 5] == Self.green && p[10, 3] == Self.clear && p[2, 6] == Self.clear)
    }

    /// A text layer's string, in its foreground colour, within its bounds.
    @Test func aTextLayerDrawsItsString() throws {
        let text = CATextLayer()
        text.frame = CGRect(x: 0, y: 0, width: 60, height: 30)
        text.string = "Hi"
        text.fontSize = 20
        text.foregroundColor = CGColor.red
        let p = try Self.render(text, 60, 30)
        var inked = 0
        for y in 0..<30 { for x in 0..<60 where p[x, y][3] > 0 {
            inked += 1
            #expect(p[x, y][1] == 0 && p[x, y][2] == 0)
        } }
        #expect(inked > 20)
    }
}

extension LayerRenderTests {
    /// A conic gradient around the centre from red (pointing right) to blue a turn later, clockwise: a
    /// quarter turn on (below the centre) a quarter of the way, half-way left of the centre.
    @Test func aConicGradientTurnsClockwiseFromTheEndPointsDirection() throws {
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        gradient.type = .conic
        gradient.colors = [CGColor.red, CGColor.blue]
        gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let p = try Self.render(gradient, 40, 40)
        func near(_ got: [UInt8], _ expected: [Int]) -> Bool { zip(got, expected).allSatisfy { abs(Int($0) - $1) <= 8 } }
        // (20.5, 34.5): 0.2445 of a turn; (5.5, 20.5): 0.4945; (34.5, 5.5): 0.875.
        #expect(near(p[20, 34], [192, 0, 63, 255]), "\(p[20, 34])")
        #expect(near(p[5, 20], [129, 0, 126, 255]), "\(p[5, 20])")
        #expect(near(p[34, 5], [32, 0, 223, 255]), "\(p[34, 5])")
    }
}

extension LayerRenderTests {
    /// isGeometryFlipped places sublayers from the bounds' bottom: a sublayer at (0, 0, 10, 5) shows at the
    /// bottom of a 20 × 20 layer. A sublayerTransform scales the sublayers about the anchor point.
    @Test func flippedGeometryAndTheSublayerTransform() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        root.isGeometryFlipped = true
        _ = Self.layer(CGRect(x: 0, y: 0, width: 10, height: 5), .green, in: root)
        var p = try Self.render(root, 20, 20)
        #expect(p[2, 17] == Self.green && p[9, 15] == Self.green && p[2, 2] == Self.clear && p[2, 14] == Self.clear)
        let scaling = Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        scaling.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        _ = Self.layer(CGRect(x: 5, y: 5, width: 5, height: 5), .green, in: scaling)
        p = try Self.render(scaling, 20, 20)
        // (5, 5, 5, 5) scaled by 2 about (10, 10): (0, 0, 10, 10).
        #expect(p[0, 0] == Self.green && p[9, 9] == Self.green && p[10, 9] == Self.clear && p[9, 10] == Self.clear)
    }

    /// A shadowPath casts the path's shape, not the layer's: here a 4 × 4 square at the layer's corner,
    /// moved by (10, 10), beneath nothing.
    @Test func aShadowPathCastsItsShape() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 8, height: 8), .red)
        root.shadowOpacity = 0.5
        root.shadowColor = CGColor.blue
        root.shadowRadius = 0
        root.shadowOffset = CGSize(width: 10, height: 10)
        root.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        let p = try Self.render(root, 20, 20)
        #expect(p[11, 11] == [0, 0, 128, 128] && p[13, 13] == [0, 0, 128, 128])
        #expect(p[15, 15] == Self.clear && p[17, 11] == Self.clear && p[4, 4] == Self.red)
    }
}
