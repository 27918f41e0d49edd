import StrataTestSupport
import Foundation
import StrataCore
import Testing
@testable import StrataText

@Suite struct FallbackTests {
    @Test func everyScriptFindsAFace() {
        let string = "Hello 你好 مرحبا 😀"
        let laid = TestFonts.layout(string, TextStyle(fontSize: 20))
        // Helvetica is fontconfig's Noto Sans here; Han falls back to Noto Sans CJK, Arabic to DejaVu Sans
        // (first in fontconfig's order for Helvetica that has Arabic), the emoji to the colour font.
        var faceOf: [Int: FontFace] = [:]
        for run in laid.runs { for cluster in run.clusters { faceOf[cluster] = run.face } }
        #expect(faceOf[0]?.family == "Noto Sans")
        #expect(faceOf[6]?.family == "Noto Sans CJK JP")
        #expect(faceOf[9]?.family == "DejaVu Sans")
        #expect(faceOf[15]?.family == "Noto Color Emoji")
        #expect(faceOf[15]?.isColor == true)
        #expect(Set([0, 6, 9, 15].compactMap { faceOf[$0]?.id }).count == 4)
        #expect(laid.runs.allSatisfy { !$0.glyphs.contains(0) })
        // Every character is drawn: each cluster start appears (the surrogate pair of 😀 is one cluster).
        #expect(Set(laid.clusters(line: 0)) == Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]))
    }

    @Test func emojiSequencesStayInOneFace() {
        // 👍🏽 (a modifier) and 👨‍👩‍👧 (ZWJ) are each one glyph of the colour font; ❤️ (VS16) asks for emoji.
        let laid = TestFonts.layout("👍🏽👨‍👩‍👧❤️", TextStyle(font: "DejaVu Sans", fontSize: 20))
        #expect(laid.runs.count == 1)
        #expect(laid.runs.first?.face.family == "Noto Color Emoji")
        #expect(laid.glyphs(line: 0).count == 3)
        #expect(!laid.glyphs(line: 0).contains(0))
    }
}
