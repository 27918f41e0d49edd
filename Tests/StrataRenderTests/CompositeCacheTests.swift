import Foundation
import StrataCore
import StrataOffline
@testable import StrataRender
import Testing

/// Blurred shadows are kept while what casts them stays the same (`CompositeCache`): a frame that repaints
/// across an unchanged shadow composites it without blurring, and a changed shadow is blurred again.
@Suite struct CompositeCacheTests {
    /// 20 shadowed buttons in a 5 × 4 grid, and a small square sliding across the second row's shadows.
    /// `extra`: more keys for button 7 (in that row).
    static func buttons(extra: String = "") -> String {
        var layers: [String] = []
        for i in 0..<20 {
            // Every shadow and what its blur reads lie on the 320 × 180 target (a blur reading past the edge is
            // not kept: the texture's clamping makes it depend on where it is).
            let x = 35 + 62 * (i % 5), y = 32 + 38 * (i / 5)
            layers.append("""
            {"id":"b\(i)","bounds":[0,0,50,26],"position":[\(x),\(y)],"backgroundColor":"#3070C0","cornerRadius":6,
             "shadowOpacity":0.5,"shadowRadius":4,"shadowOffset":[0,3]\(i == 7 ? extra : "")}
            """)
        }
        layers.append("""
        {"id":"slider","bounds":[0,0,12,12],"position":[0,82],"backgroundColor":"#F0C020",
         "animations":{"m":{"type":"basic","keyPath":"position.x","fromValue":0,"toValue":320,"duration":1}}}
        """)
        return """
        {"strata":1,"background":"#F4F4F4","layers":[\(layers.joined(separator: ","))]}
        """
    }

    @Test func unchangedShadowsUnderAMovingLayerAreNotBlurredAgain() throws {
        let frames = try DamageRenderingTests.expectIncrementalMatchesFull(Self.buttons(), times: [0, 0.3, 0.301, 0.302, 0.303],
                                                                        width: 320, height: 180)
        // The 20 buttons draw the same shadow whole pixels apart (`RelativeGroupKey`). The first frame draws
        // and blurs all 20 (a composite is kept the second frame it is drawn); the second keeps the one it
        // repaints across (seen unchanged in the first); after that it is composited, and nothing is blurred.
        #expect(frames[0].work.shadowBlurs == 20)
        #expect(frames[1].work.shadowBlurs > 0)
        for frame in frames.dropFirst(2) {
            #expect(frame.work.shadowBlurs == 0)
            #expect(frame.work.compositesKept > 0)
        }
    }

    @Test func aChangedShadowIsBlurredAgainEveryFrame() throws {
        let changing = Self.buttons(extra: #","animations":{"s":{"type":"basic","keyPath":"shadowOpacity","fromValue":0.2,"toValue":1,"duration":1}}"#)
        let frames = try DamageRenderingTests.expectIncrementalMatchesFull(changing, times: [0, 0.3, 0.301, 0.302, 0.303],
                                                                        width: 320, height: 180)
        // Button 7's shadow changes at every frame: blurred each time, never kept.
        for frame in frames.dropFirst(2) {
            #expect(frame.work.shadowBlurs == 1)
        }
    }

    /// A shadowed button (shadowRadius 8: σ 4 pixels) at `x`, scaled by `scale`, with `animations`.
    static func button(x: Double, scale: Double = 1, animations: String = "") -> String {
        """
        {"strata":1,"background":"#F4F4F4","layers":[
          {"id":"b","bounds":[0,0,80,36],"position":[\(x),60],"backgroundColor":"#30A060","cornerRadius":8,
           "transform.scale":\(scale),"shadowOpacity":0.4,"shadowRadius":8,"shadowOffset":[0,4]\(animations)}]}
        """
    }

    @Test func aMovingLayersShadowIsMadeOnceAndMovedAsABitmap() throws {
        let moving = Self.button(x: 0, animations: #","animations":{"m":{"type":"basic","keyPath":"position.x","fromValue":50,"toValue":150,"duration":1}}"#)
        let times = [0.25, 0.5, 0.503, 0.75]
        let frames = try DamageRenderingTests.expectIncrementalMatchesFull(moving, times: times, width: 200, height: 120)
        // The first frame blurs the shadow into the layer's bitmap; the others only move it.
        #expect(frames[0].work.shadowBlurs == 1)
        #expect(frames.dropFirst().map(\.work.shadowBlurs) == [0, 0, 0])
        #expect(frames.dropFirst().map(\.work.offscreenPasses) == [0, 0, 0])
        // What the layer shows still at the same place, its shadow blurred exactly there: the same within
        // 2 of 255 (the bitmap sampled between pixels at x 100.3).
        for (t, frame) in zip(times, frames) {
            let still = try SceneRenderer.render(try DamageRenderingTests.scene(Self.button(x: 50 + 100 * t)), at: 0, width: 200, height: 120)
            let worst = zip(still.pixels, frame.image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 2, "at \(t): differs by \(worst)")
        }
    }

    /// A replicator's tinted copies of a moving shadowed layer share one shadow bitmap, tinted as each copy
    /// is composited: the same pixels, within 2/255, as the copies drawn still at the same place.
    @Test func replicatedMovingShadowsShareOneBitmapTintedPerCopy() throws {
        func scene(x: Double, animations: String) -> String {
            """
            {"strata":1,"background":"#F4F4F4","layers":[
              {"id":"r","class":"replicator","bounds":[0,0,240,120],"position":[120,60],"instanceCount":3,
               "instanceTransform.translation.x":70,"instanceRedOffset":-0.4,"instanceBlueOffset":-0.2,
               "sublayers":[{"id":"b","bounds":[0,0,50,30],"position":[\(x),60],"backgroundColor":"#FFFFFF","cornerRadius":6,
                 "shadowOpacity":0.8,"shadowRadius":8,"shadowColor":"#FFFFFF","shadowOffset":[0,6]\(animations)}]}]}
            """
        }
        let moving = scene(x: 0, animations: #","animations":{"m":{"type":"basic","keyPath":"position.x","fromValue":30,"toValue":50,"duration":1}}"#)
        let times = [0.25, 0.5, 0.75]
        let frames = try DamageRenderingTests.expectIncrementalMatchesFull(moving, times: times, width: 240, height: 120)
        #expect(frames[0].work.shadowBlurs == 1)
        #expect(frames.dropFirst().map(\.work.shadowBlurs) == [0, 0])
        for (t, frame) in zip(times, frames) {
            let still = try SceneRenderer.render(try DamageRenderingTests.scene(scene(x: 30 + 20 * t, animations: "")), at: 0, width: 240, height: 120)
            let worst = zip(still.pixels, frame.image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 2, "at \(t): differs by \(worst)")
        }
    }

    @Test func aSpringBounceMakesTheShadowBitmapOnlyWhenItsScaleStepChanges() throws {
        let bounce = Self.button(x: 100, animations: #","animations":{"t":{"type":"spring","keyPath":"transform.scale","fromValue":0.85,"toValue":1,"damping":9,"stiffness":220,"duration":1}}"#)
        let times = (0..<30).map { Double($0) / 60 }
        let frames = try DamageRenderingTests.expectIncrementalMatchesFull(bounce, times: times, width: 200, height: 120)
        // Scales 0.85 … 1.0 draw the bitmap made at scale 1; the overshoot past 1 one made at 2^¼ (frame
        // 8); back under 1 (frame 22), one at scale 1 again. 3 blurs in 30 frames, not 30.
        let blurs = frames.map(\.work.shadowBlurs)
        #expect(blurs.reduce(0, +) == 3, "\(blurs)")
        #expect(blurs[0] == 1 && blurs[8] == 1 && blurs[22] == 1, "\(blurs)")
    }

    @Test func aFullRepaintBlursAShadowOnlyOverItsBox() throws {
        // One 80×36 button at (60, 42) on a 320×240 output. Its shadow's body, moved down 4 with the 2-pixel
        // margin, is 84×40 at (58, 44); grown by the blur's reach (σ 4: 13) its box is 110×66; the group is
        // drawn, and blurred across, over that grown by the reach again (136×92), and blurred down over the
        // box. Before, a full repaint did all three over the whole output (3 × 76,800 pixels).
        let frames = try SceneRenderer.render(try DamageRenderingTests.scene(Self.button(x: 100)), at: [0], width: 320, height: 240)
        #expect(frames[0].work.shadowBlurs == 1)
        #expect(frames[0].work.offscreenPixels == 2 * 136 * 92 + 110 * 66)
    }

    /// Issue 28: a tapped shadowed button's spring bounce is drawn from its first frame, each frame at the
    /// spring's closed form: its drawn width (its green centre row) is 80 × scale(t) within a pixel and a
    /// half (anti-aliased edges), while the shadow comes from its bitmap.
    @Test func aBouncingShadowedButtonIsDrawnAtTheSpringsScaleEveryFrame() throws {
        let bounce = Self.button(x: 100, animations: #","animations":{"t":{"type":"spring","keyPath":"transform.scale","fromValue":0.85,"toValue":1,"damping":9,"stiffness":220,"duration":1}}"#)
        let times = (0..<30).map { Double($0) / 60 }
        let frames = try DamageRenderingTests.expectIncrementalMatchesFull(bounce, times: times, width: 200, height: 120)
        let spring = Spring(stiffness: 220, damping: 9)
        for (t, frame) in zip(times, frames) {
            let scale = 0.85 + 0.15 * spring.progress(at: t)
            // Row 60, the button's centre: each pixel counts by how much of the button's green it holds (its
            // green less its red: 0x70 on the button, 0 on the grey background and the black shadow).
            var covered = 0.0
            for x in 0..<200 {
                let i = (60 * 200 + x) * 4
                covered += max(0, min(1, (Double(frame.image.pixels[i + 1]) - Double(frame.image.pixels[i])) / 0x70))
            }
            #expect(abs(covered - 80 * scale) <= 1.5, "at \(t): \(covered) pixels wide, the spring gives \(80 * scale)")
        }
        #expect(frames.map(\.work.shadowBlurs).reduce(0, +) <= 3)
    }

    /// A rounded, clipped card with a square inside, sliding right while nothing in it changes.
    static func slidingCard(animations: Bool = true, x: Double = 60) -> String {
        let move = animations ? #","animations":{"m":{"type":"basic","keyPath":"position.x","fromValue":60,"toValue":260,"duration":1}}"# : ""
        return """
        {"strata":1,"background":"#F4F4F4","layers":[
          {"id":"card","bounds":[0,0,70,50],"position":[\(x),50],"backgroundColor":"#3070C0","cornerRadius":10,"masksToBounds":true\(move),
           "sublayers":[{"id":"in","bounds":[0,0,40,40],"position":[60,40],"backgroundColor":"#F08020"}]}]}
        """
    }

    @Test func aMovingClippedCardIsMadeOnceAndOnlyRecomposited() throws {
        let frames = try DamageRenderingTests.expectIncrementalMatchesFull(Self.slidingCard(), times: [0.25, 0.5, 0.503, 0.75],
                                                                        width: 320, height: 100)
        // The first frame makes the card's bitmap (one offscreen pass); the others draw it where the card is.
        #expect(frames[0].work.offscreenPasses >= 1)
        for frame in frames.dropFirst() { #expect(frame.work.offscreenPasses == 0) }
        // At a whole-pixel place it looks as the card drawn directly there (t = 0.5: x = 160, its box
        // 125…195 × 25…75): exactly, but for the anti-aliased arcs of its rounded corners (radius 10), whose
        // coverage the bitmap's own clip rounds a little differently (measured: at most 7 levels).
        let still = try SceneRenderer.render(try DamageRenderingTests.scene(Self.slidingCard(animations: false, x: 160)), at: 0.5,
                                             width: 320, height: 100)
        var worst = 0, differing = 0
        for (i, (a, b)) in zip(still.pixels, frames[1].image.pixels).enumerated() where a != b {
            let x = (i / 4) % 320, y = (i / 4) / 320
            let nearCorner = (x <= 135 || x >= 184) && (y <= 35 || y >= 64)
            #expect(nearCorner, "pixel (\(x), \(y)) differs away from the corners")
            worst = max(worst, abs(Int(a) - Int(b)))
            differing += 1
        }
        #expect(worst <= 8 && differing > 0, "worst \(worst) over \(differing) channel values")
        // Between pixels (t = 0.503: x = 160.6, its box 125.6…195.6) the bitmap is sampled 0.6 pixel over.
        // Inside and along the whole-pixel edges it equals the card drawn directly there; the fractional
        // edge columns (125, 195) and the corners' arcs differ. There the direct drawing is the one off: its
        // background's own anti-aliased edge shows through the clipped sublayer's (measured: pixel 195 is
        // 60 % orange over 40 % of 60 % blue; from the bitmap, 60 % orange as the clip's coverage gives).
        let between = try SceneRenderer.render(try DamageRenderingTests.scene(Self.slidingCard(animations: false, x: 160.6)), at: 0.5,
                                               width: 320, height: 100)
        for (i, (a, b)) in zip(between.pixels, frames[2].image.pixels).enumerated() where a != b {
            let x = (i / 4) % 320, y = (i / 4) / 320
            let nearCorner = (x <= 136 || x >= 184) && (y <= 35 || y >= 64)
            #expect(x == 125 || x == 195 || nearCorner, "pixel (\(x), \(y)) differs away from the fractional edges")
            #expect(abs(Int(a) - Int(b)) <= 48, "pixel (\(x), \(y)): \(a) drawn directly, \(b) from the bitmap")
        }
    }

    @Test func aCardWhoseInsideChangesWhileItMovesIsDrawnDirectly() throws {
        // The square inside turns as the card moves: the card's drawing changes each frame, so no bitmap.
        let json = Self.slidingCard().replacingOccurrences(of: ##""backgroundColor":"#F08020"}"##,
            with: ##""backgroundColor":"#F08020","animations":{"r":{"type":"basic","keyPath":"transform.rotation.z","fromValue":0,"toValue":1,"duration":1}}}"##)
        let frames = try DamageRenderingTests.expectIncrementalMatchesFull(json, times: [0.25, 0.5], width: 320, height: 100)
        // Each frame draws the rounded clip offscreen (its group), none from a kept bitmap.
        for frame in frames { #expect(frame.work.offscreenPasses >= 1) }
    }

    @Test func unchangedClipsMasksAndOpacityGroupsUnderAMovingLayerAreNotDrawnAgain() throws {
        // A rounded clipped card, a masked square and a half-transparent group of two squares, in a row; a
        // thin bar slides down across all three.
        let json = """
        {"strata":1,"background":"#F4F4F4","layers":[
          {"id":"card","bounds":[0,0,70,50],"position":[50,50],"backgroundColor":"#3070C0","cornerRadius":10,"masksToBounds":true,
           "sublayers":[{"id":"in","bounds":[0,0,40,40],"position":[60,40],"backgroundColor":"#F08020"}]},
          {"id":"masked","bounds":[0,0,60,50],"position":[140,50],"backgroundColor":"#20A060",
           "mask":{"id":"m","bounds":[0,0,40,40],"position":[30,25],"backgroundColor":"#FFFFFF","cornerRadius":20}},
          {"id":"group","bounds":[0,0,60,50],"position":[230,50],"opacity":0.5,
           "sublayers":[{"id":"g1","bounds":[0,0,40,30],"position":[20,15],"backgroundColor":"#C02040"},
                        {"id":"g2","bounds":[0,0,40,30],"position":[40,35],"backgroundColor":"#2040C0"}]},
          {"id":"slider","bounds":[0,0,300,8],"position":[150,0],"backgroundColor":"#202020",
           "animations":{"m":{"type":"basic","keyPath":"position.y","fromValue":0,"toValue":100,"duration":1}}}]}
        """
        let frames = try DamageRenderingTests.expectIncrementalMatchesFull(json, times: [0, 0.5, 0.501, 0.502, 0.503],
                                                                        width: 320, height: 100)
        // The bar crosses all three: the first frame draws them, the second keeps them (seen unchanged),
        // later ones draw the kept textures: no offscreen pass.
        #expect(frames[0].work.compositesKept == 0)
        #expect(frames[1].work.offscreenPasses > 0)
        for frame in frames.dropFirst(2) {
            #expect(frame.work.offscreenPasses == 0)
            #expect(frame.work.compositesKept == 3)
        }
    }
}

/// The start-up warm-up (`Renderer.warmUp`) draws every program a first frame uses: quads, groups of each
/// kind, two shadows, a gradient, a shape, a shadow path, images and glyphs.
@Suite struct RendererWarmUpTests {
    @Test func theWarmUpDrawsEveryKindOfCommand() throws {
        let canvas = try TextCanvas(width: 16, height: 16)
        let renderer = try #require(canvas.renderer)
        let counters = try renderer.warmUp(face: TextCanvas.dejaVu)
        #expect(counters.shadowBlurs == 2)
        // Three glyphs, rasterised once: the moving copy (drawn through its matrix) reuses them.
        #expect(counters.glyphsRasterized == 3)
        #expect(counters.offscreenPasses >= 6)
        #expect(counters.drawCalls > 0)
        // Four images (three samplings, one swizzled), drawn with the rest, then given back and uncounted:
        // no client's texture, and none of a client's uploads in the stats.
        let images = Renderer.warmUpCommands(face: nil).filter { if case .image = $0 { true } else { false } }
        #expect(images.count == 4)
        #expect(renderer.textureUploads == 0 && renderer.textureUploadBytes == 0 && renderer.residentTextures == 0)
    }

    /// The server warms up a step at a time between frames, so a client committing meanwhile waits for
    /// one step: each step is one kind (a group whole), and the steps together are the warm-up.
    @Test func theWarmUpComesInStepsOfOneKindEach() throws {
        let canvas = try TextCanvas(width: 16, height: 16)
        let renderer = try #require(canvas.renderer)
        let steps = Renderer.warmUpSteps(face: TextCanvas.dejaVu)
        // A fill, a rounded border, the four kinds of group, a gradient, a shape, a shadow path, a
        // transition's warp, four images, glyphs still and moving.
        #expect(steps.count == 16)
        var blurs = 0, glyphs = 0
        for step in steps {
            let counters = try renderer.warmUp(step)
            blurs += counters.shadowBlurs
            glyphs += counters.glyphsRasterized
        }
        #expect(blurs == 2 && glyphs == 3)
    }
}
