import Foundation

/// Items in lines that wrap, section after section, with optional headers and footers (UIKit's
/// UICollectionViewFlowLayout). Sizes and spacings come from the delegate's
/// `UICollectionViewDelegateFlowLayout` methods where it has them, else from these properties. `prepare()`
/// lays out every section (O(items), once per invalidation: a reload, an update, a new width); the rect
/// queries made while scrolling binary-search sections and lines (FlowSection.swift).
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// Asks the cells for their size (self-sizing is absent: `estimatedItemSize` is used as the size).
    public static let automaticSize = CGSize(width: -1, height: -1)

    /// The size of every item when the delegate does not give one and `estimatedItemSize` is zero (default
    /// 50 × 50 points). Setting it invalidates the layout.
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// Non-zero: the size every item gets (cells are not measured: see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>).
    open var estimatedItemSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// The smallest spacing between lines (rows when scrolling vertically, columns when horizontally), in
    /// points (default 10), unless the delegate gives one per section. Setting it invalidates the layout.
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The smallest spacing between items in one line, in points (default 10), unless the delegate gives one per
    /// section; every line but the last spreads its items so the first and last touch the section's insets
    /// (one item alone is centred). Setting it invalidates the layout.
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The insets around each section's items (not its header or footer), unless the delegate gives them per
    /// section (default zero). Setting it invalidates the layout.
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateLayout() } }
    /// The size of every section's header unless the delegate gives one: only its extent along the scrolling
    /// axis counts (the header spans the content across it), and zero there means no header (default zero).
    /// Setting it invalidates the layout.
    open var headerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// The size of every section's footer unless the delegate gives one: only its extent along the scrolling
    /// axis counts (the footer spans the content across it), and zero there means no footer (default zero).
    /// Setting it invalidates the layout.
    open var footerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// The axis the content scrolls along (default `.vertical`): lines fill across the other axis. Setting it
    /// invalidates the layout.
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical { didSet { invalidateLayout() } }

    private var sections: [FlowSection] = []
    private var contentSize: CGSize = .zero
    private var preparedSize: CGSize = .zero

    public override init() { super.init() }

    /// Lays out every section: its header, its items in greedily filled lines, its footer, asking a
    /// `UICollectionViewDelegateFlowLayout` delegate for sizes, insets, spacings and reference sizes section by
    /// section. Lines are as wide as the bounds less the adjusted content insets. O(items), once per
    /// invalidation (a reload, an update, a new size).
    open override func prepare() {
        super.prepare()
        guard let collectionView else { sections = []; contentSize = .zero; return }
        let delegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
        let vertical = scrollDirection == .vertical
        let inset = collectionView.adjustedContentInset, size = collectionView.bounds.size
        let cross = vertical ? size.width - inset.left - inset.right : size.height - inset.top - inset.bottom
        preparedSize = size
        var built: [FlowSection] = []
        var main: CGFloat = 0
        for s in 0..<collectionView.numberOfSections {
            let count = collectionView.numberOfItems(inSection: s)
            var sizes: [CGSize] = []
            sizes.reserveCapacity(count)
            for i in 0..<count { sizes.append(itemSize(at: IndexPath(item: i, section: s), delegate: delegate)) }
            let metrics = FlowSection.Metrics(
                itemSizes: sizes,
                inset: delegate?.collectionView(collectionView, layout: self, insetForSectionAt: s) ?? sectionInset,
                lineSpacing: delegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: s) ?? minimumLineSpacing,
                interitemSpacing: delegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: s)
                    ?? minimumInteritemSpacing,
                header: delegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: s) ?? headerReferenceSize,
                footer: delegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: s) ?? footerReferenceSize,
                vertical: vertical, crossExtent: max(cross, 0))
            let section = FlowSection(metrics, start: main)
            main = section.mainMax
            built.append(section)
        }
        sections = built
        contentSize = vertical ? CGSize(width: max(cross, 0), height: main) : CGSize(width: main, height: max(cross, 0))
    }

    /// The delegate's size, else `itemSize` (or a non-zero `estimatedItemSize`); a negative or non-finite
    /// size is logged and taken as zero.
    private func itemSize(at path: IndexPath, delegate: UICollectionViewDelegateFlowLayout?) -> CGSize {
        let fallback = estimatedItemSize == .zero || estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize
        guard let collectionView, let delegate else { return fallback }
        let asked = delegate.collectionView(collectionView, layout: self, sizeForItemAt: path)
        guard asked.width >= 0, asked.height >= 0, asked.width.isFinite, asked.height.isFinite else {
            StrataLogBridge.error("UICollectionViewFlowLayout: size \(asked) for item \(path.item) in section \(path.section); taken as zero")
            return .zero
        }
        return asked
    }

    /// The size of the sections laid out by the last `prepare()`: along the scrolling axis the sum of the
    /// sections, across it the bounds less the adjusted content insets.
    open override var collectionViewContentSize: CGSize { contentSize }

    /// The headers, items and footers whose frames intersect `rect`, section by section, found by binary search
    /// over sections and lines rather than by walking every item. Headers and footers have `zIndex` 10.
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let vertical = scrollDirection == .vertical
        let lo = vertical ? rect.minY : rect.minX, hi = vertical ? rect.maxY : rect.maxX
        var low = 0, high = sections.count
        while low < high {
            let mid = (low + high) / 2
            if sections[mid].mainMax <= lo { low = mid + 1 } else { high = mid }
        }
        var found: [UICollectionViewLayoutAttributes] = []
        var s = low
        while s < sections.count, sections[s].mainMin < hi {
            let section = sections[s]
            if let header = section.header, header.intersects(rect) {
                found.append(Self.supplementary(UICollectionView.elementKindSectionHeader, s, header))
            }
            for i in section.items(mainFrom: lo, to: hi) where section.itemFrames[i].intersects(rect) {
                found.append(Self.item(IndexPath(item: i, section: s), section.itemFrames[i]))
            }
            if let footer = section.footer, footer.intersects(rect) {
                found.append(Self.supplementary(UICollectionView.elementKindSectionFooter, s, footer))
            }
            s += 1
        }
        return found
    }

    /// New attributes holding an item's frame from the last `prepare()`, or nil for an item that does not exist.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard sections.indices.contains(indexPath.section),
              sections[indexPath.section].itemFrames.indices.contains(indexPath.item) else { return nil }
        return Self.item(indexPath, sections[indexPath.section].itemFrames[indexPath.item])
    }

    /// New attributes for a section's header (`elementKindSectionHeader`) or footer
    /// (`elementKindSectionFooter`), with `zIndex` 10; nil for another kind or a section without one.
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        let frame = elementKind == UICollectionView.elementKindSectionHeader ? section.header
            : elementKind == UICollectionView.elementKindSectionFooter ? section.footer : nil
        return frame.map { Self.supplementary(elementKind, indexPath.section, $0) }
    }

    /// A new size across the scrolling axis re-flows the lines; scrolling does not.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.size != preparedSize
    }

    private static func item(_ path: IndexPath, _ frame: CGRect) -> UICollectionViewLayoutAttributes {
        let attributes = UICollectionViewLayoutAttributes(forCellWith: path)
        attributes.frame = frame
        return attributes
    }

    private static func supplementary(_ kind: String, _ section: Int, _ frame: CGRect) -> UICollectionViewLayoutAttributes {
        let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind, with: IndexPath(item: 0, section: section))
        attributes.frame = frame
        attributes.zIndex = 10
        return attributes
    }
}
