import Foundation
import StrataCore
import StrataText

/// UIKit's text alignment (Apple's raw values): NSParagraphStyle's and UILabel's.
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4

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
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle

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
