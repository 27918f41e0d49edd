import Foundation
@testable import Strata
import StrataPNG
import Testing

extension ClientProcessSuite {
/// A 20000×12000 image (issue 34's acceptance 3) on a real server whose texture limit is forced down to
/// 4096: the server splits it into 5 × 3 tiles, uploads each once, and draws it seamlessly — still,
/// turned in perspective, and under an animation the GPU moves — never on the CPU.
@Suite(.serialized) struct HugeImageTests {
    static let (width, height) = (20000, 12000)

    /// Red grows across, green down (in 120 bands of 100 rows), blue is a checkerboard of 1000-pixel
    /// squares: smooth where a seam would show as a step, sharp where it would show as a notch. Filled a
    /// few hundred distinct rows at a time, then copied row by row (a debug build fills slowly).
    static func makeImage() -> CGImage? {
        CGImage(width: width, height: height, premultipliedFill: { base in
            let rowBytes = width * 4
            var rows = [[UInt8]]()
            for band in 0..<120 {
                for phase in 0..<2 {
                    var row = [UInt8](repeating: 255, count: rowBytes)
                    row.withUnsafeMutableBufferPointer { p in
                        for x in 0..<width {
                            p[x * 4] = UInt8(x * 255 / (width - 1))
                            p[x * 4 + 1] = UInt8(band * 255 / 119)
                            p[x * 4 + 2] = (x / 1000 + phase) % 2 == 0 ? 255 : 0
                        }
                    }
                    rows.append(row)
                }
            }
            for y in 0..<height {
                rows[(y / 100) * 2 + (y / 1000) % 2].withUnsafeBytes { src in
                    if let from = src.baseAddress { (base + y * rowBytes).copyMemory(from: from, byteCount: rowBytes) }
                }
            }
            return true
        })
    }

    /// Red everywhere, green over `greenRect` once it is set.
    final class Redrawn: CALayer, @unchecked Sendable {
        var greenRect: CGRect?
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(bounds)
            if let greenRect {
                ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
                ctx.fill(greenRect)
            }
        }
    }

    @Test func aBackingStoreBeyondTheLimitRedrawnAcrossACutUpdatesBothTiles() throws {
        // Limit 64: tiles of 48-pixel cores, cut at x 48, 96, 144 and y 48, 96; each texture also holds 8
        // pixels of its neighbours, which a redraw must update too or the filter would read stale red there.
        let server = try ServerProcess(arguments: ["--max-texture-size", "64"])
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let layer = Redrawn()
        layer.bounds = CGRect(x: 0, y: 0, width: 150, height: 100)
        layer.position = CGPoint(x: 80, y: 60)
        layer.transform = CATransform3DMakeScale(1.5, 1.5, 1) // magnified: linear filtering reads across the cuts
        layer.setNeedsDisplay()
        connection.attach(layer)
        CATransaction.flush()
        // Layer point (x, y) lands on screen at 80 + (x − 75) · 1.5, 60 + (y − 50) · 1.5.
        func screen(_ x: Double, _ y: Double) -> (Int, Int) { (Int(80 + (x - 75) * 1.5), Int(60 + (y - 50) * 1.5)) }
        func at(_ x: Double, _ y: Double) throws -> Pixel {
            let (sx, sy) = screen(x, y)
            return pixel(try server.snapshot().pixels, width: 160, sx, sy)
        }
        #expect(try eventually { try at(48, 48) == [255, 0, 0, 255] })
        let before = try server.stats()["texture_upload_bytes"] as? Int ?? -1

        layer.greenRect = CGRect(x: 20, y: 20, width: 56, height: 60)
        layer.setNeedsDisplay(CGRect(x: 20, y: 20, width: 56, height: 60))
        CATransaction.flush()
        #expect(try eventually { try at(30, 30) == [0, 255, 0, 255] })
        // Every screen pixel around the cuts at x 48 and y 48, inside the green, is pure green.
        let shot = try server.snapshot()
        let (x0, y0) = screen(40, 40), (x1, y1) = screen(56, 56)
        for y in y0...y1 {
            for x in x0...x1 {
                #expect(pixel(shot.pixels, width: 160, x, y) == [0, 255, 0, 255], "screen pixel \(x), \(y)")
            }
        }
        #expect(try at(60, 12) == [255, 0, 0, 255])
        // The 56 × 60 rectangle reached the four tiles whose textures it meets, overlaps included: x 20…76
        // meets the textures spanning 0…56 and 40…104 (36 + 36 pixels), y 20…80 those spanning 0…56 and
        // 40…104 (36 + 40 rows).
        let sent = (try server.stats()["texture_upload_bytes"] as? Int ?? 0) - before
        #expect(sent == (36 + 36) * (36 + 40) * 4, "\(sent) bytes")
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
    }

    @Test func aTwentyThousandPixelImageIsDrawnFromTilesWithoutSeams() throws {
        let server = try ServerProcess(size: "320x200", arguments: ["--max-texture-size", "4096", "--client-image-bytes", "1G",
                                                                    "--client-shared-memory", "1200M"])
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let image = try #require(Self.makeImage())
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 300, height: 180)
        layer.position = CGPoint(x: 160, y: 100)
        layer.contents = image
        connection.attach(layer)
        CATransaction.flush()

        // Still, 1 : 66.7: red at each pixel is the image's at that pixel's centre, within the filter's reach,
        // and never steps back (a tile cut every 61 pixels would show as a notch).
        var shot = try server.snapshot()
        func red(_ x: Int, _ y: Int) -> Int { Int(shot.pixels[(y * shot.width + x) * 4]) }
        // (Generous: a debug build beside the rest of the suite on two cores takes seconds to fill and upload 1 GB.)
        guard eventually(90, { shot = (try? server.snapshot()) ?? shot; return red(160, 100) > 100 }) else {
            Issue.record("the image never showed; the server's log: \(server.stop().suffix(4000))")
            return
        }
        var previous = 0
        for x in 11..<309 {
            let expected = (Double(x) + 0.5 - 10) / 300 * 255
            #expect(abs(Double(red(x, 60)) - expected) <= 2, "red at x \(x) is \(red(x, 60)), the image's \(expected)")
            #expect(red(x, 60) >= previous, "red steps back at x \(x)")
            previous = red(x, 60)
        }
        let stats = try server.stats()
        #expect(stats["resident_textures"] as? Int ?? 0 >= 15, "\(stats["resident_textures"] ?? "none") textures")
        // Every tile uploaded once: its texture holds its core and 16 pixels of each neighbour, so the columns'
        // textures are 20000 + 4 cuts · 32 pixels wide together, the rows' 12000 + 2 · 32 high.
        let uploaded = stats["texture_upload_bytes"] as? Int ?? 0
        let tiles = (Self.width + 4 * 32) * (Self.height + 2 * 32) * 4
        #expect(uploaded >= tiles && uploaded < tiles + 1 << 20, "\(uploaded) bytes uploaded, the tiles hold \(tiles)")

        // Turned in perspective, and turning (an animation frozen at half way by speed 0, so the frame is
        // the same every run): the GPU moves the tiles together.
        CATransaction.begin()
        CATransaction.setDisableActions(true) // no implicit animation of the transform: one frame, the same every run
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        layer.transform = CATransform3DRotate(perspective, 0.5, 0, 1, 0)
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0
        turn.toValue = 0.6
        turn.duration = 1
        turn.speed = 0
        turn.timeOffset = 0.5
        turn.isAdditive = true
        layer.add(turn, forKey: "turn")
        CATransaction.commit()
        let before = shot.pixels
        #expect(eventually(60) { shot = (try? server.snapshot()) ?? shot; return shot.pixels != before })
        usleep(200_000)
        shot = try server.snapshot()
        try GoldenImage.expectMatches(RGBAImage(width: shot.width, height: 200, pixels: shot.pixels, isPremultiplied: true),
                                      GLGolden.directory.appendingPathComponent("../huge/turned.png").standardized,
                                      tolerance: Int(ProcessInfo.processInfo.environment["STRATA_PIXEL_TOLERANCE"] ?? "") ?? 0, sourceLocation: #_sourceLocation)
        #expect((try server.stats())["texture_upload_bytes"] as? Int == uploaded, "the image was uploaded again")
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
    }
}
}
