import Foundation
import StrataCore
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// contentsGravity with contentsScale: a solid 4×2-pixel green image at contentsScale 0.25 (16×8 points)
/// in a 40×30 layer spanning screen x 20…60, y 10…40, on white.
@Suite struct ContentsGravityTests {
    func render(gravity: String) throws -> [UInt8] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-gravity-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let green = [UInt8](repeating: 0, count: 32).enumerated().map { $0.offset % 4 == 1 || $0.offset % 4 == 3 ? UInt8(255) : UInt8(0) }
        try PNGCodec.write(RGBAImage(width: 4, height: 2, pixels: green, isPremultiplied: false), path: dir.appendingPathComponent("green.png").path)
        let json = """
        {"strata":1,"size":[80,50],"background":"#FFFFFF","layers":[{"id":"l","bounds":[0,0,40,30],"position":[40,25],
          "contents":"green.png","contentsScale":0.25,"contentsGravity":"\(gravity)"}]}
        """
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: dir)
        return try SceneRenderer.render(scene, at: 0, width: 80, height: 50).pixels
    }

    func isGreen(_ px: [UInt8], _ x: Int, _ y: Int) -> Bool { Array(px[(y * 80 + x) * 4 ..< (y * 80 + x) * 4 + 4]) == [0, 255, 0, 255] }
    func isWhite(_ px: [UInt8], _ x: Int, _ y: Int) -> Bool { Array(px[(y * 80 + x) * 4 ..< (y * 80 + x) * 4 + 4]) == [255, 255, 255, 255] }

    @Test func scalingModesFillFitOrCover() throws {
        let resize = try render(gravity: "resize")
        #expect(isGreen(resize, 21, 11) && isGreen(resize, 58, 38) && isWhite(resize, 19, 25))
        let fit = try render(gravity: "resizeAspect")          // 40×20, screen y 15…35
        #expect(isWhite(fit, 40, 14) && isGreen(fit, 40, 16) && isGreen(fit, 40, 34) && isWhite(fit, 40, 36))
        let fill = try render(gravity: "resizeAspectFill")     // 60×30, screen x 10…70 (beyond the bounds)
        #expect(isGreen(fill, 12, 25) && isWhite(fill, 8, 25) && isGreen(fill, 68, 25))
    }

    @Test func positionModesKeepTheNaturalSize() throws {
        let center = try render(gravity: "center")             // 16×8 at screen 32…48, 21…29
        #expect(isGreen(center, 33, 22) && isWhite(center, 31, 22) && isWhite(center, 33, 30))
        // As on iOS (y-down without flipped geometry), "top" reads y up: the image sits on the bottom edge.
        let top = try render(gravity: "top")                   // screen x 32…48, y 32…40
        #expect(isGreen(top, 40, 33) && isWhite(top, 40, 31))
        let bottomLeft = try render(gravity: "bottomLeft")     // screen x 20…36, y 10…18
        #expect(isGreen(bottomLeft, 21, 11) && isWhite(bottomLeft, 37, 11) && isWhite(bottomLeft, 21, 19))
    }

    @Test func unknownGravityNamesAreRejected() throws {
        #expect(throws: (any Error).self) { try render(gravity: "middle") }
    }
}

/// contentsRect sprites and contentsCenter nine-slice stretching (spec §3.6–3.7; issue 4's seed examples).
@Suite struct ContentsRectAndCenterTests {
    func render(image: RGBAImage, layer: String) throws -> [UInt8] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-slices-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(image, path: dir.appendingPathComponent("img.png").path)
        let json = """
        {"strata":1,"size":[80,60],"background":"#000000","layers":[{"id":"l","bounds":[0,0,60,40],"position":[40,30],
          "contents":"img.png",\(layer)}]}
        """
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: dir)
        return try SceneRenderer.render(scene, at: 0, width: 80, height: 60).pixels
    }

    func at(_ px: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { Array(px[(y * 80 + x) * 4 ..< (y * 80 + x) * 4 + 4]) }

    @Test func aSpriteSheetShowsTheFramePickedByContentsRect() throws {
        // Four 4×4 frames side by side: red, green, blue, white. contentsRect picks the third (blue).
        let colours: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255]]
        var pixels: [UInt8] = []
        for _ in 0..<4 { for x in 0..<16 { pixels += colours[x / 4] } }
        let px = try render(image: RGBAImage(width: 16, height: 4, pixels: pixels, isPremultiplied: false),
                            layer: #""contentsRect":[0.5,0,0.25,1]"#)
        // The layer spans x 10…70, y 10…50; away from the frame's edges (where linear filtering meets the
        // neighbouring frames, as in Core Animation) it is the third frame's colour.
        #expect(at(px, 40, 30) == [0, 0, 255, 255])
        #expect(at(px, 20, 20) == [0, 0, 255, 255])
        #expect(at(px, 60, 40) == [0, 0, 255, 255])
    }

    @Test func aNineSliceButtonKeepsItsCornersWhenStretched() throws {
        // A 3×3 image: red ring, white middle pixel; at contentsScale 0.1 each band is 10 points.
        var pixels: [UInt8] = []
        for y in 0..<3 { for x in 0..<3 { pixels += (x == 1 && y == 1) ? [255, 255, 255, 255] : [255, 0, 0, 255] } }
        let px = try render(image: RGBAImage(width: 3, height: 3, pixels: pixels, isPremultiplied: false),
                            layer: #""contentsScale":0.1,"contentsCenter":[0.3333333333,0.3333333333,0.3333333334,0.3333333334]"#)
        #expect(at(px, 12, 12) == [255, 0, 0, 255])    // top-left corner band (x 10…20, y 10…20)
        #expect(at(px, 67, 47) == [255, 0, 0, 255])    // bottom-right corner band
        // The stretched middle (x 20…60, y 20…40) samples the white texel; no pixel centre falls exactly on
        // the texel's centre vertically, so linear filtering mixes in a few percent of red.
        #expect(at(px, 40, 30)[0] == 255 && at(px, 40, 30)[1] >= 240)
        #expect(at(px, 40, 12) == [255, 0, 0, 255])    // top edge band, stretched along x only
        #expect(at(px, 5, 5) == [0, 0, 0, 255])
    }
}

/// minificationFilter and magnificationFilter: nearest keeps pixels sharp when magnified; trilinear
/// averages mipmap levels when minifying a fine checkerboard, where nearest picks single pixels.
@Suite struct ContentsFilterTests {
    func render(image: RGBAImage, size: Int, filters: String) throws -> [UInt8] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-filters-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(image, path: dir.appendingPathComponent("img.png").path)
        let json = """
        {"strata":1,"size":[60,60],"background":"#000000","layers":[{"id":"l","bounds":[0,0,\(size),\(size)],"position":[30,30],
          "contents":"img.png",\(filters)}]}
        """
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: dir)
        return try SceneRenderer.render(scene, at: 0, width: 60, height: 60).pixels
    }
    func red(_ px: [UInt8], _ x: Int, _ y: Int) -> UInt8 { px[(y * 60 + x) * 4] }

    @Test func nearestMagnificationKeepsPixelsSharp() throws {
        // A 2×2 image, red on the left column, black on the right, drawn 40×40 (x 10…50).
        let image = RGBAImage(width: 2, height: 2, pixels: [255, 0, 0, 255, 0, 0, 0, 255, 255, 0, 0, 255, 0, 0, 0, 255],
                              isPremultiplied: false)
        let nearest = try render(image: image, size: 40, filters: #""magnificationFilter":"nearest""#)
        #expect(red(nearest, 28, 30) == 255 && red(nearest, 31, 30) == 0)   // a hard edge at x 30
        let linear = try render(image: image, size: 40, filters: #""magnificationFilter":"linear""#)
        #expect(red(linear, 28, 30) > 0 && red(linear, 28, 30) < 255)        // blended across the middle
    }

    @Test func trilinearMinificationAveragesAFineCheckerboard() throws {
        // 64×64 one-pixel checkerboard drawn 8×8 (x 26…34).
        var pixels: [UInt8] = []
        for y in 0..<64 { for x in 0..<64 { pixels += (x + y) % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] } }
        let image = RGBAImage(width: 64, height: 64, pixels: pixels, isPremultiplied: false)
        let trilinear = try render(image: image, size: 8, filters: #""minificationFilter":"trilinear""#)
        let nearest = try render(image: image, size: 8, filters: #""minificationFilter":"nearest""#)
        for y in 27..<33 {
            for x in 27..<33 {
                #expect((100...155).contains(red(trilinear, x, y)), "trilinear (\(x),\(y)): \(red(trilinear, x, y))")
                #expect([0, 255].contains(red(nearest, x, y)), "nearest (\(x),\(y)): \(red(nearest, x, y))")
            }
        }
    }
}

/// PNG contents are straight alpha; the renderer composites premultiplied. A half-transparent pixel must
/// blend as its straight colour at its alpha, not as if its colour were already multiplied.
@Suite struct StraightAlphaContentsTests {
    @Test func aHalfTransparentStraightAlphaPixelBlendsByItsAlpha() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-alpha-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let pixels: [UInt8] = [100, 200, 50, 128, 100, 200, 50, 128, 100, 200, 50, 128, 100, 200, 50, 128]
        try PNGCodec.write(RGBAImage(width: 2, height: 2, pixels: pixels, isPremultiplied: false), path: dir.appendingPathComponent("half.png").path)
        let json = """
        {"strata":1,"background":"#FFFFFF","layers":[{"id":"l","bounds":[0,0,20,20],"position":[20,20],"contents":"half.png",
          "magnificationFilter":"nearest"}]}
        """
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: dir)
        let px = try SceneRenderer.render(scene, at: 0, width: 40, height: 40).pixels
        // colour · a + white · (1 − a), a = 128/255: (177, 227, 152) within rounding.
        expectPixel(px, width: 40, x: 20, y: 20, [177, 227, 152, 255], tolerance: max(1, PixelTolerance.current))
    }
}

/// minificationFilterBias shifts the level of detail trilinear minification samples.
@Suite struct MinificationBiasTests {
    /// A 16×16 image of four 8×8 quadrants (red, green / blue, white) shown at 8×8: level 1 of its
    /// mipmaps, where the top-left pixel is still pure red. Biased by 3 levels it samples the 1×1 level:
    /// the average of all four.
    func render(filter: String, bias: Double) throws -> [UInt8] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bias-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var px = [UInt8]()
        for y in 0..<16 {
            for x in 0..<16 {
                px += x < 8 ? (y < 8 ? [255, 0, 0, 255] : [0, 0, 255, 255]) : (y < 8 ? [0, 255, 0, 255] : [255, 255, 255, 255])
            }
        }
        try PNGCodec.write(RGBAImage(width: 16, height: 16, pixels: px, isPremultiplied: false), path: dir.appendingPathComponent("q.png").path)
        let json = """
        {"strata":1,"background":"#000000","layers":[{"id":"l","bounds":[0,0,8,8],"position":[4,4],"contents":"q.png",
          "minificationFilter":"\(filter)","minificationFilterBias":\(bias)}]}
        """
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: dir)
        return try SceneRenderer.render(scene, at: 0, width: 16, height: 16).pixels
    }

    @Test func aPositiveBiasSamplesCoarserLevels() throws {
        expectPixel(try render(filter: "trilinear", bias: 0), width: 16, x: 1, y: 1, [255, 0, 0, 255])
        // Level 4 is one texel: (red + green + blue + white) / 4.
        expectPixel(try render(filter: "trilinear", bias: 3), width: 16, x: 1, y: 1, [128, 128, 128, 255],
                    tolerance: max(1, PixelTolerance.current))
    }

    @Test func theBiasOnlyAppliesToTrilinearMinification() throws {
        // Linear minification has no levels to choose between: the bias changes nothing.
        #expect(try render(filter: "linear", bias: 3) == (try render(filter: "linear", bias: 0)))
    }
}
