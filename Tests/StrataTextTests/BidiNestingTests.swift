import StrataTestSupport
import CStrataText
import Foundation
import StrataCore
import Testing
@testable import StrataText

/// FriBiDi 1.0.8 corrupts memory on embeddings and isolates nested near UAX #9's limit and closed
/// unevenly (found by the text fuzzers; valgrind shows it in a plain C program): `BidiNesting` applies
/// UAX #9's overflow rules at depth 60 first, so FriBiDi only ever sees shallow, balanced nesting.
@Suite struct BidiNestingTests {
    static func types(_ string: String) -> [FriBidiCharType] {
        let scalars = string.unicodeScalars.map(\.value)
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
        fribidi_get_bidi_types(scalars, FriBidiStrIndex(scalars.count), &types)
        return types
    }

    @Test func shallowBalancedNestingIsLeftAlone() {
        var t = Self.types("a\u{202B}b\u{2067}c\u{2069}\u{202C}d\u{2066}\u{202A}e\u{2069}")
        let before = t
        #expect(BidiNesting.bound(&t) == 0)
        #expect(t == before)
    }

    @Test func initiatorsPastTheDepthAndTheirClosersBecomeNeutral() {
        // 100 isolates and 100 embeddings nested, then closed: the 60 outermost stay, the rest are overflow.
        let string = String(repeating: "\u{2067}x", count: 100) + String(repeating: "\u{202B}y", count: 100)
            + String(repeating: "\u{202C}", count: 100) + String(repeating: "\u{2069}", count: 100)
        var t = Self.types(string)
        #expect(BidiNesting.bound(&t) == 40 + 100 + 100 + 40)
        let scalars = Array(string.unicodeScalars)
        for (i, s) in scalars.enumerated() {
            let kept = t[i] != FRIBIDI_TYPE_ON && t[i] != FRIBIDI_TYPE_BN
            switch s.value {
            case 0x2067: #expect(kept == (i / 2 < 60), "isolate \(i / 2)")
            case 0x2069: #expect(kept == (i >= scalars.count - 60), "PDI at \(i)")
            case 0x202B, 0x202C: #expect(!kept, "embeddings opened past the depth, and their PDFs")
            default: break
            }
        }
    }

    @Test func closersThatMatchNothingDoNothing() {
        var t = Self.types("\u{2069}a\u{202C}\u{2067}b\u{202C}\u{2069}\u{2069}")
        #expect(BidiNesting.bound(&t) == 4)
        #expect(t[0] == FRIBIDI_TYPE_ON && t[2] == FRIBIDI_TYPE_BN && t[5] == FRIBIDI_TYPE_BN && t[7] == FRIBIDI_TYPE_ON)
        #expect(t[3] == FRIBIDI_TYPE_RLI && t[6] == FRIBIDI_TYPE_PDI)
    }

    /// The shape the fuzzers found: 127 embeddings and isolates of every kind interleaved with letters of
    /// both directions, then 127 closers of both kinds in another order. Laid out, every level stays
    /// within what 60 levels of nesting can make.
    @Test func theFuzzersParagraphLaysOut() {
        let openers: [Character] = ["\u{202A}", "\u{202B}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}"]
        let letters: [Character] = ["a", "1", "\u{5D0}", "\u{628}"]
        var string = ""
        for i in 0..<127 { string.append(openers[(i * 5) % 7]); string.append(letters[i % 4]) }
        for i in 0..<127 { string.append(i % 3 == 0 ? "\u{2069}" : "\u{202C}") }
        string += "dolorw"
        let laid = TestFonts.layout(string, TextStyle(font: "DejaVu Sans", fontSize: 66, alignment: .justified, isWrapped: true), width: 296)
        #expect(!laid.lines.isEmpty)
        #expect(laid.lines.map(\.range.count).reduce(0, +) == string.utf16.count)
    }
}
