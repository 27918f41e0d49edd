import Foundation
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// shouldRasterize and rasterizationScale: the subtree drawn once into a bitmap in the layer's own space,
/// composited with the layer's opacity, and reused while unchanged.
@Suite struct RasterizationTests {
    static func scene(_ json: String) throws -> Scene {
        try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
    }

    /// A card with a shadow, a border and an overlapping sublayer; `extra` adds keys to the card.
    static func card(_ extra: String = "", childExtra: String = "") -> String {
        """
        {"strata":1,"background":"#FFFFFF","layers":[
          {"id":"card","bounds":[0,0,60,40],"position":[60,50],"backgroundColor":"#3070C0","cornerRadius":8,
           "borderWidth":2,"borderColor":"#102040","shadowOpacity":0.6,"shadowRadius":3\(extra),
           "sublayers":[{"id":"dot","bounds":[0,0,20,20],"position":[55,5],"backgroundColor":"#F0A020"\(childExtra)}]}]}
        """
    }

    func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int { zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0 }

    @Test func aRasterizedLayerLooksLikeTheLayerAtScaleOne() throws {
        let direct = try SceneRenderer.render(try Self.scene(Self.card()), at: 0, width: 120, height: 100)
        let frames = try SceneRenderer.render(try Self.scene(Self.card(#","shouldRasterize":true"#)), at: [0], width: 120, height: 100)
        // One bitmap pass, plus the shadow's group and blur inside it.
        #expect(frames[0].work.offscreenPasses == 3)
        // Unrotated at whole pixels the bitmap's pixels land on the screen's. Straight edges match to
        // rounding; along the rounded corners anti-aliasing differs a little, because llvmpipe takes
        // derivatives over 2×2 pixel blocks, which the bitmap's origin shifts against the screen's.
        var off = 0
        for i in stride(from: 0, to: direct.pixels.count, by: 4)
        where maxDifference(Array(direct.pixels[i..<i + 4]), Array(frames[0].image.pixels[i..<i + 4])) > 1 { off += 1 }
        #expect(off < 100, "\(off) pixels differ by more than 1")
        #expect(maxDifference(direct.pixels, frames[0].image.pixels) <= 16)
    }

    @Test func theBitmapIsReusedWhileTheLayerMovesAndRedrawnWhenItsContentChanges() throws {
        let moving = Self.card(#","shouldRasterize":true,"animations":{"m":{"type":"basic","keyPath":"position.x","fromValue":50,"toValue":70,"duration":1}}"#)
        let frames = try SceneRenderer.render(try Self.scene(moving), at: [0, 0.25, 0.5], width: 120, height: 100)
        #expect(frames.map(\.work.offscreenPasses) == [3, 0, 0])
        for (t, frame) in zip([0, 0.25, 0.5], frames) {
            // What a fresh server draws at that time.
            let fresh = try SceneRenderer.render(try Self.scene(moving), at: t, width: 120, height: 100)
            #expect(frame.image.pixels == fresh.pixels, "at \(t)")
        }
        let changing = Self.card(#","shouldRasterize":true"#,
                                 childExtra: ##","animations":{"c":{"type":"basic","keyPath":"backgroundColor","fromValue":"#F0A020","toValue":"#20A0F0","duration":1}}"##)
        let redrawn = try SceneRenderer.render(try Self.scene(changing), at: [0, 0.25, 0.5], width: 120, height: 100)
        #expect(redrawn.map(\.work.offscreenPasses) == [3, 3, 3])
    }

    @Test func opacityIsAppliedWhenCompositingNotRasterized() throws {
        let fading = Self.card(#","shouldRasterize":true,"animations":{"o":{"type":"basic","keyPath":"opacity","fromValue":1,"toValue":0.2,"duration":1}}"#)
        let frames = try SceneRenderer.render(try Self.scene(fading), at: [0, 0.5], width: 120, height: 100)
        #expect(frames.map(\.work.offscreenPasses) == [3, 0])
        #expect(frames[0].image.pixels != frames[1].image.pixels)
        // At 0.5 the opacity is 0.6: the card's blue (48, 112, 192) over white at 60 %.
        let i = (50 * 120 + 50) * 4
        #expect(Array(frames[1].image.pixels[i..<i + 4]) == [131, 169, 217, 255])
    }

    @Test func aLowRasterizationScaleBlursFineDetail() throws {
        // A 1-unit black stripe across a white layer: sharp when drawn directly, spread over neighbouring
        // pixels from a bitmap of a quarter of the resolution.
        let stripe = #"""
        {"strata":1,"background":"#FFFFFF","layers":[{"id":"l","bounds":[0,0,40,40],"position":[40,40],"backgroundColor":"#FFFFFF"EXTRA,
          "sublayers":[{"id":"s","bounds":[0,0,1,40],"position":[20.5,20],"backgroundColor":"#000000"}]}]}
        """#
        let sharp = try SceneRenderer.render(try Self.scene(stripe.replacingOccurrences(of: "EXTRA", with: "")), at: 0, width: 80, height: 80)
        let coarse = try SceneRenderer.render(try Self.scene(stripe.replacingOccurrences(of: "EXTRA", with: #","shouldRasterize":true,"rasterizationScale":0.25"#)),
                                              at: 0, width: 80, height: 80)
        func gray(_ img: RGBAImage, _ x: Int) -> Int { Int(img.pixels[(40 * 80 + x) * 4]) }
        #expect(gray(sharp, 40) == 0 && gray(sharp, 38) == 255 && gray(sharp, 42) == 255)
        #expect(gray(coarse, 40) > 100)            // the stripe fades…
        #expect(gray(coarse, 38) < 255)            // …into its neighbours
    }

    @Test func rasterizedLayersRepaintExactlyUnderDamageTracking() throws {
        try DamageRenderingTests.expectIncrementalMatchesFull(
            Self.card(#","shouldRasterize":true,"transform.rotation.z":0.2,"animations":{"m":{"type":"basic","keyPath":"position.y","fromValue":40,"toValue":60,"duration":1}}"#),
            times: [0, 0.3, 0.6], width: 120, height: 100)
    }

    /// A bitmap may hold 2.5 times the output's pixels (Core Animation keeps rasterized layers within 2.5
    /// screens): a card rasterized at rasterizationScale 10 (a bitmap of about 700×500 pixels with its
    /// shadow, over 2.5 × 120×100) is drawn directly, as it looks. The process fuzzer found a client
    /// freezing the server for 2 s with such layers (at scales up to 154: llvmpipe blurring bitmaps of
    /// up to 4096² pixels).
    @Test func aBitmapOverTwoAndAHalfOutputsIsDrawnDirectly() throws {
        let huge = Self.card(#","shouldRasterize":true,"rasterizationScale":10"#)
        let frames = try SceneRenderer.render(try Self.scene(huge), at: [0], width: 120, height: 100)
        let direct = try SceneRenderer.render(try Self.scene(Self.card()), at: [0], width: 120, height: 100)
        #expect(frames[0].image.pixels == direct[0].image.pixels)
        #expect(frames[0].work.offscreenPixels <= 3 * 120 * 100)
        // At scale 2 the bitmap (about 150×110 with the shadow) fits: rasterized.
        let fits = try SceneRenderer.render(try Self.scene(Self.card(#","shouldRasterize":true,"rasterizationScale":2"#)),
                                            at: [0], width: 120, height: 100)
        #expect(fits[0].work.offscreenPasses == 3)
    }
}
