import Foundation
import StrataCore
import StrataText

// UIKit's string drawing and Core Text's lines, drawn by `CGContext`'s text (CGContext+Text.swift) with
// the stack `CATextLayer` uses. Defaults as in UIKit: Helvetica 12 points, black.

/// UIKit's current-context stack (per thread): `UIGraphicsPushContext(ctx)` in `draw(in:)` makes
/// `draw(at:)` and friends draw into `ctx`. The backing store's context is current during `draw(in:)`
/// already (Strata draws layers as UIKit draws a view's layer).
public func UIGraphicsPushContext(_ context: CGContext) { CurrentContexts.stack.append(context) }

/// Pops the context `UIGraphicsPushContext` pushed (nothing when none was).
public func UIGraphicsPopContext() { _ = CurrentContexts.stack.popLast() }

/// The context UIKit's drawing functions draw into; nil outside drawing.
public func UIGraphicsGetCurrentContext() -> CGContext? { CurrentContexts.stack.last }

enum CurrentContexts {
    private final class Stack { var contexts: [CGContext] = [] }
    private static let key = "strata.UIGraphicsContexts"

    static var stack: [CGContext] {
        get { (Thread.current.threadDictionary[key] as? Stack)?.contexts ?? [] }
        set {
            let s = (Thread.current.threadDictionary[key] as? Stack) ?? Stack()
            s.contexts = newValue
            Thread.current.threadDictionary[key] = s
        }
    }
}

/// UIKit's options for measuring and drawing strings in a rectangle (Apple's raw values).
public struct NSStringDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Lines wrap in the rectangle's width and the origin is the first line's top (else: one line, the
    /// origin on its baseline).
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Line heights include the fonts' leading (Strata's always do).
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Glyph-image bounds for measuring: not supported (logged; typographic bounds are used).
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// The last line that fits ends in "…".
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// UIKit's drawing context for strings. Shrinking to fit is not supported: a `minimumScaleFactor` below 1
/// is logged as unsupported and the string drawn at its size (`actualScaleFactor` stays 1).
public final class NSStringDrawingContext {
    /// How far UIKit may shrink the string to fit (default 0: not at all). Strata does not shrink: a value
    /// between 0 and 1 is logged as unsupported and the string is drawn at its size.
    /// See <doc:Status#Classes-and-protocols>.
    public var minimumScaleFactor: CGFloat = 0 {
        didSet {
            if minimumScaleFactor > 0, minimumScaleFactor < 1 {
                StrataLog.logger.error("NSStringDrawingContext: unsupported: minimumScaleFactor (the string is drawn at its size)")
            }
        }
    }
    /// The scale the string was drawn at: always 1, as Strata never shrinks it.
    public private(set) var actualScaleFactor: CGFloat = 1
    /// In UIKit, the bounds of what was last drawn or measured with this context; Strata never sets it, so it
    /// stays `.zero` (use `boundingRect(with:options:context:)`'s result).
    public private(set) var totalBounds: CGRect = .zero
    /// A context with `minimumScaleFactor` 0 (no shrinking).
    public init() {}
}

/// Laying out an NSAttributedString as UIKit draws it.
enum StringLayout {
    static let defaultStyle = TextStyle(font: "Helvetica", fontSize: 12)

    static func text(_ string: NSAttributedString) -> AttributedText {
        AttributedTextConversion.text(string)
    }

    /// One unwrapped line (width 0), or lines wrapped in `width` (truncated at `height` with
    /// `truncatesLastVisibleLine`).
    static func layout(_ string: NSAttributedString, width: CGFloat = 0, height: CGFloat = 0,
                       options: NSStringDrawingOptions = []) -> LaidOutText {
        if options.contains(.usesDeviceMetrics) {
            StrataLog.logger.error("NSStringDrawingOptions: unsupported: usesDeviceMetrics (typographic bounds are used)")
        }
        var style = defaultStyle
        style.isWrapped = width > 0
        if options.contains(.truncatesLastVisibleLine), width > 0 { style.truncation = .end }
        return TextLayout.layout(text(string), style: style, bounds: CGSize(width: width, height: height))
    }
}

extension NSAttributedString {
    /// Draws the string on one line (forced breaks start new ones) with its top-left at `point`, into
    /// `UIGraphicsGetCurrentContext()` (nothing without one).
    public func draw(at point: CGPoint) {
        guard let ctx = UIGraphicsGetCurrentContext(), point.x.isFinite, point.y.isFinite else { return }
        ctx.draw(StringLayout.layout(self), layoutToUser: CGAffineTransform(translationX: point.x, y: point.y), color: .black)
    }

    /// Draws the string wrapped in `rect`'s width from its top, clipped to `rect`.
    public func draw(in rect: CGRect) {
        draw(with: rect, options: .usesLineFragmentOrigin, context: nil)
    }

    /// UIKit's `draw(with:options:context:)`: with `usesLineFragmentOrigin` lines wrap in the width and
    /// stack from the rectangle's top; without it one line is drawn with its baseline at the origin.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        guard let ctx = UIGraphicsGetCurrentContext(), rect.minX.isFinite, rect.minY.isFinite else { return }
        if options.contains(.usesLineFragmentOrigin) {
            let laid = StringLayout.layout(self, width: rect.width, height: rect.height, options: options)
            ctx.draw(laid, layoutToUser: CGAffineTransform(translationX: rect.minX, y: rect.minY), color: .black, clippedTo: rect)
        } else {
            let laid = StringLayout.layout(self)
            let baseline = laid.lines.first?.baseline ?? 0
            ctx.draw(laid, layoutToUser: CGAffineTransform(translationX: rect.minX, y: rect.minY - baseline), color: .black)
        }
    }

    /// The box the string takes: with `usesLineFragmentOrigin`, wrapped in `size.width`, from the top
    /// (origin (0, 0)); without, one line from its baseline (origin.y is minus the ascent).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        if options.contains(.usesLineFragmentOrigin) {
            let laid = StringLayout.layout(self, width: size.width.isFinite ? size.width : 0,
                                           height: size.height.isFinite ? size.height : 0, options: options)
            return CGRect(origin: .zero, size: laid.size)
        }
        let laid = StringLayout.layout(self)
        return CGRect(x: 0, y: -(laid.lines.first?.baseline ?? 0), width: laid.size.width, height: laid.size.height)
    }

    /// The size of the string drawn on one line (UIKit's `size()`).
    public func size() -> CGSize { StringLayout.layout(self).size }
}

extension String {
    /// Draws the string with `attributes` (font, colour, kern, underline, … as an `NSAttributedString`'s;
    /// default Helvetica 12, black) on one line, forced breaks starting new ones, its top-left at `point`,
    /// into `UIGraphicsGetCurrentContext()`; nothing without a current context.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attributes).draw(at: point)
    }

    /// Draws the string with `attributes` (default Helvetica 12, black) wrapped in `rect`'s width from its
    /// top, clipped to `rect`, into `UIGraphicsGetCurrentContext()`; nothing without a current context.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attributes).draw(in: rect)
    }

    /// The size the string takes drawn on one line with `attributes` (default Helvetica 12): the widest line's
    /// advance and the lines' heights, unrounded.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        NSAttributedString(string: self, attributes: attributes).size()
    }

    /// The box the string takes with `attributes`: with `.usesLineFragmentOrigin`, wrapped in `size.width`
    /// (truncated at `size.height` with `.truncatesLastVisibleLine`), at origin (0, 0); without it, one line
    /// whose origin's y is minus the ascent (the origin on the baseline). `context` is not updated.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        NSAttributedString(string: self, attributes: attributes).boundingRect(with: size, options: options, context: context)
    }
}

// MARK: Core Text lines

/// Core Text's line: an attributed string laid out on one line.
public final class CTLine {
    let laid: LaidOutText
    init(_ string: NSAttributedString) { laid = StringLayout.layout(string) }
}

/// Lays `string` out on one line (Core Text's `CTLine`), with the same text stack as `CATextLayer`;
/// attributes default to Helvetica 12, black.
public func CTLineCreateWithAttributedString(_ string: NSAttributedString) -> CTLine { CTLine(string) }

/// The line's width; its ascent, descent and leading through the pointers (the first line's, from the
/// layout's line box: ascent is the baseline's depth in it).
@discardableResult
public func CTLineGetTypographicBounds(_ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?, _ descent: UnsafeMutablePointer<CGFloat>?,
                                       _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    let box = line.laid.lines.first
    ascent?.pointee = box.map { $0.baseline - $0.rect.minY } ?? 0
    descent?.pointee = box.map { $0.rect.maxY - $0.baseline } ?? 0
    leading?.pointee = 0
    return Double(line.laid.size.width)
}

/// Draws the line as Quartz does: its baseline's start at `context.textPosition`, glyphs upright in a
/// y-up user space (so in UIKit's y-down space, unflipped, they show upside down, as on iOS).
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
    let p = context.textPosition
    guard p.x.isFinite, p.y.isFinite else { return }
    let baseline = line.laid.lines.first?.baseline ?? 0
    // Layout space (y down, the first baseline at `baseline`) → Quartz's text space (y up from the baseline).
    let flip = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: p.x, ty: p.y + baseline)
    context.draw(line.laid, layoutToUser: flip, color: .black)
}

extension CGContext {
    /// Where `CTLineDraw` starts the baseline, in user space (Quartz's text position; default (0, 0)).
    public var textPosition: CGPoint {
        get { state.textPosition }
        set { state.textPosition = newValue }
    }
}
