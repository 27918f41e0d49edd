import Foundation
import StrataCore

/// Places assembled lines: stacks them from y = 0 down, aligns each in the box width, stretches justified
/// lines, and turns pieces into glyph runs (adjacent pieces of one face, size and colour merged) and
/// decorations.
struct LinePlacer {
    let table: StyleTable
    /// The width lines align in.
    let boxWidth: CGFloat
    let alignment: TextAlignmentMode
    private(set) var result = LaidOutText()

    init(table: StyleTable, boxWidth: CGFloat, alignment: TextAlignmentMode) {
        self.table = table; self.boxWidth = boxWidth; self.alignment = alignment
    }

    /// `justifiable`: a wrapped line that neither ends its paragraph (or a forced break) nor was truncated.
    mutating func place(_ line: AssembledLine, rightToLeft: Bool, justifiable: Bool, range: Range<Int>, omitted: Range<Int>?) {
        let top = result.size.height
        let baseline = top + line.ascent
        let stretch = alignment == .justified && justifiable && line.spaceCount > 0 && line.width < boxWidth
        let extra = stretch ? (boxWidth - line.width) / CGFloat(line.spaceCount) : 0
        let width = stretch ? boxWidth : line.width
        let x0: CGFloat
        switch alignment {
        case .left: x0 = 0
        case .right: x0 = boxWidth - width
        case .center: x0 = (boxWidth - width) / 2
        case .natural, .justified: x0 = rightToLeft ? boxWidth - width : 0
        }
        // A line wider than the box starts at 0 and overflows to the right, whatever the alignment.
        let left = max(0, x0)
        let lineIndex = result.lines.count

        var decorations = DecorationBuilder()
        var x = left
        for piece in line.pieces {
            let style = table[piece.style]
            let face = table.faces.faces[Int(piece.face)]
            let glyphs = piece.glyphs
            let pieceStart = x
            var positions: [CGPoint] = []
            positions.reserveCapacity(glyphs.glyphs.count)
            var nextSpace = 0
            for g in glyphs.glyphs.indices {
                positions.append(CGPoint(x: x + glyphs.xOffsets[g], y: baseline - style.baselineOffset - glyphs.yOffsets[g]))
                x += glyphs.advances[g]
                if nextSpace < piece.spaceGlyphs.count, piece.spaceGlyphs[nextSpace] == g {
                    x += extra
                    nextSpace += 1
                }
            }
            decorations.add(x: pieceStart, width: x - pieceStart, style: style, metrics: table.faces.metrics(piece.face, size: style.size))
            appendRun(GlyphRun(face: face, size: style.size, color: style.color, glyphs: glyphs.glyphs, positions: positions,
                               line: lineIndex, clusters: piece.sourceOffsets))
        }
        result.decorations += decorations.rectangles(baseline: baseline)
        result.lines.append(LineBox(rect: CGRect(x: left, y: top, width: width, height: line.height), baseline: baseline,
                                    range: range, isTruncated: omitted != nil, omittedRange: omitted))
        result.size.width = max(result.size.width, line.width)
        result.size.height += line.height
    }

    private mutating func appendRun(_ run: GlyphRun) {
        guard !run.glyphs.isEmpty else { return }
        if var last = result.runs.last, last.line == run.line, last.face == run.face, last.size == run.size, last.color == run.color {
            last.glyphs += run.glyphs
            last.positions += run.positions
            last.clusters += run.clusters
            result.runs[result.runs.count - 1] = last
        } else {
            result.runs.append(run)
        }
    }
}
