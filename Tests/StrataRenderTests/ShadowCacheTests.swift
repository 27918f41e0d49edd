import Foundation
import StrataOffline
@testable import StrataRender
import Testing

/// Blurred shadows are kept while what casts them stays the same (`ShadowCache`): a frame that repaints
/// across an unchanged shadow composites it without blurring, and a changed shadow is blurred again.
@Suite struct ShadowCacheTests {
    /// 20 shadowed buttons in a 5 × 4 grid, and a small square sliding across the second row's shadows.
    /// `extra`: more keys for button 7 (in that row).
    static func buttons(extra: String = "") -> String {
        var layers: [String] = []
        for i in 0..<20 {
            let x = 35 + 62 * (i % 5), y = 25 + 45 * (i / 5)
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
        // The first frame draws and blurs all 20; the second keeps the shadows it repaints across (seen
        // unchanged since the first); after that those are composited, and nothing is blurred.
        #expect(frames[0].work.shadowBlurs == 20)
        #expect(frames[1].work.shadowBlurs > 0)
        for frame in frames.dropFirst(2) {
            #expect(frame.work.shadowBlurs == 0)
            #expect(frame.work.shadowsKept > 0)
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
}
