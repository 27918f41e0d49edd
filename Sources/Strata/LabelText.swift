import Foundation
import StrataCore
import StrataText

/// UIKit's text alignment (Apple's raw values): NSParagraphStyle's and UILabel's.
public enum NSTextAlignment: Int, Sendable {
    /// Lines start at the left edge (raw value 0).
    case left = 0
    /// Lines are centred in the width (raw value 1).
    case center = 1
    /// Lines end at the right edge (raw value 2).
    case right = 2
    /// Wrapped lines fill the width, the slack shared equally by their inter-word spaces; a paragraph's last
    /// line, a truncated line and a line without spaces align naturally (raw value 3).
    case justified = 3
    /// Left for a left-to-right paragraph, right for a right-to-left one, by its first strong character (raw value 4).
    case natural = 4

    var mode: TextAlignmentMode {
        switch self {
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .natural: .natural
        }
    }
}

/// UIKit's line break modes (Apple's raw values): how text that does not fit is wrapped and cut.
public enum NSLineBreakMode: Int, Sendable {
    /// Lines wrap at word boundaries (UAX #14; a word wider than the line is cut between characters); lines
    /// past the allowed number are dropped, with no ellipsis (raw value 0).
    case byWordWrapping = 0
    /// Meant to wrap between characters; Strata wraps at words, as `byWordWrapping` (`UILabel` logs it as
    /// unsupported) (raw value 1). See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    case byCharWrapping
    /// Text that does not fit is cut off at the edge, with no ellipsis (raw value 2).
    case byClipping
    /// A last line that does not fit keeps its end, with "…" standing for the start (raw value 3).
    case byTruncatingHead
    /// A last line that does not fit keeps its start, with "…" standing for the end (raw value 4).
    case byTruncatingTail
    /// A last line that does not fit keeps its start and end, with "…" standing for the middle (raw value 5).
    case byTruncatingMiddle

    var truncation: TruncationMode {
        switch self {
        case .byTruncatingHead: .start
        case .byTruncatingTail: .end
        case .byTruncatingMiddle: .middle
        case .byWordWrapping, .byCharWrapping, .byClipping: .none
        }
    }
}

/// A label's text laid out as UILabel lays it out, with the app's own text stack (the same HarfBuzz, FreeType
/// and fontconfig the server uses; the text is the app's own): at most `lines` lines (0: any number) in `width`
/// (0: one unbounded line), wrapped at words when more than one line is allowed, and cut by the line break mode
/// where it does not fit. StrataUIKit's `UILabel` draws with it.
package struct LabelText {
    package let laid: LaidOutText

    package init(_ string: NSAttributedString, width: CGFloat, lines: Int, alignment: NSTextAlignment,
                 lineBreak: NSLineBreakMode) {
        let text = AttributedTextConversion.text(string)
        let width = width.isFinite && width > 0 ? width : 0
        let style = TextStyle(font: nil, fontSize: 17, alignment: alignment.mode, isWrapped: lines != 1 && width > 0,
                              truncation: width > 0 ? lineBreak.truncation : .none)
        var laid = TextLayout.layout(text, style: style, bounds: CGSize(width: width, height: 0))
        // More lines than allowed: lay out again in the height of the allowed ones, cut there.
        if lines > 0, laid.lines.count > lines, let last = laid.lines.prefix(lines).last {
            laid = TextLayout.layout(text, style: style, bounds: CGSize(width: width, height: last.rect.maxY))
            laid.lines = Array(laid.lines.prefix(lines))
            let bottom = laid.lines.last?.rect.maxY ?? 0
            laid.runs.removeAll { $0.line >= lines }
            laid.size.height = min(laid.size.height, bottom)
        }
        self.laid = laid
    }

    package var size: CGSize { laid.size }

    /// Draws the text with its layout box's top-left at `origin` in `context`, clipped to `clip`.
    package func draw(in context: CGContext, at origin: CGPoint, clippedTo clip: CGRect?) {
        context.draw(laid, layoutToUser: CGAffineTransform(translationX: origin.x, y: origin.y), color: .black, clippedTo: clip)
    }
}
