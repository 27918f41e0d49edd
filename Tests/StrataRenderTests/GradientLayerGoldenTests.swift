import Foundation
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// CAGradientLayer's three types (Golden/gradient-layers): an axial gradient with rounded corners and a
/// border, a radial one (centre at startPoint, radii to endPoint) and a conic one (clockwise from the
/// direction of endPoint) clipped round by its cornerRadius.
@Suite struct GradientLayerGoldenTests {
    @Test func axialRadialAndConic() throws {
        let img = try Golden.render(Golden.sceneText("gradient-layers/types.json"))
        let imgAt = img.rgba, imgNear = img.isClose
        try Golden.expectMatches(img, "gradient-layers/types-t0.png")
        let white = [255, 255, 255, 255]
        #expect(imgAt(10, 10) == white)                       // outside the rounded corner
        #expect(imgAt(55, 11) == [0, 0, 0, 255])              // the border over the gradient
        #expect(imgNear(165, 55, white, 8))      // the radial centre
        #expect(imgNear(121, 11, [0x00, 0x20, 0x60, 255], 2)) // past the radius: the last colour
        // Conic: a quarter turn from the top is half-way from yellow to green; three quarters, from blue to magenta.
        let right = img.rgba(315, 55), left = img.rgba(235, 55)
        #expect(right[1] > 245 && right[2] < 10 && abs(right[0] - 128) < 12, "\(right)")
        #expect(left[2] > 245 && left[1] < 10 && abs(left[0] - 128) < 12, "\(left)")
        #expect(imgAt(231, 12) == white)                      // cornerRadius 45 makes it a disc
    }
}
