import StrataTestSupport
import Foundation
import StrataCore
import Testing
@testable import StrataText

@Suite struct LineBreakingTests {
    let sans = TextStyle(font: "DejaVu Sans", fontSize: 20, isWrapped: true)

    @Test func englishBreaksAfterSpacesNeverInsideWords() {
        let string = "The quick brown fox jumps over the lazy dog"
        let laid = TestFonts.layout(string, sans, width: 150)
        #expect(laid.lineTexts(string) == ["The quick ", "brown fox ", "jumps over ", "the lazy dog"])
        // Greedy: each line fits without its hanging space, and taking the next word would not.
        let words = laid.lineTexts(string).map { $0.trimmingCharacters(in: .whitespaces) }
        for (i, line) in words.enumerated() {
            #expect(HarfBuzz.width(line, font: "DejaVu Sans", size: 20) <= 150)
            #expect(laid.lines[i].rect.width == HarfBuzz.width(line, font: "DejaVu Sans", size: 20))
            if i + 1 < words.count, let next = words[i + 1].split(separator: " ").first {
                #expect(HarfBuzz.width(line + " " + next, font: "DejaVu Sans", size: 20) > 150)
            }
        }
    }

    @Test func chineseBreaksBetweenIdeographsButNotBeforeClosingPunctuation() {
        // Every character is 1 em (20 pt): 6 fit in 130 pt, but "。" may not start a line (UAX #14 class CL),
        // so the first line gives up "友" to keep it with "。".
        let string = "我们的好朋友。你好，世界。我们"
        let laid = TestFonts.layout(string, TextStyle(font: "Noto Sans CJK SC", fontSize: 20, isWrapped: true), width: 130)
        #expect(laid.lineTexts(string) == ["我们的好朋", "友。你好，世", "界。我们"])
        #expect(laid.lines.map(\.rect.width) == [100, 120, 80])
    }

    @Test func aURLBreaksWhereUAX14Allows() {
        // UAX #14 (ICU) allows a break after "/" and "?" before letters, not after "." or ":" or inside "//".
        let string = "https://example.com/path/to/some/resource?query=value"
        let laid = TestFonts.layout(string, sans, width: 200)
        #expect(laid.lineTexts(string) == ["https://", "example.com/path/", "to/some/resource?", "query=value"])
    }

    @Test func aWordLongerThanTheLineBreaksBetweenCharacters() {
        let string = "abcdefghijklmnopqrstuvwxyz"
        let laid = TestFonts.layout(string, sans, width: 100)
        let texts = laid.lineTexts(string)
        #expect(texts.joined() == string)
        #expect(texts.count > 1)
        for (i, text) in texts.enumerated() {
            #expect(HarfBuzz.width(text, font: "DejaVu Sans", size: 20) <= 100)
            if i + 1 < texts.count, let next = texts[i + 1].first {
                #expect(HarfBuzz.width(text + String(next), font: "DejaVu Sans", size: 20) > 100)
            }
        }
    }

    @Test func hardBreaksMakeParagraphsAndLineSeparatorsLines() {
        let string = "a\n\nb\u{2028}c\r\nd\n"
        let laid = TestFonts.layout(string, TextStyle(font: "DejaVu Sans", fontSize: 20))
        // The empty paragraph is a line; the final "\n" adds none.
        #expect(laid.lineTexts(string) == ["a", "", "b\u{2028}", "c", "d"])
        let height: CGFloat = (1901 + 483) * 20 / 2048
        #expect(laid.lines.map(\.rect.minY) == (0..<5).map { CGFloat($0) * height })
        #expect(laid.size.height == 5 * height)
    }

    @Test func unwrappedTextIsOneLinePerParagraph() {
        let string = "The quick brown fox jumps over the lazy dog"
        let laid = TestFonts.layout(string, TextStyle(font: "DejaVu Sans", fontSize: 20), width: 150)
        #expect(laid.lines.count == 1)
        #expect(laid.size.width == HarfBuzz.width(string, font: "DejaVu Sans", size: 20))
    }
}
