import CStrataText
import Foundation
import StrataCore

/// Cuts a line that does not fit so that what is kept plus "…" does (CATextLayer's truncationMode).
enum Truncator {
    static let ellipsis: UInt32 = 0x2026

    struct Result {
        /// The kept text with "…" in place of the cut, analysed again (FriBiDi in the original paragraph's
        /// direction, fallback, shaping), so joins and order are those of the text as shown.
        var paragraph: ShapedParagraph
        /// The source UTF-16 range "…" stands for.
        var omitted: Range<Int>
    }

    /// `range`: the line's characters in `paragraph`; `force`: put "…" even when the line fits (more text
    /// follows that is not shown). `fallbackStyle` styles "…" on a line with no characters. Cuts fall on
    /// cluster boundaries, and whitespace next to "…" is dropped. nil when the line fits and is not forced.
    static func truncate(_ paragraph: ShapedParagraph, _ range: Range<Int>, width: CGFloat, mode: TruncationMode, force: Bool,
                         fallbackStyle: Int32, table: StyleTable, shaper: Shaper) -> Result? {
        let p = paragraph
        let a = range.lowerBound, b = p.contentEnd(range.lowerBound, range.upperBound)
        guard mode != .none, force || p.width(a, b) > width + 1e-6 else { return nil }
        func styleAt(_ i: Int) -> Int32 { i >= 0 && i < p.styles.count ? p.styles[i] : fallbackStyle }
        func ellipsisWidth(_ style: Int32) -> CGFloat {
            let s = table[style]
            let face = table.faces.slot(table.faces.library.face(for: ellipsis, preferring: table.faces.faces[Int(s.primary)], name: s.fontName))
            return shaper.shape([ellipsis], range: 0..<1, font: table.faces.fonts[Int(face)], size: s.size, rightToLeft: false,
                                script: HB_SCRIPT_COMMON, kern: s.kern).width
        }
        let boundaries = (a...b).filter { p.isBoundary($0) }
        /// The last boundary whose kept head (trailing whitespace dropped) fits `room`.
        func headEnd(_ room: CGFloat) -> Int {
            boundaries.last { p.width(a, p.contentEnd(a, $0)) <= room + 1e-6 } ?? a
        }
        /// The first boundary at or after `from` whose kept tail (leading whitespace dropped) fits `room`.
        func tailStart(_ room: CGFloat, from: Int) -> Int {
            boundaries.first { $0 >= from && p.width(p.contentStart($0, b), b) <= room + 1e-6 } ?? b
        }

        var head = a..<a, tail = b..<b
        var style: Int32
        switch mode {
        case .none, .end:
            // "…" takes the style of the last kept character; measure with the first guess, then again if the cut changed it.
            style = styleAt(a)
            var cut = headEnd(width - ellipsisWidth(style))
            if cut > a, styleAt(cut - 1) != style { style = styleAt(cut - 1); cut = headEnd(width - ellipsisWidth(style)) }
            head = a..<p.contentEnd(a, cut)
        case .start:
            style = styleAt(b - 1)
            var cut = tailStart(width - ellipsisWidth(style), from: a)
            if cut < b, styleAt(cut) != style { style = styleAt(cut); cut = tailStart(width - ellipsisWidth(style), from: a) }
            tail = p.contentStart(cut, b)..<b
        case .middle:
            // Half the room for each end; the tail gets what the head's cut left over.
            style = styleAt(a)
            let room = width - ellipsisWidth(style)
            let cut = headEnd(room / 2)
            head = a..<p.contentEnd(a, cut)
            tail = p.contentStart(tailStart(room - p.width(head.lowerBound, head.upperBound), from: cut), b)..<b
            if !head.isEmpty { style = styleAt(head.upperBound - 1) }
        }

        var text = Array(p.text[head]), offsets = Array(p.offsets[head]), styles = Array(p.styles[head])
        text.append(ellipsis); offsets.append(p.offsets[head.upperBound]); styles.append(style)
        text += p.text[tail]; offsets += p.offsets[tail]; styles += p.styles[tail]
        offsets.append(p.offsets[range.upperBound])
        let shown = ShapedParagraph(text: text, offsets: offsets, styles: styles, direction: p.direction, table: table, shaper: shaper)
        let omitted = mode == .end || mode == .none ? head.upperBound..<range.upperBound
            : mode == .start ? range.lowerBound..<tail.lowerBound : head.upperBound..<tail.lowerBound
        return Result(paragraph: shown, omitted: p.offsets[omitted.lowerBound]..<p.offsets[omitted.upperBound])
    }
}
