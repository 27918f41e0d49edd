import Foundation
import StrataCore
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// Issue 4's seed example: a cube of six 40×40 faces, turned (x −0.5, y 0.6) under a container with a
/// perspective sublayerTransform (m34 = −1/300), once in a CATransformLayer (faces share its 3D space,
/// depth-sorted) and once in a plain layer (faces flattened into its plane, in index order).
@Suite struct TransformLayerTests {
    static let scene = (try? Golden.sceneText("cube/scene.json")) ?? ""

    func render() throws -> RGBAImage { try Golden.render(Self.scene) }

    func at(_ img: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] { Array(img.pixels[(y * 160 + x) * 4 ..< (y * 160 + x) * 4 + 4]) }

    @Test func aTransformLayerDrawsItsFacesNearestLast() throws {
        let img = try render()
        #expect(at(img, 40, 40) == [255, 0, 0, 255])     // the front face, nearest, over the back one
        #expect(at(img, 50, 60) == [255, 0, 0, 255])
        #expect(at(img, 45, 20) == [0, 0, 255, 255])     // the top face, tilted towards the viewer
        #expect(at(img, 25, 30) == [255, 0, 255, 255])   // the left face, turned towards the viewer
        // The back face (cyan) is hidden everywhere: it is drawn first.
        #expect(!(0..<80).contains { x in (0..<80).contains { y in at(img, x, y) == [0, 255, 255, 255] } })
    }

    @Test func aPlainLayerFlattensItsFacesInIndexOrder() throws {
        let img = try render()
        #expect(at(img, 120, 40) == [0, 255, 255, 255])  // the last face added (the back one) lies on top
    }

    @Test func matchesTheGoldenImage() throws {
        try Golden.expectMatches(try render(), "cube/cube.png")
    }
}
