import Foundation
import StrataCore
import Testing

/// CALayer.mask: the alpha of the mask layer's subtree (in the masked layer's coordinates) keeps the
/// masked layer's drawing, sublayers included.
@Suite struct MaskTests {
    static let scene = (try? Golden.sceneText("mask/scene.json")) ?? ""

    func at(_ px: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { Array(px[(y * 140 + x) * 4 ..< (y * 140 + x) * 4 + 4]) }

    @Test func aCircularMaskKeepsOnlyTheCircle() throws {
        let px = try Golden.render(Self.scene).pixels
        // Layer a spans x 5…65, y 10…50; the 40×40 circle mask is centred on it (x 15…55).
        #expect(at(px, 35, 15) == [255, 0, 0, 255])     // inside the circle
        #expect(at(px, 35, 30) == [0, 0, 255, 255])     // the sublayer, masked too, inside
        #expect(at(px, 8, 30) == [255, 255, 255, 255])  // outside the circle: gone, sublayer included
        #expect(at(px, 16, 12) == [255, 255, 255, 255]) // the circle's corner region
    }

    @Test func theMasksAlphaScalesTheLayer() throws {
        let px = try Golden.render(Self.scene).pixels
        // Layer b (x 75…135) under a half-transparent mask, with an opaque strip (x 75…95).
        #expect(at(px, 85, 30) == [255, 0, 0, 255])
        let half = at(px, 115, 30)
        #expect(half[0] == 255 && abs(Int(half[1]) - 127) <= 1 && half[1] == half[2], "\(half)")
    }

    @Test func anUnknownMaskKeyShapeIsRejected() throws {
        #expect(throws: (any Error).self) { try Golden.render(Self.scene.replacingOccurrences(of: "\"mask\":{\"id\":\"half\"", with: "\"mask\":[{\"id\":\"half\"")) }
    }

    @Test func matchesTheGoldenImage() throws {
        try Golden.expectMatches(try Golden.render(Self.scene), "mask/mask.png")
    }
}
