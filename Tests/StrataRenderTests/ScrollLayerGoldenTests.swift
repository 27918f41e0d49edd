import Foundation
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// Seed 004's D16 as a scene: a CAScrollLayer clipping a larger content layer, scrolled by a pan (its
/// bounds' origin set, as `scroll(to:)` does): at 0 the top-left of the content, after the first move its
/// middle, after the second nothing but the background (no clamping).
@Suite struct ScrollLayerGoldenTests {
    @Test func d16PanScrollsTheContentWithoutClamping() throws {
        let text = try Golden.sceneText("scroll-layers/d16-pan.json")
        let start = try Golden.render(text, at: 0), middle = try Golden.render(text, at: 1.5), away = try Golden.render(text, at: 2.5)
        try Golden.expectMatches(start, "scroll-layers/d16-pan-t0.png")
        try Golden.expectMatches(middle, "scroll-layers/d16-pan-t1.5.png")
        try Golden.expectMatches(away, "scroll-layers/d16-pan-t2.5.png")
        // The white disc (content (60, 50)) shows at the view's (20 + 60, 20 + 50) first; the black square
        // (content (220, 150)) at (20 + 80, 20 + 50) after scrolling to (140, 100).
        #expect(start.rgba(80, 70) == [255, 255, 255, 255])
        #expect(middle.rgba(100, 70) == [0, 0, 0, 255])
        // Scrolled past the content: the view shows the white scene background through its empty bounds.
        #expect(away.rgba(100, 70) == [255, 255, 255, 255])
    }
}
