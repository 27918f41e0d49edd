import Foundation
import StrataPNG
import Testing

/// Golden/gradient-compositing: a gradient layer is composited like any layer. Left: rounded corners, a
/// border above the gradient and a shadow cast by its shape. Right: two locations for three colours draw
/// no gradient, so only the layer's own background and border show (the seed's "blank gradient").
@Suite struct GradientCompositingGoldenTests {
    func render(_ text: String? = nil) throws -> RGBAImage {
        try text.map { try Golden.render($0) } ?? Golden.renderFile("gradient-compositing/scene.json")
    }

    @Test func matchesTheGoldenImage() throws {
        try Golden.expectMatches(try render(), "gradient-compositing/gradient-compositing.png")
    }

    @Test func theCardIsRoundedBorderedAndShaded() throws {
        // The card spans x 15…105, y 15…85, radius 14, border 3; its gradient runs top to bottom.
        let image = try render()
        expectColor(image, 15, 15, [255, 255, 255, 255])      // cut by the rounded corner (the shadow lies down-right)
        expectColor(image, 60, 15, [0x40, 0x20, 0x10, 255])   // the border over the gradient
        expectColor(image, 16, 50, [0x40, 0x20, 0x10, 255])
        // Half-way down (local y 35.5 of 70): the mean of #FFE080 and #E04020, to the dither's ±1.
        expectColor(image, 60, 50, [239, 143, 80, 255], tolerance: 2)
        expectColor(image, 60, 19, [253, 214, 122, 255], tolerance: 1) // local y 4.5: 0.064 of the way down
    }

    @Test func theShadowIsTheSameAsAPlainLayersOfThatShape() throws {
        // The same layer as a plain CALayer with an opaque background casts the same shadow: every pixel
        // outside the card's bounds is equal, and the shadow is there (darker than the background). The
        // pixels along the bounds are left out: there the two layers' own edges blend different colours.
        let text = try Golden.sceneText("gradient-compositing/scene.json")
        let plainCard = ##""id": "card", "backgroundColor": "#E04020","##
        let gradientCard = #""id": "card", "class": "gradient","#
        #expect(text.contains(gradientCard), "the scene's card line changed")
        let gradient = try render(), plain = try render(text.replacingOccurrences(of: gradientCard, with: plainCard)
            .replacingOccurrences(of: ##""colors": ["#FFE080", "#E04020"], "startPoint": [0.5, 0], "endPoint": [0.5, 1],"##, with: ""))
        var outside = 0, differing = 0, shaded = 0
        for y in 0..<gradient.height {
            for x in 0..<120 where !(14..<106).contains(x) || !(14..<86).contains(y) {
                outside += 1
                if gradient.rgba(x, y) != plain.rgba(x, y) { differing += 1 }
                if gradient.rgba(x, y)[0] < 200 { shaded += 1 }
            }
        }
        #expect(differing == 0, "\(differing) of \(outside) pixels around the card differ from a plain layer's")
        #expect(shaded > 150, "only \(shaded) shadow pixels")
        #expect(gradient.rgba(60, 19) != plain.rgba(60, 19), "the plain card is not plain")
    }

    @Test func aBlankGradientShowsOnlyItsBackgroundAndBorder() throws {
        // x 130…220, y 15…85, radius 14, border 2. Inside the border, away from the rounded corners (whose
        // anti-aliased inner edge reaches 15 in), every pixel is the background: no colour of the gradient.
        let image = try render()
        var other = 0
        for y in 17..<83 {
            for x in 132..<218 where (145..<205).contains(x) || (30..<70).contains(y) {
                if !image.isClose(x, y, [0xE0, 0xE0, 0xE0, 255]) { other += 1 }
            }
        }
        #expect(other == 0, "\(other) pixels inside the border are not the background")
        expectColor(image, 175, 15, [0x40, 0x40, 0x40, 255])
        expectColor(image, 130, 50, [0x40, 0x40, 0x40, 255])
        expectColor(image, 130, 15, [255, 255, 255, 255])
        // The same layer with as many locations as colours draws its gradient there.
        let drawn = try render(try Golden.sceneText("gradient-compositing/scene.json")
            .replacingOccurrences(of: #""locations": [0, 0.5]"#, with: #""locations": [0, 0.5, 1]"#))
        #expect(!drawn.isClose(175, 50, [0xE0, 0xE0, 0xE0, 255]), "the gradient with matching locations is blank too")
    }
}
