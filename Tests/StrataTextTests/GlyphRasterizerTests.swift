import Foundation
import Testing
@testable import StrataText

@Suite struct GlyphRasterizerTests {
    static let dejaVu = FontFace(id: 1, path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", index: 0, family: "DejaVu Sans", isColor: false)
    static let emoji = FontFace(id: 2, path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf", index: 0, family: "Noto Color Emoji", isColor: true)

    @Test func anOutlineGlyphIsCoverageOnItsBaseline() throws {
        let r = GlyphRasterizer()
        let a = try #require(r.glyphIndex(face: Self.dejaVu, character: "H"))
        let g = try #require(r.rasterize(face: Self.dejaVu, glyph: a, pixelSize: 20, subpixelX: 0))
        #expect(!g.isColor && g.scale == 1 && g.pixels.count == g.width * g.height)
        // DejaVu's cap height is 0.729 em: 14.6 px, snapped vertically by light hinting to 15, on the baseline.
        // DejaVu's cap height is 0.729 em, 14.6 px: light hinting snaps it to 14 whole rows on the baseline,
        // so the top row is as inked as the next (no partially covered row) and the crossbar is two full rows.
        #expect(g.top == 14 && g.height == 14)
        func row(_ y: Int) -> [UInt8] { Array(g.pixels[y * g.width..<(y + 1) * g.width]) }
        #expect(row(0) == row(1) && row(12) == row(13))
        #expect([5, 6].allSatisfy { row($0)[1..<g.width - 1].allSatisfy { $0 > 128 } }, "crossbar: \(row(5)), \(row(6))")
        // Horizontally unhinted: the stems' outer columns are partly covered.
        #expect(row(0).first.map { $0 > 0 && $0 < 255 } == true)
    }

    @Test func aSubpixelShiftMovesTheInkNotTheArea() throws {
        let r = GlyphRasterizer()
        let o = try #require(r.glyphIndex(face: Self.dejaVu, character: "o"))
        let g0 = try #require(r.rasterize(face: Self.dejaVu, glyph: o, pixelSize: 16, subpixelX: 0))
        let g2 = try #require(r.rasterize(face: Self.dejaVu, glyph: o, pixelSize: 16, subpixelX: 0.5))
        #expect(g0 != g2)
        func area(_ g: GlyphBitmap) -> Double { g.pixels.reduce(0) { $0 + Double($1) } / 255 }
        func centroid(_ g: GlyphBitmap) -> Double {
            var s = 0.0
            for y in 0..<g.height { for x in 0..<g.width { s += (Double(g.left + x) + 0.5) * Double(g.pixels[y * g.width + x]) } }
            return s / 255 / area(g)
        }
        #expect(abs(area(g0) - area(g2)) < 0.05 * area(g0))
        #expect(abs(centroid(g2) - centroid(g0) - 0.5) < 0.05, "moved by \(centroid(g2) - centroid(g0))")
    }

    @Test func aSpaceIsEmptyAndABadGlyphOrFileIsNil() throws {
        let r = GlyphRasterizer()
        let space = try #require(r.glyphIndex(face: Self.dejaVu, character: " "))
        let g = try #require(r.rasterize(face: Self.dejaVu, glyph: space, pixelSize: 16, subpixelX: 0))
        #expect(g.isEmpty && g.width == 0)
        #expect(r.rasterize(face: Self.dejaVu, glyph: 1_000_000, pixelSize: 16, subpixelX: 0) == nil)
        let missing = FontFace(id: 9, path: "/nonexistent/font.ttf", index: 0, family: "None", isColor: false)
        #expect(r.rasterize(face: missing, glyph: 3, pixelSize: 16, subpixelX: 0) == nil)
        #expect(r.glyphIndex(face: missing, character: "a") == nil)
        let notAFont = FontFace(id: 10, path: "/etc/hostname", index: 0, family: "None", isColor: false)
        #expect(r.rasterize(face: notAFont, glyph: 3, pixelSize: 16, subpixelX: 0) == nil)
    }

    @Test func sizesAboveTheCapAreRasterisedAtTheCap() throws {
        let r = GlyphRasterizer()
        let a = try #require(r.glyphIndex(face: Self.dejaVu, character: "a"))
        let big = try #require(r.rasterize(face: Self.dejaVu, glyph: a, pixelSize: 1024, subpixelX: 0))
        let capped = try #require(r.rasterize(face: Self.dejaVu, glyph: a, pixelSize: GlyphRasterizer.maxPixelSize, subpixelX: 0))
        #expect(big.scale == 0.5 && capped.scale == 1)
        #expect(big.pixels == capped.pixels && big.width == capped.width && big.top == capped.top)
    }

    @Test func colourEmojiAreScaledDownPremultipliedRGBA() throws {
        let r = GlyphRasterizer()
        let smile = try #require(r.glyphIndex(face: Self.emoji, character: "\u{1F600}"))
        #expect(smile != 0)
        let g = try #require(r.rasterize(face: Self.emoji, glyph: smile, pixelSize: 32, subpixelX: 0))
        #expect(g.isColor && g.scale == 1 && g.pixels.count == g.width * g.height * 4)
        // The strike is 136 × 128 at 109 ppem: about 40 × 38 at 32 px (the box filter's grid may add a column or row).
        #expect((39...41).contains(g.width) && (37...39).contains(g.height), "\(g.width)×\(g.height)")
        var coloured = 0
        for i in stride(from: 0, to: g.pixels.count, by: 4) {
            let (red, green, blue, a) = (g.pixels[i], g.pixels[i + 1], g.pixels[i + 2], g.pixels[i + 3])
            #expect(red <= a && green <= a && blue <= a, "not premultiplied")
            if a == 255, red > 200, blue < 100 { coloured += 1 } // the face's yellow
        }
        #expect(coloured > 200)
        // Above the strike's size the strike itself comes back, to be magnified.
        let large = try #require(r.rasterize(face: Self.emoji, glyph: smile, pixelSize: 218, subpixelX: 0))
        #expect(abs(large.scale - 0.5) < 0.01 && large.width > 120)
    }

    @Test func theBoxFilterAveragesAreasOnTheOriginsGrid() {
        // Two opaque premultiplied pixels, red and blue, starting one pixel right of the origin, one row
        // above the baseline. Halved, the first new column covers source [0, 2): half of it is the red pixel.
        let b = GlyphBitmap(width: 2, height: 1, left: 1, top: 1, isColor: true,
                            pixels: [255, 0, 0, 255, 0, 0, 255, 255])
        let h = b.boxDownscaled(by: 0.5)
        #expect(h.width == 2 && h.height == 1 && h.left == 0 && h.top == 1)
        // The source row [−1, 0) becomes [−0.5, 0), half the new row [−1, 0): each pixel is 255 × ½ × ½.
        #expect(h.pixels == [64, 0, 0, 64, 0, 0, 64, 64])
    }
}
