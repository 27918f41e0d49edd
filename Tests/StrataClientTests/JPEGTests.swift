import Foundation
@testable import Strata
import StrataPNG
import Testing

/// Issue 34: CGImage decodes JPEG with libjpeg-turbo, upright by its EXIF orientation, and bad JPEG is an
/// error naming the cause (libjpeg's errors never end the process).
@Suite(.serialized) struct JPEGTests {
    /// A 32×16 JPEG (GStreamer's jpegenc, quality 100) of four quadrants: red top left, green top right,
    /// blue bottom left, white bottom right; with an EXIF orientation when `orientation` is set.
    static func quadrants(orientation: UInt16? = nil) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-jpeg-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let plain = dir.appendingPathComponent("quadrants.jpg")
        if !FileManager.default.fileExists(atPath: plain.path) {
            var rgb: [UInt8] = []
            for y in 0..<16 {
                for x in 0..<32 {
                    let colour: [UInt8] = y < 8 ? (x < 16 ? [255, 0, 0] : [0, 255, 0]) : (x < 16 ? [0, 0, 255] : [255, 255, 255])
                    rgb += colour
                }
            }
            let raw = dir.appendingPathComponent("quadrants.rgb")
            try Data(rgb).write(to: raw)
            let (status, output) = try runToCompletion(URL(fileURLWithPath: "/usr/bin/gst-launch-1.0"), [
                "-q", "filesrc", "location=\(raw.path)", "!", "rawvideoparse", "width=32", "height=16", "format=rgb", "framerate=1/1", "!",
                "videoconvert", "!", "video/x-raw,format=Y444", "!", "jpegenc", "quality=100", "!", "filesink", "location=\(plain.path)",
            ])
            guard status == 0 else { throw VideoFixtures.FixtureError(message: "jpegenc failed (\(status)): \(output)") }
        }
        guard let orientation else { return plain }
        // An APP1 "Exif" segment right after SOI: a little-endian TIFF header and IFD0 with the orientation tag.
        var exif: [UInt8] = Array("Exif".utf8) + [0, 0] + [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]
        exif += [1, 0] + [0x12, 0x01, 3, 0, 1, 0, 0, 0, UInt8(orientation & 0xFF), UInt8(orientation >> 8), 0, 0] + [0, 0, 0, 0]
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((exif.count + 2) >> 8), UInt8((exif.count + 2) & 0xFF)] + exif
        let bytes = [UInt8](try Data(contentsOf: plain))
        let oriented = dir.appendingPathComponent("quadrants-\(orientation).jpg")
        try Data(Array(bytes.prefix(2)) + segment + bytes.dropFirst(2)).write(to: oriented)
        return oriented
    }

    /// The colour at the centre of each quadrant of a decoded image, as names.
    static func corners(_ image: CGImage) -> [String] {
        let p = image.premultipliedPixels
        func name(_ x: Int, _ y: Int) -> String {
            let i = (y * image.width + x) * 4
            let (r, g, b) = (p[i], p[i + 1], p[i + 2])
            switch (r > 200, g > 200, b > 200) {
            case (true, false, false): return "red"
            case (false, true, false): return "green"
            case (false, false, true): return "blue"
            case (true, true, true): return "white"
            default: return "(\(r),\(g),\(b))"
            }
        }
        let (w, h) = (image.width, image.height)
        return [name(w / 4, h / 4), name(3 * w / 4, h / 4), name(w / 4, 3 * h / 4), name(3 * w / 4, 3 * h / 4)]
    }

    @Test func aJPEGDecodesToItsPixels() throws {
        let image = try CGImage.fromJPEG(path: try Self.quadrants().path)
        #expect(image.width == 32 && image.height == 16)
        #expect(Self.corners(image) == ["red", "green", "blue", "white"])
        // Opaque, and fromFile knows it by its first bytes.
        #expect(image.premultipliedPixels[3] == 255)
        #expect(Self.corners(try CGImage.fromFile(path: try Self.quadrants().path)) == ["red", "green", "blue", "white"])
    }

    /// Each EXIF orientation turns the stored pixels upright (quadrants top left, top right, bottom left,
    /// bottom right, as seen).
    @Test("EXIF orientation", arguments: [
        (UInt16(1), 32, ["red", "green", "blue", "white"]), (2, 32, ["green", "red", "white", "blue"]),
        (3, 32, ["white", "blue", "green", "red"]), (4, 32, ["blue", "white", "red", "green"]),
        (5, 16, ["red", "blue", "green", "white"]), (6, 16, ["blue", "red", "white", "green"]),
        (7, 16, ["white", "green", "blue", "red"]), (8, 16, ["green", "white", "red", "blue"]),
    ])
    func exifOrientation(_ orientation: UInt16, _ width: Int, _ expected: [String]) throws {
        let image = try CGImage.fromJPEG(path: try Self.quadrants(orientation: orientation).path)
        #expect(image.width == width && image.height == 48 - width)
        #expect(Self.corners(image) == expected)
    }

    @Test func badJPEGIsAnErrorNamingTheCause() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-jpeg-\(getpid())")
        let junk = dir.appendingPathComponent("junk.jpg")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x41, count: 64)).write(to: junk)
        #expect(throws: JPEGError.self) { try CGImage.fromJPEG(path: junk.path) }
        do { _ = try CGImage.fromJPEG(path: junk.path) } catch { #expect("\(error)".contains("junk.jpg")) }
        // A frame header claiming 20000 × 20000 (400 million pixels, 1.6 GB): refused before any pixel is decoded.
        var bytes = [UInt8](try Data(contentsOf: try Self.quadrants()))
        let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[sof + 5] = 0x4E; bytes[sof + 6] = 0x20; bytes[sof + 7] = 0x4E; bytes[sof + 8] = 0x20
        let huge = dir.appendingPathComponent("huge.jpg")
        try Data(bytes).write(to: huge)
        do {
            _ = try CGImage.fromJPEG(path: huge.path)
            Issue.record("a 20000x20000 JPEG decoded")
        } catch {
            #expect("\(error)".contains("20000x20000 is more than 268435456 pixels"), "\(error)")
        }
        #expect(throws: (any Error).self) { try CGImage.fromJPEG(path: "/nonexistent/x.jpg") }
    }
}

/// `strata tiles cut`: seed 004's TileCutter (D17).
@Suite(.serialized) struct TileCutterTests {
    /// A 600×300 image cut into 256-pixel tiles: 3 columns and 2 rows named NAME_XX_YY (column, row), the
    /// edge tiles what is left (88 wide, 44 high), each holding its part of the image.
    @Test func cutsAnImageIntoTheSeedsNamedTiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-tiles-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var pixels: [UInt8] = []
        for y in 0..<300 { for x in 0..<600 { pixels += [UInt8(x % 256), UInt8(y % 256), UInt8((x / 256) * 100 + (y / 256) * 50), 255] } }
        let source = dir.appendingPathComponent("Snowman.png")
        try PNGCodec.write(RGBAImage(width: 600, height: 300, pixels: pixels, isPremultiplied: false), path: source.path)
        let (status, output) = try ServerProcess.cli(["tiles", "cut", source.path, "--format", "png"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("6 tiles of 256x256 (3 columns, 2 rows)"), "\(output)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("Snowman_") }.sorted()
        #expect(names == ["Snowman_00_00.png", "Snowman_00_01.png", "Snowman_01_00.png", "Snowman_01_01.png", "Snowman_02_00.png", "Snowman_02_01.png"])
        let corner = try PNGCodec.read(path: dir.appendingPathComponent("Snowman_02_01.png").path)
        #expect(corner.width == 88 && corner.height == 44)
        // Its first pixel is the source's (512, 256).
        #expect(Array(corner.pixels[0..<4]) == [0, 0, 250, 255])

        // JPEG tiles (TileCutter's format) into another directory.
        let out = dir.appendingPathComponent("jpeg")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let (jpegStatus, _) = try ServerProcess.cli(["tiles", "cut", source.path, "--tile-size", "300", "--output-directory", out.path])
        #expect(jpegStatus == 0)
        let jpegs = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(jpegs == ["Snowman_00_00.jpg", "Snowman_01_00.jpg"])
        let tile = try JPEGCodec.read(path: out.appendingPathComponent("Snowman_01_00.jpg").path)
        #expect(tile.width == 300 && tile.height == 300)
    }

    @Test func unreadableInputIsAClearError() throws {
        let (status, output) = try ServerProcess.cli(["tiles", "cut", "/nonexistent/map.png"])
        #expect(status != 0)
        #expect(output.contains("cannot read /nonexistent/map.png"), "\(output)")
        let (sizeStatus, sizeOutput) = try ServerProcess.cli(["tiles", "cut", "/nonexistent/map.png", "--tile-size", "0"])
        #expect(sizeStatus != 0 && sizeOutput.contains("--tile-size must be 1…16384, not 0"), "\(sizeOutput)")
    }
}
