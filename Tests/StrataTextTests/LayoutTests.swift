import StrataTestSupport
import Foundation
import StrataCore
import Testing
@testable import StrataText

@Suite struct LayoutTests {
    @Test func layoutIsDeterministicAndSizeIsTheLinesExtent() {
        let text = AttributedText("Hello 你好 مرحبا 😀\nThe quick brown fox jumps over the lazy dog",
                                  runs: [TextRun(location: 2, length: 5, attributes: TextAttributes(fontSize: 30, underline: .double))])
        let style = TextStyle(fontSize: 18, isWrapped: true)
        let a = TestFonts.layout(text, style, width: 160)
        let b = TestFonts.layout(text, style, width: 160)
        #expect(a == b)
        #expect(a.lines.count == 5)
        var y: CGFloat = 0
        for line in a.lines {
            #expect(line.rect.minY == y)
            #expect(line.rect.width <= 160)
            y += line.rect.height
        }
        #expect(a.size.height == y)
        #expect(a.size.width == a.lines.map(\.rect.width).max())
        // The line with the 30 pt run is taller than an 18 pt line.
        #expect(a.lines[0].rect.height > a.lines[4].rect.height)
    }

    @Test func emptyTextHasNoLines() {
        let laid = TestFonts.layout("", TextStyle())
        #expect(laid.lines.isEmpty && laid.runs.isEmpty && laid.size == .zero)
    }

    @Test func runsOutOfRangeAreClippedAndLaterRunsWin() {
        let red = Color(red: 1, green: 0, blue: 0, alpha: 1), blue = Color(red: 0, green: 0, blue: 1, alpha: 1)
        let text = AttributedText("abcd", runs: [
            TextRun(location: -5, length: 7, attributes: TextAttributes(foregroundColor: red)),   // covers "ab"
            TextRun(location: 1, length: Int.max, attributes: TextAttributes(foregroundColor: blue)),  // "bcd", wins on "b"
            TextRun(location: 10, length: 3, attributes: TextAttributes(fontSize: 90)),  // outside: ignored
            TextRun(location: 2, length: -1, attributes: TextAttributes(fontSize: 90)),  // negative: ignored
        ])
        let laid = TestFonts.layout(text, TextStyle(font: "DejaVu Sans", fontSize: 20))
        #expect(laid.runs.map(\.color) == [red, blue])
        #expect(laid.runs.map(\.clusters) == [[0], [1, 2, 3]])
        #expect(laid.runs.allSatisfy { $0.size == 20 })
    }

    @Test func hugeTextIsCutAt64KUnits() {
        let laid = TestFonts.layout(String(repeating: "a", count: 100_000), TextStyle(font: "DejaVu Sans", fontSize: 10))
        #expect(laid.lines.count == 1)
        #expect(laid.lines[0].range == 0..<65_536)
        #expect(laid.runs.reduce(0) { $0 + $1.glyphs.count } == 65_536)
    }

    @Test func hostileSizesAreClamped() {
        let text = AttributedText("ab", runs: [TextRun(location: 0, length: 2, attributes: TextAttributes(fontSize: .nan, kern: .infinity, baselineOffset: -.infinity))])
        let laid = TestFonts.layout(text, TextStyle(font: "DejaVu Sans", fontSize: 20, isWrapped: true, truncation: .end), width: .infinity, height: -3)
        #expect(laid.size.width.isFinite && laid.size.height.isFinite)
        #expect(laid.runs.allSatisfy { $0.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
    }
}

@Suite struct ControlCharacterTests {
    @Test func aTabIsASpaceAndOtherControlsAreInvisible() {
        let laid = TestFonts.layout("a\tb\u{1}c", TextStyle(font: "DejaVu Sans", fontSize: 20))
        let space = HarfBuzz.shape(" ", font: "DejaVu Sans", size: 20)
        #expect(laid.glyphs(line: 0)[1] == space.glyphs[0])
        #expect(!laid.glyphs(line: 0).contains(0))
        #expect(laid.size.width == HarfBuzz.width("a b\u{200B}c", font: "DejaVu Sans", size: 20))
    }
}
