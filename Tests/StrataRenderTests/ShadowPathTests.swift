import Foundation
import StrataCore
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// shadowPath: the shadow is the path filled (nonzero winding, stencil-then-cover on the GPU), offset,
/// blurred and tinted like any shadow, clipped by masksToBounds, and shown without any layer content.
@Suite struct ShadowPathTests {
    static let scene = (try? Golden.sceneText("shadow-path/scene.json")) ?? ""

    func render(_ json: String = scene) throws -> [UInt8] { try Golden.render(json).pixels }

    @Test func aSharpStarIsFilledExactlyWithItsNotchesLeftClear() throws {
        let px = try render()
        // Layer "sharp" spans x 10…50, y 20…60 (no background); its star is centred at (30, 40).
        let blue = [48, 80, 192, 255], white = [255, 255, 255, 255]
        expectPixel(px, width: 160, x: 30, y: 40, blue)    // the centre
        expectPixel(px, width: 160, x: 30, y: 25, blue)    // inside the top point
        expectPixel(px, width: 160, x: 11, y: 21, white)   // the bounds' corner, outside the star
        expectPixel(px, width: 160, x: 37, y: 30, white)   // the concave notch right of the top point
        expectPixel(px, width: 160, x: 30, y: 53, white)   // between the two lower points
        expectPixel(px, width: 160, x: 12, y: 34, blue)    // inside the left point
    }

    @Test func aBlurredPathShadowIsSoftAndOffset() throws {
        let px = try render()
        // Layer "blurred" spans x 60…100, y 20…60; its star moves by (3, 3) and blurs (σ = 2), at opacity 0.8.
        let centre = Array(px[((43 * 160) + 83) * 4 ..< ((43 * 160) + 83) * 4 + 4])
        #expect(centre[0] == centre[1] && centre[1] == centre[2] && centre[0] > 40 && centre[0] < 70, "\(centre)")
        let edge = Array(px[((22 * 160) + 83) * 4 ..< ((22 * 160) + 83) * 4 + 4]) // just above the moved top point
        #expect(edge[0] > centre[0] && edge[0] < 255, "\(edge)")
    }

    @Test func masksToBoundsClipsThePathShadow() throws {
        let px = try render()
        // Layer "clipped" spans x 110…150, y 20…60; its circle moves by (16, 16), past the bounds.
        expectPixel(px, width: 160, x: 140, y: 50, [192, 48, 80, 255])
        expectPixel(px, width: 160, x: 155, y: 65, [255, 255, 255, 255]) // inside the circle, outside the bounds
        let unclipped = try render(Self.scene.replacingOccurrences(of: "\"masksToBounds\": true", with: "\"masksToBounds\": false"))
        expectPixel(unclipped, width: 160, x: 155, y: 65, [192, 48, 80, 255])
    }

    @Test func curvesAreFlattenedAndFilled() throws {
        let px = try render()
        // Layer "rounded" spans x 50…110, y 80…110: curve, quad and arc corners of radius 10, blurred by σ = 1.
        expectPixel(px, width: 160, x: 80, y: 95, [48, 160, 80, 255], tolerance: 1)
        expectPixel(px, width: 160, x: 51, y: 81, [255, 255, 255, 255], tolerance: 1) // outside the top-left corner
        expectPixel(px, width: 160, x: 110, y: 108, [255, 255, 255, 255], tolerance: 1) // outside the bottom-right quad
    }

    @Test func eachFillLeavesTheStencilClearForTheNext() throws {
        // "a" (drawn first) fills x 10…20, y 10…20 in blue. "b" fills two small squares whose cover rectangle
        // spans a's square: a's winding numbers left in the stencil would paint b's red over it.
        let json = """
        {"strata":1,"size":[40,40],"background":[1,1,1,1],"layers":[
          {"id":"a","bounds":[0,0,40,40],"position":[20,20],"shadowOpacity":1,"shadowRadius":0,"shadowOffset":[0,0],
           "shadowColor":"#0000FF","shadowPath":[["rect",10,10,10,10]]},
          {"id":"b","bounds":[0,0,40,40],"position":[20,20],"shadowOpacity":1,"shadowRadius":0,"shadowOffset":[0,0],
           "shadowColor":"#FF0000","shadowPath":[["rect",5,5,3,3],["rect",25,25,3,3]]}]}
        """
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        let px = try SceneRenderer.render(scene, at: 0, width: 40, height: 40).pixels
        expectPixel(px, width: 40, x: 15, y: 15, [0, 0, 255, 255])
        expectPixel(px, width: 40, x: 6, y: 6, [255, 0, 0, 255])
        expectPixel(px, width: 40, x: 26, y: 26, [255, 0, 0, 255])
        expectPixel(px, width: 40, x: 22, y: 22, [255, 255, 255, 255])
    }

    @Test func windingIsNonzeroNotEvenOdd() throws {
        // Two overlapping squares drawn the same way round: the overlap has winding 2 and is filled.
        let json = """
        {"strata":1,"size":[40,40],"background":[1,1,1,1],"layers":[
          {"id":"a","bounds":[0,0,40,40],"position":[20,20],"shadowOpacity":1,"shadowRadius":0,"shadowOffset":[0,0],
           "shadowPath":[["rect",5,5,20,20],["rect",15,15,20,20]]}]}
        """
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        let px = try SceneRenderer.render(scene, at: 0, width: 40, height: 40).pixels
        expectPixel(px, width: 40, x: 20, y: 20, [0, 0, 0, 255]) // the overlap
        expectPixel(px, width: 40, x: 8, y: 8, [0, 0, 0, 255])
        expectPixel(px, width: 40, x: 30, y: 8, [255, 255, 255, 255])
    }

    @Test func matchesTheGoldenImage() throws {
        try Golden.expectMatches(try Golden.render(Self.scene), "shadow-path/shadow-path.png")
    }
}

/// shadowPath in scene files: PATH arrays (as keyframe paths), null, and errors that name the element.
@Suite struct ShadowPathSceneTests {
    func parse(_ json: String) throws -> Scene { try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/")) }

    @Test func aPathOrNullIsRead() throws {
        let scene = try parse(#"{"strata":1,"layers":[{"id":"a","shadowPath":[["rect",0,0,10,10]]},{"id":"b","shadowPath":null}]}"#)
        #expect(scene.layer(id: "a")?.model.shadowPath?.structureDescription == "move, line, line, line, close")
        #expect(scene.layer(id: "b")?.model.shadowPath == nil)
        #expect(scene.layer(id: "b") != nil)
    }

    @Test func aBrokenPathNamesTheLayerKeyAndElement() throws {
        #expect(throws: SceneError(#"layer "a": "shadowPath"[1]: "line" takes 2 numbers"#)) {
            _ = try parse(#"{"strata":1,"layers":[{"id":"a","shadowPath":[["move",0,0],["line",1]]}]}"#)
        }
        #expect(throws: SceneError(#"layer "a": "shadowPath" must be an array of path elements"#)) {
            _ = try parse(#"{"strata":1,"layers":[{"id":"a","shadowPath":3}]}"#)
        }
        #expect(throws: SceneError(#"changes[0] (layer "a"): "shadowPath"[0]: unknown path element "spline" (move, line, quad, curve, close, rect, ellipse, arc, roundedRect)"#)) {
            _ = try parse(#"{"strata":1,"layers":[{"id":"a"}],"changes":[{"time":1,"layer":"a","set":{"shadowPath":[["spline"]]}}]}"#)
        }
    }

    @Test func aChangeAnimatesOnlyBetweenPathsOfOneStructure() throws {
        let scene = try parse("""
        {"strata":1,"layers":[{"id":"a","shadowPath":[["rect",0,0,10,10]]}],
         "changes":[{"time":1,"layer":"a","set":{"shadowPath":[["rect",5,5,10,10]]}},
                    {"time":2,"layer":"a","set":{"shadowPath":[["ellipse",0,0,10,10]]}},
                    {"time":3,"layer":"a","set":{"shadowPath":null}}]}
        """)
        let changes = scene.resolvedChanges()
        #expect(changes.map { $0.animations.map(\.key) } == [["shadowPath"], [], []])
        // Half-way through the first change's animation (0.25 s, default curve) the square has moved part way.
        let state = try #require(scene.state(of: "a", at: 1.125))
        let x = Presentation.apply(state.animations, to: state.model, at: 1.125).shadowPath?.points.first?.x ?? -1
        #expect(x > 0 && x < 5, "\(x)")
    }
}
