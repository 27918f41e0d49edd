import CStrataText
import Foundation
import StrataCore

/// Lays out a CATextLayer's attributed string: a pure function of the text, the layer's style, its bounds
/// and the font files. docs/text-layout.md has these rules with their reasons.
///
/// - Input: at most `SourceText.maxUTF16` (64K) UTF-16 units are laid out; the rest is not shown. Attribute
///   runs are clipped to the text; where runs overlap, the later run wins. A bounds width or height that is
///   not a positive finite number means "unconstrained": no wrapping and no truncation at width 0, no line
///   limit at height 0.
/// - Paragraphs split at \n, \r, \r\n, U+0085 and U+2029; U+2028, VT and FF break the line inside the
///   paragraph (UAX #14 mandatory breaks). A break at the end of the string adds no empty line.
/// - Per paragraph: FriBiDi levels (direction from the first strong character, rule P2), a face per
///   character (the style's font when it has the character, else fontconfig's fallback; emoji-presentation
///   characters prefer the colour emoji font; marks and joiners stay with their base), the script per
///   character (Common and Inherited take their neighbour's), and items of one style, face, level and
///   script shaped by HarfBuzz (language unset, so the locale never matters). `kern` adds its points after
///   each cluster; `baselineOffset` raises the glyphs.
/// - Wrapping (`isWrapped` and a width): greedy, in logical order, at UAX #14 opportunities (ICU);
///   whitespace at a line's end hangs (not measured, not drawn); a word wider than the line is cut at
///   cluster boundaries. Unwrapped, a paragraph is one line (or more at forced breaks).
/// - Lines are put in visual order by FriBiDi (fribidi_reorder_line, rules L1 and L2) and placed left to
///   right; runs keep their paragraph shaping unless the line cuts them, then they are shaped again.
/// - Truncation (a mode and a width): unwrapped, each line wider than the width is cut so it plus "…" fits;
///   wrapped with a height, the last line that fits the height, when more lines follow, is cut from its start
///   to its paragraph's end and always ends (start: begins; middle: holds) "…", and later lines are dropped
///   (at least one line is shown). "…" takes the style at the cut; the kept text is analysed and shaped again.
/// - Alignment is in the bounds width (or, at width 0, the widest line's): natural is left for a
///   left-to-right paragraph and right for a right-to-left one; justified stretches each wrapped line's
///   inter-word spaces (Unicode space separators, not hanging ones) to the width, except a paragraph's last
///   line, a line before a forced break and a truncated line, which align naturally. A line wider than the box
///   starts at x = 0.
/// - Vertically lines stack from y = 0: a line is as tall as its tallest font's ascender − descender + line
///   gap (at least the tallest ascent plus the deepest descent), its baseline at its top plus the tallest
///   ascent; an empty paragraph is as tall as the font of the break that ends it. Baseline offsets do not
///   change line heights. `size` is the widest line's natural advance and the sum of the line heights.
public enum TextLayout {
    public static func layout(_ text: AttributedText, style: TextStyle, bounds: CGSize, library: FontLibrary = .shared) -> LaidOutText {
        let width = constraint(bounds.width), height = constraint(bounds.height)
        let table = StyleTable(layer: style, faces: FaceTable(library: library))
        let source = SourceText(text, styles: table)
        let shaper = Shaper()
        let wrapWidth: CGFloat? = style.isWrapped && width > 0 ? width : nil

        var lines: [PlannedLine] = []
        for (range, breakStyle) in source.paragraphs() {
            let paragraph = ShapedParagraph(text: Array(source.scalars[range]), offsets: Array(source.offsets[range.lowerBound...range.upperBound]),
                                            styles: Array(source.styles[range]), direction: FRIBIDI_PAR_ON, table: table, shaper: shaper)
            let spans = range.isEmpty ? [LineSpan(range: 0..<0, contentEnd: 0, endsSegment: true)] : LineBreaker.lines(paragraph, width: wrapWidth)
            for span in spans { lines.append(PlannedLine(paragraph: paragraph, span: span, breakStyle: breakStyle ?? 0)) }
        }

        if style.truncation != .none, width > 0 {
            truncate(&lines, mode: style.truncation, width: width, height: wrapWidth == nil ? 0 : height, table: table, shaper: shaper)
        }

        let assembled = lines.map { assemble($0, table: table, shaper: shaper) }
        let box = width > 0 ? width : assembled.map(\.width).max() ?? 0
        var placer = LinePlacer(table: table, boxWidth: box, alignment: style.alignment)
        for (planned, line) in zip(lines, assembled) {
            let p = planned.paragraph
            let range = planned.sourceRange ?? p.offsets[planned.span.range.lowerBound]..<p.offsets[planned.span.range.upperBound]
            placer.place(line, rightToLeft: p.isRightToLeft,
                         justifiable: wrapWidth != nil && !planned.span.endsSegment && planned.truncated == nil,
                         range: range, omitted: planned.truncated?.omitted)
        }
        return placer.result
    }

    /// A line to lay out: a span of a paragraph, or that span truncated.
    private struct PlannedLine {
        var paragraph: ShapedParagraph
        var span: LineSpan
        /// The style of the paragraph's break (an empty line's height).
        var breakStyle: Int32
        var truncated: Truncator.Result?
        /// A truncated line's source range (the text it stands for), when it is not the span's.
        var sourceRange: Range<Int>?
    }

    private static func truncate(_ lines: inout [PlannedLine], mode: TruncationMode, width: CGFloat, height: CGFloat,
                                 table: StyleTable, shaper: Shaper) {
        func cut(_ i: Int, _ range: Range<Int>, force: Bool) {
            let line = lines[i]
            lines[i].truncated = Truncator.truncate(line.paragraph, range, width: width, mode: mode, force: force,
                                                    fallbackStyle: line.breakStyle, table: table, shaper: shaper)
            if lines[i].truncated != nil { lines[i].sourceRange = line.paragraph.offsets[range.lowerBound]..<line.paragraph.offsets[range.upperBound] }
        }
        guard height > 0 else {
            for i in lines.indices { cut(i, lines[i].span.range, force: false) }
            return
        }
        var used: CGFloat = 0
        for i in lines.indices {
            let h = lineHeight(lines[i], table: table)
            if i > 0, used + h > height + 1e-6 {
                lines.removeSubrange(i...)
                let last = i - 1
                cut(last, lines[last].span.range.lowerBound..<lines[last].paragraph.text.count, force: true)
                return
            }
            used += h
        }
    }

    private static func lineHeight(_ line: PlannedLine, table: StyleTable) -> CGFloat {
        var measured = AssembledLine()
        LineAssembler.measureHeight(line.paragraph, line.span.range, table: table, into: &measured)
        if line.span.range.isEmpty { includeBreakFont(line, table: table, into: &measured) }
        return measured.height
    }

    private static func assemble(_ line: PlannedLine, table: StyleTable, shaper: Shaper) -> AssembledLine {
        if let truncated = line.truncated {
            let n = truncated.paragraph.text.count
            return LineAssembler.assemble(truncated.paragraph, LineSpan(range: 0..<n, contentEnd: n, endsSegment: true), table: table, shaper: shaper)
        }
        var assembled = LineAssembler.assemble(line.paragraph, line.span, table: table, shaper: shaper)
        if line.span.range.isEmpty { includeBreakFont(line, table: table, into: &assembled) }
        return assembled
    }

    private static func includeBreakFont(_ line: PlannedLine, table: StyleTable, into assembled: inout AssembledLine) {
        let style = table[line.breakStyle]
        LineAssembler.include(table.faces.metrics(style.primary, size: style.size), into: &assembled)
    }

    /// A positive finite extent, or 0 (unconstrained).
    private static func constraint(_ value: CGFloat) -> CGFloat { value.isFinite && value > 0 ? value : 0 }
}
