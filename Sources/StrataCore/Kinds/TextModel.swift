import Foundation

/// CATextLayer's values: a string the server lays out (StrataText's `TextLayout`) and draws from its glyph
/// cache, above the background and contents, with Core Animation's defaults (36-point Helvetica, opaque
/// white, natural alignment, not wrapped, not truncated).
public struct TextModel: Equatable, Sendable {
    /// A plain string is attributed text with no runs; nil draws nothing.
    public var string: AttributedText? = nil
    /// A font name fontconfig resolves; nil is Core Animation's default, Helvetica.
    public var font: String? = nil
    public var fontSize: CGFloat = 36
    /// nil draws the text not at all where a run has no colour of its own (as a nil CGColor does).
    public var foregroundColor: Color? = Color(red: 1, green: 1, blue: 1, alpha: 1)
    public var alignmentMode: TextAlignmentMode = .natural
    public var isWrapped = false
    public var truncationMode: TruncationMode = .none
    /// Strata's reading: true places glyphs at whole pixels (one raster per glyph); false at quarter pixels.
    public var allowsFontSubpixelQuantization = false

    public init() {}
}

extension LayerModel {
    /// The text values (defaults for a layer of another kind, where setting them changes nothing).
    public var text: TextModel {
        get { if case let .text(t) = kindValues { t } else { TextModel() } }
        set { if kind == .text { kindValues = .text(newValue) } }
    }
}

extension TextAlignmentMode: ScalarEnumeration {}
extension TruncationMode: ScalarEnumeration {}
extension LineStyle: ScalarEnumeration {}

extension LayerProperty {
    public static let string = LayerProperty(90, "string", { $0.text.string }, { $0.text.string = $1 }, kinds: .text, animation: .none,
                                              rule: .textString)
    public static let font = LayerProperty(91, "font", { $0.text.font }, { $0.text.font = $1 }, kinds: .text, animation: .none, rule: .fontName)
    public static let fontSize = LayerProperty(92, "fontSize", { $0.text.fontSize }, { $0.text.fontSize = $1 }, kinds: .text, rule: .fontSize)
    public static let foregroundColor = LayerProperty(93, "foregroundColor", { $0.text.foregroundColor }, { $0.text.foregroundColor = $1 }, kinds: .text)
    public static let alignmentMode = LayerProperty(94, "alignmentMode", { $0.text.alignmentMode }, { $0.text.alignmentMode = $1 }, kinds: .text,
                                                    animation: .none)
    public static let isWrapped = LayerProperty(95, "wrapped", { $0.text.isWrapped }, { $0.text.isWrapped = $1 }, kinds: .text, animation: .none)
    public static let truncationMode = LayerProperty(96, "truncationMode", { $0.text.truncationMode }, { $0.text.truncationMode = $1 }, kinds: .text,
                                                     animation: .none)
    public static let allowsFontSubpixelQuantization = LayerProperty(97, "allowsFontSubpixelQuantization", { $0.text.allowsFontSubpixelQuantization },
                                                                     { $0.text.allowsFontSubpixelQuantization = $1 }, kinds: .text, animation: .none)

    static let textProperties: [LayerProperty] = [
        string, font, fontSize, foregroundColor, alignmentMode, isWrapped, truncationMode, allowsFontSubpixelQuantization,
    ]
}

extension ValueRule {
    /// The longest string one text layer lays out (UTF-16 units): a bound on the server's work per layer.
    public static let maxTextLength = 65_536
    /// The most attribute runs one string carries.
    public static let maxTextRuns = 4_096
    /// The largest font size (points): glyph masks are rasterised at most this size times the scale shown.
    public static let maxFontSize: CGFloat = 4_096
    /// The longest font name.
    public static let maxFontNameLength = 256

    static let textString = ValueRule.custom(shape: "null, a string, or attributed text of at most \(maxTextLength) UTF-16 units and \(maxTextRuns) runs") { value in
        guard case let .text(t?) = value else { return nil }
        return AttributedText.problem(t)
    }

    static let fontName = ValueRule.custom(shape: "null or a font name of at most \(maxFontNameLength) bytes") { value in
        guard case let .string(s?) = value else { return nil }
        return s.utf8.count > maxFontNameLength ? "is \(s.utf8.count) bytes long, more than \(maxFontNameLength)" : nil
    }

    static let fontSize = ValueRule.custom(shape: "a number 0…\(Int(maxFontSize))") { value in
        guard case let .scalar(x) = value else { return nil }
        return x >= 0 && x <= maxFontSize ? nil : "must be 0…\(Int(maxFontSize)), got \(x)"
    }
}

extension AttributedText {
    /// Why this text is not one a layer may show (too long, too many runs, a run outside the string or
    /// overlapping the one before, an attribute out of range), or nil.
    public static func problem(_ t: AttributedText) -> String? {
        let length = t.utf16Count
        if length > ValueRule.maxTextLength { return "is \(length) UTF-16 units long, more than \(ValueRule.maxTextLength)" }
        if t.runs.count > ValueRule.maxTextRuns { return "has \(t.runs.count) attribute runs, more than \(ValueRule.maxTextRuns)" }
        var end = 0
        for (i, run) in t.runs.enumerated() {
            guard run.location >= end, run.length >= 0, run.location <= length, run.length <= length - run.location else {
                return "run \(i) (\(run.location), \(run.length)) is outside the string (\(length) UTF-16 units) or overlaps the run before"
            }
            end = run.end
            let a = run.attributes
            if let size = a.fontSize, !(size >= 0 && size <= ValueRule.maxFontSize) {
                return "run \(i) fontSize must be 0…\(Int(ValueRule.maxFontSize)), got \(size)"
            }
            if let font = a.font, font.utf8.count > ValueRule.maxFontNameLength {
                return "run \(i) font name is \(font.utf8.count) bytes long, more than \(ValueRule.maxFontNameLength)"
            }
            for (name, x) in [("kern", a.kern), ("baselineOffset", a.baselineOffset)] {
                if let x, !(abs(x) <= ValueRule.maxFontSize) { return "run \(i) \(name) must be within ±\(Int(ValueRule.maxFontSize)), got \(x)" }
            }
        }
        return nil
    }
}
