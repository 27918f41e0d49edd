import Foundation
import Logging
import Strata

/// Reloading (asking the data source for counts and the delegate for heights) and placing the cells,
/// headers and footers that lie on screen.
///
/// Call order of a reload (**documented**, after UIKit's): `numberOfSections`, then per section
/// `numberOfRowsInSection`, `titleForHeaderInSection`, `titleForFooterInSection`,
/// `heightForHeaderInSection`, `heightForFooterInSection`, and `heightForRowAt` for each row. Then, placing,
/// for rows leaving the screen `didEndDisplaying` (top to bottom) before their cells are queued for reuse,
/// and for each row arriving (top to bottom) `cellForRowAt` then `willDisplay`; then for each section
/// whose header or footer arrives `viewForHeaderInSection`, `willDisplayHeaderView`, and the same for the
/// footer.
extension UITableView {
    /// Reloads now if a reload is pending.
    func updateIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        for path in visible.keys.sorted() { removeCell(at: path) }
        for (_, view) in headerViews { view.removeFromSuperview() }
        for (_, view) in footerViews { view.removeFromSuperview() }
        headerViews.removeAll()
        footerViews.removeAll()
        selectedRows.removeAll()
        highlightedRow = nil
        unmeasured.removeAll()
        geometry = measureAll()
        contentSize = CGSize(width: bounds.width, height: geometry.contentHeight)
    }

    /// Asks for the counts and heights of everything (O(rows), once a reload, never a frame).
    func measureAll() -> TableGeometry {
        let sectionCount = clampedCount(dataSource?.numberOfSections(in: self) ?? 0, "numberOfSections(in:)")
        var sections: [TableGeometry.Section] = []
        sections.reserveCapacity(sectionCount)
        for s in 0..<sectionCount { sections.append(measureSection(s)) }
        return TableGeometry(tableHeader: tableHeaderView?.frame.height ?? 0, tableFooter: tableFooterView?.frame.height ?? 0,
                             sections: sections)
    }

    func measureSection(_ s: Int) -> TableGeometry.Section {
        let rows = clampedCount(dataSource?.tableView(self, numberOfRowsInSection: s) ?? 0, "numberOfRowsInSection \(s)")
        let header = supplementaryHeight(section: s, header: true)
        let footer = supplementaryHeight(section: s, header: false)
        var heights = [CGFloat]()
        heights.reserveCapacity(rows)
        for r in 0..<rows { heights.append(rowHeight(for: IndexPath(row: r, section: s))) }
        return TableGeometry.Section(header: header, footer: footer, rows: RowHeights(heights))
    }

    /// A count from outside the process: negative is logged and taken as 0.
    func clampedCount(_ count: Int, _ what: String) -> Int {
        if count < 0 { StrataLog.logger.error("UITableView: the data source's \(what) is \(count); taken as 0") }
        return max(count, 0)
    }

    /// The delegate's height (else `rowHeight`); `automaticDimension` gives the estimate until measured.
    func rowHeight(for path: IndexPath) -> CGFloat {
        let asked = tableDelegate?.tableView(self, heightForRowAt: path) ?? rowHeight
        if asked == UITableView.automaticDimension {
            unmeasured.insert(path)
            let estimate = tableDelegate?.tableView(self, estimatedHeightForRowAt: path) ?? estimatedRowHeight
            return estimate > 0 && estimate.isFinite ? estimate : 44
        }
        guard asked.isFinite, asked >= 0 else {
            StrataLog.logger.error("UITableView: height \(asked) for row \(path.row) in section \(path.section); taken as 0")
            return 0
        }
        return asked
    }

    /// A header's or footer's height. `automaticDimension` (the default): 28 points where there is a title
    /// (38 in grouped styles), else 0 in the plain style and 18 in grouped ones (**choices**, near UIKit's).
    func supplementaryHeight(section: Int, header: Bool) -> CGFloat {
        let asked = header
            ? tableDelegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight
            : tableDelegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight
        if asked == UITableView.automaticDimension {
            let title = header ? dataSource?.tableView(self, titleForHeaderInSection: section)
                               : dataSource?.tableView(self, titleForFooterInSection: section)
            if title != nil { return style == .plain ? 28 : 38 }
            return style == .plain ? 0 : 18
        }
        guard asked.isFinite, asked >= 0 else { return 0 }
        return asked
    }

    /// The horizontal inset of rows, headers and footers: 20 points a side in `.insetGrouped` (**choice**).
    var rowInset: CGFloat { style == .insetGrouped ? 20 : 0 }

    /// What is on screen: the presented offset (mid-fling too) and the bounds' size.
    var visibleContentRect: CGRect { CGRect(origin: contentOffset, size: bounds.size) }

    func rowFrame(_ path: IndexPath) -> CGRect? {
        geometry.rowSpan(path).map { CGRect(x: rowInset, y: $0.y, width: bounds.width - 2 * rowInset, height: $0.height) }
    }

    /// Places the cells, headers and footers on screen, making and queueing cells as rows arrive and leave.
    func placeContent() {
        guard !placing else { return }
        placing = true
        defer { placing = false }
        // Measuring automatic rows may move the rows under them: place again until nothing moves (twice at most).
        if placeRows() { _ = placeRows() }
        placeSupplementaries()
        contentSize = CGSize(width: bounds.width, height: geometry.contentHeight)
    }

    /// Returns whether a measured height changed the geometry.
    private func placeRows() -> Bool {
        let rect = visibleContentRect
        let wanted = geometry.rows(in: rect.minY, rect.maxY)
        let wantedSet = Set(wanted)
        for path in visible.keys.sorted() where !wantedSet.contains(path) { removeCell(at: path) }
        var remeasured = false
        for path in wanted {
            if let cell = visible[path] {
                if let frame = rowFrame(path), cell.frame != frame {
                    cell.frame = frame
                    CellLayout.layout(cell)
                }
                continue
            }
            guard let cell = makeCell(at: path) else { continue }
            if unmeasured.remove(path) != nil {
                let height = cell.sizeThatFits(CGSize(width: bounds.width - 2 * rowInset, height: 0)).height
                if height > 0, height.isFinite, geometry.rowSpan(path)?.height != height {
                    geometry.setHeight(height, of: path)
                    remeasured = true
                }
            }
            show(cell, at: path)
        }
        if remeasured { for (path, cell) in visible { if let frame = rowFrame(path) { cell.frame = frame } } }
        return remeasured
    }

    func makeCell(at path: IndexPath) -> UITableViewCell? {
        guard let dataSource else { return nil }
        let cell = dataSource.tableView(self, cellForRowAt: path)
        if visible.values.contains(where: { $0 === cell }) {
            StrataLog.logger.error("UITableView: cellForRowAt \(path) returned a cell already on screen; row left empty")
            return nil
        }
        return cell
    }

    /// Puts a cell on screen at a row: its frame, separator and selection, then `willDisplay`.
    func show(_ cell: UITableViewCell, at path: IndexPath) {
        cell.frame = rowFrame(path) ?? .zero
        cell.tableSeparatorInset = separatorInset
        cell.separator.isHidden = separatorStyle == .none
        cell.separator.backgroundColor = separatorColor ?? .separator
        cell.isHidden = false
        cell.alpha = 1
        let selected = selectedRows.contains(path)
        if cell.isSelected != selected { cell.setSelected(selected, animated: false) }
        if cell.isHighlighted { cell.setHighlighted(false, animated: false) }
        if cell.superview !== self { insertSubview(cell, at: backgroundView == nil ? 0 : 1) }
        // Its content view takes the row's size now: the tree's constraints are solved together, and a
        // self-sizing cell's at its previous size would contradict its row (UIKit sizes the cell first too).
        // Only the cell's own frames are set here; its constraints are solved in the layout pass, once.
        CellLayout.layout(cell)
        visible[path] = cell
        tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
    }

    /// Takes a row's cell off screen: `didEndDisplaying`, then into the reuse queue.
    func removeCell(at path: IndexPath) {
        guard let cell = visible.removeValue(forKey: path) else { return }
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
        enqueue(cell)
    }

    /// Headers and footers of the sections on screen; in the plain style a header sticks to the top while
    /// its section is under it, pushed up by the next section (footers scroll: **choice**).
    private func placeSupplementaries() {
        let rect = visibleContentRect
        let sections = geometry.sections(in: rect.minY, rect.maxY)
        for s in Array(headerViews.keys) where !sections.contains(s) { headerViews.removeValue(forKey: s)?.removeFromSuperview() }
        for s in Array(footerViews.keys) where !sections.contains(s) { footerViews.removeValue(forKey: s)?.removeFromSuperview() }
        let width = bounds.width - 2 * rowInset
        for s in sections {
            if let span = geometry.headerSpan(s), span.height > 0 {
                var y = span.y
                if style == .plain, let section = geometry.sectionSpan(s) {
                    y = min(max(span.y, rect.minY + adjustedContentInset.top), section.y + section.height - span.height)
                }
                let view = headerViews[s] ?? supplementaryView(section: s, header: true)
                view?.frame = CGRect(x: rowInset, y: y, width: width, height: span.height)
                if let view { bringSubviewToFront(view) }
            }
            if let span = geometry.footerSpan(s), span.height > 0 {
                let view = footerViews[s] ?? supplementaryView(section: s, header: false)
                view?.frame = CGRect(x: rowInset, y: span.y, width: width, height: span.height)
            }
        }
        if let header = tableHeaderView { header.frame = CGRect(x: 0, y: 0, width: bounds.width, height: geometry.tableHeader) }
        if let footer = tableFooterView {
            footer.frame = CGRect(x: 0, y: geometry.tableFooterY, width: bounds.width, height: geometry.tableFooter)
        }
    }

    /// The delegate's view, else a `UITableViewHeaderFooterView` showing the data source's title.
    private func supplementaryView(section s: Int, header: Bool) -> UIView? {
        var view = header ? tableDelegate?.tableView(self, viewForHeaderInSection: s) : tableDelegate?.tableView(self, viewForFooterInSection: s)
        if view == nil {
            let title = header ? dataSource?.tableView(self, titleForHeaderInSection: s) : dataSource?.tableView(self, titleForFooterInSection: s)
            if let title {
                let made = UITableViewHeaderFooterView(reuseIdentifier: nil)
                made.textLabel?.text = style == .plain || !header ? title : title.uppercased()
                made.tableStyle = style
                view = made
            }
        }
        guard let view else { return nil }
        if view.superview !== self { addSubview(view) }
        if header {
            headerViews[s] = view
            tableDelegate?.tableView(self, willDisplayHeaderView: view, forSection: s)
        } else {
            footerViews[s] = view
            tableDelegate?.tableView(self, willDisplayFooterView: view, forSection: s)
        }
        return view
    }
}
