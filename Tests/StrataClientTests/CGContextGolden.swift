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
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try PNGCodec.write(rendered, path: url.path)
            return
        }
        let golden = try PNGCodec.read(path: url.path)
        let straight = rendered.unpremultiplied()
        var differing = 0, worst = 0
        for (a, b) in zip(golden.pixels, straight.pixels) where a != b {
            differing += 1
            worst = max(worst, abs(Int(a) - Int(b)))
        }
        #expect(golden.width == straight.width && golden.height == straight.height && differing == 0,
                "\(name): \(differing) channel values differ (worst by \(worst))", sourceLocation: sourceLocation)
    }
}
