import Foundation
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// Golden images: scene files and the PNGs they render to, in Tests/StrataRenderTests/Golden (and shown
/// in docs/gallery.md). On the pinned llvmpipe the comparison is exact; `STRATA_PIXEL_TOLERANCE` allows
/// a difference elsewhere. `STRATA_UPDATE_GOLDEN=1` rewrites the PNGs: check the new ones by eye first.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// The text of a scene file under Golden/ (e.g. "shapes/scene.json").
    static func sceneText(_ path: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }

    /// Renders scene text at scene time `time`, at the scene's size.
    static func render(_ text: String, at time: Double = 0) throws -> RGBAImage {
        let scene = try SceneParser.parse(data: Data(text.utf8), baseDirectory: directory)
        let size = scene.size ?? (width: 160, height: 120)
        return try SceneRenderer.render(scene, at: time, width: size.width, height: size.height)
    }

    /// Renders the scene file at `path` under Golden/ as `strata render` would: its `contents` paths are
    /// relative to its own folder.
    static func renderFile(_ path: String, at time: Double = 0) throws -> RGBAImage {
        let file = directory.appendingPathComponent(path)
        let scene = try SceneParser.parse(data: try Data(contentsOf: file), baseDirectory: file.deletingLastPathComponent())
        let size = scene.size ?? (width: 160, height: 120)
        return try SceneRenderer.render(scene, at: time, width: size.width, height: size.height)
    }

    /// Compares `image` with the PNG at `path` under Golden/, or writes it when updating.
    static func expectMatches(_ image: RGBAImage, _ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(path)
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1" {
            try PNGCodec.write(image, path: url.path)
            return
        }
        let golden = try PNGCodec.read(path: url.path)
        let tolerance = PixelTolerance.current
        var differing = 0, worst = 0
        for (a, b) in zip(golden.pixels, image.pixels) {
            let d = abs(Int(a) - Int(b))
            if d > tolerance { differing += 1 }
            worst = max(worst, d)
        }
        #expect(golden.width == image.width && golden.height == image.height && differing == 0,
                "\(path): \(differing) channel values differ (worst by \(worst), tolerance \(tolerance))", sourceLocation: sourceLocation)
    }
}

/// docs/gallery.md shows every golden image next to its scene file.
@Suite struct GalleryTests {
    @Test func theGalleryShowsEveryGoldenImageAndScene() throws {
        let gallery = try String(contentsOf: Golden.directory.appendingPathComponent("../../../docs/gallery.md").standardized, encoding: .utf8)
        let files = FileManager.default.enumerator(atPath: Golden.directory.path)?.compactMap { $0 as? String } ?? []
        let shown = files.filter { $0.hasSuffix(".png") || $0.hasSuffix(".json") }
        #expect(shown.count >= 40)
        for file in shown { #expect(gallery.contains("Golden/\(file)"), "docs/gallery.md does not show \(file)") }
    }
}

extension RGBAImage {
    /// The RGBA values at (x, y), as Ints for arithmetic in expectations.
    func rgba(_ x: Int, _ y: Int) -> [Int] {
        let i = (y * width + x) * 4
        return pixels[i ..< i + 4].map(Int.init)
    }

    /// Whether (x, y) is within `tolerance` of `expected` in every channel.
    func isClose(_ x: Int, _ y: Int, _ expected: [Int], _ tolerance: Int = 0) -> Bool {
        zip(rgba(x, y), expected).allSatisfy { abs($0 - $1) <= tolerance }
    }
}

/// Expects the pixel at (x, y) of `image` to be `expected` (RGBA, 0…255) within `tolerance`, plus the
/// global STRATA_PIXEL_TOLERANCE.
func expectColor(_ image: RGBAImage, _ x: Int, _ y: Int, _ expected: [Int], tolerance: Int = 0,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    expectPixel(image.pixels, width: image.width, x: x, y: y, expected, tolerance: tolerance + PixelTolerance.current,
                sourceLocation: sourceLocation)
}
