import StrataTestSupport
import Foundation
import StrataCore
import Testing
@testable import StrataText

@Suite struct DecorationTests {
    let style = TextStyle(font: "DejaVu Sans", fontSize: 20)
    let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = Color(red: 0, green: 0, blue: 1, alpha: 1)
    // DejaVu Sans at 20 pt: underline top 40/2048 em below the baseline, 90/2048 em thick; strikeout top
    // 530/2048 em above it, 102/2048 em thick.
    let k: CGFloat = 20.0 / 2048

    func attributed(_ s: String, _ attributes: TextAttributes) -> AttributedText {
        AttributedText(s, runs: [TextRun(location: 0, length: s.utf16.count, attributes: attributes)])
    }

    @Test func kernAddsAfterEachCharacter() {
        let laid = TestFonts.layout(attributed("abc", TextAttributes(kern: 5)), style)
        let advances = HarfBuzz.shape("abc", font: "DejaVu Sans", size: 20).advances
        #expect(laid.positions(line: 0).map(\.x) == [0, advances[0] + 5, advances[0] + 5 + advances[1] + 5])
        #expect(laid.size.width == advances.reduce(0, +) + 15)
    }

    @Test func baselineOffsetRaisesTheGlyphs() {
        let text = AttributedText("ab", runs: [TextRun(location: 1, length: 1, attributes: TextAttributes(baselineOffset: 4))])
        let laid = TestFonts.layout(text, style)
        let baseline = laid.lines[0].baseline
        #expect(baseline == 1901 * k)
        #expect(laid.positions(line: 0).map(\.y) == [baseline, baseline - 4])
        #expect(laid.size.height == (1901 + 483) * k)  // the line is not taller
    }

    @Test func underlineStyles() {
        let width = HarfBuzz.width("abc", font: "DejaVu Sans", size: 20)
        let baseline = 1901 * k
        let single = TestFonts.layout(attributed("abc", TextAttributes(underline: .single)), style)
        #expect(single.decorations == [TextDecoration(rect: CGRect(x: 0, y: baseline + 40 * k, width: width, height: 90 * k), color: nil)])
        let thick = TestFonts.layout(attributed("abc", TextAttributes(foregroundColor: blue, underline: .thick)), style)
        #expect(thick.decorations == [TextDecoration(rect: CGRect(x: 0, y: baseline + 40 * k, width: width, height: 180 * k), color: blue)])
        let double = TestFonts.layout(attributed("abc", TextAttributes(foregroundColor: blue, underline: .double, underlineColor: red)), style)
        #expect(double.decorations == [
            TextDecoration(rect: CGRect(x: 0, y: baseline + 40 * k, width: width, height: 90 * k), color: red),
            TextDecoration(rect: CGRect(x: 0, y: baseline + 40 * k + 180 * k, width: width, height: 90 * k), color: red),
        ])
    }

    @Test func strikethroughIsCentredOnTheFontsStroke() {
        let width = HarfBuzz.width("abc", font: "DejaVu Sans", size: 20)
        let baseline = 1901 * k
        let single = TestFonts.layout(attributed("abc", TextAttributes(strikethrough: .single, strikethroughColor: red)), style)
        #expect(single.decorations == [TextDecoration(rect: CGRect(x: 0, y: baseline - 530 * k, width: width, height: 102 * k), color: red)])
        let thick = TestFonts.layout(attributed("abc", TextAttributes(strikethrough: .thick)), style)
        let centre = baseline - 530 * k + 51 * k
        #expect(thick.decorations == [TextDecoration(rect: CGRect(x: 0, y: centre - 102 * k, width: width, height: 204 * k), color: nil)])
    }

    @Test func underlinesOfOneLineShareTheLowestPosition() {
        // "ab" at 20 pt and "cd" at 40 pt, both underlined: one y (the bigger font's), each its own thickness.
        let text = AttributedText("abcd", runs: [
            TextRun(location: 0, length: 2, attributes: TextAttributes(underline: .single)),
            TextRun(location: 2, length: 2, attributes: TextAttributes(fontSize: 40, underline: .single)),
        ])
        let laid = TestFonts.layout(text, style)
        let baseline = 1901 * 2 * k
        let small = HarfBuzz.width("ab", font: "DejaVu Sans", size: 20), big = HarfBuzz.width("cd", font: "DejaVu Sans", size: 40)
        #expect(laid.lines[0].baseline == baseline)
        #expect(laid.decorations == [
            TextDecoration(rect: CGRect(x: 0, y: baseline + 80 * k, width: small, height: 90 * k), color: nil),
            TextDecoration(rect: CGRect(x: small, y: baseline + 80 * k, width: big, height: 180 * k), color: nil),
        ])
    }

    @Test func runColoursAndSizes() {
        let text = AttributedText("ab", runs: [TextRun(location: 1, length: 1, attributes: TextAttributes(fontSize: 30, foregroundColor: red))])
        let laid = TestFonts.layout(text, style)
        #expect(laid.runs.map(\.color) == [nil, red])
        #expect(laid.runs.map(\.size) == [20, 30])
    }
}
