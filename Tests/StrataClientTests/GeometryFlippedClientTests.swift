import Foundation
@testable import Strata
import Testing

extension ClientProcessSuite {
/// CALayer.isGeometryFlipped on the client: default, no action, KVC, contentsAreFlipped() and the
/// backing store's flipped context, and drawn by a server.
@Suite struct GeometryFlippedClientTests {
    @Test func theDefaultIsUnflipped() {
        let l = CALayer()
        #expect(!l.isGeometryFlipped && !l.contentsAreFlipped())
        #expect(CALayer.defaultValue(forKey: "geometryFlipped") as? Bool == false)
        l.setValue(true, forKeyPath: "geometryFlipped")
        #expect(l.isGeometryFlipped && l.value(forKeyPath: "geometryFlipped") as? Bool == true)
        CATransaction.flush()
    }

    @Test func itDoesNotAnimateAndFlipsContentsByParity() {
        let root = CALayer(), child = CALayer(), grandchild = CALayer()
        root.addSublayer(child)
        child.addSublayer(grandchild)
        CATransaction.flush()
        root.isGeometryFlipped = true
        #expect(root.animationKeys() == nil)
        // Odd numbers of flipped layers from a layer up to its root (itself included) flip its contents.
        #expect(root.contentsAreFlipped() && child.contentsAreFlipped() && grandchild.contentsAreFlipped())
        child.isGeometryFlipped = true
        #expect(root.contentsAreFlipped() && !child.contentsAreFlipped() && !grandchild.contentsAreFlipped())
        CATransaction.flush()
    }

    /// Draws a 2-pixel band at the top of its layer coordinates (y 0…2), white or green.
    final class TopBand: CALayer, @unchecked Sendable {
        var green = false
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: green ? 0 : 1, green: 1, blue: green ? 0 : 1, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        }
    }

    @Test func aFlippedLayersBackingStoreIsDrawnThroughAFlippedContext() {
        let parent = CALayer(), band = TopBand()
        band.bounds = CGRect(x: 0, y: 0, width: 4, height: 6)
        parent.addSublayer(band)
        band.setNeedsDisplay()
        CATransaction.flush()
        func alpha(_ y: Int) -> UInt8? { (band.contents as? CGImage).map { $0.premultipliedPixels[(y * 4) * 4 + 3] } }
        func red(_ y: Int) -> UInt8? { (band.contents as? CGImage).map { $0.premultipliedPixels[(y * 4) * 4] } }
        #expect(alpha(0) == 255 && alpha(5) == 0)                 // y 0 is the top row
        parent.isGeometryFlipped = true
        band.setNeedsDisplay()
        CATransaction.flush()
        #expect(alpha(0) == 0 && alpha(4) == 255 && alpha(5) == 255) // y 0 is now the bottom row
        // A dirty rectangle flips with the context: the band's rows are redrawn where they are stored.
        band.green = true
        band.setNeedsDisplay(CGRect(x: 0, y: 0, width: 4, height: 2))
        CATransaction.flush()
        #expect(red(5) == 0 && alpha(5) == 255 && alpha(0) == 0)
    }

    @Test func aServerPlacesTheSublayersFromTheBottom() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let flipped = CALayer(), child = CALayer()
        flipped.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        flipped.position = CGPoint(x: 120, y: 60)                    // screen x 100…140, y 40…80
        flipped.isGeometryFlipped = true
        child.frame = CGRect(x: 0, y: 0, width: 40, height: 10)     // the top, read from the bottom
        child.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        flipped.addSublayer(child)
        connection.attach(flipped)
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 120, 75) == [255, 0, 0, 255] })
        #expect(pixel(try server.snapshot().pixels, width: 160, 120, 45) == [0, 0, 0, 255])
        #expect(errors.reasons.isEmpty)
    }
}
}
