import Foundation
import StrataCore

/// Attributed text on the wire (a text layer's `string`): the UTF-8 string, then u32 run count and per
/// run u32 location, u32 length (UTF-16 units) and its attributes: font name, fontSize, foreground colour,
/// underline style + colour, strikethrough style + colour, kern, baselineOffset, each optional one behind
/// a presence byte. Lengths and counts are bounded here; the property's rule checks the rest.
extension ByteWriter {
    public mutating func text(_ t: AttributedText) {
        string(t.string)
        u32(UInt32(t.runs.count))
        for run in t.runs {
            u32(UInt32(clamping: run.location)); u32(UInt32(clamping: run.length))
            let a = run.attributes
            bool(a.font != nil); if let f = a.font { string(f) }
            optionalNumber(a.fontSize)
            optionalColor(a.foregroundColor)
            u8(a.underline.rawValue); optionalColor(a.underlineColor)
            u8(a.strikethrough.rawValue); optionalColor(a.strikethroughColor)
            optionalNumber(a.kern); optionalNumber(a.baselineOffset)
        }
    }

    private mutating func optionalNumber(_ x: CGFloat?) {
        bool(x != nil)
        if let x { f64(Double(x)) }
    }

    private mutating func optionalColor(_ c: Color?) {
        bool(c != nil)
        if let c { for e in c.components { f64(Double(e)) } }
    }
}

extension ByteReader {
    public mutating func text(_ what: String) throws -> AttributedText {
        // UTF-8 takes at most 3 bytes per UTF-16 unit; the rule then checks the UTF-16 length exactly.
        let s = try string(what, max: 3 * ValueRule.maxTextLength)
        let count = Int(try u32("\(what) run count"))
        guard count <= ValueRule.maxTextRuns else {
            throw ProtocolError.invalid("\(what): \(count) attribute runs exceed \(ValueRule.maxTextRuns)")
        }
        var runs: [TextRun] = []
        runs.reserveCapacity(count)
        for i in 0..<count {
            let here = "\(what) run \(i)"
            let location = Int(try u32(here)), length = Int(try u32(here))
            var a = TextAttributes()
            if try bool("\(here) font presence") { a.font = try string("\(here) font", max: ValueRule.maxFontNameLength) }
            a.fontSize = try optionalNumber(here)
            a.foregroundColor = try optionalColor(here)
            a.underline = try lineStyle(here)
            a.underlineColor = try optionalColor(here)
            a.strikethrough = try lineStyle(here)
            a.strikethroughColor = try optionalColor(here)
            a.kern = try optionalNumber(here)
            a.baselineOffset = try optionalNumber(here)
            runs.append(TextRun(location: location, length: length, attributes: a))
        }
        return AttributedText(s, runs: runs)
    }

    private mutating func optionalNumber(_ what: String) throws -> CGFloat? {
        try bool("\(what) number presence") ? CGFloat(try finiteF64(what)) : nil
    }

    private mutating func optionalColor(_ what: String) throws -> Color? {
        guard try bool("\(what) colour presence") else { return nil }
        return Color(red: try finiteF64(what), green: try finiteF64(what), blue: try finiteF64(what), alpha: try finiteF64(what))
    }

    private mutating func lineStyle(_ what: String) throws -> LineStyle {
        let raw = try u8("\(what) line style")
        guard let style = LineStyle(rawValue: raw) else { throw ProtocolError.invalid("\(what): unknown line style \(raw)") }
        return style
    }
}
