import Foundation
import StrataCore
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// geometryFlipped: the sublayers' space runs up from the bottom of the layer's bounds (their whole
/// subtrees with it); the layer's own background (here its rounded top corners) is not flipped.
@Suite struct GeometryFlippedTests {
    static let scene = (try? Golden.sceneText("geometry-flipped/scene.json")) ?? ""

    func render(_ json: String = scene) throws -> [UInt8] { try Golden.render(json).pixels }

    static let red = [224, 48, 32, 255], blue = [48, 96, 208, 255], yellow = [240, 192, 0, 255]
    static let grey = [221, 221, 221, 255], white = [255, 255, 255, 255]

    @Test func unflippedSublayersSitFromTheTop() throws {
        let px = try render()
        // "plain" spans x 5…75, y 10…110.
        expectPixel(px, width: 160, x: 15, y: 17, Self.red)      // top: local y 5…15
        expectPixel(px, width: 160, x: 40, y: 37, Self.yellow)   // the nested dot, near its parent's top
        expectPixel(px, width: 160, x: 40, y: 60, Self.blue)
    }

    @Test func flippedSublayersAndTheirSubtreesSitFromTheBottom() throws {
        let px = try render()
        // "flipped" spans x 85…155, y 10…110: local y maps to 110 − y on screen.
        expectPixel(px, width: 160, x: 95, y: 102, Self.red)     // local y 5…15 → screen 95…105
        expectPixel(px, width: 160, x: 95, y: 17, Self.grey)     // nothing at the top
        expectPixel(px, width: 160, x: 120, y: 84, Self.yellow)  // the nested layer's own sublayer is flipped too
        expectPixel(px, width: 160, x: 120, y: 55, Self.blue)    // the nested layer's other end
        expectPixel(px, width: 160, x: 120, y: 45, Self.grey)    // above the nested layer (local y 60…)
    }

    @Test func theFlippedLayersOwnBackgroundIsNotFlipped() throws {
        let px = try render()
        // maskedCorners 3 rounds the top corners (minY) of both layers; the flipped one keeps them on top.
        expectPixel(px, width: 160, x: 86, y: 11, Self.white)
        expectPixel(px, width: 160, x: 86, y: 108, Self.grey)
        expectPixel(px, width: 160, x: 6, y: 11, Self.white)
    }

    @Test func aSublayerTransformActsAfterTheFlip() throws {
        // The flip reads the sublayers' positions; the sublayer transform (a translation down by 20) is the
        // flipped layer's own and still moves them down on screen.
        let json = """
        {"strata":1,"size":[40,40],"background":[1,1,1,1],"layers":[
          {"id":"f","bounds":[0,0,40,40],"position":[20,20],"geometryFlipped":true,
           "sublayerTransform":[1,0,0,0, 0,1,0,0, 0,0,1,0, 0,-20,0,1],
           "sublayers":[{"id":"s","bounds":[0,0,10,10],"position":[5,5],"backgroundColor":[1,0,0,1]}]}]}
        """
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        let px = try SceneRenderer.render(scene, at: 0, width: 40, height: 40).pixels
        // Flipped: local y 0…10 → 30…40; then translated by −20 → 10…20.
        expectPixel(px, width: 40, x: 5, y: 15, [255, 0, 0, 255])
        expectPixel(px, width: 40, x: 5, y: 35, [255, 255, 255, 255])
        expectPixel(px, width: 40, x: 5, y: 5, [255, 255, 255, 255])
    }

    @Test func aSceneValueMustBeABoolean() throws {
        #expect(throws: SceneError(#"layer "a": "geometryFlipped" must be true or false"#)) {
            _ = try SceneParser.parse(data: Data(#"{"strata":1,"layers":[{"id":"a","geometryFlipped":1}]}"#.utf8),
                                      baseDirectory: URL(fileURLWithPath: "/"))
        }
    }

    @Test func matchesTheGoldenImage() throws {
        try Golden.expectMatches(try Golden.render(Self.scene), "geometry-flipped/geometry-flipped.png")
    }
}
