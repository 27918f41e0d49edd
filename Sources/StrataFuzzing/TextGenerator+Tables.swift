import Foundation
import StrataCore

/// The classes TextGenerator draws text from: UAX #14 line-break classes, UAX #9 bidi classes, scripts and
/// the special classes, each with representative code points.
extension TextGenerator {
    // MARK: tables

    /// UAX #14 line-break classes with representative code points. AK, AP, AS, VF and VI are Unicode 15.1's
    /// and HH 16.0's: older data (ICU 72 in Debian 12) gives those code points AL, NU, CM or BA, which is
    /// worth fuzzing too. U+25CC (AL) is named by 15.1's rule LB28a.
    public static let lineBreakClasses: [CodePointClass] = [
        .init("BK", [0x000B, 0x000C, 0x2028, 0x2029]),
        .init("CR", [0x000D]),
        .init("LF", [0x000A]),
        .init("NL", [0x0085]),
        .init("CM", [0x0001, 0x001F, 0x0300, 0x036F, 0x0488, 0x0903, 0x20DD, 0x20E3, 0xFE20, 0x1D165]),
        .init("SG", [0xD800, 0xDBFF, 0xDC00, 0xDFFF]),
        .init("WJ", [0x2060, 0xFEFF]),
        .init("ZW", [0x200B]),
        .init("GL", [0x00A0, 0x034F, 0x0F0C, 0x180E, 0x2007, 0x202F]),
        .init("SP", [0x0020]),
        .init("ZWJ", [0x200D]),
        .init("B2", [0x2014, 0x2E3A, 0x2E3B]),
        .init("BA", [0x0009, 0x00AD, 0x05BE, 0x0F0B, 0x1680, 0x2000, 0x200A, 0x2013, 0x3000]),
        .init("BB", [0x00B4, 0x02C8, 0x02CC, 0x02DF, 0x0F01, 0x1806]),
        .init("HY", [0x002D]),
        .init("CB", [0xFFFC]),
        .init("CL", [0x007D, 0x3001, 0x3002, 0x300D, 0xFE5A, 0xFF09]),
        .init("CP", [0x0029, 0x005D]),
        .init("EX", [0x0021, 0x003F, 0x05C6, 0x061F, 0xFF01]),
        .init("IN", [0x2024, 0x2025, 0x2026, 0xFE19]),
        .init("NS", [0x203C, 0x3005, 0x301C, 0x30FB, 0x309D, 0x30FD]),
        .init("OP", [0x0028, 0x005B, 0x007B, 0x00A1, 0x00BF, 0x3008, 0xFF08]),
        .init("QU", [0x0022, 0x0027, 0x00AB, 0x00BB, 0x2018, 0x2019, 0x201C, 0x201D, 0x275B]),
        .init("IS", [0x002C, 0x002E, 0x003A, 0x003B, 0x037E, 0x0589, 0x060C, 0xFE10]),
        .init("NU", [0x0030, 0x0039, 0x0660, 0x06F0, 0x0966, 0x0E50, 0x1040, 0x17E0]),
        .init("PO", [0x0025, 0x00A2, 0x00B0, 0x066A, 0x2030, 0x2032, 0x2103]),
        .init("PR", [0x0024, 0x002B, 0x005C, 0x00A3, 0x00A5, 0x00B1, 0x20AC, 0x2116]),
        .init("SY", [0x002F]),
        .init("AI", [0x00A7, 0x00A8, 0x00B6, 0x2020, 0x2460, 0x25A0]),
        .init("AK", [0x1B13, 0xA98F, 0x11013]),
        .init("AP", [0x11003, 0x11004, 0x1193F]),
        .init("AS", [0x1B05, 0xA984, 0x11005]),
        .init("VF", [0x1BF2, 0x1BF3]),
        .init("VI", [0x1B44, 0xA9C0, 0x11046]),
        .init("HH", [0x058A, 0x2010]),
        .init("AL", [0x0023, 0x0026, 0x002A, 0x0041, 0x007A, 0x00C0, 0x0391, 0x0410, 0x0627, 0x0915, 0x0995, 0x0B95, 0x0F40, 0x1820, 0x25CC]),
        .init("CJ", [0x3041, 0x30A1, 0x30FC, 0x31F0, 0xFF67]),
        .init("EB", [0x261D, 0x26F9, 0x1F3C3, 0x1F44D, 0x1F466]),
        .init("EM", [0x1F3FB, 0x1F3FC, 0x1F3FD, 0x1F3FE, 0x1F3FF]),
        .init("H2", [0xAC00, 0xAC1C, 0xD788]),
        .init("H3", [0xAC01, 0xAC1B, 0xD7A3]),
        .init("HL", [0x05D0, 0x05D1, 0x05EA, 0xFB2A]),
        .init("ID", [0x2E80, 0x3042, 0x30A2, 0x3400, 0x4E00, 0x6F22, 0xF900, 0x1F600, 0x20000]),
        .init("JL", [0x1100, 0x1112, 0x115F, 0xA960]),
        .init("JV", [0x1160, 0x1161, 0x11A7, 0xD7B0]),
        .init("JT", [0x11A8, 0x11FF, 0xD7CB]),
        .init("RI", [0x1F1E6, 0x1F1EB, 0x1F1F7, 0x1F1FF]),
        .init("SA", [0x0E01, 0x0E31, 0x0E81, 0x1000, 0x1780, 0x1950, 0xAA80]),
        .init("XX", [0x0378, 0xE000, 0xF0000, 0xFDD0]),
    ]

    /// UAX #9 bidi classes with representative code points (the explicit formatting characters each a class).
    public static let bidiClasses: [CodePointClass] = [
        .init("L", [0x0041, 0x00C0, 0x0915, 0x0E01, 0x4E00, 0x200E]),
        .init("R", [0x05D0, 0x05EA, 0x07C0, 0x0800, 0xFB1D, 0x200F]),
        .init("AL", [0x0627, 0x0628, 0x0644, 0x06C1, 0x0710, 0x0780, 0x061C]),
        .init("EN", [0x0030, 0x0039, 0x00B2, 0x06F0, 0xFF10]),
        .init("ES", [0x002B, 0x002D, 0x207A, 0xFB29]),
        .init("ET", [0x0023, 0x0024, 0x0025, 0x00A2, 0x00B0, 0x066A, 0x20AC]),
        .init("AN", [0x0600, 0x0660, 0x0669, 0x066B, 0x066C]),
        .init("CS", [0x002C, 0x002E, 0x002F, 0x003A, 0x00A0, 0x060C, 0x202F, 0xFE50]),
        .init("NSM", [0x0300, 0x0591, 0x064B, 0x0941, 0x20D0, 0xFE00, 0xE0100]),
        .init("BN", [0x0000, 0x0008, 0x000E, 0x001B, 0x007F, 0x0080, 0x00AD, 0x200B, 0x200D, 0x2060, 0xFEFF, 0xE0001]),
        .init("B", [0x000A, 0x000D, 0x001C, 0x001D, 0x001E, 0x0085, 0x2029]),
        .init("S", [0x0009, 0x000B, 0x001F]),
        .init("WS", [0x000C, 0x0020, 0x1680, 0x2000, 0x2028, 0x205F, 0x3000]),
        .init("ON", [0x0021, 0x0022, 0x0026, 0x0028, 0x002A, 0x00A1, 0x2018, 0x2190, 0x25A0, 0x1F600]),
        .init("LRE", [0x202A]),
        .init("RLE", [0x202B]),
        .init("PDF", [0x202C]),
        .init("LRO", [0x202D]),
        .init("RLO", [0x202E]),
        .init("LRI", [0x2066]),
        .init("RLI", [0x2067]),
        .init("FSI", [0x2068]),
        .init("PDI", [0x2069]),
    ]

    /// Scripts: ranges of their blocks (letters, marks, digits and holes alike) and real words.
    public static let scripts: [CodePointClass] = [
        .init("Latin", Array(0x41...0x5A) + Array(0x61...0x7A) + Array(0xC0...0x24F) + Array(0x1E00...0x1EFF),
              words: ["Lorem", "naïve", "ﬁnancial", "Straße", "ǅemal", "Ångström", "e\u{301}te\u{301}", "Ĳssel"]),
        .init("Greek", Array(0x370...0x3FF) + Array(0x1F00...0x1FFF), words: ["Ελληνικά", "ἄνθρωπος", "ΐ"]),
        .init("Cyrillic", Array(0x400...0x52F), words: ["Привет", "мир", "ёжик", "й"]),
        .init("Armenian", Array(0x531...0x58F), words: ["Բարեւ", "և"]),
        .init("Georgian", Array(0x10A0...0x10FF), words: ["გამარჯობა"]),
        .init("Arabic", Array(0x600...0x6FF) + Array(0x750...0x77F) + Array(0xFB50...0xFDFF) + Array(0xFE70...0xFEFF),
              words: ["مرحبا", "السلام عليكم", "بِسْمِ اللَّهِ", "لا", "ﻻ", "فارسی", "اردو"]),
        .init("Hebrew", Array(0x591...0x5F4) + Array(0xFB1D...0xFB4F), words: ["שָׁלוֹם", "עברית", "בְּרֵאשִׁית"]),
        .init("Syriac", Array(0x700...0x74F), words: ["ܫܠܡܐ"]),
        .init("Thaana", Array(0x780...0x7BF), words: ["ދިވެހި"]),
        .init("NKo", Array(0x7C0...0x7FF), words: ["ߒߞߏ"]),
        .init("Devanagari", Array(0x900...0x97F), words: ["नमस्ते", "क्षत्रिय", "हिन्दी", "र्क", "द्ध्र्य"]),
        .init("Bengali", Array(0x980...0x9FF), words: ["বাংলা", "ক্ষ", "র‍্যাব"]),
        .init("Tamil", Array(0xB80...0xBFF), words: ["தமிழ்", "ஸ்ரீ", "க்ஷ"]),
        .init("Sinhala", Array(0xD80...0xDFF), words: ["සිංහල", "ශ්‍රී"]),
        .init("Thai", Array(0xE01...0xE5B), words: ["ภาษาไทย", "สวัสดีครับ", "กรุงเทพมหานคร", "ก้้้้"]),
        .init("Lao", Array(0xE81...0xEDF), words: ["ພາສາລາວ", "ສະບາຍດີ"]),
        .init("Tibetan", Array(0xF00...0xFFF), words: ["བོད་སྐད་", "ཀྵ", "བསྒྲུབས"]),
        .init("Myanmar", Array(0x1000...0x109F), words: ["မြန်မာ", "ကျွန်ုပ်", "နေကောင်းလား"]),
        .init("Khmer", Array(0x1780...0x17FF), words: ["ភាសាខ្មែរ", "ស្ត្រី", "សួស្តី"]),
        .init("Mongolian", Array(0x1800...0x18AF), words: ["ᠮᠣᠩᠭᠣᠯ", "ᠠ᠋", "ᠮᠣᠩᠭᠣᠯ ᠪᠢᠴᠢᠭ"]),
        .init("Ethiopic", Array(0x1200...0x137F), words: ["ሰላም"]),
        .init("Han", Array(0x4E00...0x9FFF) + Array(0x3400...0x4DBF) + Array(0x20000...0x2A6DF), words: ["你好世界", "漢字", "𠀋", "𩸽", "中文。"]),
        .init("Kana", Array(0x3041...0x30FF) + Array(0xFF66...0xFF9D), words: ["ひらがな", "カタカナ", "ｶﾀｶﾅ", "ちょっと", "ー"]),
        .init("Hangul", Array(0xAC00...0xD7A3) + Array(0x1100...0x11FF) + Array(0x3130...0x318F), words: ["한국어", "안녕하세요", "각"]),
        .init("Adlam", Array(0x1E900...0x1E95F), words: ["𞤀𞤣𞤤𞤢𞤥"]),
        .init("Emoji", Array(0x2600...0x27BF) + Array(0x1F300...0x1F64F) + Array(0x1F900...0x1F9FF), words: ["😀", "❤️", "👍🏽", "🏳️‍🌈", "🇫🇷"]),
        .init("Symbols", Array(0x2200...0x22FF) + Array(0x1D400...0x1D7FF) + Array(0x2500...0x257F), words: ["∑∫", "𝔸𝕓", "℃", "┌─┐"]),
    ]

    /// Code points the engines treat specially whatever their script.
    public static let specialClasses: [CodePointClass] = [
        .init("c0", Array(0x00...0x1F) + [0x7F]),
        .init("c1", Array(0x80...0x9F)),
        .init("noncharacter", Array(0xFDD0...0xFDEF) + (0...16).flatMap { [UInt32($0) << 16 | 0xFFFE, UInt32($0) << 16 | 0xFFFF] }),
        .init("private-use", [0xE000, 0xE8FF, 0xF8FF, 0xF0000, 0xFFFFD, 0x100000, 0x10FFFD]),
        .init("unassigned", [0x0378, 0x0379, 0x0380, 0x0381, 0x0382, 0x0383, 0x2FFFD, 0x3FFFD, 0x50000, 0xD0000, 0xE0080, 0xE01F0]),
        .init("line-separator", [0x2028]),
        .init("paragraph-separator", [0x2029]),
        .init("vs1-16", Array(0xFE00...0xFE0F)),
        .init("vs17+", Array(0xE0100...0xE01EF)),
        .init("mongolian-fvs", [0x180B, 0x180C, 0x180D, 0x180F]),
        .init("tag", [0xE0001] + Array(0xE0020...0xE007F)),
        .init("default-ignorable", [0x00AD, 0x034F, 0x115F, 0x1160, 0x17B4, 0x180E, 0x200B, 0x200C, 0x200E, 0x2060, 0x2064, 0x206F, 0x3164,
                                    0xFEFF, 0xFFA0, 0x1BCA0, 0x1BCA3, 0xE0000, 0xE0FFF]),
        .init("specials", [0xFFF9, 0xFFFA, 0xFFFB, 0xFFFC, 0xFFFD]),
        .init("space-separator", [0x0020, 0x00A0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009,
                                  0x200A, 0x202F, 0x205F, 0x3000]),
        .init("wild", (0..<64).map { i in
            // Spread over planes 0, 1, 2, 3, 14, 15 and 16 (fixed, so the table is the same in every run).
            let planes: [UInt32] = [0, 1, 2, 3, 14, 15, 16]
            let v = planes[i % planes.count] << 16 | UInt32(truncatingIfNeeded: (i &* 0x9E37) & 0xFFFF)
            return (0xD800...0xDFFF).contains(v) ? 0xFFFD : v
        }),
    ]

    /// Every class name a piece can carry, as `Piece.source` spells it.
    public static var allSources: [String] {
        lineBreakClasses.map { "lb:\($0.name)" } + bidiClasses.map { "bidi:\($0.name)" } + scripts.map { "script:\($0.name)" }
            + specialClasses.map { "special:\($0.name)" } + sequenceKinds.map { "seq:\($0)" } + ["filler"]
    }
}
