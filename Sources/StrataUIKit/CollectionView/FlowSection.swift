import Foundation

/// One section of a flow layout, laid out once per `prepare()`: its header, its lines of items and its
/// footer along the scrolling ("main") axis. Lines are kept in order with their extent on the main axis, so
/// the elements in a rect are found by binary search, not by walking every item.
struct FlowSection {
    struct Line {
        var items: Range<Int>
        var mainMin: CGFloat
        var mainMax: CGFloat
    }

    /// What a section's layout depends on.
    struct Metrics {
        var itemSizes: [CGSize]
        var inset: UIEdgeInsets
        var lineSpacing: CGFloat
        var interitemSpacing: CGFloat
        var header: CGSize
        var footer: CGSize
        var vertical: Bool
        /// The collection view's extent across the scrolling axis (its width when scrolling vertically).
        var crossExtent: CGFloat
    }

    var header: CGRect?
    var footer: CGRect?
    var itemFrames: [CGRect] = []
    var lines: [Line] = []
    var mainMin: CGFloat
    var mainMax: CGFloat

    /// Lays out a section starting at `start` on the main axis. Lines fill greedily; in every line but the
    /// last, items spread so the first and last touch the insets (one item alone is centred); the last line
    /// is left-aligned at the minimum spacing; items are centred across their line (UIKit's flow).
    init(_ m: Metrics, start: CGFloat) {
        let vertical = m.vertical
        func rect(cross: CGFloat, main: CGFloat, crossLength: CGFloat, mainLength: CGFloat) -> CGRect {
            vertical ? CGRect(x: cross, y: main, width: crossLength, height: mainLength)
                     : CGRect(x: main, y: cross, width: mainLength, height: crossLength)
        }
        func crossOf(_ s: CGSize) -> CGFloat { vertical ? s.width : s.height }
        func mainOf(_ s: CGSize) -> CGFloat { vertical ? s.height : s.width }
        let crossLead = vertical ? m.inset.left : m.inset.top, crossTrail = vertical ? m.inset.right : m.inset.bottom
        let mainLead = vertical ? m.inset.top : m.inset.left, mainTrail = vertical ? m.inset.bottom : m.inset.right
        mainMin = start
        var main = start
        if mainOf(m.header) > 0 {
            header = rect(cross: 0, main: main, crossLength: m.crossExtent, mainLength: mainOf(m.header))
            main += mainOf(m.header)
        }
        let sizes = m.itemSizes, n = sizes.count
        if n > 0 {
            main += mainLead
            let available = m.crossExtent - crossLead - crossTrail
            itemFrames.reserveCapacity(n)
            var first = 0
            while first < n {
                var end = first + 1, used = crossOf(sizes[first])
                while end < n, used + m.interitemSpacing + crossOf(sizes[end]) <= available + 0.0001 {
                    used += m.interitemSpacing + crossOf(sizes[end])
                    end += 1
                }
                let isLast = end == n, count = end - first
                let lineMain = sizes[first..<end].map(mainOf).max() ?? 0
                var cross = crossLead, spacing = m.interitemSpacing
                if count == 1, !isLast {
                    cross = crossLead + (available - crossOf(sizes[first])) / 2
                } else if !isLast {
                    spacing = (available - sizes[first..<end].map(crossOf).reduce(0, +)) / CGFloat(count - 1)
                }
                for i in first..<end {
                    let s = sizes[i]
                    itemFrames.append(rect(cross: cross, main: main + (lineMain - mainOf(s)) / 2,
                                           crossLength: crossOf(s), mainLength: mainOf(s)))
                    cross += crossOf(s) + spacing
                }
                lines.append(Line(items: first..<end, mainMin: main, mainMax: main + lineMain))
                main += lineMain
                if !isLast { main += m.lineSpacing }
                first = end
            }
            main += mainTrail
        }
        if mainOf(m.footer) > 0 {
            footer = rect(cross: 0, main: main, crossLength: m.crossExtent, mainLength: mainOf(m.footer))
            main += mainOf(m.footer)
        }
        mainMax = main
    }

    /// The items whose lines reach into `lo..<hi` on the main axis (binary search for the first line).
    func items(mainFrom lo: CGFloat, to hi: CGFloat) -> [Int] {
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].mainMax <= lo { low = mid + 1 } else { high = mid }
        }
        var found: [Int] = []
        var index = low
        while index < lines.count, lines[index].mainMin < hi {
            found.append(contentsOf: lines[index].items)
            index += 1
        }
        return found
    }
}
