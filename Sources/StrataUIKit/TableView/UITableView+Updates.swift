import Foundation

/// Row and section updates with row animations. Changes made between `beginUpdates()` and `endUpdates()` (or
/// in `performBatchUpdates`) are applied together, UIKit's way: deletions and reloads name the rows before,
/// insertions the rows after. The data source's new counts are checked first (UIKit's consistency rule); a
/// mismatch is logged with UIKit's message naming the section and the table reloads instead (UIKit raises).
///
/// The animations run on the render server through Core Animation (`UIView.animate`, 0.3 s
/// ease-in-ease-out, **choice**): rows that stay slide from their old frame to the new one; an inserted row
/// fades in from opacity 0 (`.fade`, `.automatic`, `.middle`) or slides in by its width (`.left`: from the
/// left, `.right`: from the right) or height (`.top`: from above, `.bottom`: from below); a deleted row does
/// the reverse and leaves when its animation ends; `.none` shows or removes it at once.
///
/// The open update members are declared in UITableView.swift; their work is here.
extension UITableView {
    /// How long an update's row animations run, in seconds: 0.3, with ease-in-ease-out (Strata's choice; UIKit
    /// does not publish its duration).
    public static let rowAnimationDuration: TimeInterval = 0.3

    /// `beginUpdates()`.
    func openBatch() {
        if batchDepth == 0 { batch = ListBatch() }
        batchDepth += 1
    }

    /// `endUpdates()`.
    func closeBatch() {
        guard batchDepth > 0 else {
            StrataLogBridge.error("UITableView.endUpdates: no beginUpdates to end")
            return
        }
        batchDepth -= 1
        guard batchDepth == 0, let done = batch else { return }
        batch = nil
        apply(done)
    }

    /// `performBatchUpdates(_:completion:)`.
    func batchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        openBatch()
        updates?()
        if let completion { batch?.completions.append(completion) }
        closeBatch()
    }

    // The changes (`insertRows(at:with:)` and the rest).
    func noteInserted(rows indexPaths: [IndexPath], _ animation: RowAnimation) { record(animation) { $0.insertedRows.formUnion(indexPaths) } }
    func noteDeleted(rows indexPaths: [IndexPath], _ animation: RowAnimation) { record(animation) { $0.deletedRows.formUnion(indexPaths) } }
    func noteReloaded(rows indexPaths: [IndexPath], _ animation: RowAnimation) { record(animation) { $0.reloadedRows.formUnion(indexPaths) } }
    func noteMoved(from indexPath: IndexPath, to newIndexPath: IndexPath) { record(nil) { $0.moves.append((indexPath, newIndexPath)) } }
    func noteInserted(sections: IndexSet, _ animation: RowAnimation) { record(animation) { $0.insertedSections.formUnion(sections) } }
    func noteDeleted(sections: IndexSet, _ animation: RowAnimation) { record(animation) { $0.deletedSections.formUnion(sections) } }
    func noteReloaded(sections: IndexSet, _ animation: RowAnimation) { record(animation) { $0.reloadedSections.formUnion(sections) } }

    /// A change outside a batch is a batch of its own.
    private func record(_ animation: RowAnimation?, _ change: (inout ListBatch) -> Void) {
        let alone = batchDepth == 0
        if alone { openBatch() }
        if var current = batch {
            change(&current)
            if let animation { current.animation = animation }
            batch = current
        }
        if alone { closeBatch() }
    }

    private func apply(_ update: ListBatch) {
        // Never laid out: there is nothing on screen to animate from.
        guard !needsReload else {
            updateIfNeeded()
            for completion in update.completions { completion(true) }
            return
        }
        let before = (0..<geometry.numberOfSections).map { geometry.numberOfRows(inSection: $0) }
        let sectionCount = clampedCount(dataSource?.numberOfSections(in: self) ?? 0, "numberOfSections(in:)")
        let after = (0..<sectionCount).map { clampedCount(dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0, "numberOfRowsInSection \($0)") }
        if let problem = update.inconsistency(before: before, after: after) {
            StrataLogBridge.error("UITableView: \(problem) The table view reloads instead.")
            setNeedsReload()
            updateIfNeeded()
            placeContent()
            for completion in update.completions { completion(false) }
            return
        }
        unmeasured.removeAll()
        let newGeometry = measureAll()
        var kept: [IndexPath: (cell: UITableViewCell, from: CGRect)] = [:]
        var leaving: [UITableViewCell] = []
        for (old, cell) in visible {
            if let new = update.newPath(for: old) {
                kept[new] = (cell, cell.frame)
            } else {
                leaving.append(cell)
                tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: old)
            }
        }
        selectedRows = selectedRows.compactMap { update.newPath(for: $0) }
        for (_, view) in headerViews { view.removeFromSuperview() }
        for (_, view) in footerViews { view.removeFromSuperview() }
        headerViews.removeAll()
        footerViews.removeAll()
        geometry = newGeometry
        visible = kept.mapValues(\.cell)
        UIView.performWithoutAnimation { placeContent() }
        animate(update, kept: kept, leaving: leaving)
    }

    private func animate(_ update: ListBatch, kept: [IndexPath: (cell: UITableViewCell, from: CGRect)], leaving: [UITableViewCell]) {
        let style = update.animation == .automatic || update.animation == .middle ? .fade : update.animation
        let arrived = visible.filter { path, cell in
            kept[path] == nil && (update.insertedRows.contains(path) || update.insertedSections.contains(path.section)
                || update.moves.contains { $0.to == path } || update.reloadedRows.contains(path)
                || update.reloadedSections.contains(path.section))
        }
        UIView.performWithoutAnimation {
            for (path, entry) in kept where visible[path] === entry.cell { entry.cell.frame = entry.from }
            for (_, cell) in arrived { Self.offStage(cell, style) }
            for cell in leaving where cell.superview !== self { insertSubview(cell, at: 0) }
        }
        departing.append(contentsOf: style == .none ? [] : leaving)
        if style == .none { leaving.forEach(enqueue) }
        let completions = update.completions
        UIView.animate(withDuration: Self.rowAnimationDuration, delay: 0, options: [.curveEaseInOut], animations: {
            for (path, entry) in kept where self.visible[path] === entry.cell {
                if let frame = self.rowFrame(path) { entry.cell.frame = frame }
            }
            for (path, cell) in arrived {
                cell.alpha = 1
                if let frame = self.rowFrame(path) { cell.frame = frame }
            }
            if style != .none { for cell in leaving { Self.offStage(cell, style) } }
        }, completion: { finished in
            for cell in leaving where self.departing.contains(where: { $0 === cell }) {
                self.departing.removeAll { $0 === cell }
                cell.alpha = 1
                self.enqueue(cell)
            }
            for completion in completions { completion(finished) }
        })
    }

    /// Where a row animation starts an inserted cell and ends a deleted one.
    private static func offStage(_ cell: UIView, _ style: RowAnimation) {
        var frame = cell.frame
        switch style {
        case .left: frame.origin.x -= frame.width
        case .right: frame.origin.x += frame.width
        case .top: frame.origin.y -= frame.height
        case .bottom: frame.origin.y += frame.height
        case .none: return
        default: cell.alpha = 0; return
        }
        cell.frame = frame
    }
}
