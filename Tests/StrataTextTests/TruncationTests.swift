import StrataTestSupport
import Foundation
import StrataCore
import Testing
@testable import StrataText

@Suite struct TruncationTests {
    let string = "The quick brown fox"
    let ellipsisWidth = HarfBuzz.width("…", font: "DejaVu Sans", size: 20)
    let ellipsisGlyph = HarfBuzz.nominalGlyph("…", font: "DejaVu Sans")

    func style(_ mode: TruncationMode, wrapped: Bool = false) -> TextStyle {
        TextStyle(font: "DejaVu Sans", fontSize: 20, isWrapped: wrapped, truncation: mode)
    }

    func width(_ s: String) -> CGFloat { HarfBuzz.width(s, font: "DejaVu Sans", size: 20) }

    @Test func endKeepsTheStart() {
        let laid = TestFonts.layout(string, style(.end), width: 100)
        // "The qui" + "…" fits 100 pt; "The quic" + "…" would not.
        #expect(width("The qui") + ellipsisWidth <= 100)
        #expect(width("The quic") + ellipsisWidth > 100)
        #expect(laid.clusters(line: 0) == [0, 1, 2, 3, 4, 5, 6, 7])
        #expect(laid.glyphs(line: 0).last == ellipsisGlyph)
        #expect(laid.lines[0].isTruncated)
        #expect(laid.lines[0].omittedRange == 7..<19)
        #expect(laid.lines[0].range == 0..<19)
        #expect(laid.lines[0].rect.width == width("The qui…"))
    }

    @Test func startKeepsTheEnd() {
        let laid = TestFonts.layout(string, style(.start), width: 100)
        #expect(ellipsisWidth + width("own fox") <= 100)
        #expect(ellipsisWidth + width("rown fox") > 100)
        #expect(laid.clusters(line: 0) == [0, 12, 13, 14, 15, 16, 17, 18])
        #expect(laid.glyphs(line: 0).first == ellipsisGlyph)
        #expect(laid.positions(line: 0)[1].x == ellipsisWidth)
        #expect(laid.lines[0].omittedRange == 0..<12)
        #expect(laid.lines[0].rect.width <= 100)
    }

    @Test func middleKeepsBothEnds() {
        let laid = TestFonts.layout(string, style(.middle), width: 100)
        // Half of the room left by "…" (40 pt) takes "The " (its space dropped next to "…"); the tail gets
        // the rest: "fox" fits it, "n fox" does not.
        #expect(width("The") <= 40 && width("The q") > 40)
        #expect(width("fox") <= 80 - width("The") && width("n fox") > 80 - width("The"))
        #expect(laid.clusters(line: 0) == [0, 1, 2, 3, 16, 17, 18])
        #expect(laid.glyphs(line: 0)[3] == ellipsisGlyph)
        #expect(laid.lines[0].omittedRange == 3..<16)
        #expect(laid.lines[0].rect.width == width("The…fox"))
    }

    @Test func aLineThatFitsIsNotTruncated() {
        let laid = TestFonts.layout(string, style(.end), width: width(string))
        #expect(!laid.lines[0].isTruncated)
        #expect(laid.lines[0].omittedRange == nil)
        #expect(laid.glyphs(line: 0).count == 19)
    }

    @Test func wrappedTextEndsWithEllipsisOnTheLastLineThatFitsTheHeight() {
        let long = "The quick brown fox jumps over the lazy dog"
        // Two lines of 23.28125 pt fit 50 pt: the second shows "brown fox ju…" and the rest is dropped.
        let laid = TestFonts.layout(long, style(.end, wrapped: true), width: 150, height: 50)
        #expect(laid.lines.count == 2)
        #expect(!laid.lines[0].isTruncated)
        #expect(laid.lines[1].isTruncated)
        #expect(laid.lines[1].range == 10..<43)
        #expect(laid.lines[1].omittedRange == 22..<43)
        #expect(laid.clusters(line: 1) == Array(10...22))
        #expect(width("brown fox ju") + ellipsisWidth <= 150 && width("brown fox jum") + ellipsisWidth > 150)
        #expect(laid.size.height == 2 * 23.28125)
    }

    @Test func rightToLeftEndTruncationPutsTheEllipsisAtTheLeft() {
        // The logical end of a right-to-left line is its left: "…" is leftmost, the kept start at the right edge.
        let hebrew = "שלום עולם טוב מאוד"
        let laid = TestFonts.layout(hebrew, style(.end), width: 100)
        #expect(laid.clusters(line: 0) == [8, 7, 6, 5, 4, 3, 2, 1, 0])
        #expect(laid.glyphs(line: 0).first == ellipsisGlyph)
        #expect(laid.lines[0].omittedRange == 8..<18)
        #expect(abs(laid.lines[0].rect.maxX - 100) < 1e-9)
    }
}
