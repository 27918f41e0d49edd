import Foundation
import StrataCore

/// Text that reaches every class the text stack tells apart: each UAX #14 line-break class (ICU's line
/// breaker), each UAX #9 bidi class (FriBiDi), many scripts (HarfBuzz's shapers, fontconfig's fallback,
/// FreeType's faces), emoji sequences, variation selectors, long mark runs, controls, noncharacters,
/// private use, unassigned code points, separators and long words; and the font names, sizes, bounds and
/// attribute runs that go with them. Every size is bounded (`maxUTF16`, `ValueRule`'s limits).
///
/// Text is made as UTF-16 units, so a piece may hold lone surrogates (class `lb:SG`, sequence
/// `seq:lone-surrogates`). The wire carries strings as UTF-8 (`ByteWriter.string`, validated when decoded)
/// and `AttributedText` holds a Swift `String`, so neither can carry them: `Text.string` turns each into
/// U+FFFD, one unit for one, so UTF-16 offsets and lengths stay. Only the libFuzzer text target's byte
/// format keeps the units, and layout sees them repaired the same way.
public struct TextGenerator: Sendable {
    /// A named set of code points: a UAX #14 or UAX #9 class, a script, a kind of special code point.
    /// Values are UTF-16-encodable code points, or surrogates (0xD800…0xDFFF) alone for `lb:SG`.
    public struct CodePointClass: Sendable {
        public let name: String
        public let scalars: [UInt32]
        /// Whole words of a script (shaped as real text is), besides its code points.
        public let words: [String]

        init(_ name: String, _ scalars: [UInt32], words: [String] = []) {
            self.name = name; self.scalars = scalars; self.words = words
        }
    }

    /// One piece of generated text, with where it came from ("lb:RI", "bidi:AN", "script:Thai",
    /// "special:noncharacter", "seq:zwj-emoji", …).
    public struct Piece: Sendable, Equatable {
        public var source: String
        public var units: [UInt16]
    }

    /// Generated text: UTF-16 units and the sources of its pieces.
    public struct Text: Sendable, Equatable {
        public var units: [UInt16]
        public var sources: [String]
        /// The text as a Swift string: a lone surrogate becomes U+FFFD, one unit for one.
        public var string: String { String(decoding: units, as: UTF16.self) }
    }

    /// The longest text made (UTF-16 units); pieces are cut to fit.
    public var maxUTF16: Int
    /// Share of extreme or malformed values (font sizes, bounds, font names) where the caller allows them.
    public var extremeShare = 0.1

    public init(maxUTF16: Int = 4096) { self.maxUTF16 = max(0, min(maxUTF16, ValueRule.maxTextLength)) }

    // MARK: text

    /// Text of up to `limit` (at most `maxUTF16`) units: mostly a handful of pieces, now and then hundreds.
    public func text(_ r: inout FuzzRandom, limit: Int? = nil) -> Text {
        let limit = max(0, min(limit ?? maxUTF16, maxUTF16))
        var out = Text(units: [], sources: [])
        for _ in 0..<r.skewed(r.chance(0.1) ? 400 : 24) {
            let room = limit - out.units.count
            guard room > 0 else { break }
            let p = piece(&r, room: room)
            out.units += p.units.prefix(room)
            out.sources.append(p.source)
        }
        return out
    }

    /// One piece of at most `room` units (cut at `room` when longer: a cut may leave a lone surrogate,
    /// which is wanted).
    public func piece(_ r: inout FuzzRandom, room: Int = 512) -> Piece {
        var p: Piece
        switch r.int(0...5) {
        case 0: p = fromClass(Self.lineBreakClasses, prefix: "lb", &r)
        case 1: p = fromClass(Self.bidiClasses, prefix: "bidi", &r)
        case 2: p = script(&r)
        case 3: p = fromClass(Self.specialClasses, prefix: "special", &r)
        case 4: p = sequence(r.pick(Self.sequenceKinds) ?? "ri-pair", &r, room: room)
        default: p = filler(&r)
        }
        if p.units.count > room { p.units.removeSubrange(room...) }
        return p
    }

    /// 1…4 code points of one class (a single one most often).
    private func fromClass(_ table: [CodePointClass], prefix: String, _ r: inout FuzzRandom) -> Piece {
        guard let c = r.pick(table) else { return Piece(source: prefix, units: []) }
        var units: [UInt16] = []
        for _ in 0..<(r.chance(0.6) ? 1 : r.int(2...4)) { units += Self.utf16(r.pick(c.scalars) ?? 0x20) }
        return Piece(source: "\(prefix):\(c.name)", units: units)
    }

    /// A word of a script, or letters of its ranges in any order (marks where they fall).
    private func script(_ r: inout FuzzRandom) -> Piece {
        guard let s = r.pick(Self.scripts) else { return Piece(source: "script", units: []) }
        if r.chance(0.6), let w = r.pick(s.words) { return Piece(source: "script:\(s.name)", units: Array(w.utf16)) }
        var units: [UInt16] = []
        for _ in 0..<r.int(1...12) { units += Self.utf16(r.pick(s.scalars) ?? 0x61) }
        return Piece(source: "script:\(s.name)", units: units)
    }

    /// Spaces and ASCII words between the rest, so lines have ordinary break opportunities too.
    private func filler(_ r: inout FuzzRandom) -> Piece {
        let words = [" ", " ", "Lorem ipsum ", "dolor", " sit amet, ", "\n", "\r\n", "\t", "a", "Hello, world. ", "x y"]
        return Piece(source: "filler", units: Array((r.pick(words) ?? " ").utf16))
    }

    /// The UTF-16 units of a code point; a surrogate code point is its one unit.
    static func utf16(_ v: UInt32) -> [UInt16] {
        if v < 0x1_0000 { return [UInt16(v)] }
        guard v <= 0x10_FFFF else { return [0xFFFD] }
        let x = v - 0x1_0000
        return [UInt16(0xD800 | (x >> 10)), UInt16(0xDC00 | (x & 0x3FF))]
    }

    static func units(_ scalars: [UInt32]) -> [UInt16] { scalars.flatMap(utf16) }

    // MARK: sequences

    /// Every kind of multi-code-point sequence `sequence(_:_:room:)` makes.
    public static let sequenceKinds = [
        "ri-pair", "ri-odd-run", "ri-marks", "zwj-emoji", "zwj-broken", "emoji-modifier", "tag-sequence", "keycap",
        "vs-emoji", "vs-ideographic", "vs-odd", "mark-run", "marks-without-base", "long-word", "hangul-jamo",
        "bidi-nesting", "bidi-brackets", "bidi-numbers", "newlines", "indic-cluster", "arabic-joining", "spaces",
        "lone-surrogates", "url",
    ]

    static let flags: [[UInt32]] = [[0x1F1EB, 0x1F1F7], [0x1F1EF, 0x1F1F5], [0x1F1FA, 0x1F1F8], [0x1F1EE, 0x1F1F3], [0x1F1EA, 0x1F1FA],
                                    [0x1F1FA, 0x1F1F3]]
    static let zwjEmoji = ["👨‍👩‍👧‍👦", "🏳️‍🌈", "👩🏽‍💻", "🧑‍🤝‍🧑", "🏴‍☠️", "👁️‍🗨️", "🧑🏿‍🦰", "❤️‍🔥", "🐻‍❄️", "👩‍❤️‍💋‍👨"]
    static let combiningMarks: [UInt32] = [0x0300, 0x0301, 0x0308, 0x0323, 0x0327, 0x0334, 0x0345, 0x036F, 0x0483, 0x0488, 0x0591, 0x05B4,
                                           0x064B, 0x0670, 0x093C, 0x094D, 0x0E48, 0x1AB0, 0x1DC0, 0x20D0, 0x20DD, 0x20E3, 0xFE20, 0x1D167]

    /// A multi-code-point sequence of `kind` (one of `sequenceKinds`), at most about `room` units long: one
    /// case per Unicode class the text libraries distinguish, in three tables (emoji and their sequences,
    /// marks, jamo, bidi controls, breaks and spaces as scalars, and the kinds given as UTF-16 units).
    public func sequence(_ kind: String, _ r: inout FuzzRandom, room: Int = 512) -> Piece {
        let room = max(1, room)
        let scalars = emojiSequence(kind, &r, room: room) ?? scriptSequence(kind, &r, room: room)
        return Piece(source: "seq:\(kind)", units: scalars.map(Self.units) ?? unitSequence(kind, &r, room: room))
    }

    private func ri(_ r: inout FuzzRandom) -> UInt32 { UInt32(0x1F1E6 + r.int(0...25)) }
    private func mark(_ r: inout FuzzRandom) -> UInt32 { r.pick(Self.combiningMarks) ?? 0x301 }

    /// Regional indicators, ZWJ sequences, emoji modifiers, tags, keycaps and variation selectors.
    private func emojiSequence(_ kind: String, _ r: inout FuzzRandom, room: Int) -> [UInt32]? {
        var s: [UInt32] = []
        switch kind {
        case "ri-pair":
            s = r.chance(0.5) ? (r.pick(Self.flags) ?? []) : [ri(&r), ri(&r)]
        case "ri-odd-run":
            s = (0..<(2 * r.int(0...min(40, room / 4)) + 1)).map { _ in ri(&r) }
        case "ri-marks":
            switch r.int(0...6) {
            case 0: s = [ri(&r), mark(&r)]
            case 1: s = [0x61, mark(&r), ri(&r), ri(&r)]
            case 2: s = [ri(&r), 0x200D, ri(&r)]
            case 3: s = [ri(&r), 0xFE0F, ri(&r)]
            case 4: s = [ri(&r), 0x1F3FD, ri(&r)]
            case 5: s = [ri(&r), 0x20E3]
            default: s = [mark(&r), ri(&r), mark(&r), ri(&r), mark(&r)]
            }
        case "zwj-broken":
            s = r.pick([[0x200D, 0x1F600], [0x1F600, 0x200D], [0x1F468, 0x200D, 0x200D, 0x1F469], [0x61, 0x200D, 0x62],
                        [0x0628, 0x200D, 0x0628], [0x0645, 0x200C, 0x06CC], [0x0915, 0x094D, 0x200D, 0x0937], [0x200D],
                        [0x1F468, 0x200D, 0x0301, 0x1F469], [0x200D, 0x200D, 0x200D]]) ?? [0x200D]
        case "emoji-modifier":
            let em = UInt32(0x1F3FB + r.int(0...4))
            s = r.pick([[0x1F44D, em], [0x61, em], [em], [em, em], [0x1F466, em, 0x200D, 0x1F467, em], [0x261D, 0xFE0F, em],
                        [0x1F600, em], [0x1F44D, 0x0301, em]]) ?? [em]
        case "tag-sequence":
            let tags = (0..<r.int(1...8)).map { _ in UInt32(0xE0020 + r.int(0...0x5E)) }
            switch r.int(0...4) {
            case 0: s = [0x1F3F4, 0xE0067, 0xE0062, 0xE0065, 0xE006E, 0xE0067, 0xE007F]  // England
            case 1: s = [0x1F3F4, 0xE0067, 0xE0062, 0xE0073, 0xE0063, 0xE0074, 0xE007F]  // Scotland
            case 2: s = [0x1F3F4] + tags  // no cancel tag
            case 3: s = [0xE007F] + tags + [0xE007F]  // cancel tags without a base
            default: s = [0x61, 0xE0001] + tags + [0xE007F]  // after a letter, with the language tag
            }
        case "keycap":
            s = [r.pick([0x30, 0x31, 0x39, 0x23, 0x2A, 0x61]) ?? 0x31] + (r.chance(0.7) ? [0xFE0F] : []) + [0x20E3]
        case "vs-emoji":
            s = [r.pick([0x2764, 0x263A, 0x2601, 0x1F600, 0x0023, 0x00A9, 0x2122, 0x1F1EB]) ?? 0x2764, r.chance(0.5) ? 0xFE0E : 0xFE0F]
        case "vs-ideographic":
            s = [r.pick([0x845B, 0x8FBB, 0x4E00, 0x9089, 0x61]) ?? 0x845B, UInt32(0xE0100 + r.int(0...0xEF))]
        case "vs-odd":
            let vs = r.chance(0.5) ? UInt32(0xFE00 + r.int(0...15)) : UInt32(0xE0100 + r.int(0...0xEF))
            s = r.pick([[vs], [vs, vs, vs], [0x301, vs], [0x0A, vs], [0x1820, 0x180B, 0x180C], [0x20, vs], [0x200D, vs]]) ?? [vs]
        default: return nil
        }
        return s
    }

    /// Runs of marks, Hangul jamo, bidi controls, line breaks and spaces.
    private func scriptSequence(_ kind: String, _ r: inout FuzzRandom, room: Int) -> [UInt32]? {
        var s: [UInt32] = []
        switch kind {
        case "mark-run":
            // About the stream-safe cut (30 extending characters) and well past it.
            let n = r.chance(0.5) ? r.int(28...33) : r.skewed(max(1, min(room - 1, 600)))
            s = [r.pick([0x61, 0x0915, 0x0E01, 0x05D0, 0x0628, 0x1F600, 0x4E00]) ?? 0x61] + (0..<n).map { _ in mark(&r) }
        case "marks-without-base":
            s = [r.pick([0x20, 0x0A, 0x09, 0x200B, 0x1F1E6]) ?? 0x20] + (0..<r.int(1...8)).map { _ in mark(&r) }
            if r.chance(0.3) { s.removeFirst() }
        case "hangul-jamo":
            func l() -> UInt32 { UInt32(0x1100 + r.int(0...18)) }
            func v() -> UInt32 { UInt32(0x1161 + r.int(0...20)) }
            func t() -> UInt32 { UInt32(0x11A8 + r.int(0...26)) }
            s = r.pick([[l(), v(), t()], [l(), l(), v(), v(), t(), t()], [t(), v(), l()], [0x115F, 0x1160], [v()], [0xAC00, t()],
                        [0xAC01, v()], [l(), 0xAC00]]) ?? [0x1100]
        case "bidi-nesting":
            // Past FriBiDi's and UAX #9's maximum depth (125), unbalanced, or mixed.
            let openers: [UInt32] = [0x202A, 0x202B, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068]
            let depth = r.chance(0.5) ? r.int(120...130) : r.int(1...10)
            for _ in 0..<min(depth, room / 3) {
                s.append(r.pick(openers) ?? 0x202B)
                s.append(r.pick([0x61, 0x05D0, 0x0628, 0x31]) ?? 0x61)
            }
            for _ in 0..<r.int(0...depth) { s.append(r.pick([0x202C, 0x2069]) ?? 0x202C) }
        case "newlines":
            let breaks: [[UInt32]] = [[0x0D, 0x0A], [0x0D], [0x0A], [0x0D, 0x0D, 0x0A], [0x0A, 0x0D], [0x85], [0x2028], [0x2029], [0x0B],
                                      [0x0C], [0x1C], [0x1D], [0x1E]]
            for _ in 0..<r.skewed(min(64, room / 2)) + 1 { s += r.pick(breaks) ?? [0x0A] }
        case "spaces":
            let spaces: [UInt32] = [0x20, 0xA0, 0x1680, 0x2000, 0x2003, 0x2007, 0x2009, 0x200A, 0x202F, 0x205F, 0x3000, 0x09, 0x200B]
            s = (0..<r.skewed(min(64, room)) + 1).map { _ in r.pick(spaces) ?? 0x20 }
        default: return nil
        }
        return s
    }

    /// The kinds given as UTF-16 units (lone surrogates only UTF-16 holds; the rest read as written).
    private func unitSequence(_ kind: String, _ r: inout FuzzRandom, room: Int) -> [UInt16] {
        var units: [UInt16] = []
        switch kind {
        case "zwj-emoji":
            units = Array((r.pick(Self.zwjEmoji) ?? "👨‍👩‍👧‍👦").utf16)
        case "long-word":
            units = longWord(&r, room: room)
        case "bidi-brackets":
            units = Array((r.pick(["(abc [אבג) def]", "a (ב) c", "[مرحبا (hello]) ]", "(((א)))", "‏(a)‏", "«שלום»", "{a [b (c} d] e)",
                                   "a(ب[c)د]", "\u{2067}(a\u{2069})"]) ?? "(a)").utf16)
        case "bidi-numbers":
            units = Array((r.pick(["١٢٣٫٤٥", "۱۲۳", "$-12,345.67", "+1 (555) 123-4567", "50%", "٥٠٪", "12:30", "1/2", "א 123 ב",
                                   "ب 1.2.3 ج", "\u{0600}١٢٣", "-1e-9", "#1", "10°C"]) ?? "1").utf16)
        case "indic-cluster":
            units = Array((r.pick(["क्ष्म्य", "र्क्", "ক্ষ্ম", "ஸ்ரீ", "ក្ខ្ម", "ကျွန်ုပ်", "བསྒྲུབས", "ශ්‍රී", "ज़्", "क़ि",
                                   "\u{094D}\u{094D}\u{094D}", "ि", "ा क"]) ?? "क्ष").utf16)
        case "arabic-joining":
            units = Array((r.pick(["لا", "ﻻ", "ـــ", "بِّسْمِ", "ب‍", "‍ب", "ه‌ی", "لله", "ﷺ", "ﷲ", "مـــــحمد", "ٰٓ", "ۖۗ"]) ?? "لا").utf16)
        case "lone-surrogates":
            // Only UTF-16 holds these; a String repairs each to U+FFFD.
            units = r.pick([[0xD800], [0xDC00], [0xDC00, 0xD800], [0xD83D], [0xD83D, 0x41, 0xDE00], [0xDBFF, 0xDBFF], [0xDFFF]]) ?? [0xD800]
        default:  // url
            units = Array((r.pick(["https://example.com/a/b?c=d&e=f#g", "http://xn--nxasmq6b.com/", "mailto:a@b.c",
                                   "https://例え.テスト/パス", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "C:\\Windows\\Fonts"]) ?? "").utf16)
        }
        return units
    }

    /// One word with no break opportunity inside (or only those of its script's dictionary): Latin, Thai,
    /// Lao, Khmer, Myanmar (dictionary breaking), CJK (a break between every character), Arabic, digits.
    private func longWord(_ r: inout FuzzRandom, room: Int) -> [UInt16] {
        let bases = ["abcdefghij", "สวัสดีครับ", "ພາສາລາວ", "ភាសាខ្មែរ", "မြန်မာစာ", "漢字仮名交じり文", "مرحبابكم", "0123456789", "שלוםעולם", "😀😁😂"]
        let base = Array((r.pick(bases) ?? "abc").utf16)
        let n = min(room, r.chance(0.2) ? r.int(1000...max(1000, room)) : r.int(50...500))
        var out: [UInt16] = []
        out.reserveCapacity(n)
        while out.count < n { out += base }
        // Cut back to a whole scalar so a long word is not a lone-surrogate test too.
        var end = min(n, out.count)
        while end > 0, end < out.count, UTF16.isTrailSurrogate(out[end]) { end -= 1 }
        return Array(out[..<end])
    }

    // MARK: fonts, sizes, bounds, runs

    /// Families fontconfig has here (Debian 12's DejaVu and Noto, Tests/Fonts/fonts.conf), generic names,
    /// PostScript-style names, fontconfig pattern syntax, names that match nothing.
    public static let fontNames = [
        "DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Noto Sans", "Noto Serif", "Noto Sans Thai", "Noto Sans Arabic",
        "Noto Naskh Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari", "Noto Sans Bengali", "Noto Sans Tamil", "Noto Sans Khmer",
        "Noto Sans Myanmar", "Noto Sans Lao", "Noto Serif Tibetan", "Noto Sans Mongolian", "Noto Sans CJK SC", "Noto Sans CJK JP",
        "Noto Serif CJK KR", "Noto Color Emoji", "Noto Sans Symbols", "Noto Sans Math", "Noto Nastaliq Urdu", "Noto Sans Adlam",
        "sans-serif", "serif", "monospace", "cursive", "fantasy", "system-ui", "emoji", "math",
        "Helvetica", "Helvetica-Bold", "Helvetica-BoldOblique", "Times-Roman", "Courier-Oblique", "DejaVuSans-BoldOblique",
        "NotoSans-Italic", "ArialMT", "Arial-BoldItalicMT", ".AppleSystemUIFont", "Menlo-Regular",
        "DejaVu Sans:bold", "Noto Sans:lang=ar", "sans-serif:size=999", "Noto Sans-12", ":pixelsize=0", ":", "-", "--", "Bold", "\\:",
        // UIFont's names (StrataUIKit's UIFont.swift): fontconfig's numeric weight and slant, in range and not.
        "sans-serif:weight=80", "sans-serif:weight=200", "monospace:weight=0", "sans-serif:slant=100",
        "sans-serif:weight=-1", "sans-serif:weight=99999999999999999999", "sans-serif:weight=nan", "sans-serif:slant=",
        "NoSuchFont", "ＭＳ ゴシック", "微软雅黑", "Noto Sans 🇫🇷", "\u{0}", "a\u{0}b", "\n", "%s%n", "../../../etc/passwd",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "file:///dev/zero", "",
    ]

    /// A font name: usually a listed one, else garbage, sometimes as long as the wire allows (256 bytes);
    /// with `wireValid` false, longer too (up to 4096 bytes, which the wire refuses).
    public func fontName(_ r: inout FuzzRandom, wireValid: Bool = true) -> String {
        if !r.chance(extremeShare) { return r.pick(Self.fontNames) ?? "" }
        let limit = wireValid ? ValueRule.maxFontNameLength : 4096
        switch r.int(0...3) {
        case 0: return String(repeating: "x", count: r.chance(0.5) ? ValueRule.maxFontNameLength : r.int(0...limit))
        case 1: return Self.truncatedUTF8(String(repeating: "Noto Sans ", count: 40), limit)
        case 2:
            // Random scalars, cut to whole scalars within the limit.
            let s = String(String.UnicodeScalarView((0..<r.int(1...64)).compactMap { _ in Unicode.Scalar(UInt32(r.int(0...0x10FFFF))) }))
            return Self.truncatedUTF8(s, limit)
        default: return Self.truncatedUTF8(text(&r, limit: 64).string, limit)
        }
    }

    static func truncatedUTF8(_ s: String, _ bytes: Int) -> String {
        var out = String.UnicodeScalarView()
        var n = 0
        for c in s.unicodeScalars {
            n += String(c).utf8.count
            if n > bytes { break }
            out.append(c)
        }
        return String(out)
    }

    /// A font size: mostly 4…72 points; extremes now and then. `wireValid` keeps to the wire's 0…4096
    /// (finite); otherwise 0, −0, negative, NaN, ±inf, tiny and huge come up too.
    public func fontSize(_ r: inout FuzzRandom, wireValid: Bool = true) -> CGFloat {
        if r.chance(extremeShare) {
            let valid: [CGFloat] = [0, -0.0, .leastNonzeroMagnitude, 1e-9, 0.01, 0.5, 1, 1000, 4095.99, ValueRule.maxFontSize]
            let invalid: [CGFloat] = [-1, -12, .nan, .infinity, -.infinity, 4096.0001, 1e5, 100_001, 1e300, .greatestFiniteMagnitude]
            return r.pick(wireValid || r.chance(0.5) ? valid : invalid) ?? 0
        }
        return r.chance(0.5) ? CGFloat(r.int(4...72)) : CGFloat(r.double(4...72))
    }

    /// A number for bounds, kern or baseline offset: plausible mostly; extremes (any finite one when
    /// `finite`, else NaN and infinities too) now and then.
    public func extent(_ r: inout FuzzRandom, finite: Bool = true, plausible: ClosedRange<Double> = 0...400) -> CGFloat {
        if r.chance(extremeShare) {
            let finiteOnes: [CGFloat] = [0, -0.0, -1, -100, .leastNonzeroMagnitude, 1e-9, 0.5, 1, 16384, 1e6, 1e300, -1e300, .greatestFiniteMagnitude]
            return r.pick(finite || r.chance(0.5) ? finiteOnes : [.nan, .infinity, -.infinity]) ?? 0
        }
        return CGFloat(r.double(plausible))
    }

    public func bounds(_ r: inout FuzzRandom, finite: Bool = true) -> CGSize {
        CGSize(width: extent(&r, finite: finite), height: r.chance(0.3) ? 0 : extent(&r, finite: finite))
    }

    /// Attribute runs over a text of `length` UTF-16 units. `wireValid`: in order, not overlapping, inside
    /// the text, at most `ValueRule.maxTextRuns`, attributes in range (what the wire and the property's rule
    /// take); otherwise also overlapping, out of range, empty and negative runs, more than the wire takes,
    /// and non-finite sizes. Boundaries fall anywhere, inside surrogate pairs and clusters too.
    public func runs(length: Int, _ r: inout FuzzRandom, wireValid: Bool = true) -> [TextRun] {
        let maxRuns = wireValid ? ValueRule.maxTextRuns : ValueRule.maxTextRuns + 1
        let count = r.chance(0.02) ? min(maxRuns, r.chance(0.5) ? maxRuns : r.int(256...maxRuns)) : r.skewed(16)
        var runs: [TextRun] = []
        runs.reserveCapacity(count)
        var at = 0
        for _ in 0..<count {
            var location: Int, len: Int
            if wireValid {
                guard at <= length else { break }
                location = min(length, at + (r.chance(0.5) ? 0 : r.skewed(max(1, (length - at) / 2))))
                len = r.chance(0.1) ? 0 : r.skewed(max(0, length - location))
                len = min(len, length - location)
            } else {
                switch r.int(0...5) {
                case 0: location = r.int(0...max(0, length)); len = r.skewed(length + 10)  // overlapping, maybe past the end
                case 1: location = length + r.int(0...10); len = r.int(0...10)
                case 2: location = r.int(-5...max(0, length)); len = r.int(-5...5)
                case 3: location = r.int(0...max(0, length)); len = .max
                default: location = min(length, at + r.skewed(8)); len = r.skewed(max(1, length - location))
                }
            }
            runs.append(TextRun(location: location, length: len, attributes: attributes(&r, wireValid: wireValid)))
            at = max(at, location + max(0, min(len, length)))
        }
        return runs
    }

    public func attributes(_ r: inout FuzzRandom, wireValid: Bool = true) -> TextAttributes {
        var a = TextAttributes()
        if r.chance(0.4) { a.font = fontName(&r, wireValid: wireValid) }
        if r.chance(0.4) { a.fontSize = fontSize(&r, wireValid: wireValid) }
        if r.chance(0.3) { a.foregroundColor = Color(red: r.double(0...1), green: r.double(0...1), blue: r.double(0...1), alpha: r.double(0...1)) }
        if r.chance(0.2) { a.underline = LineStyle(rawValue: UInt8(r.int(0...3))) ?? .none }
        if r.chance(0.2) { a.strikethrough = LineStyle(rawValue: UInt8(r.int(0...3))) ?? .none }
        if r.chance(0.1) { a.underlineColor = Color(red: 1, green: 0, blue: 0, alpha: 1) }
        // The wire takes kern and baseline offsets within ±maxFontSize.
        let bound = Double(ValueRule.maxFontSize)
        if r.chance(0.2) { a.kern = clampIf(wireValid, extent(&r, finite: wireValid, plausible: -10...20), bound) }
        if r.chance(0.2) { a.baselineOffset = clampIf(wireValid, extent(&r, finite: wireValid, plausible: -20...20), bound) }
        return a
    }

    private func clampIf(_ clamp: Bool, _ x: CGFloat, _ bound: Double) -> CGFloat {
        clamp ? CGFloat(min(bound, max(-bound, Double(x)))) : x
    }

    /// Attributed text: a generated string and runs over it (see `runs`).
    public func attributedText(_ r: inout FuzzRandom, limit: Int? = nil, wireValid: Bool = true) -> AttributedText {
        let t = text(&r, limit: limit)
        return AttributedText(t.string, runs: runs(length: t.units.count, &r, wireValid: wireValid))
    }
}
