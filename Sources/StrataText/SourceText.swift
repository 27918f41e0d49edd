import Foundation
import StrataCore

/// The attributed string as layout works on it: Unicode scalars, where each starts in UTF-16 (the runs'
/// units), and each one's style, cut to `maxUTF16` units.
struct SourceText {
    /// Layout reads at most this many UTF-16 units of a string (64K); the rest is not shown. It bounds the
    /// work one hostile string can cause per layout.
    static let maxUTF16 = 1 << 16

    var scalars: [UInt32] = []
    /// The UTF-16 offset of each scalar, and one more: the end.
    var offsets: [Int] = []
    /// Each scalar's index in the `StyleTable`.
    var styles: [Int32] = []

    init(_ text: AttributedText, styles table: StyleTable) {
        var offset = 0
        for scalar in text.string.unicodeScalars {
            let width = scalar.utf16.count
            if offset + width > Self.maxUTF16 { break }
            scalars.append(scalar.value)
            offsets.append(offset)
            offset += width
        }
        offsets.append(offset)
        let unitStyles = Self.unitStyles(text.runs, units: offset, table: table)
        styles = offsets.dropLast().map { unitStyles[$0] }
    }

    /// Each UTF-16 unit's style. Runs are clipped to the text; where runs overlap the later one wins. Runs are
    /// applied last to first, each unit written once (a union-find skips written units), so the work is
    /// linear in the runs and the text however they overlap.
    private static func unitStyles(_ runs: [TextRun], units: Int, table: StyleTable) -> [Int32] {
        var result = [Int32](repeating: 0, count: units)
        guard units > 0, !runs.isEmpty else { return result }
        var next = Array(0...units)  // next[i]: the first unwritten unit at or after i (when i is a root)
        func find(_ i: Int) -> Int {
            var root = i
            while next[root] != root { root = next[root] }
            var j = i
            while next[j] != root { let k = next[j]; next[j] = root; j = k }
            return root
        }
        for run in runs.reversed() {
            guard run.length > 0, run.location < units else { continue }
            let lower = max(run.location, 0)
            let (end, overflow) = run.location.addingReportingOverflow(run.length)
            let upper = overflow ? units : min(end, units)
            guard lower < upper else { continue }
            var i = find(lower)
            guard i < upper else { continue }
            let style = table.index(for: run.attributes)
            while i < upper {
                result[i] = style
                next[i] = i + 1
                i = find(i + 1)
            }
        }
        return result
    }

    /// Paragraphs: scalar ranges between hard breaks (\n, \r, \r\n, U+0085, U+2029), without the break,
    /// each with the style of the break that ends it (an empty paragraph's height comes from it). A break at
    /// the very end starts no empty last paragraph, as in Core Text.
    func paragraphs() -> [(range: Range<Int>, breakStyle: Int32?)] {
        var result: [(range: Range<Int>, breakStyle: Int32?)] = []
        var start = 0
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == 0x0A || c == 0x0D || c == 0x85 || c == 0x2029 {
                result.append((start..<i, styles[i]))
                i += (c == 0x0D && i + 1 < scalars.count && scalars[i + 1] == 0x0A) ? 2 : 1
                start = i
            } else {
                i += 1
            }
        }
        if start < scalars.count { result.append((start..<scalars.count, nil)) }
        return result
    }
}
