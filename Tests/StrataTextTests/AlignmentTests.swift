import StrataTestSupport
import Foundation
import StrataCore
import Testing
@testable import StrataText

@Suite struct AlignmentTests {
    let string = "abc def"
    var natural: CGFloat { HarfBuzz.width(string, font: "DejaVu Sans", size: 20) }

    func firstX(_ alignment: TextAlignmentMode, width: CGFloat = 200) -> CGFloat? {
        TestFonts.layout(string, TextStyle(font: "DejaVu Sans", fontSize: 20, alignment: alignment), width: width).positions(line: 0).first?.x
    }

    @Test func leftRightCenterInTheBoundsWidth() {
        #expect(firstX(.left) == 0)
        #expect(firstX(.natural) == 0)
        #expect(firstX(.right) == 200 - natural)
        #expect(firstX(.center) == (200 - natural) / 2)
    }

    @Test func withoutAWidthLinesAlignInTheWidestLine() {
        let laid = TestFonts.layout("abc def\nab", TextStyle(font: "DejaVu Sans", fontSize: 20, alignment: .right))
        #expect(laid.lines[0].rect.minX == 0)
        #expect(laid.lines[1].rect.minX == natural - HarfBuzz.width("ab", font: "DejaVu Sans", size: 20))
    }

    @Test func aLineWiderThanTheBoundsStartsAtZero() {
        #expect(firstX(.right, width: 10) == 0)
        #expect(firstX(.center, width: 10) == 0)
    }

    @Test func justifiedStretchesSpacesButNotTheLastLine() {
        let text = "one two three four five six"
        let style = TextStyle(font: "DejaVu Sans", fontSize: 20, alignment: .justified, isWrapped: true)
        let laid = TestFonts.layout(text, style, width: 150)
        #expect(laid.lineTexts(text) == ["one two three ", "four five six"])
        let shaped = HarfBuzz.shape("one two three", font: "DejaVu Sans", size: 20)
        let naturalWidth = shaped.advances.reduce(0, +)
        // Two inter-word spaces share the slack; the hanging space after "three" takes none.
        let extra = (150 - naturalWidth) / 2
        let x = laid.positions(line: 0).map(\.x)
        #expect(x[0] == 0)
        #expect(abs(x[4] - (shaped.advances[0..<4].reduce(0, +) + extra)) < 1e-9)  // "t" of "two"
        #expect(abs(x[8] - (shaped.advances[0..<8].reduce(0, +) + 2 * extra)) < 1e-9)  // "t" of "three"
        #expect(abs((x.last ?? 0) + (shaped.advances.last ?? 0) - 150) < 1e-9)
        #expect(laid.lines[0].rect.width == 150)
        // The paragraph's last line keeps its natural advances, from the left.
        let last = HarfBuzz.shape("four five six", font: "DejaVu Sans", size: 20)
        #expect(laid.lines[1].rect.minX == 0)
        #expect(laid.lines[1].rect.width == last.advances.reduce(0, +))
        #expect(laid.size.width == max(naturalWidth, last.advances.reduce(0, +)))
    }

    @Test func naturalIsRightForARightToLeftParagraph() {
        let laid = TestFonts.layout("שלום", TextStyle(font: "DejaVu Sans", fontSize: 20, alignment: .natural), width: 200)
        let width = HarfBuzz.width("שלום", font: "DejaVu Sans", size: 20)
        #expect(laid.lines[0].rect.minX == 200 - width)
        let left = TestFonts.layout("שלום", TextStyle(font: "DejaVu Sans", fontSize: 20, alignment: .left), width: 200)
        #expect(left.lines[0].rect.minX == 0)
    }
}
