import Foundation

/// Where everything in a table view lies along its content, top to bottom: the table header, then per
/// section a header, the rows and a footer, then the table footer. Sections are few, so their starts are a
/// plain array; rows live in a `RowHeights` per section.
struct TableGeometry {
    struct Section {
        var header: CGFloat
        var footer: CGFloat
        var rows: RowHeights
        var height: CGFloat { header + rows.total + footer }
    }

    var tableHeader: CGFloat = 0
    var tableFooter: CGFloat = 0
    private(set) var sections: [Section] = []
    /// Each section's top, from the content's top.
    private var starts: [CGFloat] = []

    init() {}

    init(tableHeader: CGFloat, tableFooter: CGFloat, sections: [Section]) {
        self.tableHeader = tableHeader
        self.tableFooter = tableFooter
        self.sections = sections
        restack()
    }

    private mutating func restack() {
        starts.removeAll(keepingCapacity: true)
        var y = tableHeader
        for section in sections {
            starts.append(y)
            y += section.height
        }
    }

    var contentHeight: CGFloat { (starts.last ?? tableHeader) + (sections.last?.height ?? 0) + tableFooter }
    var numberOfSections: Int { sections.count }
    func numberOfRows(inSection section: Int) -> Int { sections.indices.contains(section) ? sections[section].rows.count : 0 }

    func contains(_ path: IndexPath) -> Bool {
        sections.indices.contains(path.section) && path.row >= 0 && path.row < sections[path.section].rows.count
    }

    /// The span of a row along the content (its top and height), or nil when there is no such row.
    func rowSpan(_ path: IndexPath) -> (y: CGFloat, height: CGFloat)? {
        guard contains(path) else { return nil }
        let section = sections[path.section]
        return (starts[path.section] + section.header + section.rows.offset(ofRow: path.row), section.rows.heights[path.row])
    }

    func sectionSpan(_ section: Int) -> (y: CGFloat, height: CGFloat)? {
        guard sections.indices.contains(section) else { return nil }
        return (starts[section], sections[section].height)
    }

    func headerSpan(_ section: Int) -> (y: CGFloat, height: CGFloat)? {
        guard sections.indices.contains(section) else { return nil }
        return (starts[section], sections[section].header)
    }

    func footerSpan(_ section: Int) -> (y: CGFloat, height: CGFloat)? {
        guard sections.indices.contains(section) else { return nil }
        let s = sections[section]
        return (starts[section] + s.header + s.rows.total, s.footer)
    }

    var tableFooterY: CGFloat { contentHeight - tableFooter }

    /// The section whose span holds `y`, clamped to the first and last.
    func section(at y: CGFloat) -> Int? {
        guard !starts.isEmpty else { return nil }
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The row whose span holds `y`, or nil where there is none (a header, a footer, outside the rows).
    func row(at y: CGFloat) -> IndexPath? {
        guard let s = section(at: y), let span = rowRange(inSection: s), y >= span.lo, y < span.hi,
              let row = sections[s].rows.row(at: y - span.lo) else { return nil }
        return IndexPath(row: row, section: s)
    }

    private func rowRange(inSection s: Int) -> (lo: CGFloat, hi: CGFloat)? {
        guard sections.indices.contains(s) else { return nil }
        let lo = starts[s] + sections[s].header
        return (lo, lo + sections[s].rows.total)
    }

    /// The rows any part of which lies in [minY, maxY), in order: O(log n) to find the first, then one step
    /// a row.
    func rows(in minY: CGFloat, _ maxY: CGFloat) -> [IndexPath] {
        guard maxY > minY, var s = section(at: minY) else { return [] }
        var result: [IndexPath] = []
        while s < sections.count, starts[s] < maxY {
            if let span = rowRange(inSection: s), span.hi > minY, span.lo < maxY, sections[s].rows.count > 0 {
                var row = sections[s].rows.row(at: max(minY - span.lo, 0)) ?? 0
                while row < sections[s].rows.count {
                    let top = span.lo + sections[s].rows.offset(ofRow: row)
                    if top >= maxY { break }
                    if top + sections[s].rows.heights[row] > minY || sections[s].rows.heights[row] == 0 && top >= minY {
                        result.append(IndexPath(row: row, section: s))
                    }
                    row += 1
                }
            }
            s += 1
        }
        return result
    }

    /// The sections any part of which lies in [minY, maxY).
    func sections(in minY: CGFloat, _ maxY: CGFloat) -> Range<Int> {
        guard maxY > minY, let first = section(at: minY) else { return 0..<0 }
        var last = first
        while last + 1 < sections.count, starts[last + 1] < maxY { last += 1 }
        return first..<(last + 1)
    }

    /// A measured row height replaces its estimate: O(log n) in the section, O(sections) to restack.
    mutating func setHeight(_ height: CGFloat, of path: IndexPath) {
        guard contains(path), sections[path.section].rows.heights[path.row] != height else { return }
        sections[path.section].rows.setHeight(height, ofRow: path.row)
        restack()
    }
}
