import StrataTestSupport
import CStrataBreak
import Foundation
import StrataCore
import Testing
@testable import StrataText

/// Line breaking beyond spaces: Thai as Pango breaks it (libthai), Lao, Khmer and Myanmar by ICU's
/// dictionaries, and the sequences UAX #14 keeps together (LB30a regional-indicator pairs, LB8a ZWJ, LB30b
/// emoji modifiers, LB9 marks). Debian 12's libunibreak 1.1 aborted the process on any flag emoji.
@Suite struct ComplexBreakingTests {
    /// Positions (in scalars from the start) before which a line may begin, as `LineBreaker` finds them.
    static func breaks(_ string: String) -> [Int] {
        let scalars = string.unicodeScalars.map(\.value)
        let kinds = LineBreaker.opportunities(scalars)
        return kinds.indices.filter { $0 < kinds.count - 1 && kinds[$0] != LineBreaker.none }.map { $0 + 1 }
    }

    static let thai = "สวัสดีครับ ผมชื่อสมชาย ผมอาศัยอยู่ที่กรุงเทพมหานครซึ่งเป็นเมืองหลวงของประเทศไทย"

    @Test func thaiBreaksWherePangoDoes() {
        // pango_get_log_attrs (Pango 1.50.12 with libthai 0.1.29, Debian 12) gives these is_line_break
        // positions; ICU's own Thai dictionary would give 6 11 13 17 23 25 30 34 37 50 54 58 63 67 70 (it
        // keeps "สมชาย" and "กรุงเทพมหานคร" whole).
        #expect(Self.breaks(Self.thai) == [6, 11, 13, 17, 19, 23, 25, 30, 34, 37, 44, 47, 50, 54, 58, 67, 70, 76])
        #expect(Self.breaks("ภาษาไทยเป็นภาษาที่มีระดับเสียงของคำแน่นอน")
                    == [4, 7, 11, 15, 18, 20, 25, 30, 33, 35])
    }

    @Test(arguments: [
        // Pango 1.50.12's lines (PangoLayout, PANGO_WRAP_WORD, pangoft2, Noto Sans Thai at 20 px).
        (120.0, ["สวัสดีครับ ผม", "ชื่อสมชาย ผม", "อาศัยอยู่ที่", "กรุงเทพมหา", "นครซึ่งเป็น", "เมืองหลวงของ", "ประเทศไทย"]),
        (150.0, ["สวัสดีครับ ผมชื่อ", "สมชาย ผมอาศัย", "อยู่ที่กรุงเทพมหา", "นครซึ่งเป็น", "เมืองหลวงของ", "ประเทศไทย"]),
        (200.0, ["สวัสดีครับ ผมชื่อสมชาย ", "ผมอาศัยอยู่ที่กรุงเทพ", "มหานครซึ่งเป็น", "เมืองหลวงของประเทศ", "ไทย"]),
    ])
    func thaiParagraphWrapsAsPangoWrapsIt(width: Double, pango: [String]) {
        let laid = TestFonts.layout(Self.thai, TextStyle(font: "Noto Sans Thai", fontSize: 20, isWrapped: true), width: CGFloat(width))
        #expect(laid.lineTexts(Self.thai) == pango)
    }

    @Test func laoKhmerAndMyanmarBreakBetweenWordsWithoutSpaces() {
        // ICU 72's dictionaries; none of these strings has a space.
        #expect(Self.breaks("ພາສາລາວເປັນພາສາທາງການຂອງປະເທດລາວ") == [4, 7, 11, 15, 21, 24, 29])
        #expect(Self.breaks("ភាសាខ្មែរគឺជាភាសាកំណើតរបស់ជនជាតិខ្មែរ") == [9, 13, 17, 22, 26, 32])
        #expect(Self.breaks("မြန်မာဘာသာစကားသည်မြန်မာနိုင်ငံ၏ရုံးသုံးဘာသာစကားဖြစ်သည်") == [10, 14, 17, 43, 47])
    }

    @Test func regionalIndicatorsPairUpAndBreakOnlyBetweenPairs() {
        // LB30a: a break between two RIs only after an even number of them; LB31 allows one between a
        // letter and a flag. 🇫🇷🇩🇪 is four RIs: 8 "Bonjour " | 🇫🇷 | 🇩🇪 " " | x | 🇫🇷 | 🇫 (an odd one out).
        #expect(Self.breaks("Bonjour 🇫🇷🇩🇪 x🇫🇷🇫") == [8, 10, 13, 14, 16])
        #expect(Self.breaks("🇫🇷🇫🇷🇫🇷") == [2, 4])
    }

    @Test func emojiSequencesAndMarksAreNeverSplit() {
        #expect(Self.breaks("👨‍👩‍👧 👍🏽a") == [6, 8])            // LB8a (ZWJ), LB30b (modifier)
        #expect(Self.breaks("e\u{301}\u{302}\u{303} x") == [5])  // LB9: marks stay on their base
        #expect(Self.breaks("1\u{FE0F}\u{20E3}🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}") == [3])
    }

    /// Every sequence class a client may send, wrapped at a width that takes every opportunity and unwrapped:
    /// each lays out (no library aborts), keeps each emoji sequence one colour glyph and on one line.
    @Test(arguments: [
        ("flags", "Bonjour 🇫🇷 et 🇩🇪🇯🇵", 3),
        ("odd regional indicators", "🇫🇷🇫 🇫", 3),
        ("ZWJ family", "👨‍👩‍👧 and 👩‍💻", 2),
        ("modifiers", "👍🏽👋🏿", 2),
        ("tag flag", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}!", 1),
        ("keycap and VS16", "1\u{FE0F}\u{20E3} ❤\u{FE0F}", 2),
    ])
    func emojiSequencesRenderAsOneGlyphEach(name: String, string: String, emoji: Int) {
        let style = TextStyle(font: "DejaVu Sans", fontSize: 20, isWrapped: true)
        for width: CGFloat in [0, 1, 60] {
            let laid = TestFonts.layout(string, style, width: width)
            let colour = laid.runs.filter(\.face.isColor)
            #expect(colour.reduce(0) { $0 + $1.glyphs.count } == emoji, "\(name) at width \(width)")
            #expect(laid.lines.map(\.range.count).reduce(0, +) == string.utf16.count, "\(name) at width \(width)")
        }
    }

    @Test(arguments: [
        ("combining marks", String(repeating: "a" + String(repeating: "\u{301}", count: 40), count: 20)),
        ("controls", "a\u{0}b\u{7}c\u{1B}d\u{85}e\u{9F}f\u{200B}g\u{2060}h\u{FEFF}i"),
        ("noncharacters", Self.scalars([0x78, 0xFDD0, 0x79, 0xFFFE, 0x7A, 0x10FFFF, 0x1FFFE])),
        ("replacement for a lone surrogate", String(decoding: [0x61, 0xD83C, 0x62, 0xDDEB, 0x63] as [UInt16], as: UTF16.self)),
        ("bidi controls", "a\u{202E}b\u{2067}c\u{202C}\u{2069}\u{200F}d\u{61C}"),
        ("mixed scripts", "Hello مرحبا שלום नमस्ते สวัสดี ສະບາຍດີ សួស្ដី မင်္ဂလာပါ 你好 안녕 ༄༅ ᠮᠣᠩᠭᠣᠯ"),
        ("separators", "a\u{2028}b\u{2029}c\u{B}d\u{C}e\u{1C}f"),
        ("private use and unassigned", Self.scalars([0xE000, 0xF8FF, 0xF0000, 0x50000, 0xE01EF])),
    ] as [(String, String)])
    func hostileSequencesLayOut(name: String, string: String) {
        for wrapped in [false, true] {
            for width: CGFloat in [0, 1, 40, 400] {
                let laid = TestFonts.layout(string, TextStyle(font: "DejaVu Sans", fontSize: 16, isWrapped: wrapped, truncation: .middle), width: width)
                #expect(laid.size.width.isFinite && laid.size.height.isFinite, "\(name)")
                #expect(!laid.lines.isEmpty, "\(name)")
                for run in laid.runs { #expect(run.clusters.allSatisfy { $0 >= 0 && $0 <= string.utf16.count }, "\(name)") }
            }
        }
    }

    /// Noncharacters and unassigned code points the compiler will not take as literals.
    static func scalars(_ values: [UInt32]) -> String { String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init))) }

    @Test func icuGivesUAX14Classes() {
        // ICU's ULineBreak values: U_LB_REGIONAL_INDICATOR 39, U_LB_COMPLEX_CONTEXT (SA) 24, U_LB_ZWJ 42.
        #expect(strata_line_break_class(0x1F1EB) == 39)
        #expect(strata_line_break_class(0x0E01) == 24)
        #expect(strata_line_break_class(0x200D) == 42)
        #expect(strata_line_break_class(0xD800) == strata_line_break_class(0xFFFD))
    }
}
