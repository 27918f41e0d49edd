import Foundation
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// Golden/contents: image sprites picked with contentsRect, a nine-slice button stretched with
/// contentsCenter from a 1× and a 2× image (contentsScale 2: the same size in points, twice the
/// detail), and a 2× icon beside the same image shown at 1×.
@Suite struct ContentsGoldenTests {
    func render() throws -> RGBAImage { try Golden.renderFile("contents/scene.json") }

    func pixel(_ img: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] { Array(img.pixels[(y * 160 + x) * 4 ..< (y * 160 + x) * 4 + 4]) }

    @Test func spritesShowOneFrameEach() throws {
        let img = try render()
        // Frame k's white dot sits at sprite pixels 2+3k…6+3k; nearest magnification doubles each pixel.
        #expect(pixel(img, 4 + 10, 4 + 10) == [255, 255, 255, 255])       // frame 0's dot
        #expect(pixel(img, 40 + 16, 4 + 16) == [255, 255, 255, 255])      // frame 1's dot, further in
        #expect(pixel(img, 40 + 6, 4 + 6) == [40, 160, 60, 255])          // frame 1's green tile
        #expect(pixel(img, 76 + 6, 4 + 6) == [40, 80, 200, 255])          // frame 2's blue tile
        #expect(pixel(img, 112 + 6, 4 + 6) == [200, 160, 30, 255])        // frame 3's yellow tile
    }

    @Test func nineSliceBandsKeepSixPointsAtBothScales() throws {
        let img = try render()
        // Both buttons span y 48…76; the 1× one x 5…75, the 2× one x 85…155. Their frame bands are 6
        // points wide (6 pixels of the 1× image, 12 of the 2× one) however far the middle stretches.
        for left in [5, 85] {
            #expect(pixel(img, left + 35, 62) == [150, 200, 250, 255])    // stretched middle
            #expect(pixel(img, left + 5, 62) == [20, 40, 120, 255])       // inside the left band
            #expect(pixel(img, left + 8, 62) == [150, 200, 250, 255])     // past it (the first pixels blend, bilinear)
            #expect(pixel(img, left + 64, 62) == [20, 40, 120, 255])      // the right band
        }
    }

    @Test func aTwoTimesImageShowsAtHalfItsPixelSize() throws {
        let img = try render()
        // 32×32 pixels at contentsScale 2: 16×16 points centred in the 40×36 layer at (20…60, 82…118):
        // x 32…48. At scale 1 it is 32 points wide: x 104…136 in the right-hand layer.
        #expect(pixel(img, 30, 100) == [255, 255, 255, 255])              // outside the 2× ring
        #expect(pixel(img, 33, 100) == [230, 90, 20, 255])                // the 2× ring's left side
        #expect(pixel(img, 106, 100) == [230, 90, 20, 255])               // the 1× ring's left side
    }

    @Test func matchesTheGoldenImage() throws {
        try Golden.expectMatches(try render(), "contents/contents.png")
    }
}
