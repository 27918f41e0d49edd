import Foundation

/// Reloading (asking the data source for counts, the layout to prepare) and placing the elements that lie
/// in the visible rect.
///
/// Call order (**documented**, after UIKit's): a reload asks `numberOfSections`, then `numberOfItemsInSection`
/// per section; the layout's `prepare()` follows (a flow layout asks the delegate's sizes, insets, spacings
/// and reference sizes section by section). Placing then, for elements leaving the visible rect,
/// calls `didEndDisplaying` (cells, in index-path order) and `didEndDisplayingSupplementaryView` before
/// their views are queued; then for each cell arriving (in index-path order) `cellForItemAt` and
/// `willDisplay`, then for each supplementary view arriving `viewForSupplementaryElementOfKind` and
/// `willDisplaySupplementaryView`.
extension UICollectionView {
    /// Asks the data source for its counts if a reload is pending, taking every view off screen.
    func reloadCountsIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        needsPrepare = true
        for path in visible.keys.sorted() { removeCell(at: path) }
        for key in visibleSupplementaries.keys.sorted() { removeSupplementary(key) }
        selected.removeAll()
        highlighted = nil
        counts = askCounts()
    }

    /// The data source's counts, each a count from outside the process: negative is logged and taken as 0.
    func askCounts() -> [Int] {
        let sections = clampedCount(dataSource?.numberOfSections(in: self) ?? 0, "numberOfSections(in:)")
        return (0..<sections).map { s in
            clampedCount(dataSource?.collectionView(self, numberOfItemsInSection: s) ?? 0, "numberOfItemsInSection \(s)")
        }
    }

    func clampedCount(_ count: Int, _ what: String) -> Int {
        if count < 0 { StrataLogBridge.error("UICollectionView: the data source's \(what) is \(count); taken as 0") }
        return max(count, 0)
    }

    /// Reloads and prepares the layout if either is pending.
    func updateIfNeeded() {
        reloadCountsIfNeeded()
        guard needsPrepare else { return }
        needsPrepare = false
        preparedSize = bounds.size
        collectionViewLayout.prepare()
        contentSize = collectionViewLayout.collectionViewContentSize
    }

    /// What is on screen: the presented offset (mid-fling too) and the bounds' size.
    var visibleContentRect: CGRect { CGRect(origin: contentOffset, size: bounds.size) }

    func contains(_ path: IndexPath) -> Bool {
        path.count == 2 && counts.indices.contains(path.section) && path.item >= 0 && path.item < counts[path.section]
    }

    /// Places the views of the elements in the visible rect, making and queueing them as they arrive and leave.
    func placeContent() {
        guard !placing else { return }
        placing = true
        defer { placing = false }
        var cells: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        var supplementaries: [ElementKey: UICollectionViewLayoutAttributes] = [:]
        for attributes in collectionViewLayout.layoutAttributesForElements(in: visibleContentRect) ?? [] {
            switch attributes.representedElementCategory {
            case .cell where contains(attributes.indexPath): cells[attributes.indexPath] = attributes
            case .supplementaryView where counts.indices.contains(attributes.indexPath.section):
                supplementaries[attributes.elementKey] = attributes
            default: break // decoration views are absent
            }
        }
        for path in visible.keys.sorted() where cells[path] == nil { removeCell(at: path) }
        for key in visibleSupplementaries.keys.sorted() where supplementaries[key] == nil { removeSupplementary(key) }
        for path in cells.keys.sorted() {
            guard let attributes = cells[path] else { continue }
            if let cell = visible[path] { apply(attributes, to: cell); continue }
            guard let cell = makeCell(at: path) else { continue }
            show(cell, at: path, attributes)
        }
        for key in supplementaries.keys.sorted() {
            guard let attributes = supplementaries[key], let kind = key.kind else { continue }
            if let view = visibleSupplementaries[key] { apply(attributes, to: view); continue }
            guard let dataSource else { continue }
            let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: key.indexPath)
            apply(attributes, to: view)
            if view.superview !== self { addSubview(view) }
            visibleSupplementaries[key] = view
            itemDelegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: kind, at: key.indexPath)
        }
    }

    func makeCell(at path: IndexPath) -> UICollectionViewCell? {
        guard let dataSource else { return nil }
        let cell = dataSource.collectionView(self, cellForItemAt: path)
        if visible.values.contains(where: { $0 === cell }) {
            StrataLogBridge.error("UICollectionView: cellForItemAt \(path) returned a cell already on screen; item left empty")
            return nil
        }
        return cell
    }

    /// Puts a cell on screen at an item: its attributes and selection, then `willDisplay`.
    func show(_ cell: UICollectionViewCell, at path: IndexPath, _ attributes: UICollectionViewLayoutAttributes) {
        apply(attributes, to: cell)
        let isSelected = selected.contains(path)
        if cell.isSelected != isSelected { cell.isSelected = isSelected }
        if cell.isHighlighted { cell.isHighlighted = false }
        if cell.superview !== self { insertSubview(cell, at: backgroundView == nil ? 0 : 1) }
        visible[path] = cell
        itemDelegate?.collectionView(self, willDisplay: cell, forItemAt: path)
    }

    /// Sets a view's geometry and look from the layout's attributes.
    func apply(_ attributes: UICollectionViewLayoutAttributes, to view: UICollectionReusableView) {
        if view.transform != attributes.transform { view.transform = .identity }
        let size = attributes.size
        if view.bounds.size != size { view.bounds = CGRect(origin: .zero, size: size) }
        if view.center != attributes.center { view.center = attributes.center }
        if view.transform != attributes.transform { view.transform = attributes.transform }
        if view.alpha != attributes.alpha { view.alpha = attributes.alpha }
        if view.isHidden != attributes.isHidden { view.isHidden = attributes.isHidden }
        if view.layer.zPosition != CGFloat(attributes.zIndex) { view.layer.zPosition = CGFloat(attributes.zIndex) }
        view.apply(attributes)
    }

    /// Takes an item's cell off screen: `didEndDisplaying`, then into the reuse queue.
    func removeCell(at path: IndexPath) {
        guard let cell = visible.removeValue(forKey: path) else { return }
        itemDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
        enqueue(cell)
    }

    func removeSupplementary(_ key: ElementKey) {
        guard let view = visibleSupplementaries.removeValue(forKey: key) else { return }
        if let kind = key.kind {
            itemDelegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: kind, at: key.indexPath)
        }
        enqueue(view, kind: key.kind)
    }
}
