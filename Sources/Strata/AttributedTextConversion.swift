import Foundation
import StrataCore

/// Attribute keys UIKit and Core Text code sets on an NSAttributedString for a text layer, with Apple's
/// raw values (Foundation on Linux declares none of them).
extension NSAttributedString.Key {
    /// A run's font (`"NSFont"`, the same name as `kCTFontAttributeName`): a `CTFont`/`UIFont` (its name and
    /// point size), or a `CGFont` or font name `String` (a name only, no size); fontconfig matches the name
    /// to a face. Other values are ignored.
    public static let font = NSAttributedString.Key("NSFont")
    /// A run's text colour (`"NSColor"`), a `CGColor`; Strata also reads Core Text's
    /// `kCTForegroundColorAttributeName` for it. Other values are ignored.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// A run's underline (`"NSUnderline"`): an `NSUnderlineStyle`, a `CTUnderlineStyle` or a number of their
    /// raw values. The low byte picks the line (0 none, 0x02 thick, 0x09 double, any other single); pattern
    /// bits are ignored. See <doc:Status#Layer-subclasses>.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// The colour of a run's underline (`"NSUnderlineColor"`), a `CGColor`; without it the underline takes the
    /// text's colour.
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// A run's strikethrough (`"NSStrikethrough"`), with the same values as `underlineStyle`: single, thick or
    /// double; pattern bits are ignored.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// The colour of a run's strikethrough (`"NSStrikethroughColor"`), a `CGColor`; without it the line takes
    /// the text's colour.
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    /// Points added after each character of a run (`"NSKern"`), a number; non-finite values are ignored.
    public static let kern = NSAttributedString.Key("NSKern")
    /// Points a run's baseline is raised by (`"NSBaselineOffset"`; negative lowers it), a number; non-finite
    /// values are ignored. Strata also reads Core Text's `kCTBaselineOffsetAttributeName` for it.
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
}

// Core Text's attribute names (CFStrings on Apple's systems; `kCTFontAttributeName as String` compiles
// as it does there).
/// Core Text's font attribute name, `"NSFont"`: the same key as `NSAttributedString.Key.font`, taking a
/// `CTFont`, a `CGFont` or a font name.
public let kCTFontAttributeName = "NSFont"
/// Core Text's text colour attribute name, `"CTForegroundColor"`, taking a `CGColor`; read like
/// `NSAttributedString.Key.foregroundColor`, and the key a text layer's attributed `string` reads back with.
public let kCTForegroundColorAttributeName = "CTForegroundColor"
/// Core Text's underline attribute name, `"NSUnderline"`: the same key as
/// `NSAttributedString.Key.underlineStyle`, taking a `CTUnderlineStyle` or its raw value.
public let kCTUnderlineStyleAttributeName = "NSUnderline"
/// Core Text's underline colour attribute name, `"CTUnderlineColor"`, taking a `CGColor`; read like
/// `NSAttributedString.Key.underlineColor`.
public let kCTUnderlineColorAttributeName = "CTUnderlineColor"
/// Core Text's kerning attribute name, `"NSKern"`: the same key as `NSAttributedString.Key.kern`, points
/// added after each character.
public let kCTKernAttributeName = "NSKern"
/// Core Text's baseline offset attribute name, `"CTBaselineOffset"`: points the baseline is raised by, read
/// like `NSAttributedString.Key.baselineOffset`.
public let kCTBaselineOffsetAttributeName = "CTBaselineOffset"

/// Core Text's underline styles (kCTUnderlineStyleSingle, …), with Apple's raw values.
public struct CTUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// No line (raw value 0).
    public static let none = CTUnderlineStyle([])
    /// A single line of the font's underline thickness t (raw value 0x01).
    public static let single = CTUnderlineStyle(rawValue: 0x01)
    /// A single line of twice the font's thickness (raw value 0x02).
    public static let thick = CTUnderlineStyle(rawValue: 0x02)
    /// Two lines of the font's thickness with a gap of that thickness (raw value 0x09).
    public static let double = CTUnderlineStyle(rawValue: 0x09)
}

/// UIKit's underline and strikethrough styles, with Apple's raw values (patterns are not drawn: the line
/// style is).
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A single line of the font's thickness t (raw value 0x01).
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    /// A single line 2t thick (raw value 0x02).
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    /// Two lines of thickness t with a gap of t (raw value 0x09).
    public static let double = NSUnderlineStyle(rawValue: 0x09)
}

/// Core Text's name for `CTUnderlineStyle.none`: no underline.
public let kCTUnderlineStyleNone = CTUnderlineStyle.none
/// Core Text's name for `CTUnderlineStyle.single`: a single underline.
public let kCTUnderlineStyleSingle = CTUnderlineStyle.single
/// Core Text's name for `CTUnderlineStyle.thick`: a thick underline.
public let kCTUnderlineStyleThick = CTUnderlineStyle.thick
/// Core Text's name for `CTUnderlineStyle.double`: a double underline.
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
