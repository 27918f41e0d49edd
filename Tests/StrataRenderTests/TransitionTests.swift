import Foundation
import StrataCore
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// CATransition rendering: a 40×30 red layer with a white marker top-left changes, at scene time 1, to
/// blue with the marker bottom-right, under a 1 s linear transition. Frames at progress 0.25, 0.5 and
/// 0.75 are compared with golden images (Tests/StrataRenderTests/Golden/transitions; regenerate with
/// STRATA_UPDATE_GOLDEN=1 after checking the new images by eye), and key pixels with hand-computed values.
@Suite struct TransitionTests {
    static let cases: [(type: String, subtype: String?)] = [
        ("fade", nil), ("push", "fromLeft"), ("push", "fromRight"), ("push", "fromTop"), ("push", "fromBottom"),
        ("moveIn", "fromLeft"), ("reveal", "fromRight"), ("cube", "fromRight"), ("oglFlip", "fromRight"),
    ]
    static let progresses = [0.25, 0.5, 0.75]

    static func render(type: String, subtype: String?, progress: Double) throws -> RGBAImage {
        try Golden.render(try Golden.sceneText("transitions/\(type)-\(subtype ?? "default").json"), at: 1 + progress)
    }

    @Test(arguments: cases)
    func matchesGoldenImages(_ c: (type: String, subtype: String?)) throws {
        for p in Self.progresses {
            let image = try Self.render(type: c.type, subtype: c.subtype, progress: p)
            try Golden.expectMatches(image, "transitions/\(c.type)-\(c.subtype ?? "default")-\(Int(p * 100)).png")
        }
    }

    // Hand-computed pixels. L spans x 20…60, y 15…45; red = old, blue = new.

    @Test func fadeIsACrossDissolve() throws {
        let img = try Self.render(type: "fade", subtype: nil, progress: 0.25)
        // Mid layer: red · 0.75 + blue · 0.25, opaque.
        expectPixel(img.pixels, width: 80, x: 40, y: 30, [191, 0, 64, 255], tolerance: max(1, PixelTolerance.current))
        // Old marker (white) over new red→blue: white · 0.75 + blue · 0.25.
        expectPixel(img.pixels, width: 80, x: 24, y: 19, [191, 191, 255, 255], tolerance: max(1, PixelTolerance.current))
        // Outside the layer: the background, untouched.
        expectPixel(img.pixels, width: 80, x: 5, y: 5, [32, 32, 32, 255])
    }

    @Test func pushMovesBothAppearancesAwayFromTheSubtypesSide() throws {
        // fromRight at 0.5: old shifted 20 left (x 0…40), new shifted 20 right (x 40…80).
        let r = try Self.render(type: "push", subtype: "fromRight", progress: 0.5)
        expectPixel(r.pixels, width: 80, x: 10, y: 30, [255, 0, 0, 255])
        expectPixel(r.pixels, width: 80, x: 70, y: 30, [0, 0, 255, 255])
        expectPixel(r.pixels, width: 80, x: 3, y: 20, [255, 255, 255, 255])   // old marker at x 2…10
        // fromTop at 0.25: new enters from above (y −7.5…22.5), old moved down 7.5 (y 22.5…52.5).
        let t = try Self.render(type: "push", subtype: "fromTop", progress: 0.25)
        expectPixel(t.pixels, width: 80, x: 30, y: 10, [0, 0, 255, 255])
        expectPixel(t.pixels, width: 80, x: 30, y: 50, [255, 0, 0, 255])
    }

    @Test func moveInSlidesTheNewAppearanceOverTheOld() throws {
        // fromLeft at 0.75: new shifted 10 left (x 10…50) over the still old (x 20…60).
        let img = try Self.render(type: "moveIn", subtype: "fromLeft", progress: 0.75)
        expectPixel(img.pixels, width: 80, x: 15, y: 30, [0, 0, 255, 255])
        expectPixel(img.pixels, width: 80, x: 55, y: 30, [255, 0, 0, 255])
    }

    @Test func revealSlidesTheOldAppearanceOffTheNew() throws {
        // fromRight at 0.25: old shifted 10 left (x 10…50) over the still new (x 20…60).
        let img = try Self.render(type: "reveal", subtype: "fromRight", progress: 0.25)
        expectPixel(img.pixels, width: 80, x: 15, y: 30, [255, 0, 0, 255])
        expectPixel(img.pixels, width: 80, x: 55, y: 30, [0, 0, 255, 255])
    }

    @Test func oglFlipShowsOnlyTheFaceTowardsTheViewer() throws {
        let early = try Self.render(type: "oglFlip", subtype: "fromRight", progress: 0.25)
        expectPixel(early.pixels, width: 80, x: 40, y: 30, [255, 0, 0, 255])
        let late = try Self.render(type: "oglFlip", subtype: "fromRight", progress: 0.75)
        expectPixel(late.pixels, width: 80, x: 40, y: 30, [0, 0, 255, 255])
        // Edge-on at half way: nothing of the layer is drawn.
        let half = try Self.render(type: "oglFlip", subtype: "fromRight", progress: 0.5)
        expectPixel(half.pixels, width: 80, x: 40, y: 30, [32, 32, 32, 255])
    }

    @Test func unsupportedTransitionTypesAreNamed() throws {
        let json = try Golden.sceneText("transitions/fade-default.json").replacingOccurrences(of: "\"fade\"", with: "\"suckEffect\"")
        #expect(throws: (any Error).self) { try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/")) }
        do {
            _ = try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        } catch {
            #expect("\(error)".contains("unsupported transition: suckEffect"), "\(error)")
        }
    }
}
