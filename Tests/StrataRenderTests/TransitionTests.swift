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
        let json = try Golden.sceneText("transitions/fade-default.json").replacingOccurrences(of: "\"fade\"", with: "\"cameraIris\"")
        #expect(throws: (any Error).self) { try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/")) }
        do {
            _ = try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        } catch {
            #expect("\(error)".contains("unsupported transition: cameraIris"), "\(error)")
        }
    }
}

/// Apple's private effects as Strata draws them (`TransitionWarp`, transition_warp.frag), on the same scene:
/// golden images at 0.25, 0.5 and 0.75 (two subtypes for the curls; the others ignore the subtype, which
/// is checked instead of stored twice), exact ends, and the GPU's pixels against StrataCore's definition.
@Suite struct PrivateTransitionTests {
    static let cases: [(type: String, subtype: String?)] = [
        ("pageCurl", "fromRight"), ("pageCurl", "fromBottom"), ("pageUnCurl", "fromRight"), ("pageUnCurl", "fromBottom"),
        ("rippleEffect", nil), ("suckEffect", nil), ("cameraIrisHollowOpen", nil), ("cameraIrisHollowClose", nil),
    ]
    static let subtypeFree = ["rippleEffect", "suckEffect", "cameraIrisHollowOpen", "cameraIrisHollowClose"]

    /// The scene of `c` with its change's transition edited (nil: removed).
    static func scene(_ c: (type: String, subtype: String?), transition edit: (inout [String: Any]) -> Bool) throws -> String {
        let text = try Golden.sceneText("transitions/\(c.type)-\(c.subtype ?? "default").json")
        var root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var changes = try #require(root["changes"] as? [[String: Any]])
        var transition = try #require(changes[0]["transition"] as? [String: Any])
        changes[0]["transition"] = edit(&transition) ? transition : nil
        root["changes"] = changes
        return String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
    }

    @Test(arguments: cases)
    func matchesGoldenImages(_ c: (type: String, subtype: String?)) throws {
        for p in TransitionTests.progresses {
            let image = try TransitionTests.render(type: c.type, subtype: c.subtype, progress: p)
            try Golden.expectMatches(image, "transitions/\(c.type)-\(c.subtype ?? "default")-\(Int(p * 100)).png")
        }
    }

    @Test(arguments: subtypeFree)
    func theSubtypeChangesNothing(_ type: String) throws {
        for subtype in ["fromTop", "fromRight"] {
            let text = try Self.scene((type, nil)) { $0["subtype"] = subtype; return true }
            for p in TransitionTests.progresses {
                #expect(try Golden.render(text, at: 1 + p) == TransitionTests.render(type: type, subtype: nil, progress: p), "\(subtype) at \(p)")
            }
        }
    }

    @Test(arguments: cases)
    func progressZeroAndOneDrawTheOldAndNewAppearanceExactly(_ c: (type: String, subtype: String?)) throws {
        // Held at progress 0 (endProgress 0) the frame is the old appearance's; at 1 (startProgress 1) the new one's.
        let old = try Golden.render(try Self.scene(c) { _ in true }, at: 0.5)
        let new = try Golden.render(try Self.scene(c) { _ in false }, at: 1.5)
        #expect(old != new)
        #expect(try Golden.render(try Self.scene(c) { $0["endProgress"] = 0; return true }, at: 1.5) == old)
        #expect(try Golden.render(try Self.scene(c) { $0["startProgress"] = 1; return true }, at: 1.5) == new)
    }

    /// Where the scene's old (red, white marker at 2…10) and new (blue, marker at 30…38 × 20…28) appearance
    /// are, premultiplied, in the layer's coordinates.
    static func appearance(_ source: TransitionWarp.Source, _ p: CGPoint) -> SIMD4<Double> {
        guard p.x >= 0, p.x < 40, p.y >= 0, p.y < 30 else { return .zero }
        let marker = source == .old ? CGRect(x: 2, y: 2, width: 8, height: 8) : CGRect(x: 30, y: 20, width: 8, height: 8)
        if marker.contains(p) { return SIMD4(1, 1, 1, 1) }
        return source == .old ? SIMD4(1, 0, 0, 1) : SIMD4(0, 0, 1, 1)
    }

    @Test(arguments: cases)
    func theGPUDrawsWhatTheDefinitionSays(_ c: (type: String, subtype: String?)) throws {
        let bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        let transition = Transition(kind: try Transition.Kind(name: c.type), direction: c.subtype.flatMap { Transition.Direction(name: $0) })
        for p in TransitionTests.progresses {
            let image = try TransitionTests.render(type: c.type, subtype: c.subtype, progress: p)
            let warp = try #require(TransitionWarp(transition, progress: p, bounds: bounds))
            // The layer's origin is at target pixel (20, 15); the background is #202020.
            func reference(_ x: Double, _ y: Double) -> SIMD4<Double> {
                let c = warp.color(at: CGPoint(x: x - 20, y: y - 15), pixel: 1, sample: Self.appearance)
                return c + SIMD4(repeating: 32.0 / 255) * (1 - c.w)
            }
            var compared = 0, differing: [String] = []
            for y in 0..<60 {
                for x in 0..<80 {
                    let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                    let expected = reference(cx, cy)
                    // Only where the definition is flat a pixel round, and so is each appearance round the points
                    // it samples: edges are filtered differently (bilinear samples, anti-aliased outlines).
                    let steps = [(1.0, 0.0), (-1, 0), (0, 1), (0, -1)]
                    func same(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Bool { ((a - b) * (a - b)).sum() < 1e-12 }
                    guard steps.allSatisfy({ same(reference(cx + $0.0, cy + $0.1), expected) }) else { continue }
                    let taps = warp.taps(at: CGPoint(x: cx - 20, y: cy - 15), pixel: 1)
                    guard taps.allSatisfy({ tap in
                        steps.allSatisfy { same(Self.appearance(tap.source, CGPoint(x: tap.point.x + $0.0, y: tap.point.y + $0.1)),
                                                Self.appearance(tap.source, tap.point)) }
                    }) else { continue }
                    compared += 1
                    let want = (0..<3).map { Int((expected[$0] * 255).rounded()) } + [255]
                    if !image.isClose(x, y, want, 2 + PixelTolerance.current) { differing.append("(\(x), \(y)): \(image.rgba(x, y)) ≠ \(want)") }
                }
            }
            #expect(compared > 2000, "\(compared) pixels compared")
            #expect(differing.isEmpty, "at \(p): \(differing.prefix(8))")
        }
    }
}
