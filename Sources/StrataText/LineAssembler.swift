import CStrataText
import Foundation

/// A line's glyphs in visual order with their advances, before alignment places them.
struct AssembledLine {
    /// Glyphs of one style, face and bidi level, shaped together.
    struct Piece {
        var style: Int32
        var face: Int32
        var glyphs: ShapedGlyphs
        /// Each glyph's source UTF-16 offset.
        var sourceOffsets: [Int]
        /// Glyphs that start an inter-word space (justification widens them).
        var spaceGlyphs: [Int]
    }

    var pieces: [Piece] = []
    /// The content's advance (trailing whitespace hangs outside it).
    var width: CGFloat = 0
    var spaceCount: Int = 0
    /// The tallest font's ascent and descent (both positive) and line height.
    var ascent: CGFloat = 0
    var descent: CGFloat = 0
    var height: CGFloat = 0
}

/// One line of a shaped paragraph in visual order: FriBiDi reorders it (rules L1 and L2), each run of one
/// style, face, script and level keeps its paragraph shaping where the line holds all of it and is shaped
/// again (with the paragraph as context) where the line cuts it.
enum LineAssembler {
    static func assemble(_ paragraph: ShapedParagraph, _ line: LineSpan, table: StyleTable, shaper: Shaper) -> AssembledLine {
        var result = AssembledLine()
        measureHeight(paragraph, line.range, table: table, into: &result)
        let start = line.range.lowerBound, end = line.contentEnd
        guard end > start else { return result }
        let count = end - start

        var types = Array(paragraph.bidiTypes[start..<end])
        var levels = Array(paragraph.levels[start..<end])
        var map = (0..<count).map { FriBidiStrIndex($0) }
        if fribidi_reorder_line(0, &types, FriBidiStrIndex(count), 0, paragraph.direction, &levels, nil, &map) == 0 {
            map = (0..<count).map { FriBidiStrIndex($0) }  // FriBiDi could not allocate: logical order
        }
        var visualPosition = [Int](repeating: 0, count: count)
        for (visual, logical) in map.enumerated() where Int(logical) < count && logical >= 0 { visualPosition[Int(logical)] = visual }

        var pieces: [(range: Range<Int>, level: FriBidiLevel, order: Int)] = []
        var pieceStart = start
        var item = paragraph.item(at: start)
        for i in (start + 1)...end {
            if i < end, i < paragraph.items[item].range.upperBound, levels[i - start] == levels[pieceStart - start] { continue }
            pieces.append((pieceStart..<i, levels[pieceStart - start], visualPosition[pieceStart - start]))
            pieceStart = i
            if i < end, i >= paragraph.items[item].range.upperBound { item = paragraph.item(at: i) }
        }
        pieces.sort { $0.order < $1.order }

        for piece in pieces {
            let itemIndex = paragraph.item(at: piece.range.lowerBound)
            let source = paragraph.items[itemIndex]
            let style = table[source.style]
            let glyphs: ShapedGlyphs
            if source.range == piece.range, source.level == piece.level {
                glyphs = source.glyphs
            } else {
                glyphs = shaper.shape(paragraph.shapingText, range: piece.range, font: table.faces.fonts[Int(source.face)], size: style.size,
                                      rightToLeft: piece.level & 1 == 1, script: source.script, kern: style.kern)
            }
            var spaces: [Int] = []
            var previousCluster = -1
            for (g, cluster) in glyphs.clusters.enumerated() {
                defer { previousCluster = cluster }
                guard cluster != previousCluster, cluster < end, isInterWordSpace(paragraph.text[cluster]) else { continue }
                spaces.append(g)
            }
            result.width += glyphs.width
            result.spaceCount += spaces.count
            result.pieces.append(AssembledLine.Piece(style: source.style, face: source.face, glyphs: glyphs,
                                                     sourceOffsets: glyphs.clusters.map { paragraph.offsets[$0] }, spaceGlyphs: spaces))
        }
        return result
    }

    /// The line's height from every font on it, its hanging whitespace included (a line of spaces is as
    /// tall as their font): the tallest ascender − descender + line gap, and at least the tallest ascent
    /// plus the deepest descent, so mixed fonts never overlap the next line.
    static func measureHeight(_ paragraph: ShapedParagraph, _ range: Range<Int>, table: StyleTable, into line: inout AssembledLine) {
        guard !range.isEmpty else { return }
        var i = paragraph.item(at: range.lowerBound)
        while i < paragraph.items.count, paragraph.items[i].range.lowerBound < range.upperBound {
            include(table.faces.metrics(paragraph.items[i].face, size: table[paragraph.items[i].style].size), into: &line)
            i += 1
        }
    }

    static func include(_ m: FontMetrics, into line: inout AssembledLine) {
        line.ascent = max(line.ascent, m.ascender)
        line.descent = max(line.descent, -m.descender)
        line.height = max(line.height, m.lineHeight, line.ascent + line.descent)
    }

    /// Unicode's space separators (U+0020, no-break and ideographic spaces, …): where justification adds room.
    static func isInterWordSpace(_ c: UInt32) -> Bool {
        if c == 0x20 { return true }
        if c < 0xA0 { return false }
        return Unicode.Scalar(c)?.properties.generalCategory == .spaceSeparator
    }
}
