import Foundation
@testable import Strata
import Testing

/// clip(to:mask:): placement in both orientations, alpha and luminance values, combination with the other
/// clips, graphics state.
@Suite struct CGContextMaskClipTests {
    typealias Pixels = CGContextTests.Pixels
    static let red: [UInt8] = [255, 0, 0, 255], clear: [UInt8] = [0, 0, 0, 0]

    func context(_ w: Int = 8, _ h: Int = 8) throws -> CGContext { try #require(CGContext(width: w, height: h)) }

    /// A 2×2 alpha mask: only its first pixel (top-left as stored) is opaque.
    static func topLeft() throws -> CGImage {
        try #require(CGImage(width: 2, height: 2, rgba: [255, 255, 255, 255] + [UInt8](repeating: 0, count: 12)))
    }

    /// Fills the whole 8×8 bitmap red through a mask in (0, 0, 8, 8) and returns the pixels.
    func maskedFill(_ mask: CGImage, flipped: Bool = false, quality: CGInterpolationQuality = .default) throws -> Pixels {
        let c = try context()
        if flipped {
            c.translateBy(x: 0, y: 8)
            c.scaleBy(x: 1, y: -1)
        }
        c.interpolationQuality = quality
        c.clip(to: CGRect(x: 0, y: 0, width: 8, height: 8), mask: mask)
        c.setFillColor(CGColor.red)
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        return try Pixels(c)
    }

    @Test func theMaskIsPlacedLikeAnImageUpsideDownInTheDefaultYDownContext() throws {
        let p = try maskedFill(try Self.topLeft())
        // As Quartz: the mask's first row lies along the rect's maxY, the bottom of this y-down bitmap.
        // Each mask pixel covers 4×4 bitmap pixels; with edge pixels extended, the outer two rows and
        // columns of each quarter sample exactly one mask pixel.
        for (x, y) in [(0, 7), (1, 6), (0, 6), (1, 7)] { #expect(p[x, y] == Self.red, "\(x),\(y)") }
        for (x, y) in [(7, 7), (6, 6), (0, 0), (1, 1), (7, 0)] { #expect(p[x, y] == Self.clear, "\(x),\(y)") }
        // The same as drawing the mask as an image there.
        let c = try context()
        c.draw(try Self.topLeft(), in: CGRect(x: 0, y: 0, width: 8, height: 8))
        let drawn = try Pixels(c)
        #expect(drawn[0, 7] == [255, 255, 255, 255] && drawn[0, 0] == Self.clear)
    }

    @Test func aFlippedYUpContextShowsTheMaskUprightAsItDoesImages() throws {
        let p = try maskedFill(try Self.topLeft(), flipped: true)
        // The mask's first row lies along user y 8, the top of the bitmap: upright, as on iOS after the flip.
        for (x, y) in [(0, 0), (1, 1), (0, 1), (1, 0)] { #expect(p[x, y] == Self.red, "\(x),\(y)") }
        for (x, y) in [(0, 7), (1, 6), (7, 7), (7, 0)] { #expect(p[x, y] == Self.clear, "\(x),\(y)") }
        // The same as drawing the mask as an image there.
        let c = try context()
        c.translateBy(x: 0, y: 8)
        c.scaleBy(x: 1, y: -1)
        c.draw(try Self.topLeft(), in: CGRect(x: 0, y: 0, width: 8, height: 8))
        let drawn = try Pixels(c)
        #expect(drawn[0, 0] == [255, 255, 255, 255] && drawn[0, 7] == Self.clear)
    }

    @Test func interpolationNoneGivesHardMaskEdges() throws {
        // The opaque mask pixel (first row) covers the bottom-left quarter.
        let p = try maskedFill(try Self.topLeft(), quality: .none)
        for y in 0..<8 {
            for x in 0..<8 { #expect(p[x, y] == (x < 4 && y >= 4 ? Self.red : Self.clear), "\(x),\(y)") }
        }
        // Bilinear (the default) blends across the mask pixel boundary.
        let q = try maskedFill(try Self.topLeft())
        #expect(q[3, 7][3] > 0 && q[3, 7][3] < 255 && q[4, 7][3] > 0 && q[4, 7][3] < 255)
    }

    @Test func translucentMasksUseAlphaAndOpaqueOnesLuminance() throws {
        // Alpha: 102 = 0.4 · 255 (colour is ignored: black with alpha 0.4 paints 0.4).
        var p = try maskedFill(try #require(CGImage(width: 1, height: 1, rgba: [0, 0, 0, 102])))
        #expect(p[4, 4] == [102, 0, 0, 102])
        // An opaque image is read as grey: white paints, black does not, mid grey half.
        p = try maskedFill(try #require(CGImage(width: 3, height: 1, rgba: [255, 255, 255, 255, 0, 0, 0, 255, 128, 128, 128, 255])),
                           quality: .none)
        #expect(p[0, 4] == Self.red)
        #expect(p[4, 4] == Self.clear)
        #expect(p[7, 4] == [128, 0, 0, 128])
        // Colours by luminance: pure green is 0.7152 → 182.
        p = try maskedFill(try #require(CGImage(width: 1, height: 1, rgba: [0, 255, 0, 255])))
        #expect(p[4, 4] == [182, 0, 0, 182])
    }

    @Test func masksCombineWithThePathClipAndWithEachOther() throws {
        let half = try #require(CGImage(width: 1, height: 1, rgba: [0, 0, 0, 128]))
        let c = try context()
        c.clip(to: CGRect(x: 0, y: 0, width: 4, height: 8))
        c.clip(to: CGRect(x: 0, y: 0, width: 8, height: 8), mask: half)
        c.clip(to: CGRect(x: 0, y: 0, width: 8, height: 6), mask: half)
        #expect(c.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 4, height: 6))
        c.setFillColor(CGColor.red)
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        let p = try Pixels(c)
        #expect(p[1, 1] == [64, 0, 0, 64]) // 128 · 128 / 255 = 64.25
        #expect(p[5, 1] == Self.clear) // outside the path clip
        #expect(p[1, 7] == Self.clear) // outside the second mask's rect
    }

    @Test func theMaskIsPartOfTheGraphicsState() throws {
        let c = try context()
        c.saveGState()
        c.clip(to: CGRect(x: 0, y: 0, width: 8, height: 8), mask: try Self.topLeft())
        c.restoreGState()
        c.setFillColor(CGColor.red)
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(try Pixels(c)[7, 7] == Self.red)
    }

    @Test func strokesImagesGradientsAndClearsGoThroughTheMask() throws {
        let c = try context(8, 4)
        let leftHalf = try #require(CGImage(width: 2, height: 1, rgba: [0, 0, 0, 255, 0, 0, 0, 0]))
        c.interpolationQuality = .none
        c.clip(to: CGRect(x: 0, y: 0, width: 8, height: 4), mask: leftHalf)
        c.setStrokeColor(CGColor.red)
        c.setLineWidth(2)
        c.strokeLineSegments(between: [CGPoint(x: 0, y: 1), CGPoint(x: 8, y: 1)])
        c.draw(try #require(CGImage(width: 1, height: 1, rgba: [0, 0, 255, 255])), in: CGRect(x: 0, y: 2, width: 8, height: 1))
        c.drawLinearGradient(try #require(CGGradient(colorsSpace: nil, colors: [.green, .green], locations: nil)),
                             start: CGPoint(x: 0, y: 3), end: CGPoint(x: 0, y: 4), options: [])
        var p = try Pixels(c)
        #expect(p[1, 0] == Self.red && p[6, 0] == Self.clear)
        #expect(p[1, 2] == [0, 0, 255, 255] && p[6, 2] == Self.clear)
        #expect(p[1, 3] == [0, 255, 0, 255] && p[6, 3] == Self.clear)
        c.clear(CGRect(x: 0, y: 0, width: 8, height: 1))
        p = try Pixels(c)
        #expect(p[1, 0] == Self.clear && p[1, 1] == Self.red)
    }

    @Test func anEmptyRectClipsEverythingOutAndBadOnesAreIgnored() throws {
        let c = try context()
        c.clip(to: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 8), mask: try Self.topLeft())
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        c.clip(to: CGRect(x: 2, y: 2, width: 0, height: 4), mask: try Self.topLeft())
        #expect(c.boundingBoxOfClipPath == .null)
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        let p = try Pixels(c)
        #expect(p[0, 0] == [0, 0, 0, 255])
        #expect(p[4, 4] == Self.clear)
    }

    @Test func goldenMaskedFills() throws {
        // An F, 5×7, as an alpha mask: filled through it upside down in the y-down left half (first row along
        // the rect's bottom, as Quartz), then upright in a y-up flipped context on the right.
        let rows = ["#####", "#....", "#....", "####.", "#....", "#....", "#...."]
        let f = try #require(CGImage(width: 5, height: 7, rgba: rows.flatMap { $0.flatMap { $0 == "#" ? [0, 0, 0, 255] : [0, 0, 0, 0] as [UInt8] } }))
        let c = try context(64, 64)
        let g = try #require(CGGradient(colorsSpace: nil, colors: [.red, .blue], locations: nil))
        c.saveGState()
        c.clip(to: CGRect(x: 4, y: 6, width: 25, height: 35), mask: f)
        c.drawLinearGradient(g, start: CGPoint(x: 4, y: 6), end: CGPoint(x: 29, y: 41), options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        c.restoreGState()
        c.translateBy(x: 0, y: 64)
        c.scaleBy(x: 1, y: -1)
        c.interpolationQuality = .none
        c.clip(to: CGRect(x: 36, y: 6, width: 25, height: 35), mask: f)
        c.setFillColor(CGColor.purple)
        c.fill(CGRect(x: 32, y: 0, width: 32, height: 64))
        try CGContextGolden.expectMatches(c, "mask-clip.png")
    }
}
