import Foundation

/// Where items are, which views show them, and scrolling to an item.
extension UICollectionView {
    /// The cell showing an item, nil when it is not in the visible rect.
    public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        updateIfNeeded()
        return visible[indexPath]
    }

    public func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        visible.first { $0.value === cell }?.key
    }

    /// The item under a point in the collection view's (content) coordinates, nil over none: the layout is
    /// asked for the elements in a one-point rect there, not for every item.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        updateIfNeeded()
        let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        return (collectionViewLayout.layoutAttributesForElements(in: probe) ?? [])
            .filter { $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point) && contains($0.indexPath) }
            .max { $0.zIndex < $1.zIndex }?.indexPath
    }

    /// The items with cells, in index-path order.
    public var indexPathsForVisibleItems: [IndexPath] {
        updateIfNeeded()
        placeContent()
        return visible.keys.sorted()
    }

    /// Their cells, in the same order.
    public var visibleCells: [UICollectionViewCell] {
        indexPathsForVisibleItems.compactMap { visible[$0] }
    }

    public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        updateIfNeeded()
        return visibleSupplementaries[ElementKey(kind: elementKind, indexPath: indexPath)]
    }

    public func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        visibleSupplementaries.filter { $0.key.kind == elementKind }.sorted { $0.key < $1.key }.map(\.value)
    }

    public func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        visibleSupplementaries.keys.filter { $0.kind == elementKind }.map(\.indexPath).sorted()
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        updateIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        updateIfNeeded()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// Scrolls so the item is at the position named on each axis (none named: as little as shows it),
    /// within the offsets' range. An item that does not exist is logged and ignored (UIKit raises).
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        updateIfNeeded()
        guard contains(indexPath), let rect = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else {
            StrataLogBridge.error("UICollectionView.scrollToItem: no item \(indexPath.item) in section \(indexPath.section)")
            return
        }
        let size = bounds.size, inset = adjustedContentInset
        var target = contentOffset
        if scrollPosition.contains(.top) { target.y = rect.minY - inset.top }
        else if scrollPosition.contains(.centeredVertically) { target.y = rect.midY - size.height / 2 }
        else if scrollPosition.contains(.bottom) { target.y = rect.maxY - size.height + inset.bottom }
        if scrollPosition.contains(.left) { target.x = rect.minX - inset.left }
        else if scrollPosition.contains(.centeredHorizontally) { target.x = rect.midX - size.width / 2 }
        else if scrollPosition.contains(.right) { target.x = rect.maxX - size.width + inset.right }
        guard !scrollPosition.isEmpty else { scrollRectToVisible(rect, animated: animated); return }
        let range = offsetRange
        target.x = min(max(target.x, range.minX), range.maxX)
        target.y = min(max(target.y, range.minY), range.maxY)
        setContentOffset(target, animated: animated)
    }
}
