import Foundation
import StrataOffline
import StrataScene
import Testing

/// allowsGroupOpacity, allowsEdgeAntialiasing and edgeAntialiasingMask, pixel by pixel.
@Suite struct EdgeAndGroupOpacityTests {
    func render(_ json: String, width: Int = 40, height: Int = 40) throws -> [UInt8] {
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        return try SceneRenderer.render(scene, at: 0, width: width, height: height).pixels
    }

    @Test func withoutGroupOpacityOverlappingSublayersShowThroughEachOther() throws {
        // Red under blue, both at the parent's 50 %: the overlap is blue · ½ over red · ½ over black,
        // not (as with a group) blue · ½.
        let json = """
        {"strata":1,"background":"#000000","layers":[{"id":"p","bounds":[0,0,60,40],"position":[50,40],"opacity":0.5,
          "allowsGroupOpacity":false,
          "sublayers":[{"id":"a","bounds":[0,0,40,40],"position":[20,20],"backgroundColor":"#FF0000"},
                       {"id":"b","bounds":[0,0,40,40],"position":[40,20],"backgroundColor":"#0000FF"}]}]}
        """
        let px = try render(json, width: 100, height: 80)
        expectPixel(px, width: 100, x: 25, y: 40, [128, 0, 0, 255])
        expectPixel(px, width: 100, x: 50, y: 40, [64, 0, 128, 255])
        expectPixel(px, width: 100, x: 75, y: 40, [0, 0, 128, 255])
        let grouped = try render(json.replacingOccurrences(of: "\"allowsGroupOpacity\":false", with: "\"allowsGroupOpacity\":true"),
                                 width: 100, height: 80)
        expectPixel(grouped, width: 100, x: 50, y: 40, [0, 0, 128, 255])
    }

    /// A white 10×10 square whose edges fall a quarter pixel into columns and rows 10 and 20: x and y
    /// from 10.25 to 20.25. Anti-aliased, column 10 is ¾ covered and column 20 ¼; cut at pixel centres,
    /// column 10 is in and column 20 out.
    func square(_ extra: String) throws -> [UInt8] {
        try render("""
        {"strata":1,"background":"#000000","layers":[{"id":"s","bounds":[0,0,10,10],"position":[15.25,15.25],
          "backgroundColor":"#FFFFFF"\(extra)}]}
        """)
    }

    func gray(_ px: [UInt8], _ x: Int, _ y: Int) -> Int { Int(px[(y * 40 + x) * 4]) }

    /// Left edge, right edge, top row (minY) and bottom row (maxY) of the square, in that order.
    func edges(_ px: [UInt8]) -> [Int] { [gray(px, 10, 15), gray(px, 20, 15), gray(px, 15, 10), gray(px, 15, 20)] }

    @Test func everyEdgeIsAntialiasedByDefault() throws {
        let px = try square("")
        #expect(edges(px) == [191, 64, 191, 64] as [Int])
    }

    @Test func allowsEdgeAntialiasingFalseCutsEveryEdgeAtPixelCentres() throws {
        let px = try square(", \"allowsEdgeAntialiasing\": false")
        #expect(edges(px) == [255, 0, 255, 0] as [Int])
    }

    @Test func theMaskChoosesEdges() throws {
        // 1 left (minX) and 8 top (maxY, the bottom of the screen in y-down layers).
        let px = try square(", \"edgeAntialiasingMask\": 9")
        #expect(edges(px) == [191, 0, 255, 64] as [Int])
        // The mask matters only while anti-aliasing is allowed.
        let off = try square(", \"edgeAntialiasingMask\": 9, \"allowsEdgeAntialiasing\": false")
        #expect(edges(off) == [255, 0, 255, 0] as [Int])
    }

    @Test func aMaskOutOfRangeIsRejectedWithItsName() throws {
        #expect(throws: (any Error).self) { try square(", \"edgeAntialiasingMask\": 16") }
        do { _ = try square(", \"edgeAntialiasingMask\": 16") } catch {
            #expect("\(error)" == "layer \"s\": \"edgeAntialiasingMask\" must be a whole number 0…15 (a bit mask)", "\(error)")
        }
    }
}
