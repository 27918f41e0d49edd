import Foundation

/// Where rows are and which cells show them, and scrolling to a row.
extension UITableView {
    /// The cell showing a row, nil when the row is off screen.
    public func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        updateIfNeeded()
        return visible[indexPath]
    }

    public func indexPath(for cell: UITableViewCell) -> IndexPath? {
        visible.first { $0.value === cell }?.key
    }

    /// The row under a point in the table view's coordinates (its content's), nil over none.
    public func indexPathForRow(at point: CGPoint) -> IndexPath? {
        updateIfNeeded()
        guard point.x >= rowInset, point.x < bounds.width - rowInset else { return nil }
        return geometry.row(at: point.y)
    }

    public func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        updateIfNeeded()
        return geometry.rows(in: rect.minY, rect.maxY)
    }

    /// The rows on screen, top to bottom.
    public var indexPathsForVisibleRows: [IndexPath]? {
        updateIfNeeded()
        placeContent()
        return visible.keys.sorted()
    }

    /// Their cells, in the same order.
    public var visibleCells: [UITableViewCell] {
        (indexPathsForVisibleRows ?? []).compactMap { visible[$0] }
    }

    public func rectForRow(at indexPath: IndexPath) -> CGRect {
        updateIfNeeded()
        return rowFrame(indexPath) ?? .zero
    }

    public func rect(forSection section: Int) -> CGRect {
        updateIfNeeded()
        return geometry.sectionSpan(section).map { CGRect(x: 0, y: $0.y, width: bounds.width, height: $0.height) } ?? .zero
    }

    public func rectForHeader(inSection section: Int) -> CGRect {
        updateIfNeeded()
        return geometry.headerSpan(section).map { CGRect(x: 0, y: $0.y, width: bounds.width, height: $0.height) } ?? .zero
    }

    public func rectForFooter(inSection section: Int) -> CGRect {
        updateIfNeeded()
        return geometry.footerSpan(section).map { CGRect(x: 0, y: $0.y, width: bounds.width, height: $0.height) } ?? .zero
    }

    public func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        headerViews[section] as? UITableViewHeaderFooterView
    }

    public func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        footerViews[section] as? UITableViewHeaderFooterView
    }

    /// Scrolls so the row is at the top, middle or bottom (`.none`: as little as shows it), within the
    /// offsets' range. A row that does not exist is logged and ignored (UIKit raises).
    public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
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

    public func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        if let row = selectedRows.min() { scrollToRow(at: row, at: scrollPosition, animated: animated) }
    }
}
