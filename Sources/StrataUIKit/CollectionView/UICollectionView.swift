import Foundation

/// Items in sections placed by a layout object (UIKit's UICollectionView), over a scroll view. Only the
/// elements in the visible rect have views; cells that scroll off go to a reuse queue and come back from
/// `dequeueReusableCell(withReuseIdentifier:for:)` (UICollectionView+Reuse.swift). The layout is prepared
/// once per invalidation; each time the offset moves the collection view asks it only for the elements in
/// the visible rect (UICollectionView+Placing.swift).
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }

    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
    /// How long an update's animation runs (**choice**, UIKit's is about as long).
    public static let updateAnimationDuration: TimeInterval = 0.3

    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            layoutInvalidated()
        }
    }

    open weak var dataSource: UICollectionViewDataSource? { didSet { setNeedsReload() } }
    open override var delegate: UIScrollViewDelegate? { didSet { setNeedsReload() } }
    /// The delegate as a collection view delegate (`delegate` keeps the scroll view's type).
    var itemDelegate: UICollectionViewDelegate? { delegate as? UICollectionViewDelegate }

    open var backgroundView: UIView? {
        didSet {
            if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    open var allowsSelection = true
    open var allowsMultipleSelection = false

    // State the extensions keep.
    var counts: [Int] = []
    var needsReload = true
    var needsPrepare = true
    var preparedSize: CGSize = .zero
    var visible: [IndexPath: UICollectionViewCell] = [:]
    var visibleSupplementaries: [ElementKey: UICollectionReusableView] = [:]
    var cellClasses: [String: UICollectionViewCell.Type] = [:]
    var supplementaryClasses: [String: UICollectionReusableView.Type] = [:]
    var cellPool: [String: [UICollectionViewCell]] = [:]
    var supplementaryPool: [String: [UICollectionReusableView]] = [:]
    /// Selected items in the order selected.
    var selected: [IndexPath] = []
    var highlighted: IndexPath?
    var batch: ListBatch?
    var batchDepth = 0
    /// Cells leaving with an update's animation: kept on screen until it ends.
    var departing: [UICollectionViewCell] = []
    var placing = false

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        backgroundColor = .systemBackground
    }

    public required init?(coder: NSCoder) { return nil }

    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        collectionViewLayout = layout
    }

    /// Asks the data source for everything again at the next layout (or query).
    open func reloadData() { setNeedsReload() }

    func setNeedsReload() {
        needsReload = true
        needsPrepare = true
        setNeedsLayout()
    }

    /// The layout asked for `prepare()` again (`invalidateLayout()`).
    func layoutInvalidated() {
        needsPrepare = true
        setNeedsLayout()
    }

    open var numberOfSections: Int {
        reloadCountsIfNeeded()
        return counts.count
    }

    open func numberOfItems(inSection section: Int) -> Int {
        reloadCountsIfNeeded()
        return counts.indices.contains(section) ? counts[section] : 0
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundView?.frame = CGRect(origin: contentOffset, size: bounds.size)
        checkBoundsChange()
        updateIfNeeded()
        placeContent()
    }

    // MARK: items and views (UICollectionView+Queries.swift does the work; these are open for subclasses to override)

    /// The cell showing an item, nil when it is not in the visible rect.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { visibleCell(at: indexPath) }
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { visibleIndexPath(of: cell) }
    /// The item under a point in the collection view's (content) coordinates, nil over none: the layout is
    /// asked for the elements in a one-point rect there, not for every item.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? { item(under: point) }
    /// The items with cells, in index-path order.
    open var indexPathsForVisibleItems: [IndexPath] { placedIndexPaths() }
    /// Their cells, in the same order.
    open var visibleCells: [UICollectionViewCell] { placedCells() }
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        shownSupplementary(elementKind, at: indexPath)
    }
    open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        shownSupplementaries(ofKind: elementKind)
    }
    open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        shownSupplementaryPaths(ofKind: elementKind)
    }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        preparedAttributes(forItemAt: indexPath)
    }
    open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        preparedAttributes(forSupplementaryOfKind: kind, at: indexPath)
    }
    /// Scrolls so the item is at the position named on each axis (none named: as little as shows it),
    /// within the offsets' range. An item that does not exist is logged and ignored (UIKit raises).
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        scroll(toItem: indexPath, at: scrollPosition, animated: animated)
    }

    // MARK: reuse (UICollectionView+Reuse.swift)

    /// Cells of `cellClass` are made for `identifier` when its queue is empty (`nil` unregisters).
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        registerCellClass(cellClass, for: identifier)
    }
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        registerSupplementaryClass(viewClass, kind: elementKind, for: identifier)
    }
    /// A queued cell (after its `prepareForReuse()`), else a new one of the registered class made by its
    /// `init()` (so its `init(frame:)`). An unregistered identifier is logged and gets a plain cell (UIKit raises).
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        queuedOrNewCell(identifier)
    }
    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                               for indexPath: IndexPath) -> UICollectionReusableView {
        queuedOrNewSupplementary(elementKind, identifier)
    }

    // MARK: selection in code (UICollectionView+Selection.swift)

    open var indexPathsForSelectedItems: [IndexPath]? { sortedSelectedItems() }
    /// Selects an item (nil: deselects all), scrolling it to `scrollPosition`.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        select(indexPath, animated: animated, scrollPosition: scrollPosition)
    }
    open func deselectItem(at indexPath: IndexPath, animated: Bool) { deselect(indexPath, animated: animated) }

    // MARK: updates (UICollectionView+Updates.swift)

    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        batchUpdates(updates, completion: completion)
    }
    open func insertItems(at indexPaths: [IndexPath]) { noteInserted(items: indexPaths) }
    open func deleteItems(at indexPaths: [IndexPath]) { noteDeleted(items: indexPaths) }
    open func reloadItems(at indexPaths: [IndexPath]) { noteReloaded(items: indexPaths) }
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { noteMoved(from: indexPath, to: newIndexPath) }
    open func insertSections(_ sections: IndexSet) { noteInserted(sections: sections) }
    open func deleteSections(_ sections: IndexSet) { noteDeleted(sections: sections) }
    open func reloadSections(_ sections: IndexSet) { noteReloaded(sections: sections) }

    // Touches select items (UICollectionView+Selection.swift); declared here so that subclasses can override them.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { itemTouchesBegan(touches, with: event) }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { itemTouchesEnded(touches, with: event) }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { itemTouchesCancelled(touches, with: event) }
    func superTouchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { super.touchesBegan(touches, with: event) }
    func superTouchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { super.touchesEnded(touches, with: event) }
    func superTouchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { super.touchesCancelled(touches, with: event) }

    override func offsetDidChange() {
        super.offsetDidChange()
        guard !needsReload else { return }
        checkBoundsChange()
        updateIfNeeded()
        placeContent()
    }

    /// A layout that asks to be invalidated by this bounds change (a flow layout: a new size) is prepared again.
    private func checkBoundsChange() {
        guard !needsPrepare, bounds.size != preparedSize, collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) else { return }
        needsPrepare = true
    }
}
