import Foundation
@testable import Strata
import Testing

extension ClientProcessSuite {
/// A layer the app lets go of takes its images' uses with it (its contents and its `contents` animation's
/// images): an image no other layer shows is released on the server, and its pixels stop counting against
/// the client's quota within the frame that applies the release. (Before, each stayed defined there until
/// the client disconnected, so a signage rotator that makes a layer per slide ran into `client-image-bytes`.)
@Suite struct FreedLayerImageTests {
    static func image(_ shade: UInt8) throws -> CGImage {
        try #require(CGImage(width: 64, height: 64, rgba: Array(repeating: [shade, 0, 0, 255], count: 64 * 64).flatMap { $0 }))
    }

    @Test func slidesMadeAndFreedStayWithinTheImageQuota() throws {
        // Room for 4 images of 16 KiB: 40 slides fit only if freed slides give theirs back.
        let server = try ServerProcess(arguments: ["--client-image-bytes", "65536"])
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let stage = CALayer()
        stage.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        connection.attach(stage)
        CATransaction.flush()
        let shared = try Self.image(7) // shown by the stage too: it stays
        stage.contents = shared
        for n in 0..<40 {
            // Each slide crossfades in from the stage's image; it is freed when the next one replaces it.
            let slide = CALayer()
            slide.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
            slide.contents = try Self.image(UInt8(10 + n))
            let fade = CABasicAnimation(keyPath: "contents")
            fade.fromValue = shared
            fade.toValue = slide.contents
            slide.add(fade, forKey: "in")
            stage.sublayers = [slide]
            CATransaction.flush()
            // The slide before is freed and released on the server.
            #expect(try eventually { CATransaction.flush(); return (try server.stats()["layers"] as? Int) == 2 })
        }
        stage.sublayers = []
        CATransaction.flush()
        #expect(try eventually { (try server.stats()["layers"] as? Int) == 1 })
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
        // The shared image is still the stage's.
        #expect(stage.contents as? CGImage === shared)
    }
}
}
