import Foundation

/// Item and section updates, animated. Changes made in `performBatchUpdates` are applied together, UIKit's
/// way (ListBatch.swift: deletions and reloads name the items before, insertions the items after). The data
/// source's new counts are checked first (UIKit's consistency rule); a mismatch is logged with UIKit's
/// message naming the section and the collection view reloads instead (UIKit raises).
///
/// The animation runs on the render server through Core Animation (`UIView.animate`,
/// `updateAnimationDuration` ease-in-ease-out): cells that stay move from their old frame to the new one
/// the layout gives; inserted, reloaded and moved-in cells fade in from opacity 0 (from the layout's
/// `initialLayoutAttributesForAppearingItem` where it gives one); deleted cells fade out where they were (to
/// `finalLayoutAttributesForDisappearingItem`) and leave when the animation ends. Supplementary views are
/// placed again without animation (**choice**).
///
/// The open update members are declared in UICollectionView.swift; their work is here.
extension UICollectionView {
    /// `performBatchUpdates(_:completion:)`.
    func batchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        if batchDepth == 0 { batch = ListBatch() }
        batchDepth += 1
        updates?()
        if let completion { batch?.completions.append(completion) }
        batchDepth -= 1
        guard batchDepth == 0, let done = batch else { return }
        batch = nil
        apply(done)
    }

    // The changes (`insertItems(at:)` and the rest).
    func noteInserted(items indexPaths: [IndexPath]) { record { $0.insertedRows.formUnion(indexPaths) } }
    func noteDeleted(items indexPaths: [IndexPath]) { record { $0.deletedRows.formUnion(indexPaths) } }
    func noteReloaded(items indexPaths: [IndexPath]) { record { $0.reloadedRows.formUnion(indexPaths) } }
    func noteMoved(from indexPath: IndexPath, to newIndexPath: IndexPath) { record { $0.moves.append((indexPath, newIndexPath)) } }
    func noteInserted(sections: IndexSet) { record { $0.insertedSections.formUnion(sections) } }
    func noteDeleted(sections: IndexSet) { record { $0.deletedSections.formUnion(sections) } }
    func noteReloaded(sections: IndexSet) { record { $0.reloadedSections.formUnion(sections) } }

    /// A change outside `performBatchUpdates` is a batch of its own.
    private func record(_ change: @escaping (inout ListBatch) -> Void) {
        guard batchDepth == 0 else {
            if var current = batch { change(&current); batch = current }
            return
        }
        batchUpdates({ if var current = self.batch { change(&current); self.batch = current } }, completion: nil)
    }

    private func apply(_ update: ListBatch) {
        // Never laid out: there is nothing on screen to animate from.
        guard !needsReload else {
            updateIfNeeded()
            for completion in update.completions { completion(true) }
            return
        }
        let before = counts
        let after = askCounts()
        if let problem = update.inconsistency(before: before, after: after, view: "collection view", element: "item") {
            StrataLogBridge.error("UICollectionView: \(problem) The collection view reloads instead.")
            setNeedsReload()
            updateIfNeeded()
            placeContent()
            for completion in update.completions { completion(false) }
            return
        }
        var kept: [IndexPath: (cell: UICollectionViewCell, from: CGRect)] = [:]
        var leaving: [(cell: UICollectionViewCell, old: IndexPath)] = []
        for old in visible.keys.sorted() {
            guard let cell = visible[old] else { continue }
            if let new = update.newPath(for: old) {
                kept[new] = (cell, cell.frame)
            } else {
                leaving.append((cell, old))
                itemDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: old)
            }
        }
        selected = selected.compactMap { update.newPath(for: $0) }
        for key in visibleSupplementaries.keys.sorted() { removeSupplementary(key) }
        counts = after
        visible = kept.mapValues(\.cell)
        needsPrepare = true
        UIView.performWithoutAnimation {
            updateIfNeeded()
            placeContent()
        }
        animate(update, kept: kept, leaving: leaving)
    }

    private func animate(_ update: ListBatch, kept: [IndexPath: (cell: UICollectionViewCell, from: CGRect)],
                         leaving: [(cell: UICollectionViewCell, old: IndexPath)]) {
        let layout = collectionViewLayout
        let arrived = visible.filter { path, _ in
            kept[path] == nil && (update.insertedRows.contains(path) || update.insertedSections.contains(path.section)
                || update.moves.contains { $0.to == path } || update.reloadedRows.contains(path)
                || update.reloadedSections.contains(path.section))
        }
        UIView.performWithoutAnimation {
            for (path, entry) in kept where visible[path] === entry.cell { entry.cell.frame = entry.from }
            for (path, cell) in arrived {
                if let initial = layout.initialLayoutAttributesForAppearingItem(at: path) { apply(initial, to: cell) } else { cell.alpha = 0 }
            }
            for entry in leaving where entry.cell.superview !== self { insertSubview(entry.cell, at: 0) }
        }
        departing.append(contentsOf: leaving.map(\.cell))
        let completions = update.completions
        UIView.animate(withDuration: Self.updateAnimationDuration, delay: 0, options: [.curveEaseInOut], animations: {
            for (path, entry) in kept where self.visible[path] === entry.cell {
                if let attributes = layout.layoutAttributesForItem(at: path) { self.apply(attributes, to: entry.cell) }
            }
            for (path, cell) in arrived {
                if let attributes = layout.layoutAttributesForItem(at: path) { self.apply(attributes, to: cell) } else { cell.alpha = 1 }
            }
            for entry in leaving {
                if let final = layout.finalLayoutAttributesForDisappearingItem(at: entry.old) {
                    self.apply(final, to: entry.cell)
                } else {
                    entry.cell.alpha = 0
                }
            }
        }, completion: { finished in
            for entry in leaving where self.departing.contains(where: { $0 === entry.cell }) {
                self.departing.removeAll { $0 === entry.cell }
                entry.cell.alpha = 1
                self.enqueue(entry.cell)
            }
            for completion in completions { completion(finished) }
        })
    }
}
