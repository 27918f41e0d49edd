import Foundation
@testable import Strata
import StrataPNG
import Testing

/// Golden images of CGContext drawing, in Tests/StrataClientTests/Golden/cgcontext: one small scene per
/// feature, compared exactly (Cairo and pixman compute in integers, the same on every machine).
/// `STRATA_UPDATE_GOLDEN=1` rewrites them: check the new ones by eye first.
enum CGContextGolden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/cgcontext")

    /// Compares the context's pixels with `name` (a PNG under Golden/cgcontext), or writes them when updating.
    /// PNGs hold straight alpha, so the context's premultiplied pixels are compared after the same conversion.
    static func expectMatches(_ context: CGContext, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let image = try #require(context.makeImage())
        let rendered = RGBAImage(width: image.width, height: image.height, pixels: image.premultipliedPixels, isPremultiplied: true)
        try GoldenImage.expectMatches(rendered, directory.appendingPathComponent(name), tolerance: 0, sourceLocation: sourceLocation)
    }
}

/// A rendering compared with its golden PNG (straight alpha), or written over it with `STRATA_UPDATE_GOLDEN=1`.
enum GoldenImage {
    static func expectMatches(_ premultiplied: RGBAImage, _ url: URL, tolerance: Int, sourceLocation: SourceLocation) throws {
        let straight = premultiplied.unpremultiplied()
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PNGCodec.write(straight, path: url.path)
            return
        }
        let golden = try PNGCodec.read(path: url.path)
        var differing = 0, worst = 0
        for (a, b) in zip(golden.pixels, straight.pixels) where abs(Int(a) - Int(b)) > tolerance {
            differing += 1
            worst = max(worst, abs(Int(a) - Int(b)))
        }
        #expect(golden.width == straight.width && golden.height == straight.height && differing == 0,
                "\(url.lastPathComponent): \(differing) channel values differ (worst by \(worst))", sourceLocation: sourceLocation)
    }
}
