import Foundation
import Logging
import Strata

/// UIKit's label: text drawn by the view itself (`draw(_:)` calls `drawText(in:)`, which subclasses override,
/// as iOS code does to pad a label), laid out by the app's text stack (Strata's `LabelText`: HarfBuzz,
/// FreeType, fontconfig). One line by default, truncated at the tail; `numberOfLines` 0 wraps at words as
/// many lines as the width needs. The text is centred vertically in the bounds, as UIKit's.
@preconcurrency @MainActor
open class UILabel: UIView {
    private var plainText: String?
    private var attributed: NSAttributedString?

    /// A label with a frame and no text; it takes no touches (`isUserInteractionEnabled` false) and redraws when
    /// resized (`contentMode` `.redraw`).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        contentMode = .redraw
    }
    public required init?(coder: NSCoder) { nil }

    // MARK: text and its attributes

    /// The text (setting it replaces `attributedText`'s string; the label's font and colour apply).
    open var text: String? {
        get { plainText ?? attributed?.string }
        set { plainText = newValue; attributed = nil; textChanged() }
    }
    /// Styled text: ranges without a font or colour take the label's `font` and `textColor`.
    open var attributedText: NSAttributedString? {
        get { attributed ?? plainText.map { NSAttributedString(string: $0, attributes: baseAttributes) } }
        set { attributed = newValue; plainText = nil; textChanged() }
    }
    /// The font of text without its own (default the 17-point system font); setting nil restores that default.
    /// Setting it resizes the intrinsic size and redraws.
    open var font: UIFont! = UIFont.systemFont(ofSize: 17) { didSet { if font == nil { font = .systemFont(ofSize: 17) }; textChanged() } }
    /// The colour of text without its own (default `label`); setting nil restores that default.
    open var textColor: UIColor! = UIColor.label { didSet { if textColor == nil { textColor = .label }; setNeedsDisplay() } }
    /// The colour of all the text while `isHighlighted`, over any colours of `attributedText` (default nil: the
    /// usual colours stay). A disabled label's `tertiaryLabel` wins over it.
    open var highlightedTextColor: UIColor? { didSet { setNeedsDisplay() } }
    /// Whether the text is drawn in `highlightedTextColor` (default false); a table view cell sets it on its
    /// labels while selected or highlighted.
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }
    /// A disabled label draws its text in `UIColor.tertiaryLabel` (**choice**: UIKit dims it, undocumented how).
    open var isEnabled = true { didSet { if isEnabled != oldValue { setNeedsDisplay() } } }
    /// How lines are aligned across the label's width (default `.natural`).
    open var textAlignment = NSTextAlignment.natural { didSet { setNeedsDisplay() } }
    /// The most lines the text takes (default 1); 0 means as many as the width needs. Text beyond the last line
    /// is cut as `lineBreakMode` says.
    open var numberOfLines = 1 { didSet { textChanged() } }
    /// How lines break and where overflowing text is cut: truncating head, tail (the default) or middle, word
    /// wrapping or clipping. `.byCharWrapping` is logged as unsupported and wraps at words.
    /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open var lineBreakMode = NSLineBreakMode.byTruncatingTail {
        didSet {
            if lineBreakMode == .byCharWrapping {
                StrataLog.logger.error("UILabel.lineBreakMode: unsupported: byCharWrapping (lines wrap at words)")
            }
            textChanged()
        }
    }
    /// With one line: text wider than the bounds is drawn at a smaller size, down to `minimumScaleFactor` of it
    /// (0: not smaller, as UIKit's), then truncated.
    open var adjustsFontSizeToFitWidth = false { didSet { setNeedsDisplay() } }
    /// The smallest fraction of its size a one-line label's text may shrink to when `adjustsFontSizeToFitWidth`
    /// is on (default 0: it does not shrink, as UIKit's); text still too wide is then cut.
    open var minimumScaleFactor: CGFloat = 0 { didSet { setNeedsDisplay() } }
    /// The width a multi-line label wraps at when sizing itself (0: its bounds' width).
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { invalidateIntrinsicContentSize() } }
    /// The colour of a copy of the text drawn under it, offset by `shadowOffset`, unblurred (default nil: no
    /// shadow).
    open var shadowColor: UIColor? { didSet { setNeedsDisplay() } }
    /// How far the shadow's copy of the text is moved, in points, y downwards (default (0, −1): one point up, as
    /// UIKit's).
    open var shadowOffset = CGSize(width: 0, height: -1) { didSet { setNeedsDisplay() } }

    // MARK: size

    /// The text's size on one line, or wrapped at `preferredMaxLayoutWidth` (else the bounds' width) with more
    /// lines, rounded up to whole points as UIKit's.
    open override var intrinsicContentSize: CGSize {
        let width = numberOfLines == 1 ? 0 : (preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : bounds.width)
        let size = layout(width: width, lines: numberOfLines).size
        return CGSize(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }
    override var intrinsicContentSizeFollowsBounds: Bool { numberOfLines != 1 && preferredMaxLayoutWidth <= 0 }
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = numberOfLines == 1 || !(size.width > 0) || !size.width.isFinite ? 0 : size.width
        let laid = layout(width: width, lines: numberOfLines).size
        return CGSize(width: laid.width.rounded(.up), height: laid.height.rounded(.up))
    }

    // MARK: drawing

    /// The rectangle the text takes in `bounds`: its size at `bounds`' width, at most `numberOfLines` lines
    /// (0: any), at `bounds`' origin.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        CGRect(origin: bounds.origin, size: layout(width: bounds.width, lines: numberOfLines).size)
    }

    /// Draws the text in `rect`: centred vertically, aligned across its width, cut to fit.
    open func drawText(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let string = displayedText(), string.length > 0 else { return }
        var text = LabelText(string, width: rect.width, lines: numberOfLines, alignment: textAlignment, lineBreak: lineBreakMode)
        if numberOfLines == 1, adjustsFontSizeToFitWidth, minimumScaleFactor > 0, text.size.width > rect.width, rect.width > 0 {
            let scale = max(minimumScaleFactor, min(1, rect.width / text.size.width))
            text = LabelText(Self.scaled(string, by: scale), width: rect.width, lines: 1, alignment: textAlignment,
                             lineBreak: lineBreakMode)
        }
        let origin = CGPoint(x: rect.minX, y: rect.minY + ((rect.height - text.size.height) / 2).rounded(.down))
        if let shadowColor {
            let shade = NSMutableAttributedString(attributedString: string)
            shade.addAttribute(.foregroundColor, value: shadowColor, range: NSRange(location: 0, length: shade.length))
            LabelText(shade, width: rect.width, lines: numberOfLines, alignment: textAlignment, lineBreak: lineBreakMode)
                .draw(in: context, at: CGPoint(x: origin.x + shadowOffset.width, y: origin.y + shadowOffset.height), clippedTo: nil)
        }
        text.draw(in: context, at: origin, clippedTo: rect)
    }

    open override func draw(_ rect: CGRect) { drawText(in: bounds) }

    // MARK: internals

    private var baseAttributes: [NSAttributedString.Key: Any] { [.font: font as Any, .foregroundColor: textColor as Any] }

    private func textChanged() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    private func layout(width: CGFloat, lines: Int) -> LabelText {
        LabelText(displayedText() ?? NSAttributedString(string: ""), width: width, lines: lines, alignment: textAlignment,
                  lineBreak: lineBreakMode)
    }

    /// The text with the label's font and colour where it has none, in the colour its state draws.
    private func displayedText() -> NSAttributedString? {
        guard let base = attributed ?? plainText.map({ NSAttributedString(string: $0) }) else { return nil }
        let shown = NSMutableAttributedString(attributedString: base)
        let whole = NSRange(location: 0, length: shown.length)
        let stateColor: UIColor? = !isEnabled ? .tertiaryLabel : (isHighlighted ? highlightedTextColor : nil)
        shown.enumerateAttributes(in: whole) { attributes, range, _ in
            if attributes[.font] == nil { shown.addAttribute(.font, value: font as Any, range: range) }
            if let stateColor {
                shown.addAttribute(.foregroundColor, value: stateColor, range: range)
            } else if attributes[.foregroundColor] == nil {
                shown.addAttribute(.foregroundColor, value: textColor as Any, range: range)
            }
        }
        return shown
    }

    /// Every font in `string` at `scale` of its size.
    private static func scaled(_ string: NSAttributedString, by scale: CGFloat) -> NSAttributedString {
        let result = NSMutableAttributedString(attributedString: string)
        result.enumerateAttribute(.font, in: NSRange(location: 0, length: result.length)) { value, range, _ in
            guard let font = value as? UIFont else { return }
            result.addAttribute(.font, value: font.withSize(font.pointSize * scale), range: range)
        }
        return result
    }
}
