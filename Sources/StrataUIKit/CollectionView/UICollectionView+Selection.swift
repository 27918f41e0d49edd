import Foundation

/// Selection, in code and by touch.
///
/// A tap, in this order (**documented**, near UIKit's): on touch down `shouldHighlightItemAt`,
/// `didHighlightItemAt` (the cell highlights at once: Strata has no `delaysContentTouches`); on lifting over
/// the same item `shouldSelectItemAt` (false: nothing is selected), `didUnhighlightItemAt`, then with single
/// selection `shouldDeselectItemAt`/`didDeselectItemAt` for the item selected before, and `didSelectItemAt`.
/// With multiple selection a tap on a selected item deselects it (`shouldDeselectItemAt`,
/// `didDeselectItemAt`). A drag that scrolls cancels the touch: `didUnhighlightItemAt`, nothing selected.
/// `selectItem`/`deselectItem` in code call no delegate method, as in UIKit. The open members for selection in
/// code are declared in UICollectionView.swift; their work is here.
extension UICollectionView {
    /// `indexPathsForSelectedItems`.
    func sortedSelectedItems() -> [IndexPath]? {
        updateIfNeeded()
        return selected.sorted()
    }

    /// `selectItem(at:animated:scrollPosition:)`.
    func select(_ indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        updateIfNeeded()
        guard let indexPath else {
            for path in selected { deselectItem(at: path, animated: animated) }
            return
        }
        guard contains(indexPath), allowsSelection else { return }
        if !allowsMultipleSelection {
            for path in selected where path != indexPath { deselectItem(at: path, animated: animated) }
        }
        if !selected.contains(indexPath) { selected.append(indexPath) }
        visible[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// `deselectItem(at:animated:)`.
    func deselect(_ indexPath: IndexPath, animated: Bool) {
        selected.removeAll { $0 == indexPath }
        visible[indexPath]?.isSelected = false
    }

    // MARK: touches

    func itemTouchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard highlighted == nil, allowsSelection, !isDecelerating,
              let touch = touches.first, let path = indexPathForItem(at: touch.location(in: self)) else {
            superTouchesBegan(touches, with: event)
            return
        }
        guard itemDelegate?.collectionView(self, shouldHighlightItemAt: path) ?? true else { return }
        highlighted = path
        visible[path]?.isHighlighted = true
        itemDelegate?.collectionView(self, didHighlightItemAt: path)
    }

    func itemTouchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let path = highlighted else { superTouchesEnded(touches, with: event); return }
        let lifted = touches.first.flatMap { indexPathForItem(at: $0.location(in: self)) }
        guard lifted == path else { unhighlight(); return }
        if allowsMultipleSelection, selected.contains(path) {
            unhighlight()
            userDeselect(path)
            return
        }
        let allowed = itemDelegate?.collectionView(self, shouldSelectItemAt: path) ?? true
        unhighlight()
        guard allowed, contains(path) else { return }
        if !allowsMultipleSelection {
            for old in selected where old != path { userDeselect(old) }
        }
        guard !selected.contains(path) else { return }
        selected.append(path)
        visible[path]?.isSelected = true
        itemDelegate?.collectionView(self, didSelectItemAt: path)
    }

    func itemTouchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard highlighted != nil else { superTouchesCancelled(touches, with: event); return }
        unhighlight()
    }

    private func unhighlight() {
        guard let path = highlighted else { return }
        highlighted = nil
        visible[path]?.isHighlighted = false
        itemDelegate?.collectionView(self, didUnhighlightItemAt: path)
    }

    private func userDeselect(_ path: IndexPath) {
        guard itemDelegate?.collectionView(self, shouldDeselectItemAt: path) ?? true else { return }
        deselectItem(at: path, animated: false)
        itemDelegate?.collectionView(self, didDeselectItemAt: path)
    }
}
