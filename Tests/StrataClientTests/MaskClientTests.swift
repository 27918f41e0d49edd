import Foundation
import Strata
import Testing

extension ClientProcessSuite {
/// CALayer.mask from the client library to a server.
@Suite struct MaskClientTests {
    @Test func aMaskLayerClipsTheLayerOnTheServer() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
        layer.position = CGPoint(x: 80, y: 60)                   // screen x 50…110, y 40…80
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 30, height: 40)   // the left half
        mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        layer.mask = mask
        connection.attach(layer)
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 60, 60) == [255, 0, 0, 255] })
        #expect(pixel(try server.snapshot().pixels, width: 160, 100, 60) == [0, 0, 0, 255])
        // Moving the mask (it is a layer like any other) moves what shows.
        CATransaction.setDisableActions(true)
        mask.position = CGPoint(x: 45, y: 20)                    // now the right half
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 100, 60) == [255, 0, 0, 255] })
        #expect(pixel(try server.snapshot().pixels, width: 160, 60, 60) == [0, 0, 0, 255])
        layer.mask = nil
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 60, 60) == [255, 0, 0, 255] })
        #expect(errors.reasons.isEmpty)
    }
}
}
