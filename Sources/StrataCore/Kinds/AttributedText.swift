import Foundation

/// A CATextLayer's `string`: text with attributes over ranges, as an NSAttributedString carries them. A
/// plain `String` is attributed text with no runs (everything in the layer's own font, size and colour).
public struct AttributedText: Hashable, Sendable {
    public var string: String
    /// Attribute runs over UTF-16 offsets of `string` (NSRange's units), in order and not overlapping; text
    /// outside every run takes the layer's attributes.
    public var runs: [TextRun]

    public init(_ string: String, runs: [TextRun] = []) {
        self.string = string
        self.runs = runs
    }

    /// The string's length in UTF-16 units (the units of `runs`).
    public var utf16Count: Int { string.utf16.count }

    /// Equal when the strings hold the same scalars (as NSString compares its UTF-16 units) and the runs
    /// are equal; canonically equivalent strings ("é" and "e" + U+0301) differ, as they do to Core Text.
    /// String's own == normalizes first, which took the server's frame thread most of a second for a string
    /// of 65,000 combining marks (one segment to reorder) each time a layer compared its text.
    public static func == (a: AttributedText, b: AttributedText) -> Bool {
        a.runs == b.runs && a.string.utf8.count == b.string.utf8.count && a.string.utf8.elementsEqual(b.string.utf8)
    }

    public func hash(into h: inout Hasher) {
        h.combine(runs)
        var s = string
        s.withUTF8 { h.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// Attributes over one range of an attributed string.
public struct TextRun: Hashable, Sendable {
    /// UTF-16 offset and length (NSRange).
    public var location: Int
    public var length: Int
    public var attributes: TextAttributes

    public init(location: Int, length: Int, attributes: TextAttributes) {
        self.location = location
        self.length = length
        self.attributes = attributes
    }

    public var end: Int { location + length }
}

/// The attributes Strata draws (Core Text's names in comments). nil takes the layer's value.
public struct TextAttributes: Hashable, Sendable {
    /// kCTFontAttributeName's font name (fontconfig resolves it).
    public var font: String?
    /// The font's point size (a CTFont carries one).
    public var fontSize: CGFloat?
    /// kCTForegroundColorAttributeName.
    public var foregroundColor: Color?
    /// kCTUnderlineStyleAttributeName and kCTUnderlineColorAttributeName (nil: the text's colour).
    public var underline: LineStyle = .none
    public var underlineColor: Color?
    /// NSStrikethroughStyleAttributeName and its colour (nil: the text's colour).
    public var strikethrough: LineStyle = .none
    public var strikethroughColor: Color?
    /// kCTKernAttributeName: points added after each character.
    public var kern: CGFloat?
    /// NSBaselineOffsetAttributeName: points the baseline is raised by.
    public var baselineOffset: CGFloat?

    public init(font: String? = nil, fontSize: CGFloat? = nil, foregroundColor: Color? = nil, underline: LineStyle = .none,
                underlineColor: Color? = nil, strikethrough: LineStyle = .none, strikethroughColor: Color? = nil,
                kern: CGFloat? = nil, baselineOffset: CGFloat? = nil) {
        self.font = font; self.fontSize = fontSize; self.foregroundColor = foregroundColor
        self.underline = underline; self.underlineColor = underlineColor
        self.strikethrough = strikethrough; self.strikethroughColor = strikethroughColor
        self.kern = kern; self.baselineOffset = baselineOffset
    }
}

/// An underline's or strikethrough's style (kCTUnderlineStyleSingle, …Thick, …Double).
public enum LineStyle: UInt8, Hashable, Sendable, NamedCases {
    case none = 0, single, thick, double

    public var name: String {
        switch self {
        case .none: "none"
        case .single: "single"
        case .thick: "thick"
        case .double: "double"
        }
    }
}

/// CATextLayer's alignmentMode (kCAAlignmentNatural, …).
public enum TextAlignmentMode: UInt8, Hashable, Sendable, NamedCases {
    /// Left for a paragraph whose first strong character is left-to-right, right otherwise.
    case natural = 0
    case left, right, center
    /// Lines stretched to the width at their spaces; a paragraph's last line as natural.
    case justified

    public var name: String {
        switch self {
        case .natural: "natural"
        case .left: "left"
        case .right: "right"
        case .center: "center"
        case .justified: "justified"
        }
    }
}

/// CATextLayer's truncationMode (kCATruncationNone, …): where "…" replaces text that does not fit.
public enum TruncationMode: UInt8, Hashable, Sendable, NamedCases {
    case none = 0, start, end, middle

    public var name: String {
        switch self {
        case .none: "none"
        case .start: "start"
        case .end: "end"
        case .middle: "middle"
        }
    }
}

extension AttributedText {
    /// Whether every number in its attributes is finite.
    public var isFinite: Bool {
        runs.allSatisfy { r in
            let a = r.attributes
            let colors = [a.foregroundColor, a.underlineColor, a.strikethroughColor].compactMap { $0 }
            return [a.fontSize, a.kern, a.baselineOffset].allSatisfy { $0?.isFinite ?? true }
                && colors.allSatisfy { $0.components.allSatisfy(\.isFinite) }
        }
    }
}
