import CStrataBreak
import Foundation

/// A paragraph's line: characters `range` (with its trailing whitespace), of which `range.lowerBound ..<
/// contentEnd` shows; `endsSegment` when the paragraph or a forced break (U+2028, VT, FF) ends it.
struct LineSpan: Equatable {
    var range: Range<Int>
    var contentEnd: Int
    var endsSegment: Bool
}

/// Greedy line filling at UAX #14 opportunities (ICU's line break iterator), in logical order.
enum LineBreaker {
    /// Lines of `paragraph` no wider than `width` (nil: break only where a break is forced). Whitespace at
    /// a line's end hangs: it is not measured. A word wider than `width` is cut at cluster boundaries
    /// (character wrap, as Core Text cuts a word longer than the line).
    static func lines(_ paragraph: ShapedParagraph, width: CGFloat?) -> [LineSpan] {
        let text = paragraph.text
        let n = text.count
        guard n > 0 else { return [] }
        let breaks = opportunities(text)
        let tolerance: CGFloat = 1e-6
        func fits(_ a: Int, _ b: Int) -> Bool {
            guard let width else { return true }
            return paragraph.width(a, paragraph.contentEnd(a, b)) <= width + tolerance
        }
        var lines: [LineSpan] = []
        var start = 0
        while start < n {
            var lastFit: Int?
            var forced = false
            var overflow = n
            for i in start..<n {
                let kind = i == n - 1 ? mandatory : breaks[i]
                guard kind == mandatory || kind == allowed else {
                    // Past the width before the next opportunity: no later one fits either, so stop here (a
                    // long word is not scanned to its end for every line character wrap cuts from it).
                    if let width, !ShapedParagraph.isWhitespace(text[i]), paragraph.width(start, i + 1) > width + tolerance {
                        overflow = i + 1
                        break
                    }
                    continue
                }
                if fits(start, i + 1) {
                    lastFit = i + 1
                    if kind == mandatory { forced = true; break }
                } else {
                    overflow = i + 1
                    break
                }
            }
            let end = lastFit ?? characterWrap(paragraph, start, paragraph.contentEnd(start, overflow), width ?? 0)
            lines.append(LineSpan(range: start..<end, contentEnd: paragraph.contentEnd(start, end), endsSegment: forced && end == lastFit))
            start = end
        }
        return lines
    }

    /// The last cluster boundary after `start` up to which text[start..<limit] fits; at least the whole
    /// first cluster, even past `limit` (a flag, an emoji sequence or an accented letter is never split).
    private static func characterWrap(_ paragraph: ShapedParagraph, _ start: Int, _ limit: Int, _ width: CGFloat) -> Int {
        var end = start + 1
        while end < paragraph.text.count, !paragraph.isBoundary(end) { end += 1 }
        var candidate = end + 1
        while candidate <= limit {
            if paragraph.isBoundary(candidate) {
                guard paragraph.width(start, candidate) <= width + 1e-6 else { break }
                end = candidate
            }
            candidate += 1
        }
        return end
    }

    static let mandatory = Int8(STRATA_BREAK_MANDATORY)
    static let allowed = Int8(STRATA_BREAK_ALLOWED)
    static let none = Int8(STRATA_BREAK_NONE)

    /// The break kind after each character (`mandatory`, `allowed` or `none`): UAX #14 as ICU implements
    /// it, with dictionary word boundaries for Thai, Lao, Khmer and Myanmar. Should ICU fail to set up, the
    /// text breaks only where it must (its end), as an unwrapped line.
    static func opportunities(_ text: [UInt32]) -> [Int8] {
        var breaks = [Int8](repeating: none, count: text.count)
        text.withUnsafeBufferPointer { chars in
            breaks.withUnsafeMutableBufferPointer { out in
                _ = strata_line_breaks(chars.baseAddress, Int32(chars.count), out.baseAddress)
            }
        }
        return breaks
    }
}
