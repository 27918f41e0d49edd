import Foundation
import StrataCore

/// What the libFuzzer text target (`strata-fuzz-text`) lays out, and its byte format. Any bytes decode, and
/// always to the same input (missing bytes read as 0); `encode` writes the bytes `decode` reads back, so the
/// seed corpus is `TextGenerator`'s output.
///
///     u8 flags        bit 0 wrapped, bit 1 layer font present, bit 2 lay out twice and compare,
///                     bits 3–4 truncation mode, bits 5–7 alignment mode (mod 5)
///     number          fontSize, then bounds width, then bounds height
///     [font]          when flagged: u8 byte count, UTF-8 (invalid sequences become U+FFFD)
///     u16 run count   then each run:
///         u8 flags    bit 0 font, 1 fontSize, 2 colour, 3 kern, 4 baselineOffset, 5 location negated,
///                     6 length negated (0: Int.max, past every end), 7 decoration colours
///         u32 location, u32 length
///         u8          underline (low 2 bits), strikethrough (bits 4–5)
///         [font] [number fontSize] [4 bytes RGBA] [number kern] [number baselineOffset] as flagged
///     the rest        the string as UTF-16 little-endian units (lone surrogates allowed; an odd last byte
///                     is dropped)
///
/// A number is a tag byte: 0…15 special values (0, −0, NaN, ±inf, the smallest subnormal, …, the greatest
/// finite), 16 and 17 a u16 quarter-point count (positive, negative), 18 the 8 bytes of an f64, 19…255 the
/// whole numbers 0…236.
public struct TextFuzzInput: Equatable, Sendable {
    public var units: [UInt16]
    public var runs: [TextRun]
    public var font: String?
    public var fontSize: CGFloat
    public var bounds: CGSize
    public var isWrapped: Bool
    public var truncation: TruncationMode
    public var alignment: TextAlignmentMode
    /// Lay out twice and require equal results (layout is a pure function of its input).
    public var checksDeterminism: Bool

    public init(units: [UInt16], runs: [TextRun] = [], font: String? = nil, fontSize: CGFloat = 36, bounds: CGSize = .zero,
                isWrapped: Bool = false, truncation: TruncationMode = .none, alignment: TextAlignmentMode = .natural,
                checksDeterminism: Bool = false) {
        self.units = units; self.runs = runs; self.font = font; self.fontSize = fontSize; self.bounds = bounds
        self.isWrapped = isWrapped; self.truncation = truncation; self.alignment = alignment; self.checksDeterminism = checksDeterminism
    }

    /// The string layout sees: a lone surrogate becomes U+FFFD (one unit for one), as any `String` must.
    public var text: AttributedText { AttributedText(String(decoding: units, as: UTF16.self), runs: runs) }

    /// Most runs one input carries (the wire's bound; overlapping and out-of-range runs included).
    public static let maxRuns = ValueRule.maxTextRuns
    /// Most UTF-16 units one input carries (layout reads at most 64K anyway).
    public static let maxUnits = ValueRule.maxTextLength + 16

    // MARK: decoding

    public static func decode(_ bytes: [UInt8]) -> TextFuzzInput {
        var r = Reader(bytes: bytes)
        let flags = r.u8()
        var input = TextFuzzInput(units: [])
        input.isWrapped = flags & 1 != 0
        input.checksDeterminism = flags & 4 != 0
        input.truncation = TruncationMode(rawValue: (flags >> 3) & 3) ?? .none
        input.alignment = TextAlignmentMode(rawValue: (flags >> 5) % 5) ?? .natural
        input.fontSize = r.number()
        input.bounds = CGSize(width: r.number(), height: r.number())
        if flags & 2 != 0 { input.font = r.string() }
        let count = min(Int(r.u16()), maxRuns)
        for _ in 0..<count where !r.atEnd {
            let f = r.u8()
            var location = Int(r.u32())
            var length = Int(r.u32())
            if f & 32 != 0 { location = -location }
            if f & 64 != 0 { length = length == 0 ? .max : -length }
            let lines = r.u8()
            var a = TextAttributes()
            a.underline = LineStyle(rawValue: lines & 3) ?? .none
            a.strikethrough = LineStyle(rawValue: (lines >> 4) & 3) ?? .none
            if f & 1 != 0 { a.font = r.string() }
            if f & 2 != 0 { a.fontSize = r.number() }
            if f & 4 != 0 { a.foregroundColor = r.color() }
            if f & 8 != 0 { a.kern = r.number() }
            if f & 16 != 0 { a.baselineOffset = r.number() }
            if f & 128 != 0 { a.underlineColor = r.color(); a.strikethroughColor = r.color() }
            input.runs.append(TextRun(location: location, length: length, attributes: a))
        }
        let rest = Array(r.remaining)
        input.units = (0..<min(rest.count / 2, maxUnits)).map { UInt16(rest[2 * $0]) | UInt16(rest[2 * $0 + 1]) << 8 }
        return input
    }

    /// Reads what it can; past the end, zeros.
    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        var atEnd: Bool { at >= bytes.count }
        var remaining: ArraySlice<UInt8> { at < bytes.count ? bytes[at...] : [] }

        mutating func u8() -> UInt8 {
            defer { at += 1 }
            return at < bytes.count ? bytes[at] : 0
        }

        mutating func u16() -> UInt16 { UInt16(u8()) | UInt16(u8()) << 8 }
        mutating func u32() -> UInt32 { UInt32(u16()) | UInt32(u16()) << 16 }
        mutating func u64() -> UInt64 { UInt64(u32()) | UInt64(u32()) << 32 }

        mutating func string() -> String {
            let n = Int(u8())
            let end = min(bytes.count, at + n)
            let s = at < end ? String(decoding: bytes[at..<end], as: UTF8.self) : ""
            at += n
            return s
        }

        mutating func number() -> CGFloat {
            let tag = u8()
            switch tag {
            case 0..<UInt8(TextFuzzInput.specials.count): return TextFuzzInput.specials[Int(tag)]
            case 16: return CGFloat(u16()) / 4
            case 17: return -CGFloat(u16()) / 4
            case 18: return CGFloat(Double(bitPattern: u64()))
            default: return CGFloat(tag - 19)
            }
        }

        mutating func color() -> Color {
            Color(red: Double(u8()) / 255, green: Double(u8()) / 255, blue: Double(u8()) / 255, alpha: Double(u8()) / 255)
        }
    }

    /// Numbers one tag byte names: the edges of every number layout reads.
    static let specials: [CGFloat] = [0, -0.0, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, 1e-6, 0.01, 4096, 4097,
                                      100_000, 100_001, 1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, -1]

    // MARK: encoding

    /// The bytes `decode` reads back as this input (fonts are cut to 255 bytes; colours are quantised to
    /// 1/255; runs past `maxRuns` and units past `maxUnits` are dropped).
    public func encode() -> [UInt8] {
        var w = Writer()
        var flags: UInt8 = (isWrapped ? 1 : 0) | (font != nil ? 2 : 0) | (checksDeterminism ? 4 : 0)
        flags |= (truncation.rawValue & 3) << 3 | alignment.rawValue << 5
        w.u8(flags)
        w.number(fontSize); w.number(bounds.width); w.number(bounds.height)
        if let font { w.string(font) }
        let kept = runs.prefix(Self.maxRuns)
        w.u16(UInt16(kept.count))
        for run in kept {
            let a = run.attributes
            var f: UInt8 = (a.font != nil ? 1 : 0) | (a.fontSize != nil ? 2 : 0) | (a.foregroundColor != nil ? 4 : 0)
            f |= (a.kern != nil ? 8 : 0) | (a.baselineOffset != nil ? 16 : 0) | (run.location < 0 ? 32 : 0)
            f |= (run.length < 0 || run.length == .max ? 64 : 0) | (a.underlineColor != nil || a.strikethroughColor != nil ? 128 : 0)
            w.u8(f)
            w.u32(UInt32(clamping: run.location.magnitude))
            w.u32(run.length == .max ? 0 : UInt32(clamping: run.length.magnitude))
            w.u8(a.underline.rawValue & 3 | (a.strikethrough.rawValue & 3) << 4)
            if let font = a.font { w.string(font) }
            if let s = a.fontSize { w.number(s) }
            if let c = a.foregroundColor { w.color(c) }
            if let k = a.kern { w.number(k) }
            if let b = a.baselineOffset { w.number(b) }
            if f & 128 != 0 { w.color(a.underlineColor ?? Color(red: 0, green: 0, blue: 0, alpha: 0)); w.color(a.strikethroughColor ?? Color(red: 0, green: 0, blue: 0, alpha: 0)) }
        }
        for u in units.prefix(Self.maxUnits) { w.u16(u) }
        return w.bytes
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func u8(_ v: UInt8) { bytes.append(v) }
        mutating func u16(_ v: UInt16) { u8(UInt8(v & 0xff)); u8(UInt8(v >> 8)) }
        mutating func u32(_ v: UInt32) { u16(UInt16(v & 0xffff)); u16(UInt16(v >> 16)) }
        mutating func u64(_ v: UInt64) { u32(UInt32(v & 0xffff_ffff)); u32(UInt32(v >> 32)) }

        mutating func string(_ s: String) {
            // Whole scalars only, so the cut string decodes to itself.
            let cut = TextGenerator.truncatedUTF8(s, 255)
            u8(UInt8(cut.utf8.count))
            bytes += cut.utf8
        }

        mutating func number(_ x: CGFloat) {
            if let i = TextFuzzInput.specials.firstIndex(where: { $0.bitPattern == x.bitPattern || ($0.isNaN && x.isNaN) }) {
                return u8(UInt8(i))
            }
            if x >= 0, x <= 236, x == x.rounded() { return u8(UInt8(x) + 19) }
            let quarters = x * 4
            if quarters == quarters.rounded(), quarters.magnitude <= 65535 {
                u8(x < 0 ? 17 : 16)
                return u16(UInt16(quarters.magnitude))
            }
            u8(18)
            u64(Double(x).bitPattern)
        }

        mutating func color(_ c: Color) {
            for e in c.components { u8(UInt8((min(1, max(0, Double(e))) * 255).rounded())) }
        }
    }

    // MARK: seeds

    /// Inputs from `TextGenerator` (every table class and sequence kind alone, then mixes with runs, fonts,
    /// sizes, bounds and modes), named for the seed files.
    public static func seeds(count: Int = 400, seed: UInt64 = 1) -> [(name: String, input: TextFuzzInput)] {
        var r = FuzzRandom(seed: seed)
        var g = TextGenerator(maxUTF16: 1500)
        g.extremeShare = 0.15
        var out: [(String, TextFuzzInput)] = []
        func styled(_ units: [UInt16]) -> TextFuzzInput {
            var input = TextFuzzInput(units: units, runs: r.chance(0.5) ? g.runs(length: units.count, &r, wireValid: r.chance(0.7)) : [],
                                      font: r.chance(0.6) ? g.fontName(&r, wireValid: false) : nil, fontSize: g.fontSize(&r, wireValid: false),
                                      bounds: g.bounds(&r, finite: false), isWrapped: r.chance(0.6),
                                      truncation: TruncationMode(rawValue: UInt8(r.int(0...3))) ?? .none,
                                      alignment: TextAlignmentMode(rawValue: UInt8(r.int(0...4))) ?? .natural,
                                      checksDeterminism: r.chance(0.2))
            // Seeds stay small (libFuzzer's default -max_len is 4096 bytes); hundreds of runs come from mutations.
            input.runs = Array(input.runs.prefix(64))
            return input
        }
        let tables = [("lb", TextGenerator.lineBreakClasses), ("bidi", TextGenerator.bidiClasses), ("script", TextGenerator.scripts),
                      ("special", TextGenerator.specialClasses)]
        for (prefix, table) in tables {
            for c in table {
                // The class between ordinary words, so break and bidi rules see it in context.
                var units = Array("ab ".utf16)
                for v in c.scalars.prefix(16) { units += TextGenerator.utf16(v) + [0x20] }
                if let w = c.words.first { units += Array(w.utf16) }
                out.append(("\(prefix)-\(c.name)", styled(units + Array(" cd".utf16))))
            }
        }
        for kind in TextGenerator.sequenceKinds {
            out.append(("seq-\(kind)", styled(g.sequence(kind, &r, room: 600).units)))
        }
        while out.count < count {
            out.append(("mix-\(out.count)", styled(g.text(&r, limit: 1500).units)))
        }
        return out.map { (name: $0.0, input: $0.1) }
    }
}
