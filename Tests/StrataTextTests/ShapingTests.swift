import StrataTestSupport
import Foundation
import StrataCore
import Testing
@testable import StrataText

@Suite struct ShapingTests {
    @Test func ligatureMakesFewerGlyphsThanCharacters() {
        // DejaVu Sans has an "ffi" ligature (DejaVu Serif only "ff").
        let laid = TestFonts.layout("office", TextStyle(font: "DejaVu Sans", fontSize: 20))
        #expect(laid.glyphs(line: 0).count == 4)
        #expect(laid.clusters(line: 0) == [0, 1, 4, 5])
        #expect(laid.glyphs(line: 0)[1] != HarfBuzz.nominalGlyph("f", font: "DejaVu Sans"))
        #expect(laid.glyphs(line: 0) == HarfBuzz.shape("office", font: "DejaVu Sans", size: 20).glyphs)
    }

    @Test func arabicJoinsIntoContextualForms() {
        let word = "مرحبا"
        let laid = TestFonts.layout(word, TextStyle(font: "Noto Sans Arabic", fontSize: 20))
        let glyphs = laid.glyphs(line: 0)
        // Right to left: the visual order is the logical one reversed.
        #expect(laid.clusters(line: 0) == [4, 3, 2, 1, 0])
        // Initial meem, final reh, initial hah, medial beh, final alef: none is the isolated (cmap) form.
        let isolated = word.unicodeScalars.reversed().map { HarfBuzz.nominalGlyph($0, font: "Noto Sans Arabic") }
        #expect(glyphs.count == 5)
        for (shaped, alone) in zip(glyphs, isolated) { #expect(shaped != alone) }
        #expect(laid.runs.allSatisfy { $0.face.family == "Noto Sans Arabic" })
    }

    @Test func devanagariReordersTheIMatraBeforeTheConsonant() {
        let laid = TestFonts.layout("कि", TextStyle(font: "Noto Sans Devanagari", fontSize: 20))
        let glyphs = laid.glyphs(line: 0), x = laid.positions(line: 0).map(\.x)
        #expect(glyphs.count == 2)
        #expect(laid.clusters(line: 0) == [0, 0])  // one cluster
        // The consonant (logically first) is drawn second; the matra left of it.
        #expect(glyphs[1] == HarfBuzz.nominalGlyph("क", font: "Noto Sans Devanagari"))
        #expect(glyphs[0] != glyphs[1])
        #expect(x[0] == 0 && x[1] > 0)
    }

    @Test func positionsAreHarfBuzzAdvancesInPoints() {
        let string = "Strata layout"
        let laid = TestFonts.layout(string, TextStyle(font: "DejaVu Serif", fontSize: 17))
        let expected = HarfBuzz.shape(string, font: "DejaVu Serif", size: 17)
        #expect(laid.glyphs(line: 0) == expected.glyphs)
        var x: CGFloat = 0
        var xs: [CGFloat] = []
        for advance in expected.advances { xs.append(x); x += advance }
        #expect(laid.positions(line: 0).map(\.x) == xs)
        #expect(laid.size.width == x)
    }
}
