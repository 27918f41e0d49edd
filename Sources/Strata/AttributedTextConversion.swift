import Foundation
import StrataCore

/// Attribute keys UIKit and Core Text code sets on an NSAttributedString for a text layer, with Apple's
/// raw values (Foundation on Linux declares none of them).
extension NSAttributedString.Key {
    public static let font = NSAttributedString.Key("NSFont")
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    public static let kern = NSAttributedString.Key("NSKern")
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
}

// Core Text's attribute names (CFStrings on Apple's systems; `kCTFontAttributeName as String` compiles
// as it does there).
public let kCTFontAttributeName = "NSFont"
public let kCTForegroundColorAttributeName = "CTForegroundColor"
public let kCTUnderlineStyleAttributeName = "NSUnderline"
public let kCTUnderlineColorAttributeName = "CTUnderlineColor"
public let kCTKernAttributeName = "NSKern"
public let kCTBaselineOffsetAttributeName = "CTBaselineOffset"

/// Core Text's underline styles (kCTUnderlineStyleSingle, …), with Apple's raw values.
public struct CTUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let none = CTUnderlineStyle([])
    public static let single = CTUnderlineStyle(rawValue: 0x01)
    public static let thick = CTUnderlineStyle(rawValue: 0x02)
    public static let double = CTUnderlineStyle(rawValue: 0x09)
}

/// UIKit's underline and strikethrough styles, with Apple's raw values (patterns are not drawn: the line
/// style is).
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
}

public let kCTUnderlineStyleNone = CTUnderlineStyle.none
public let kCTUnderlineStyleSingle = CTUnderlineStyle.single
public let kCTUnderlineStyleThick = CTUnderlineStyle.thick
public let kCTUnderlineStyleDouble = CTUnderlineStyle.double

/// A text layer's `string` values ↔ `AttributedText`.
enum AttributedTextConversion {
    /// A String or NSString (no runs) or an NSAttributedString (its runs, with the attributes Strata
    /// draws: others are ignored, as a CATextLayer ignores paragraph styles it does not know); nil for
    /// anything else.
    static func text(_ any: Any) -> AttributedText? {
        switch any {
        case let s as String: return AttributedText(s)
        case let a as NSAttributedString: return text(a)
        case let s as NSString: return AttributedText(String(s))
        default: return nil
        }
    }

    static func text(_ a: NSAttributedString) -> AttributedText {
        var runs: [TextRun] = []
        a.enumerateAttributes(in: NSRange(location: 0, length: a.length), options: []) { attributes, range, _ in
            let converted = self.attributes(attributes)
            guard converted != TextAttributes() else { return }
            runs.append(TextRun(location: range.location, length: range.length, attributes: converted))
        }
        return AttributedText(a.string, runs: runs)
    }

    static func attributes(_ values: [NSAttributedString.Key: Any]) -> TextAttributes {
        var t = TextAttributes()
        for (key, value) in values {
            switch key.rawValue {
            case "NSFont":
                t.font = FontConversion.name(value)
                if let f = value as? CTFont { t.fontSize = f.pointSize }
            case "CTForegroundColor", "NSColor": t.foregroundColor = (value as? CGColor)?.color
            case "NSUnderline": t.underline = style(value)
            case "CTUnderlineColor", "NSUnderlineColor": t.underlineColor = (value as? CGColor)?.color
            case "NSStrikethrough": t.strikethrough = style(value)
            case "NSStrikethroughColor": t.strikethroughColor = (value as? CGColor)?.color
            case "NSKern": t.kern = ValueConversion.number(value).flatMap { $0.isFinite ? $0 : nil }
            case "CTBaselineOffset", "NSBaselineOffset": t.baselineOffset = ValueConversion.number(value).flatMap { $0.isFinite ? $0 : nil }
            default: break
            }
        }
        return t
    }

    /// An underline or strikethrough style from its value: a CTUnderlineStyle, NSUnderlineStyle or a
    /// number of their raw values (the low byte is the style; pattern bits are ignored).
    static func style(_ value: Any) -> LineStyle {
        let raw: Int
        switch value {
        case let s as CTUnderlineStyle: raw = Int(s.rawValue)
        case let s as NSUnderlineStyle: raw = s.rawValue
        default:
            guard let n = ValueConversion.number(value), n.isFinite else { return .none }
            raw = Int(n)
        }
        switch raw & 0xFF {
        case 0: return .none
        case 0x02: return .thick
        case 0x09: return .double
        default: return .single
        }
    }

    /// The Swift value a text layer's `string` reads back as.
    static func object(_ t: AttributedText) -> Any {
        guard !t.runs.isEmpty else { return t.string }
        let a = NSMutableAttributedString(string: t.string)
        for run in t.runs {
            var values: [NSAttributedString.Key: Any] = [:]
            let r = run.attributes
            if let f = r.font { values[.font] = r.fontSize.map { CTFont(validName: f, size: $0) } ?? f as Any }
            if let c = r.foregroundColor { values[NSAttributedString.Key(kCTForegroundColorAttributeName)] = CGColor(c) }
            if r.underline != .none { values[.underlineStyle] = Int(lineStyleRaw(r.underline)) }
            if let c = r.underlineColor { values[.underlineColor] = CGColor(c) }
            if r.strikethrough != .none { values[.strikethroughStyle] = Int(lineStyleRaw(r.strikethrough)) }
            if let c = r.strikethroughColor { values[.strikethroughColor] = CGColor(c) }
            if let k = r.kern { values[.kern] = Double(k) }
            if let b = r.baselineOffset { values[.baselineOffset] = Double(b) }
            a.setAttributes(values, range: NSRange(location: run.location, length: run.length))
        }
        return NSAttributedString(attributedString: a)
    }

    private static func lineStyleRaw(_ s: LineStyle) -> Int32 {
        switch s {
        case .none: 0
        case .single: CTUnderlineStyle.single.rawValue
        case .thick: CTUnderlineStyle.thick.rawValue
        case .double: CTUnderlineStyle.double.rawValue
        }
    }
}
