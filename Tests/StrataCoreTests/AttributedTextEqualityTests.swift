import Foundation
import Testing
@testable import StrataCore

/// A text layer's string compares scalar by scalar (as NSString compares UTF-16 units), never by
/// canonical equivalence, and in time linear in its length.
@Suite struct AttributedTextEqualityTests {
    @Test func canonicallyEquivalentStringsDiffer() {
        let composed = AttributedText("caf\u{E9}"), decomposed = AttributedText("cafe\u{301}")
        #expect("caf\u{E9}" == "cafe\u{301}", "Swift's String says they are equal")
        #expect(composed != decomposed)
        #expect(composed == AttributedText("caf\u{E9}"))
        #expect(Set([composed, decomposed, AttributedText("caf\u{E9}")]).count == 2)
        var run = TextAttributes()
        run.kern = 1
        #expect(AttributedText("ab", runs: [TextRun(location: 0, length: 1, attributes: run)]) != AttributedText("ab"))
    }

    @Test func sixtyFiveThousandCombiningMarksCompareAsBytes() {
        // One grapheme of 65,536 scalars: String's == would normalize (reorder) the whole run first.
        let marks = (0..<65_535).map { Unicode.Scalar(UInt32(0x300 + $0 % 0x70)) ?? "a" }
        let a = AttributedText(String(String.UnicodeScalarView(["a"] + marks)))
        let b = AttributedText(String(String.UnicodeScalarView(["a"] + marks.dropLast() + ["\u{301}"])))
        #expect(a != b)
        #expect(a == AttributedText(a.string + ""))
        #expect(a.hashValue == AttributedText(String(String.UnicodeScalarView(["a"] + marks))).hashValue)
    }
}
