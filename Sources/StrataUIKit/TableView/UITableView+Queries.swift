import Foundation

/// Where rows are and which cells show them, and scrolling to a row: the work of the open queries declared in
/// UITableView.swift (each named after its UIKit member there).
extension UITableView {
    /// `cellForRow(at:)`.
    func visibleCell(at indexPath: IndexPath) -> UITableViewCell? {
        updateIfNeeded()
        return visible[indexPath]
    }

    /// `indexPath(for:)`.
    func visibleIndexPath(of cell: UITableViewCell) -> IndexPath? {
        visible.first { $0.value === cell }?.key
    }

    /// `indexPathForRow(at:)`.
    func row(under point: CGPoint) -> IndexPath? {
        updateIfNeeded()
        guard point.x >= rowInset, point.x < bounds.width - rowInset else { return nil }
        return geometry.row(at: point.y)
    }

    /// `indexPathsForRows(in:)`.
    func rows(crossing rect: CGRect) -> [IndexPath]? {
        updateIfNeeded()
        return geometry.rows(in: rect.minY, rect.maxY)
    }

    /// `indexPathsForVisibleRows`.
    func placedIndexPaths() -> [IndexPath]? {
        updateIfNeeded()
        placeContent()
        return visible.keys.sorted()
    }

    /// `visibleCells`.
    func placedCells() -> [UITableViewCell] {
        (indexPathsForVisibleRows ?? []).compactMap { visible[$0] }
    }

    /// `rectForRow(at:)`.
    func rowRect(_ indexPath: IndexPath) -> CGRect {
        updateIfNeeded()
        return rowFrame(indexPath) ?? .zero
    }

    /// `rect(forSection:)`.
    func sectionRect(_ section: Int) -> CGRect {
        updateIfNeeded()
        return geometry.sectionSpan(section).map { CGRect(x: 0, y: $0.y, width: bounds.width, height: $0.height) } ?? .zero
    }

    /// `rectForHeader(inSection:)`.
    func headerRect(_ section: Int) -> CGRect {
        updateIfNeeded()
        return geometry.headerSpan(section).map { CGRect(x: 0, y: $0.y, width: bounds.width, height: $0.height) } ?? .zero
    }

    /// `rectForFooter(inSection:)`.
    func footerRect(_ section: Int) -> CGRect {
        updateIfNeeded()
        return geometry.footerSpan(section).map { CGRect(x: 0, y: $0.y, width: bounds.width, height: $0.height) } ?? .zero
    }

    /// `headerView(forSection:)`.
    func shownHeader(_ section: Int) -> UITableViewHeaderFooterView? {
        headerViews[section] as? UITableViewHeaderFooterView
    }

    /// `footerView(forSection:)`.
    func shownFooter(_ section: Int) -> UITableViewHeaderFooterView? {
        footerViews[section] as? UITableViewHeaderFooterView
    }

    /// `scrollToRow(at:at:animated:)`.
    func scroll(toRow indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        updateIfNeeded()
        guard let rect = rowFrame(indexPath) else {
            StrataLogBridge.error("UITableView.scrollToRow: no row \(indexPath.row) in section \(indexPath.section)")
            return
        }
        let height = bounds.height, inset = adjustedContentInset
        var y: CGFloat
        switch scrollPosition {
        case .top: y = rect.minY - inset.top
        case .middle: y = rect.midY - height / 2
        case .bottom: y = rect.maxY - height + inset.bottom
        case .none:
            let shown = visibleContentRect
            if rect.minY < shown.minY + inset.top { y = rect.minY - inset.top }
            else if rect.maxY > shown.maxY - inset.bottom { y = rect.maxY - height + inset.bottom }
            else { return }
        }
        let range = offsetRange
        y = min(max(y, range.minY), range.maxY)
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }

    /// `scrollToNearestSelectedRow(at:animated:)`.
    func scrollToSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        if let row = selectedRows.min() { scrollToRow(at: row, at: scrollPosition, animated: animated) }
    }
}
