import Foundation
import StrataOffline
import StrataPNG
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

    /// What an aliased layer of each drawing covers (its background, contents, gradient, and a rounded
    /// background whose aliased corners take the same rule on their straight parts), opaque white on black.
    enum Drawing: CaseIterable { case background, contents, gradient, rounded }

    func layer(_ id: String, _ d: Drawing, bounds: (Double, Double), position: (Double, Double), white: String) -> String {
        let common = ##""id":"\##(id)","bounds":[0,0,\##(bounds.0),\##(bounds.1)],"position":[\##(position.0),\##(position.1)],"edgeAntialiasingMask":0"##
        switch d {
        case .background: return "{\(common),\"backgroundColor\":\"#FFFFFF\"}"
        case .contents: return "{\(common),\"contents\":\"\(white)\"}"
        case .gradient: return "{\(common),\"class\":\"gradient\",\"colors\":[\"#FFFFFF\",\"#FFFFFF\"]}"
        case .rounded: return "{\(common),\"backgroundColor\":\"#FFFFFF\",\"cornerRadius\":2}"
        }
    }

    /// The pixels (indices) a scene of these layers under `parent` (a transform's JSON, or none) lights.
    func lit(_ layers: [String], parent: String?, size: Int = 64) throws -> Set<Int> {
        let body = layers.joined(separator: ",")
        let roots = parent.map { ##"{"id":"p","bounds":[0,0,0,0],"position":[0,0],"anchorPoint":[0,0],"transform":\##($0),"sublayers":[\##(body)]}"## } ?? body
        let px = try render(##"{"strata":1,"background":"#000000","layers":[\##(roots)]}"##, width: size, height: size)
        return Set((0..<size * size).filter { px[$0 * 4] > 0 })
    }

    /// A white PNG for contents (a file: scene contents are paths).
    func whiteImage() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-white-\(UUID().uuidString.prefix(8)).png").path
        try PNGCodec.write(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 255, count: 64), isPremultiplied: true), path: path)
        return path
    }

    @Test(arguments: Drawing.allCases) func anAliasedLayerOnHalfPixelsCoversItsSizeInPixels(_ d: Drawing) throws {
        // 20 × 12 points at x 10.5…30.5, y 20.5…32.5: pixel centres lie on every edge. The min edges take
        // their column and row, the max edges leave theirs.
        let white = try whiteImage()
        defer { try? FileManager.default.removeItem(atPath: white) }
        let px = try lit([layer("a", d, bounds: (20, 12), position: (20.5, 26.5), white: white)], parent: nil)
        let columns = Set(px.map { $0 % 64 }), rows = Set(px.map { $0 / 64 })
        #expect(columns == Set(10..<30) && rows == Set(20..<32), "\(d): columns \(columns.sorted()), rows \(rows.sorted())")
        // The rounded corner leaves a few pixels out; the rest fill the rectangle.
        #expect(d == .rounded ? px.count < 240 && px.count >= 232 : px.count == 240, "\(d): \(px.count) pixels")
    }

    @Test(arguments: Drawing.allCases) func aliasedLayersMeetingEdgeToEdgeShareNoPixel(_ d: Drawing) throws {
        // Side by side and one above the other, plain and under a parent that scales by 1.5 and shifts by
        // a quarter (the shared edges then fall on pixel centres in other places). Each pixel of the pair
        // is drawn by exactly one of them: no doubled seam, no gap.
        let white = try whiteImage()
        defer { try? FileManager.default.removeItem(atPath: white) }
        let pairs: [((Double, Double), (Double, Double), (Double, Double))] = [
            ((10, 14), (15.5, 20.5), (25.5, 20.5)),   // side by side: shared x = 20.5
            ((14, 10), (20.5, 15.5), (20.5, 25.5)),   // stacked: shared y = 20.5
        ]
        for parent in [nil, "[1.5,0,0,0, 0,1.5,0,0, 0,0,1,0, 0.25,0.25,0,1]"] {
            for (size, a, b) in pairs {
                let first = try lit([layer("a", d, bounds: size, position: a, white: white)], parent: parent)
                let second = try lit([layer("b", d, bounds: size, position: b, white: white)], parent: parent)
                let both = try lit([layer("a", d, bounds: size, position: a, white: white),
                                    layer("b", d, bounds: size, position: b, white: white)], parent: parent)
                #expect(first.intersection(second).isEmpty, "\(d), parent \(parent ?? "none"): \(first.intersection(second).count) pixels drawn twice")
                #expect(both == first.union(second))
                // No gap: every column (or row) between the two is lit in the middle row (column).
                let columns = Set(both.map { $0 % 64 }), rows = Set(both.map { $0 / 64 })
                #expect(columns.count == (columns.max() ?? 0) - (columns.min() ?? 0) + 1 && rows.count == (rows.max() ?? 0) - (rows.min() ?? 0) + 1,
                        "\(d), parent \(parent ?? "none"): a gap")
            }
        }
    }

    @Test func halfTransparentAliasedLayersMeetWithoutASeam() throws {
        // The issue's case: two half-white layers side by side; the shared column showed 192 (drawn twice).
        let px = try render("""
        {"strata":1,"background":"#000000","layers":[
          {"id":"l","bounds":[0,0,10,10],"position":[15.5,20.5],"backgroundColor":[1,1,1,0.5],"edgeAntialiasingMask":0},
          {"id":"r","bounds":[0,0,10,10],"position":[25.5,20.5],"backgroundColor":[1,1,1,0.5],"edgeAntialiasingMask":0}]}
        """)
        #expect((10..<30).map { gray(px, $0, 20) } == [Int](repeating: 128, count: 20))
        #expect(gray(px, 9, 20) == 0 && gray(px, 30, 20) == 0)
    }
}
