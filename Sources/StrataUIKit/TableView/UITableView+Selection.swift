import Foundation

/// Selection, in code and by touch.
///
/// A tap, in UIKit's order (**documented**): on touch down `shouldHighlightRowAt`, `didHighlightRowAt` (the
/// cell highlights at once: Strata has no `delaysContentTouches`); on lifting over the same row
/// `willSelectRowAt` (nil cancels, another path redirects), `didUnhighlightRowAt`, then with single selection
/// `willDeselectRowAt`/`didDeselectRowAt` for the row selected before, and `didSelectRowAt`. With multiple
/// selection a tap on a selected row deselects it (`willDeselectRowAt`, `didDeselectRowAt`). A drag that
/// scrolls cancels the touch: `didUnhighlightRowAt`, nothing selected. `selectRow`/`deselectRow` in code
/// call no delegate method, as in UIKit. The open members for selection in code are declared in
/// UITableView.swift; their work is here.
extension UITableView {
    /// `indexPathForSelectedRow`.
    func firstSelectedRow() -> IndexPath? {
        updateIfNeeded()
        return selectedRows.min()
    }

    /// `indexPathsForSelectedRows`.
    func sortedSelectedRows() -> [IndexPath]? {
        updateIfNeeded()
        return selectedRows.isEmpty ? nil : selectedRows.sorted()
    }

    /// `selectRow(at:animated:scrollPosition:)`.
    func select(_ indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        updateIfNeeded()
        guard let indexPath else {
            for path in selectedRows { deselectRow(at: path, animated: animated) }
            return
        }
        guard geometry.contains(indexPath), allowsSelection || allowsMultipleSelection else { return }
        if !allowsMultipleSelection {
            for path in selectedRows where path != indexPath { deselectRow(at: path, animated: animated) }
        }
        if !selectedRows.contains(indexPath) { selectedRows.append(indexPath) }
        visible[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// `deselectRow(at:animated:)`.
    func deselect(_ indexPath: IndexPath, animated: Bool) {
        selectedRows.removeAll { $0 == indexPath }
        visible[indexPath]?.setSelected(false, animated: animated)
    }

    // MARK: touches

    func tableTouchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard highlightedRow == nil, allowsSelection || allowsMultipleSelection, !isDecelerating,
              let touch = touches.first, let path = indexPathForRow(at: touch.location(in: self)) else {
            superTouchesBegan(touches, with: event)
            return
        }
        guard tableDelegate?.tableView(self, shouldHighlightRowAt: path) ?? true else { return }
        highlightedRow = path
        visible[path]?.setHighlighted(true, animated: false)
        tableDelegate?.tableView(self, didHighlightRowAt: path)
    }

    func tableTouchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let path = highlightedRow else { superTouchesEnded(touches, with: event); return }
        let lifted = touches.first.flatMap { indexPathForRow(at: $0.location(in: self)) }
        guard lifted == path else { unhighlight(); return }
        let target = tableDelegate.map { $0.tableView(self, willSelectRowAt: path) } ?? path
        unhighlight()
        guard let target, geometry.contains(target) else { return }
        if allowsMultipleSelection, selectedRows.contains(target) {
            userDeselect(target)
            return
        }
        if !allowsMultipleSelection {
            for old in selectedRows where old != target { userDeselect(old) }
        }
        guard !selectedRows.contains(target) else { return }
        selectedRows.append(target)
        visible[target]?.setSelected(true, animated: false)
        tableDelegate?.tableView(self, didSelectRowAt: target)
    }

    func tableTouchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard highlightedRow != nil else { superTouchesCancelled(touches, with: event); return }
        unhighlight()
    }

    private func unhighlight() {
        guard let path = highlightedRow else { return }
        highlightedRow = nil
        visible[path]?.setHighlighted(false, animated: false)
        tableDelegate?.tableView(self, didUnhighlightRowAt: path)
    }

    private func userDeselect(_ path: IndexPath) {
        let target = tableDelegate.map { $0.tableView(self, willDeselectRowAt: path) } ?? path
        guard let target, selectedRows.contains(target) else { return }
        deselectRow(at: target, animated: false)
        tableDelegate?.tableView(self, didDeselectRowAt: target)
    }
}
