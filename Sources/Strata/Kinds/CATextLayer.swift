import Foundation
import StrataCore
import StrataText

/// CATextLayer's alignment modes (kCAAlignmentNatural is "natural").
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Left for a left-to-right paragraph, right for a right-to-left one (`"natural"`; the default).
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Lines start at the bounds' left edge (`"left"`).
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Lines end at the bounds' right edge (`"right"`).
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Lines are centred in the bounds' width (`"center"`).
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Wrapped lines share their slack equally among inter-word spaces (`"justified"`); a paragraph's last line,
    /// a line before a forced break, a truncated line and a line without spaces align naturally.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// CATextLayer's truncation modes (kCATruncationNone is "none").
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Text wider than the bounds is not shortened (`"none"`; the default): it is clipped at the bounds.
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// A line too wide keeps its end, with "…" in place of what is cut from its start (`"start"`).
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// A line too wide keeps its start, with "…" in place of what is cut from its end (`"end"`).
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// A line too wide keeps its start and end, with "…" in place of what is cut from its middle (`"middle"`).
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// Core Animation's name for `CATextLayerAlignmentMode.natural`.
public let kCAAlignmentNatural = CATextLayerAlignmentMode.natural
/// Core Animation's name for `CATextLayerAlignmentMode.left`.
public let kCAAlignmentLeft = CATextLayerAlignmentMode.left
/// Core Animation's name for `CATextLayerAlignmentMode.right`.
public let kCAAlignmentRight = CATextLayerAlignmentMode.right
/// Core Animation's name for `CATextLayerAlignmentMode.center`.
public let kCAAlignmentCenter = CATextLayerAlignmentMode.center
/// Core Animation's name for `CATextLayerAlignmentMode.justified`.
public let kCAAlignmentJustified = CATextLayerAlignmentMode.justified
/// Core Animation's name for `CATextLayerTruncationMode.none`.
public let kCATruncationNone = CATextLayerTruncationMode.none
/// Core Animation's name for `CATextLayerTruncationMode.start`.
public let kCATruncationStart = CATextLayerTruncationMode.start
/// Core Animation's name for `CATextLayerTruncationMode.end`.
public let kCATruncationEnd = CATextLayerTruncationMode.end
/// Core Animation's name for `CATextLayerTruncationMode.middle`.
public let kCATruncationMiddle = CATextLayerTruncationMode.middle

/// A layer that shows a string. The server lays it out (fontconfig, HarfBuzz, FriBiDi, ICU) and
/// draws it from its glyph cache at the size it is shown, so it costs no backing store here, stays sharp
/// under any transform, and animates `fontSize` and `foregroundColor` without a redraw by the app.
open class CATextLayer: CALayer {
    override class var layerKind: LayerKind { .text }

    /// A `String`, an `NSString` or an `NSAttributedString` (its font, size, colours, underline,
    /// strikethrough, kern and baseline offset runs); nil shows nothing. Reads back a `String` when it has no
    /// runs, an `NSAttributedString` otherwise. Not animatable.
    public var string: Any? {
        get { read { $0.text.string }.map(AttributedTextConversion.object) }
        set {
            guard let newValue else { set(.string, .text(nil)); return }
            guard let text = AttributedTextConversion.text(newValue) else {
                StrataLog.logger.error("\(logName): string rejected: \(Swift.type(of: newValue)) is not a String or an NSAttributedString")
                return
            }
            set(.string, .text(text))
        }
    }

    /// The font: a name (`String`), a `CTFont` or a `CGFont` (its size is not used: `fontSize` is, as Core
    /// Animation's seed says). Default nil: Helvetica, as fontconfig matches it. Reads back the font's name.
    /// A name no installed font carries shows in the default font, and the server logs one warning naming it.
    public var font: Any? {
        get { read { $0.text.font } }
        set {
            guard let newValue else { set(.font, .string(nil)); return }
            guard let name = FontConversion.name(newValue) else {
                StrataLog.logger.error("\(logName): font rejected: \(Swift.type(of: newValue)) is not a font name, CTFont or CGFont")
                return
            }
            set(.font, .string(name))
        }
    }
    /// Default 36; 0…4096. Animatable.
    public var fontSize: CGFloat { get { read { $0.text.fontSize } } set { set(.fontSize, newValue) } }
    /// Default opaque white. Animatable.
    public var foregroundColor: CGColor? {
        get { read { $0.text.foregroundColor.map(CGColor.init) } }
        set { set(.foregroundColor, newValue?.color) }
    }
    /// How lines are placed across the bounds' width: `.natural` (the default), `.left`, `.right`, `.center` or
    /// `.justified`. An unknown mode is logged and ignored. Not animatable.
    public var alignmentMode: CATextLayerAlignmentMode {
        get { CATextLayerAlignmentMode(rawValue: name(of: .alignmentMode)) }
        set { set(.alignmentMode, named: newValue.rawValue, what: "alignment mode") }
    }
    /// Wraps lines to the bounds' width (default false). KVC key "wrapped".
    public var isWrapped: Bool { get { read { $0.text.isWrapped } } set { set(.isWrapped, newValue) } }
    /// How a line too wide for the bounds is shortened with "…": `.none` (the default), `.start`, `.end` or
    /// `.middle`. Unwrapped, each too-wide line is cut; wrapped, the last line that fits the height stands for
    /// the rest of its paragraph. An unknown mode is logged and ignored. Not animatable.
    public var truncationMode: CATextLayerTruncationMode {
        get { CATextLayerTruncationMode(rawValue: name(of: .truncationMode)) }
        set { set(.truncationMode, named: newValue.rawValue, what: "truncation mode") }
    }
    /// Default false: glyphs at quarter-pixel positions; true: at whole pixels (Strata's reading).
    public var allowsFontSubpixelQuantization: Bool {
        get { read { $0.text.allowsFontSubpixelQuantization } }
        set { set(.allowsFontSubpixelQuantization, newValue) }
    }

    /// The server draws the string, so there is no backing store to draw here: `display()` (seed 004's
    /// LayerLabel calls it) makes none, and a text layer costs the client no pixels. `contents` set
    /// explicitly still shows beneath the text.
    open override func display() {}

    /// The size of the laid-out text, by the same layout the server draws: its widest line and its lines'
    /// height; wrapped to the bounds' width when `isWrapped`.
    open override func preferredFrameSize() -> CGSize {
        let (model, bounds) = read { ($0.text, $0.bounds) }
        guard let text = model.string else { return .zero }
        let style = TextStyle(font: model.font, fontSize: model.fontSize, alignment: model.alignmentMode,
                              isWrapped: model.isWrapped, truncation: .none)
        // A width of 0 is unconstrained (one line per paragraph), as is a height of 0 (every line).
        return TextLayout.layout(text, style: style, bounds: CGSize(width: model.isWrapped ? bounds.width : 0, height: 0)).size
    }
}
