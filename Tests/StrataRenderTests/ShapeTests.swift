import Foundation
import StrataCore
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// cornerRadius, borderWidth/borderColor and masksToBounds: signed-distance shapes with anti-aliased
/// edges, the border above contents and sublayers, and the clip rounded like the background.
@Suite struct ShapeTests {
    static let scene = (try? Golden.sceneText("shapes/scene.json")) ?? ""

    func render(_ json: String = scene) throws -> RGBAImage { try Golden.render(json) }

    @Test func cornersAreRoundedAndEdgesAntialiased() throws {
        let img = try render()
        // Layer a spans x 10…70, y 10…50 with radius 12: its corner pixel lies outside the arc.
        expectPixel(img.pixels, width: 160, x: 10, y: 10, [255, 255, 255, 255])
        expectPixel(img.pixels, width: 160, x: 40, y: 10, [51, 102, 255, 255])   // a straight edge: whole pixels
        expectPixel(img.pixels, width: 160, x: 13, y: 30, [51, 102, 255, 255])
        // On the arc, part-covered pixels blend the colour with the background.
        var arc: [UInt8] = []                                                     // red channel on the diagonal
        for i in 0..<12 { arc.append(img.pixels[((10 + i) * 160 + 10 + i) * 4]) }
        #expect(arc.contains { $0 > 51 && $0 < 255 }, "\(arc)")
    }

    @Test func aBorderIsDrawnInsideTheBoundsAboveTheSublayers() throws {
        let img = try render()
        // Layer c spans x 10…70, y 55…95; its 2-wide red border runs along the inside of the edge, over
        // the green sublayer (x −10…30, y 35…75 before clipping).
        expectPixel(img.pixels, width: 160, x: 40, y: 55, [255, 0, 0, 255])
        expectPixel(img.pixels, width: 160, x: 40, y: 56, [255, 0, 0, 255])
        expectPixel(img.pixels, width: 160, x: 40, y: 57, [221, 221, 221, 255])
        expectPixel(img.pixels, width: 160, x: 20, y: 56, [255, 0, 0, 255])     // border over the sublayer
        expectPixel(img.pixels, width: 160, x: 20, y: 65, [0, 170, 0, 255])     // the sublayer inside
    }

    @Test func masksToBoundsClipsSublayersToTheRoundedBounds() throws {
        let img = try render()
        expectPixel(img.pixels, width: 160, x: 5, y: 60, [255, 255, 255, 255])  // the sublayer outside the bounds
        expectPixel(img.pixels, width: 160, x: 20, y: 50, [255, 255, 255, 255])
        expectPixel(img.pixels, width: 160, x: 11, y: 56, [255, 255, 255, 255]) // cut by the rounded corner
        let unclipped = try render(Self.scene.replacingOccurrences(of: "\"masksToBounds\":true", with: "\"masksToBounds\":false"))
        expectPixel(unclipped.pixels, width: 160, x: 5, y: 60, [0, 170, 0, 255])
    }

    @Test func matchesTheGoldenImage() throws {
        try Golden.expectMatches(try render(), "shapes/shapes.png")
    }
}

/// maskedCorners and isDoubleSided.
@Suite struct CornerAndFacingTests {
    static let blue = "[0,0,1,1]"

    func render(_ layer: String) throws -> [UInt8] {
        let json = "{\"strata\":1,\"size\":[100,60],\"background\":[1,1,1,1],\"layers\":[" + layer + "]}"
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        return try SceneRenderer.render(scene, at: 0, width: 100, height: 60).pixels
    }
    func at(_ px: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { Array(px[(y * 100 + x) * 4 ..< (y * 100 + x) * 4 + 4]) }
    func layer(_ extra: String) -> String {
        "{\"id\":\"l\",\"bounds\":[0,0,60,40],\"position\":[50,30],\"backgroundColor\":\(Self.blue)" + extra + "}"
    }

    @Test func onlyTheMaskedCornersAreRounded() throws {
        // 60×40 at x 20…80, y 10…50, radius 12, only the top-left (minX-minY = 1) and bottom-right (8) corners.
        let px = try render(layer(",\"cornerRadius\":12,\"maskedCorners\":9"))
        #expect(at(px, 20, 10) == [255, 255, 255, 255])   // top-left: rounded away
        #expect(at(px, 79, 10) == [0, 0, 255, 255])       // top-right: square
        #expect(at(px, 20, 49) == [0, 0, 255, 255])       // bottom-left: square
        #expect(at(px, 79, 49) == [255, 255, 255, 255])   // bottom-right: rounded away
    }

    @Test func aSingleSidedLayerSeenFromBehindIsNotDrawn() throws {
        // Turned half a turn about y: its back faces the viewer.
        let turned = ",\"transform.rotation.y\":3.141592653589793"
        #expect(at(try render(layer(turned)), 50, 30) == [0, 0, 255, 255])
        #expect(at(try render(layer(turned + ",\"doubleSided\":false")), 50, 30) == [255, 255, 255, 255])
        #expect(at(try render(layer(",\"doubleSided\":false")), 50, 30) == [0, 0, 255, 255])
    }
}
