import Foundation
@testable import Strata
import StrataUIKit
import StrataCore
import StrataPNG
import StrataProtocol
import Testing

extension ClientProcessSuite {
/// Seed 004's D18 ported: a 2048 × 2048 snowman cut into 256-pixel JPEG tiles by `strata tiles cut` (D17),
/// shown by a CATiledLayer in a scroll layer whose delegate loads each tile as the seed's does, panned by a
/// synthetic swipe. Only tiles meeting the visible area and its margin are drawn; the frames match golden
/// images; at contentsScale 2 (the Retina variant) the snowman shows at half size.
@Suite(.serialized) struct D18TiledSnowmanTests {
    /// The picture: sky, a sun, snow, three white balls with black outlines, coal eyes, a carrot, and a
    /// red square at (430…470, 310…350) to find it by.
    static func snowman(in directory: URL) throws -> URL {
        let ctx = try #require(CGContext(width: 2048, height: 2048))
        ctx.setFillColor(CGColor(red: 0.47, green: 0.7, blue: 0.9, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 2048, height: 2048))
        ctx.setFillColor(CGColor(red: 1, green: 0.85, blue: 0.2, alpha: 1))
        ctx.fillEllipse(in: CGRect(x: 640, y: 60, width: 120, height: 120))
        ctx.setFillColor(CGColor(red: 0.95, green: 0.97, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 700, width: 2048, height: 1348))
        for (y, r) in [(620.0, 180.0), (380.0, 130.0), (200.0, 90.0)] {
            let ball = CGRect(x: 250 - r, y: y - r, width: 2 * r, height: 2 * r)
            ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
            ctx.fillEllipse(in: ball)
            ctx.setStrokeColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
            ctx.setLineWidth(8)
            ctx.strokeEllipse(in: ball)
        }
        ctx.setFillColor(CGColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1))
        ctx.fillEllipse(in: CGRect(x: 210, y: 170, width: 24, height: 24))
        ctx.fillEllipse(in: CGRect(x: 266, y: 170, width: 24, height: 24))
        ctx.setFillColor(CGColor(red: 1, green: 0.5, blue: 0.1, alpha: 1))
        ctx.fill(CGRect(x: 250, y: 205, width: 90, height: 18))
        ctx.setFillColor(CGColor(red: 0.85, green: 0.1, blue: 0.1, alpha: 1))
        ctx.fill(CGRect(x: 430, y: 310, width: 40, height: 40))
        let image = try #require(ctx.makeImage())
        let url = directory.appendingPathComponent("Snowman.png")
        try PNGCodec.write(RGBAImage(width: 2048, height: 2048, pixels: image.premultipliedPixels, isPremultiplied: true).unpremultiplied(),
                           path: url.path)
        return url
    }

    /// D18's delegate: the tile under the clip's box, loaded from its file and drawn into that box. Thread-safe
    /// (it is called on several threads at once): it records each tile it draws under a lock.
    final class SnowmanTiles: CALayerDelegate, @unchecked Sendable {
        let directory: URL
        let scale: CGFloat
        private let lock = NSLock()
        private var drawn: [(x: Int, y: Int)] = []
        private var concurrent = 0
        private(set) var mostAtOnce = 0

        init(directory: URL, scale: CGFloat) { self.directory = directory; self.scale = scale }

        var tiles: [(x: Int, y: Int)] { lock.withLock { drawn } }
        var peak: Int { lock.withLock { mostAtOnce } }

        func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
        func display(_ layer: CALayer) {}
        func layoutSublayers(of layer: CALayer) {}

        func draw(_ layer: CALayer, in ctx: CGContext) {
            lock.withLock { concurrent += 1; mostAtOnce = max(mostAtOnce, concurrent) }
            defer { lock.withLock { concurrent -= 1 } }
            guard let tileLayer = layer as? CATiledLayer else { return }
            let bounds = ctx.boundingBoxOfClipPath
            let x = Int((bounds.origin.x / tileLayer.tileSize.width * scale).rounded(.down))
            let y = Int((bounds.origin.y / tileLayer.tileSize.height * scale).rounded(.down))
            let path = directory.appendingPathComponent(String(format: "Snowman_%02i_%02i.jpg", x, y)).path
            guard let tileImage = try? CGImage.fromFile(path: path) else { return }
            lock.withLock { drawn.append((x, y)) }
            // The seed: [tileImage drawInRect:bounds] (UIKit, upright).
            UIGraphicsPushContext(ctx)
            UIImage(cgImage: tileImage).draw(in: bounds)
            UIGraphicsPopContext()
        }
    }

    /// The tiled layer's `tiles` summary in the server's tree.
    static func tiles(_ server: ServerProcess) throws -> [String: Int]? {
        let client = try InspectorClient(socketPath: server.socketPath)
        let (reply, _) = try client.request { .treeRequest(requestID: $0) }
        guard case let .tree(_, json) = reply, let o = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return nil }
        var stack = ((o["clients"] as? [[String: Any]]) ?? []).flatMap { ($0["roots"] as? [[String: Any]]) ?? [] }
        while let node = stack.popLast() {
            if let tiles = node["tiles"] as? [String: Int] { return tiles }
            stack += (node["sublayers"] as? [[String: Any]]) ?? []
        }
        return nil
    }

    /// Waits until no tile request is out and the newest tiles have faded in.
    static func settle(_ server: ServerProcess) {
        _ = eventually(20) { (try? tiles(server))?["requested"] == 0 && ((try? tiles(server))?["resident"] ?? 0) > 0 }
        usleep(500_000)
    }

    func show(scale: CGFloat, on server: ServerProcess, tilesIn directory: URL) throws -> (StrataConnection, SnowmanTiles, CAScrollLayer, DispatchQueue) {
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        let queue = DispatchQueue.main // Strata's callbacks run there
        let view = CALayer()
        view.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
        view.isInteractive = true
        nonisolated(unsafe) let scroll = CAScrollLayer()
        scroll.frame = view.bounds
        scroll.masksToBounds = true
        view.addSublayer(scroll)
        let tileLayer = CATiledLayer()
        let delegate = SnowmanTiles(directory: directory, scale: scale)
        tileLayer.frame = CGRect(x: 0, y: 0, width: 2048, height: 2048)
        tileLayer.contentsScale = scale
        tileLayer.delegate = delegate
        scroll.addSublayer(tileLayer)
        tileLayer.setNeedsDisplay()
        var start = CGPoint.zero, origin = CGPoint.zero
        view.inputHandler = { e in
            switch e.kind {
            case .touchDown:
                start = e.location
                origin = scroll.bounds.origin
            case .touchMoved, .touchUp:
                scroll.scroll(to: CGPoint(x: origin.x - (e.location.x - start.x), y: origin.y - (e.location.y - start.y)))
                CATransaction.flush()
            default: break
            }
        }
        connection.attach(view)
        CATransaction.flush()
        return (connection, delegate, scroll, queue)
    }

    /// A fresh temporary directory holding the snowman's 64 tiles (the caller removes it).
    static func cutTiles() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-d18-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let source = try snowman(in: directory)
        let (status, output) = try ServerProcess.cli(["tiles", "cut", source.path, "--tile-size", "256"])
        #expect(status == 0, "\(output)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("Snowman_07_07.jpg").path))
        return directory
    }

    func screen(_ server: ServerProcess) throws -> RGBAImage {
        let shot = try server.snapshot()
        return RGBAImage(width: shot.width, height: shot.pixels.count / (shot.width * 4), pixels: shot.pixels, isPremultiplied: true)
    }

    func expectGolden(_ image: RGBAImage, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/tiled")
        try GoldenImage.expectMatches(image, directory.appendingPathComponent(name),
                                      tolerance: Int(ProcessInfo.processInfo.environment["STRATA_PIXEL_TOLERANCE"] ?? "") ?? 0,
                                      sourceLocation: sourceLocation)
    }

    @Test func theSnowmanPansAndOnlyTilesNearTheViewAreDrawn() throws {
        let directory = try Self.cutTiles()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(size: "320x240")
        defer { _ = server.stop() }
        let (connection, delegate, scroll, queue) = try show(scale: 1, on: server, tilesIn: directory)
        defer { connection.close() }
        Self.settle(server)
        // The view shows points 0…320 × 0…240: tiles (0, 0) and (1, 0); the margin adds a ring of one tile.
        let first = delegate.tiles
        #expect(Set(first.map { "\($0.x),\($0.y)" }).isSuperset(of: ["0,0", "1,0"]))
        #expect(first.allSatisfy { $0.x <= 2 && $0.y <= 1 }, "\(first)")
        try expectGolden(try screen(server), "d18-start.png")

        // A swipe up and left by (280, 200): the red square at (430…470, 310…350) comes into view at (150…190, 110…150).
        try strataInput(server, ["swipe", "300", "220", "20", "20", "--steps", "4", "--duration", "0.2"])
        #expect(eventually(10) { queue.sync { scroll.bounds.origin } == CGPoint(x: 280, y: 200) })
        Self.settle(server)
        let panned = try screen(server)
        #expect(panned.pixel(x: 170, y: 130).r > 180 && panned.pixel(x: 170, y: 130).g < 60, "\(panned.pixel(x: 170, y: 130))")
        try expectGolden(panned, "d18-panned.png")
        // Drawn: only tiles meeting the views on the way (at most 600 × 440 points from the origin) widened by
        // the margin (a tile, and four steps of the pan's 70 × 50 ahead): columns 0…4, rows 0…3 of 8 × 8.
        let all = delegate.tiles
        #expect(all.allSatisfy { $0.x <= 4 && $0.y <= 3 }, "\(all)")
        #expect(Set(all.map { "\($0.x),\($0.y)" }).count < 64)
        #expect(delegate.peak >= 1)
    }

    @Test func atContentsScaleTwoTheSnowmanShowsAtHalfSize() throws {
        let directory = try Self.cutTiles()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(size: "320x240")
        defer { _ = server.stop() }
        let (connection, delegate, _, _) = try show(scale: 2, on: server, tilesIn: directory)
        defer { connection.close() }
        Self.settle(server)
        // 1024 × 1024 points: the red square's image pixels 430…470 land on points 215…235.
        let image = try screen(server)
        #expect(image.pixel(x: 225, y: 165).r > 180 && image.pixel(x: 225, y: 165).g < 60, "\(image.pixel(x: 225, y: 165))")
        // The sky at image pixel (100, 100): point (50, 50).
        #expect(image.pixel(x: 50, y: 50).r < 150 && image.pixel(x: 50, y: 50).b > 180, "\(image.pixel(x: 50, y: 50))")
        // Each tile is 128 points: the view's 320 × 240 points need columns 0…2 and rows 0…1 (plus the margin).
        #expect(delegate.tiles.allSatisfy { $0.x <= 3 && $0.y <= 2 }, "\(delegate.tiles)")
        try expectGolden(image, "d18-retina.png")
    }
}
}
