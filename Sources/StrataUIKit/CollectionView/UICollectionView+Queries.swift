import Foundation

/// Where items are, which views show them, and scrolling to an item: the work of the open queries declared in
/// UICollectionView.swift (each named after its UIKit member there).
extension UICollectionView {
    /// `cellForItem(at:)`.
    func visibleCell(at indexPath: IndexPath) -> UICollectionViewCell? {
        updateIfNeeded()
        return visible[indexPath]
    }

    /// `indexPath(for:)`.
    func visibleIndexPath(of cell: UICollectionViewCell) -> IndexPath? {
        visible.first { $0.value === cell }?.key
    }

    /// `indexPathForItem(at:)`.
    func item(under point: CGPoint) -> IndexPath? {
        updateIfNeeded()
        let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        return (collectionViewLayout.layoutAttributesForElements(in: probe) ?? [])
            .filter { $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point) && contains($0.indexPath) }
            .max { $0.zIndex < $1.zIndex }?.indexPath
    }

    /// `indexPathsForVisibleItems`.
    func placedIndexPaths() -> [IndexPath] {
        updateIfNeeded()
        placeContent()
        return visible.keys.sorted()
    }

    /// `visibleCells`.
    func placedCells() -> [UICollectionViewCell] {
        indexPathsForVisibleItems.compactMap { visible[$0] }
    }

    /// `supplementaryView(forElementKind:at:)`.
    func shownSupplementary(_ elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        updateIfNeeded()
        return visibleSupplementaries[ElementKey(kind: elementKind, indexPath: indexPath)]
    }

    /// `visibleSupplementaryViews(ofKind:)`.
    func shownSupplementaries(ofKind elementKind: String) -> [UICollectionReusableView] {
        visibleSupplementaries.filter { $0.key.kind == elementKind }.sorted { $0.key < $1.key }.map(\.value)
    }

    /// `indexPathsForVisibleSupplementaryElements(ofKind:)`.
    func shownSupplementaryPaths(ofKind elementKind: String) -> [IndexPath] {
        visibleSupplementaries.keys.filter { $0.kind == elementKind }.map(\.indexPath).sorted()
    }

    /// `layoutAttributesForItem(at:)`.
    func preparedAttributes(forItemAt indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        updateIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// `layoutAttributesForSupplementaryElement(ofKind:at:)`.
    func preparedAttributes(forSupplementaryOfKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        updateIfNeeded()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// `scrollToItem(at:at:animated:)`.
    func scroll(toItem indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
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
