import Foundation
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// Golden/combined: a rotated, rounded, bordered card with a shadow and a circular mask, holding a
/// sublayer that overflows it, inside a perspective sublayerTransform (issue 4's example of everything
/// at once). The mask keeps only what lies under its alpha: the card, the stripe and the shadow alike.
@Suite struct CombinedGoldenTests {
    func render(_ text: String? = nil) throws -> RGBAImage {
        try Golden.render(text ?? Golden.sceneText("combined/scene.json"))
    }

    @Test func theMaskCutsTheShadowToo() throws {
        // The same card without its mask casts a shadow beyond the lens; with the mask there is only
        // background there.
        let text = try Golden.sceneText("combined/scene.json")
        let masked = try render(text)
        guard let range = text.range(of: ##""mask": {"id": "lens", "bounds": [0, 0, 70, 70], "position": [44, 30], "cornerRadius": 35, "backgroundColor": "#FFFFFF"},"##) else {
            Issue.record("the scene's mask line changed")
            return
        }
        var unmaskedText = text
        unmaskedText.removeSubrange(range)
        let unmasked = try render(unmaskedText)
        let background: [UInt8] = [0xDD, 0xE4, 0xEA, 255]
        var shadowOutsideLens = 0
        for i in stride(from: 0, to: masked.pixels.count, by: 4) {
            let m = Array(masked.pixels[i..<i + 4]), u = Array(unmasked.pixels[i..<i + 4])
            // Darker than the background without the mask, exactly background with it: shadow the lens cut.
            if m == background, u != background, Int(u[0]) + Int(u[1]) + Int(u[2]) < 0xDD + 0xE4 + 0xEA - 30 { shadowOutsideLens += 1 }
        }
        #expect(shadowOutsideLens > 100, "\(shadowOutsideLens) shadow pixels cut by the mask")
    }

    @Test func matchesTheGoldenImage() throws {
        try Golden.expectMatches(try render(), "combined/combined.png")
    }
}
