import Foundation
import StrataCore
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// `contents` animations (issue 53, acceptance 2): Golden/crossfade/scene.json crossfades 30×30 layers over
/// a #202020 background between solid 20×20 images stretched over them (red, green, blue), each animation
/// 1 s long from scene time 0, and a centred white 10×10 image over a red one. Sampled values are exact;
/// frames at 0.25, 0.5 and 0.75 s match golden images (Golden/crossfade; STRATA_UPDATE_GOLDEN=1 regenerates
/// them after checking them by eye) and hand-computed pixels.
@Suite struct ContentsCrossfadeTests {
    static let scene = "crossfade/scene.json"

    static func sample(_ layer: String, at t: Double) throws -> ContentsImage {
        let s = try SceneParser.parse(data: Data(try Golden.sceneText(scene).utf8), baseDirectory: Golden.directory.appendingPathComponent("crossfade"))
        guard case .image(let c) = try s.sample(layer: layer, keyPath: "contents", at: t) else { throw SceneError("not an image value") }
        return c
    }

    @Test func aBasicAnimationCrossfadesByItsProgress() throws {
        let start = try Self.sample("photo", at: 0), quarter = try Self.sample("photo", at: 0.25), end = try Self.sample("photo", at: 1)
        #expect(!start.isCrossfade && !end.isCrossfade && start.from != end.from)
        #expect(quarter.from == start.from && quarter.to == end.from && quarter.fraction == 0.25)
        // From no image (a fade in): the first end is none.
        let fadeIn = try Self.sample("fadeIn", at: 0.75)
        #expect(fadeIn.from == 0 && fadeIn.to != 0 && fadeIn.fraction == 0.75)
    }

    @Test func keyframesCrossfadeSegmentBySegmentOrCutWhenDiscrete() throws {
        let red = try Self.sample("rotator", at: 0).from, green = try Self.sample("rotator", at: 0.5).from
        let blue = try Self.sample("rotator", at: 1).from
        #expect(Set([red, green, blue]).count == 3)
        #expect(try Self.sample("rotator", at: 0.25) == ContentsImage(from: red, to: green, fraction: 0.5))
        #expect(try Self.sample("rotator", at: 0.625) == ContentsImage(from: green, to: blue, fraction: 0.25))
        // Discrete without key times: each value holds for its even share of the segments (docs/animation.md),
        // the last one shown from the end.
        #expect(try Self.sample("cut", at: 0.45) == ContentsImage(red))
        #expect(try Self.sample("cut", at: 0.55) == ContentsImage(green))
        #expect(try Self.sample("cut", at: 1) == ContentsImage(blue))
    }

    @Test(arguments: [0.25, 0.5, 0.75])
    func matchesGoldenImages(_ t: Double) throws {
        try Golden.expectMatches(try Golden.renderFile(Self.scene, at: t), "crossfade/crossfade-\(Int(t * 100)).png")
    }

    @Test func pixelsAreTheWeightedSumOfTheTwoImages() throws {
        let tolerance = max(1, PixelTolerance.current)
        let q = try Golden.renderFile(Self.scene, at: 0.25)
        // red · 0.75 + blue · 0.25, opaque: nothing of the background shows through.
        expectPixel(q.pixels, width: 160, x: 20, y: 20, [191, 0, 64, 255], tolerance: tolerance)
        // A fade in from no image: green at a quarter over the background (32 · 0.75 + 255 · 0.25).
        expectPixel(q.pixels, width: 160, x: 60, y: 20, [24, 88, 24, 255], tolerance: tolerance)
        // Keyframes: half-way from red to green in the first half second.
        expectPixel(q.pixels, width: 160, x: 100, y: 20, [128, 128, 0, 255], tolerance: tolerance)
        // Discrete keyframes: red for the first half second, then green.
        expectPixel(q.pixels, width: 160, x: 140, y: 20, [255, 0, 0, 255])
        // Each image at its own size (gravity centre): red 20×20 around a white 10×10, on a black layer.
        expectPixel(q.pixels, width: 160, x: 80, y: 48, [255, 64, 64, 255], tolerance: tolerance)
        expectPixel(q.pixels, width: 160, x: 72, y: 48, [191, 0, 0, 255], tolerance: tolerance) // red only
        expectPixel(q.pixels, width: 160, x: 68, y: 48, [0, 0, 0, 255])                        // neither
        let h = try Golden.renderFile(Self.scene, at: 0.75)
        expectPixel(h.pixels, width: 160, x: 20, y: 20, [64, 0, 191, 255], tolerance: tolerance)
        expectPixel(h.pixels, width: 160, x: 100, y: 20, [0, 128, 128, 255], tolerance: tolerance)
        expectPixel(h.pixels, width: 160, x: 140, y: 20, [0, 255, 0, 255])
        // After the end (fill forwards): the last image alone.
        let after = try Golden.renderFile(Self.scene, at: 2)
        expectPixel(after.pixels, width: 160, x: 20, y: 20, [0, 0, 255, 255])
        expectPixel(after.pixels, width: 160, x: 60, y: 20, [0, 255, 0, 255])
    }

    func error(_ layer: String) -> String {
        let text = """
            {"strata":1,"layers":[\(layer)]}
            """
        do {
            _ = try SceneParser.parse(data: Data(text.utf8), baseDirectory: Golden.directory.appendingPathComponent("crossfade"))
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    @Test func brokenContentsAnimationsAreNamed() {
        let missing = error(#"{"id":"a","animations":{"x":{"type":"basic","keyPath":"contents","toValue":"inputs/none.png"}}}"#)
        #expect(missing.contains("layer \"a\" animation \"x\": \"toValue\": image \"inputs/none.png\""), "\(missing)")
        let number = error(#"{"id":"a","animations":{"x":{"type":"basic","keyPath":"contents","toValue":3}}}"#)
        #expect(number.contains("\"toValue\" must be an image file"), "\(number)")
        let by = error(#"{"id":"a","animations":{"x":{"type":"basic","keyPath":"contents","byValue":"inputs/red.png"}}}"#)
        #expect(by.contains("unsupported: byValue for contents"), "\(by)")
        let frame = error(#"{"id":"a","animations":{"x":{"type":"keyframe","keyPath":"contents","values":["inputs/red.png",7]}}}"#)
        #expect(frame.contains("\"values\"[1] must be an image file"), "\(frame)")
        #expect(error(#"{"id":"a","animations":{"x":{"type":"keyframe","keyPath":"contents","values":["inputs/red.png",null]}}}"#) == "accepted")
    }
}
