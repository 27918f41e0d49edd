import Foundation
import StrataOffline
import StrataPNG
import StrataRender
import StrataScene
import Testing

/// Images larger than the renderer's texture limit are split into tiles whose textures overlap
/// (`TextureTiling`): the tiles' geometry, and pixels drawn from tiles (a limit forced down to 64) equal to
/// the same image drawn from one texture, under scaling, rotation, perspective, contentsRect beyond the
/// image, nine-slice stretching and trilinear minification.
@Suite struct SplitTextureTests {
    @Test func coresAbutAndTexturesOverlapWithinTheLimit() throws {
        let tiling = try #require(TextureTiling(width: 1000, height: 300, limit: 256))
        #expect(TextureTiling.overlap(limit: 256) == 16)
        // Cores of 256 − 2·16 = 224: 0, 224, 448, 672, 896 (the last 104 long).
        #expect(tiling.columns.map(\.coreStart) == [0, 224, 448, 672, 896])
        #expect(tiling.columns.map(\.coreEnd) == [224, 448, 672, 896, 1000])
        #expect(tiling.columns.map(\.textureStart) == [0, 208, 432, 656, 880])
        #expect(tiling.columns.map(\.textureEnd) == [240, 464, 688, 912, 1000])
        #expect(tiling.columns.allSatisfy { $0.textureLength <= 256 && $0.textureStart % 16 == 0 })
        #expect(tiling.rows.map(\.coreEnd) == [224, 300])
        #expect(tiling.tileCount == 10)
        #expect(TextureTiling(width: 256, height: 256, limit: 256) == nil)
        // A limit that is no multiple of the overlap is rounded down to one: textures stay within it.
        let odd = try #require(TextureTiling(width: 500, height: 10, limit: 100))
        #expect(TextureTiling.overlap(limit: 100) == 8)
        #expect(odd.columns.allSatisfy { $0.textureLength <= 100 && $0.textureStart % 8 == 0 })
    }

    @Test func piecesCoverTheQuadAndMapToTheSamePixels() throws {
        let tiling = try #require(TextureTiling(width: 1000, height: 300, limit: 256))
        let rect = CGRect(x: 10, y: 20, width: 500, height: 150)
        let pieces = tiling.pieces(rect: rect, uv: CGRect(x: 0, y: 0, width: 1, height: 1), edges: 15)
        #expect(pieces.count == 10)
        #expect(abs(pieces.reduce(0) { $0 + $1.rect.width * $1.rect.height } - 500 * 150) < 1e-6)
        // Only the outline keeps anti-aliased edges: the top-left piece its left and top, the bottom-right its right and bottom.
        #expect(pieces.first?.edges == UInt8(1 | 4))
        #expect(pieces.last?.edges == UInt8(2 | 8))
        // At the cut between the first two columns (image x 224 → layer x 10 + 224/2) both tiles read image x 224.
        let (a, b) = (pieces[0], pieces[1])
        #expect(abs(a.rect.maxX - 122) < 1e-9 && abs(b.rect.minX - 122) < 1e-9)
        #expect(abs(a.uv.maxX * 240 - 224) < 1e-9)             // tile 0's texture spans image x 0…240
        #expect(abs(b.uv.minX * 256 + 208 - 224) < 1e-9)       // tile 1's spans 208…464
        // A contentsRect reaching past the image: the parts outside come from the edge tiles (clamped there).
        let wide = tiling.pieces(rect: rect, uv: CGRect(x: -0.5, y: 0, width: 2, height: 1), edges: 15)
        #expect(wide.first?.tile == 0 && wide.first.map { $0.uv.minX < 0 } == true)
        #expect(wide.last?.tile == tiling.tileCount - 1 && wide.last.map { $0.uv.maxX > 1 } == true)
    }

    /// A 300×200 image: red across, green down, and a fine blue checkerboard (what a seam would break).
    static func pattern() -> RGBAImage {
        var px = [UInt8](repeating: 255, count: 300 * 200 * 4)
        for y in 0..<200 {
            for x in 0..<300 {
                let i = (y * 300 + x) * 4
                px[i] = UInt8(x * 255 / 299)
                px[i + 1] = UInt8(y * 255 / 199)
                px[i + 2] = (x / 3 + y / 3) % 2 == 0 ? 255 : 0
            }
        }
        return RGBAImage(width: 300, height: 200, pixels: px, isPremultiplied: false)
    }

    func render(_ layer: String, limit: Int?) throws -> RGBAImage {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-split-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(Self.pattern(), path: dir.appendingPathComponent("img.png").path)
        let json = """
        {"strata":1,"size":[200,160],"background":"#202020","layers":[{"id":"l","contents":"img.png",\(layer)}]}
        """
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: dir)
        return try #require(try SceneRenderer.render(scene, at: [0], width: 200, height: 160, textureLimit: limit).last).image
    }

    /// Channel values that differ by more than 1 between the split and the whole image (rounding of
    /// interpolated texture coordinates may move a filtered value by one).
    func differences(_ layer: String) throws -> (count: Int, worst: Int) {
        let (split, whole) = (try render(layer, limit: 64), try render(layer, limit: nil))
        var count = 0, worst = 0
        for (a, b) in zip(split.pixels, whole.pixels) {
            let d = abs(Int(a) - Int(b))
            if d > 1 { count += 1 }
            worst = max(worst, d)
        }
        return (count, worst)
    }

    @Test(arguments: [
        // 1:1, magnified 1.7×, rotated and minified, in perspective, a contentsRect past the image's edges,
        // nine-slice stretched, trilinear at half size.
        #""bounds":[0,0,300,200],"position":[100,80]"#,
        #""bounds":[0,0,300,200],"position":[100,80],"transform.scale":1.7"#,
        #""bounds":[0,0,300,200],"position":[100,80],"transform.rotation.z":0.4,"transform.scale":0.45"#,
        #""bounds":[0,0,150,100],"position":[100,80],"transform":[0.764842,0,-0.644218,0.0025769,0,1,0,0,0.644218,0,0.764842,-0.0030594,0,0,0,1]"#,
        #""bounds":[0,0,180,140],"position":[100,80],"contentsRect":[-0.1,0.2,1.2,0.9]"#,
        #""bounds":[0,0,190,150],"position":[100,80],"contentsCenter":[0.3,0.3,0.4,0.4],"contentsScale":2"#,
        #""bounds":[0,0,150,100],"position":[100,80],"minificationFilter":"trilinear""#,
    ])
    func tilesDrawTheSamePixelsAsOneTexture(layer: String) throws {
        let d = try differences(layer)
        #expect(d.count == 0, "\(d.count) channel values differ by more than 1 (worst \(d.worst))")
    }

    /// Renders an animated split image at t = 0.5 with the GPU path for every animated layer, and on the CPU.
    func animated(_ animation: String) throws -> (gpu: SceneRenderer.Frame, cpu: SceneRenderer.Frame) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-split-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(Self.pattern(), path: dir.appendingPathComponent("img.png").path)
        let scene = try SceneParser.parse(data: Data("""
        {"strata":1,"layers":[{"id":"l","contents":"img.png","bounds":[0,0,150,100],"position":[100,80],
          "animations":{"a":{"type":"basic",\(animation),"duration":1}}}]}
        """.utf8), baseDirectory: dir)
        let gpu = try #require(try SceneRenderer.render(scene, at: [0.5], width: 200, height: 160, gpuAnimationMinimumLayers: 1,
                                                        textureLimit: 64).last)
        let cpu = try #require(try SceneRenderer.render(scene, at: [0.5], width: 200, height: 160, gpuAnimationMinimumLayers: nil,
                                                        textureLimit: 64).last)
        return (gpu, cpu)
    }

    @Test func aSlotMovesTheTilesButDoesNotPlaceThem() throws {
        // A turn moves every piece alike: the GPU evaluates it, and draws what the CPU path draws.
        let turn = try animated(#""keyPath":"transform.rotation.z","fromValue":0,"toValue":1"#)
        #expect(turn.gpu.motion["l"] == .gpu)
        #expect(zip(turn.gpu.image.pixels, turn.cpu.image.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        // Animated bounds would need the pieces cut again: that layer is drawn with the CPU's values.
        let grow = try animated(#""keyPath":"bounds.size.width","fromValue":100,"toValue":200"#)
        #expect(grow.gpu.motion["l"] == .cpu(.splitImage))
        #expect(grow.gpu.image.pixels == grow.cpu.image.pixels)
    }

    @Test func theLimitSplitsWhatItShould() throws {
        // With the limit forced to 64 the 300×200 image is 7 × 5 tiles (cores of 48); without, one texture.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-split-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(Self.pattern(), path: dir.appendingPathComponent("img.png").path)
        let scene = try SceneParser.parse(data: Data("""
        {"strata":1,"layers":[{"id":"l","contents":"img.png","bounds":[0,0,300,200],"position":[100,80]}]}
        """.utf8), baseDirectory: dir)
        let split = try #require(try SceneRenderer.render(scene, at: [0], width: 200, height: 160, textureLimit: 64).last)
        let whole = try #require(try SceneRenderer.render(scene, at: [0], width: 200, height: 160).last)
        // One batch per tile instead of the image's one.
        #expect(split.work.drawCalls == whole.work.drawCalls - 1 + 7 * 5)
    }
}
