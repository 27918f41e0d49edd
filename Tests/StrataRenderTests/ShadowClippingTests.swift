import Foundation
import Testing

/// The seeds' shadow-with-clipping workaround (iOS Core Animation: Advanced Techniques, ch. 4): a layer
/// with masksToBounds clips its own shadow away, so the shadow goes on an outer layer holding the
/// clipped one.
@Suite struct ShadowClippingTests {
    static let scene = (try? Golden.sceneText("shadow-clipping/scene.json")) ?? ""

    func at(_ px: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { Array(px[(y * 160 + x) * 4 ..< (y * 160 + x) * 4 + 4]) }

    @Test func masksToBoundsClipsTheShadowAndTheOuterLayerRestoresIt() throws {
        let px = try Golden.render(Self.scene).pixels
        // Left (x 15…65, y 15…65): just below the clipped layer there is no shadow.
        #expect(at(px, 40, 67) == [255, 255, 255, 255])
        // Right (x 95…145): the outer layer's shadow follows the rounded, clipped shape below it.
        let below = at(px, 120, 67)
        #expect(below[0] < 200 && below[0] == below[1] && below[1] == below[2], "\(below)")
        // Both clip the overflowing yellow sublayer to the rounded bounds.
        #expect(at(px, 55, 52) == [255, 204, 0, 255])
        #expect(at(px, 68, 68) == [255, 255, 255, 255])
        #expect(at(px, 135, 52) == [255, 204, 0, 255])
    }

    @Test func matchesTheGoldenImage() throws {
        try Golden.expectMatches(try Golden.render(Self.scene), "shadow-clipping/shadow-clipping.png")
    }
}
