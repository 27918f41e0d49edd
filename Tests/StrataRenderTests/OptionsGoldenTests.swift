import Foundation
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// Golden/options: allowsGroupOpacity true and false, edge anti-aliasing on, off and on one edge only,
/// a rasterized layer at rasterizationScale 0.5, linear and nearest magnification, trilinear
/// minification, and a single-sided layer seen from behind (only its sublayer shows).
@Suite struct OptionsGoldenTests {
    func render() throws -> RGBAImage { try Golden.renderFile("options/scene.json") }

    func pixel(_ img: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] { Array(img.pixels[(y * 160 + x) * 4 ..< (y * 160 + x) * 4 + 4]) }

    @Test func eachOptionShows() throws {
        let img = try render()
        // Overlap of the two squares (layer points (16…28, 6…24)): with a group only the blue at 50 %;
        // without, blue at 50 % over red at 50 % over the background.
        #expect(pixel(img, 6 + 22, 7 + 15) == [138, 154, 226, 255])  // (0x20, 0x40, 0xD0) · ½ + 0xF4 · ½
        #expect(pixel(img, 58 + 22, 7 + 15) != pixel(img, 6 + 22, 7 + 15))
        // Layers drawn before the rasterized one survive its bitmap's pass.
        #expect(pixel(img, 58 + 4, 7 + 4) == [226, 138, 138, 255])    // (0xD0, 0x20, 0x20) · ½ + 0xF4 · ½
        #expect(pixel(img, 22, 66) == [0x20, 0x80, 0x40, 255])
        // The back-facing single-sided layer draws nothing of its own: its blue sublayer shows, and where
        // its red background would be, the background.
        #expect(pixel(img, 140, 100) == [0x20, 0x40, 0xD0, 255])
        #expect(pixel(img, 131, 92) == [0xF4, 0xF4, 0xF4, 255])
    }

    @Test func matchesTheGoldenImage() throws {
        try Golden.expectMatches(try render(), "options/options.png")
    }
}
