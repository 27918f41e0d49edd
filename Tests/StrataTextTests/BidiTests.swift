import StrataTestSupport
import Foundation
import StrataCore
import Testing
@testable import StrataText

@Suite struct BidiTests {
    @Test func hebrewInsideEnglishRunsRightToLeftWithDigitsLeftToRight() {
        // "abc שלום 123 def": in a left-to-right paragraph the Hebrew word and the number after it form one
        // right-to-left run (the space between them is resolved right to left), the digits left to right inside it.
        let string = "abc שלום 123 def"
        let laid = TestFonts.layout(string, TextStyle(font: "DejaVu Sans", fontSize: 20))
        #expect(laid.clusters(line: 0) == [0, 1, 2, 3, 9, 10, 11, 8, 7, 6, 5, 4, 12, 13, 14, 15])
        let x = laid.positions(line: 0).map(\.x)
        #expect(x == x.sorted())
        #expect(laid.lines[0].rect.minX == 0)  // natural: the paragraph is left to right
    }

    @Test func arabicParagraphWithDigitsIsRightAligned() {
        // A right-to-left paragraph: the number is at the left, left to right; natural alignment is right.
        let string = "مرحبا 123"
        let laid = TestFonts.layout(string, TextStyle(font: "Noto Sans Arabic", fontSize: 20), width: 200)
        #expect(laid.clusters(line: 0) == [6, 7, 8, 5, 4, 3, 2, 1, 0])
        let width = laid.lines[0].rect.width
        #expect(laid.lines[0].rect.minX == 200 - width)
        #expect(laid.positions(line: 0)[0].x == 200 - width)
    }

    @Test func trailingSpacesHangOutsideTheLineOnBothSides() {
        // A wrapped right-to-left line's trailing space is not drawn and does not push the line off the right edge.
        let string = "שלום עולם"
        let laid = TestFonts.layout(string, TextStyle(font: "DejaVu Sans", fontSize: 20, isWrapped: true),
                                    width: HarfBuzz.width("שלום", font: "DejaVu Sans", size: 20) + 1)
        #expect(laid.lineTexts(string) == ["שלום ", "עולם"])
        #expect(laid.clusters(line: 0) == [3, 2, 1, 0])
        let box = HarfBuzz.width("שלום", font: "DejaVu Sans", size: 20) + 1
        #expect(abs(laid.lines[0].rect.maxX - box) < 1e-9)
        // The rightmost glyph, shin, ends at the box's edge.
        let shin = HarfBuzz.shape("ש", font: "DejaVu Sans", size: 20).advances[0]
        #expect(abs((laid.positions(line: 0).last?.x ?? 0) + shin - box) < 1e-9)
    }
}
