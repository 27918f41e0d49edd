import Foundation
import StrataCore
import StrataPNG
import StrataScene
import Testing

/// The scene path element ["roundedRect", x, y, w, h, topLeft, topRight, bottomLeft, bottomRight]:
/// UIBezierPath's roundedRect byRoundingCorners (circular corners, 0 square), which D7 needs.
@Suite struct RoundedRectPathTests {
    func path(_ element: String) throws -> Path? {
        let json = #"{"strata":1,"layers":[{"id":"s","class":"shape","path":["# + element + "]}]}"
        return try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/")).layer(id: "s")?.model.shape.path
    }

    @Test func squareCornersAreLeftOut() throws {
        // D7's rectangle: three rounded corners; the square top-left one is the start point.
        let p = try #require(try path(#"["roundedRect", 50, 50, 100, 100, 0, 20, 20, 20]"#))
        #expect(p.structureDescription == "move, line, curve, line, curve, line, curve, close")
        #expect(p.elements.first == .move(CGPoint(x: 50, y: 50)))
        #expect(p.boundingBox == CGRect(x: 50, y: 50, width: 100, height: 100))
        // All square: a plain rectangle.
        #expect(try path(#"["roundedRect", 0, 0, 10, 10, 0, 0, 0, 0]"#)?.structureDescription == "move, line, line, line, close")
    }

    @Test func radiiAreClampedToHalfTheShorterSide() throws {
        // 100 × 40 with radius 50 everywhere: corners of 20, so the right corner's curve ends 20 below the top.
        let p = try #require(try path(#"["roundedRect", 0, 0, 100, 40, 50, 50, 50, 50]"#))
        #expect(p.elements.first == .move(CGPoint(x: 20, y: 0)))
        guard p.elements.count > 2, case let .cubic(_, _, end) = p.elements[2] else {
            Issue.record("expected a curve after the top edge: \(p.structureDescription)")
            return
        }
        #expect(end == CGPoint(x: 100, y: 20))
    }

    @Test func aWrongElementNamesItsShape() throws {
        #expect(throws: SceneError(#"layer "s": "path"[0]: "roundedRect" takes 8 numbers"#)) {
            _ = try path(#"["roundedRect", 0, 0, 10, 10, 2]"#)
        }
    }

    @Test func d7DrawnWithRoundedRectMatchesItsArcs() throws {
        // Golden/seed-demos/d7 builds the rectangle from lines and arcs; the element gives the same pixels.
        let text = try Golden.sceneText("seed-demos/d7-rounded-corners.json")
        guard var scene = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              var layers = scene["layers"] as? [[String: Any]], layers.count == 2,
              var mask = layers[1]["mask"] as? [String: Any],
              let arcs = layers[0]["path"] as? [[Any]], arcs.contains(where: { $0.first as? String == "arc" }) else {
            Issue.record("the D7 scene changed: no shape path of arcs and mask")
            return
        }
        // Both copies of the path: the shape, and the shape masking the view.
        let element: [[Any]] = [["roundedRect", 50, 50, 100, 100, 0, 20, 20, 20]]
        layers[0]["path"] = element
        mask["path"] = element
        layers[1]["mask"] = mask
        scene["layers"] = layers
        let rewritten = String(decoding: try JSONSerialization.data(withJSONObject: scene), as: UTF8.self)
        // Compared here, not through Golden.expectMatches, so updating goldens never writes this picture.
        let golden = try PNGCodec.read(path: Golden.directory.appendingPathComponent("seed-demos/d7-rounded-corners-t0.png").path)
        let image = try Golden.render(rewritten)
        var differing = 0
        let tolerance = PixelTolerance.current
        for (a, b) in zip(golden.pixels, image.pixels) where abs(Int(a) - Int(b)) > tolerance { differing += 1 }
        #expect(golden.width == image.width && golden.height == image.height && differing == 0, "\(differing) channel values differ")
    }
}
