import Foundation
@testable import Strata
import Testing

/// interpolationQuality and tiled image drawing.
@Suite struct CGContextImageDrawingTests {
    typealias Pixels = CGContextTests.Pixels
    static let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
    static let green: [UInt8] = [0, 255, 0, 255], white: [UInt8] = [255, 255, 255, 255]

    func context(_ w: Int, _ h: Int) throws -> CGContext { try #require(CGContext(width: w, height: h)) }

    static func redBlue() throws -> CGImage { try #require(CGImage(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 255])) }

    func enlarged(_ quality: CGInterpolationQuality) throws -> Pixels {
        let c = try context(8, 1)
        c.interpolationQuality = quality
        c.draw(try Self.redBlue(), in: CGRect(x: 0, y: 0, width: 8, height: 1))
        return try Pixels(c)
    }

    @Test func interpolationNoneGivesHardTexelEdges() throws {
        let p = try enlarged(.none)
        for x in 0..<4 { #expect(p[x, 0] == Self.red, "\(x)") }
        for x in 4..<8 { #expect(p[x, 0] == Self.blue, "\(x)") }
        #expect(CGInterpolationQuality.none.rawValue == 1 && CGInterpolationQuality.medium.rawValue == 4)
    }

    @Test func otherQualitiesFilterBilinearly() throws {
        for quality in [CGInterpolationQuality.default, .low, .medium, .high] {
            let p = try enlarged(quality)
            // Centre 3.5 samples x = 0.875: 5/8 red, 3/8 blue (pixman's weights have 7 bits: ±1).
            let mixed = p[3, 0]
            #expect(abs(Int(mixed[0]) - 159) <= 1 && abs(Int(mixed[2]) - 96) <= 1 && mixed[3] == 255, "\(quality): \(mixed)")
            #expect(p[0, 0] == Self.red && p[7, 0] == Self.blue)
        }
    }

    @Test func interpolationQualityIsPartOfTheGraphicsState() throws {
        let c = try context(1, 1)
        #expect(c.interpolationQuality == .default)
        c.saveGState()
        c.interpolationQuality = .none
        c.restoreGState()
        #expect(c.interpolationQuality == .default)
    }

    @Test func tilingRepeatsTheImageFromTheRectOverTheClip() throws {
        let c = try context(12, 12)
        c.interpolationQuality = .none
        c.clip(to: CGRect(x: 0, y: 0, width: 12, height: 10))
        // The 2×2 quad (red, green / blue, white) scaled to 4×4 tiles whose grid starts at (1, 1), each placed
        // like a single image: first row along the tile's bottom (upside down in this y-down space).
        c.draw(try CGContextTests.quad(), in: CGRect(x: 1, y: 1, width: 4, height: 4), byTiling: true)
        let p = try Pixels(c)
        let quad = [[Self.red, Self.green], [Self.blue, Self.white]]
        for y in 0..<10 {
            for x in 0..<12 {
                let u = (x - 1 + 4) % 4, v = 3 - (y - 1 + 4) % 4
                #expect(p[x, y] == quad[v / 2][u / 2], "\(x),\(y)")
            }
        }
        for x in 0..<12 { #expect(p[x, 10] == [0, 0, 0, 0] && p[x, 11] == [0, 0, 0, 0], "clipped row at \(x)") }
    }

    @Test func tilesFollowTheCTMAndWrapTheFilter() throws {
        // Flipped to y-up, each tile is upright like a single image there; tiles still meet exactly.
        let c = try context(8, 8)
        c.interpolationQuality = .none
        c.translateBy(x: 0, y: 8)
        c.scaleBy(x: 1, y: -1)
        c.draw(try CGContextTests.quad(), in: CGRect(x: 0, y: 0, width: 4, height: 4), byTiling: true)
        var p = try Pixels(c)
        let quad = [[Self.red, Self.green], [Self.blue, Self.white]]
        for y in 0..<8 {
            for x in 0..<8 { #expect(p[x, y] == quad[y % 4 / 2][x % 4 / 2], "\(x),\(y)") }
        }
        // Bilinear filtering wraps across tile edges: the seam between a blue texel and the next tile's
        // red one mixes them rather than padding.
        let b = try context(8, 1)
        b.draw(try Self.redBlue(), in: CGRect(x: 0, y: 0, width: 4, height: 1), byTiling: true)
        p = try Pixels(b)
        #expect(p[3, 0][0] > 0 && p[3, 0][2] > 0 && p[4, 0][0] > 0 && p[4, 0][2] > 0, "\(p[3, 0]) \(p[4, 0])")
        // Without tiling, one copy.
        let one = try context(8, 1)
        one.draw(try Self.redBlue(), in: CGRect(x: 0, y: 0, width: 4, height: 1), byTiling: false)
        #expect(try Pixels(one)[6, 0] == [0, 0, 0, 0])
    }

    @Test func goldenTilesAndInterpolation() throws {
        let c = try context(64, 64)
        let rows = ["#..", ".#.", "..#"]
        let checker = try #require(CGImage(width: 3, height: 3, rgba: rows.flatMap { $0.flatMap { $0 == "#" ? [30, 90, 200, 255] : [250, 200, 40, 160] as [UInt8] } }))
        c.saveGState()
        c.clip(to: CGRect(x: 0, y: 0, width: 64, height: 32))
        c.rotate(by: 0.3)
        c.draw(checker, in: CGRect(x: 2, y: -4, width: 9, height: 7), byTiling: true)
        c.restoreGState()
        c.interpolationQuality = .none
        c.draw(checker, in: CGRect(x: 2, y: 34, width: 28, height: 28))
        c.interpolationQuality = .high
        c.draw(checker, in: CGRect(x: 34, y: 34, width: 28, height: 28))
        try CGContextGolden.expectMatches(c, "images.png")
    }
}
