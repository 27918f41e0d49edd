import Foundation
import Strata
import StrataProtocol
import Testing

extension ClientProcessSuite {
/// A backing store travels as Cairo drew it (B, G, R, A bytes, no conversion on the client) and the
/// server's texture shows it in the right colours; a redrawn rectangle sends and uploads only its pixels.
@Suite struct BackingStoreWireTests {
    /// Red left of x 20, blue right of it; `green` paints the rectangle it is given green instead.
    final class Halves: CALayer, @unchecked Sendable {
        var greenRect: CGRect?
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 40))
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: 20, y: 0, width: 44, height: 40))
            if let greenRect {
                ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
                ctx.fill(greenRect)
            }
        }
    }

    @Test func aBackingStoreShowsInItsColoursAndARedrawnRectangleMovesOnlyItsPixels() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let layer = Halves()
        layer.frame = CGRect(x: 10, y: 10, width: 64, height: 40)
        layer.setNeedsDisplay()
        connection.attach(layer)
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 15, 20) == [255, 0, 0, 255] })
        #expect(pixel(try server.snapshot().pixels, width: 160, 50, 20) == [0, 0, 255, 255])

        let before = try server.stats()["texture_upload_bytes"] as? Int ?? -1
        layer.greenRect = CGRect(x: 40, y: 8, width: 16, height: 16)
        layer.setNeedsDisplay(CGRect(x: 40, y: 8, width: 16, height: 16))
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 55, 25) == [0, 255, 0, 255] })
        #expect(pixel(try server.snapshot().pixels, width: 160, 15, 20) == [255, 0, 0, 255])
        #expect(pixel(try server.snapshot().pixels, width: 160, 70, 45) == [0, 0, 255, 255])
        // 16 × 16 pixels, 4 bytes each, reached the texture: not the 64 × 40 store.
        #expect(try server.stats()["texture_upload_bytes"] as? Int == before + 16 * 16 * 4)
        #expect(errors.reasons.isEmpty)
    }
}
}
