import Foundation

/// Items in sections placed by a layout object (UIKit's UICollectionView), over a scroll view. Only the
/// elements in the visible rect have views; cells that scroll off go to a reuse queue and come back from
/// `dequeueReusableCell(withReuseIdentifier:for:)` (UICollectionView+Reuse.swift). The layout is prepared
/// once per invalidation; each time the offset moves the collection view asks it only for the elements in
/// the visible rect (UICollectionView+Placing.swift).
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    /// The axis a `UICollectionViewFlowLayout` scrolls along (UIKit's raw values).
    public enum ScrollDirection: Int, Sendable {
        /// Lines of items fill across the width and follow one another downwards (raw value 0, the default).
        case vertical
        /// Columns of items fill down the height and follow one another to the right (raw value 1).
        case horizontal
    }

    /// Where `scrollToItem(at:at:animated:)` and `selectItem(at:animated:scrollPosition:)` put an item, one
    /// option per axis (UIKit's raw values). On each axis the first of the options given wins, in the order
    /// top, centred, bottom (left, centred, right); an empty set scrolls as little as shows the item.
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The item's top edge at the top of the visible area, below the top content inset (raw value 1).
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// The item's centre at the vertical centre of the bounds (raw value 2).
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// The item's bottom edge at the bottom of the visible area, above the bottom content inset (raw value 4).
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// The item's left edge at the left of the visible area, right of the left content inset (raw value 8).
        public static let left = ScrollPosition(rawValue: 1 << 3)
        /// The item's centre at the horizontal centre of the bounds (raw value 16).
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        /// The item's right edge at the right of the visible area, left of the right content inset (raw value 32).
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The supplementary element kind of a section header, `"UICollectionElementKindSectionHeader"` as in
    /// UIKit; a flow layout gives a section one when its header reference size is non-zero, at index path
    /// (item 0, section).
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The supplementary element kind of a section footer, `"UICollectionElementKindSectionFooter"` as in
    /// UIKit; a flow layout gives a section one when its footer reference size is non-zero, at index path
    /// (item 0, section).
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
    /// How long an update's animation runs (**choice**, UIKit's is about as long).
    public static let updateAnimationDuration: TimeInterval = 0.3

    /// The layout object that places the items. Setting it detaches the old layout, attaches the new one and
    /// prepares it again at the next layout pass, without animation.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            layoutInvalidated()
        }
    }

    /// The object that supplies the counts, cells and supplementary views, held weakly. Setting it reloads
    /// everything at the next layout pass or query (every view leaves the screen and the selection is cleared).
    open weak var dataSource: UICollectionViewDataSource? { didSet { setNeedsReload() } }
    /// The delegate, typed `UIScrollViewDelegate?` as the scroll view's (Swift cannot narrow an overridden
    /// property's type); a `UICollectionViewDelegate` assigned here also gets the item calls, and a
    /// `UICollectionViewDelegateFlowLayout` answers a flow layout's questions. Setting it reloads everything at
    /// the next layout pass, as setting `dataSource` does. See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open override var delegate: UIScrollViewDelegate? { didSet { setNeedsReload() } }
    /// The delegate as a collection view delegate (`delegate` keeps the scroll view's type).
    var itemDelegate: UICollectionViewDelegate? { delegate as? UICollectionViewDelegate }

    /// A view shown behind all the cells, filling the visible area (it does not scroll with the content); the
    /// previous one is removed. Default nil.
    open var backgroundView: UIView? {
        didSet {
            if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// Whether items can be selected, by touch and by `selectItem(at:animated:scrollPosition:)` (default true).
    /// When false, touches are not tracked on items at all: nothing highlights.
    open var allowsSelection = true
    /// Whether several items can be selected at once (default false). When true a tap on a selected item
    /// deselects it, and selecting an item leaves the others selected.
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

    /// Makes a collection view with a frame and the layout that places its items; its background is
    /// `systemBackground`. Nothing is asked of the data source until the first layout pass or query.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        backgroundColor = .systemBackground
    }

    public required init?(coder: NSCoder) { return nil }

    /// Replaces the layout, as setting `collectionViewLayout` does. `animated` is ignored: the items jump to
    /// the new layout's places. See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
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

    /// The number of sections the data source gave at the last reload (a pending reload asks it first); a
    /// negative count is logged and taken as 0.
    open var numberOfSections: Int {
        reloadCountsIfNeeded()
        return counts.count
    }

    /// The number of items the data source gave for a section at the last reload (a pending reload asks it
    /// first); 0 for a section that does not exist.
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
    /// The index path of a cell on screen, or nil when the cell shows no item.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { visibleIndexPath(of: cell) }
    /// The item under a point in the collection view's (content) coordinates, nil over none: the layout is
    /// asked for the elements in a one-point rect there, not for every item.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? { item(under: point) }
    /// The items with cells, in index-path order.
    open var indexPathsForVisibleItems: [IndexPath] { placedIndexPaths() }
    /// Their cells, in the same order.
    open var visibleCells: [UICollectionViewCell] { placedCells() }
    /// The supplementary view of a kind shown at an index path, or nil when none is in the visible rect.
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        shownSupplementary(elementKind, at: indexPath)
    }
    /// The supplementary views of a kind on screen, in index-path order.
    open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        shownSupplementaries(ofKind: elementKind)
    }
    /// The index paths of the supplementary views of a kind on screen, sorted.
    open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        shownSupplementaryPaths(ofKind: elementKind)
    }
    /// The layout's attributes for an item, after any pending reload and `prepare()`; nil where the layout
    /// has none.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        preparedAttributes(forItemAt: indexPath)
    }
    /// The layout's attributes for a supplementary element of a kind, after any pending reload and
    /// `prepare()`; nil where the layout has none.
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
    /// Supplementary views of `viewClass` are made for a kind and `identifier` when its queue is empty (`nil`
    /// unregisters). A class that is not a `UICollectionReusableView` is logged and not registered.
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        registerSupplementaryClass(viewClass, kind: elementKind, for: identifier)
    }
    /// A queued cell (after its `prepareForReuse()`), else a new one of the registered class made by its
    /// `init()` (so its `init(frame:)`). An unregistered identifier is logged and gets a plain cell (UIKit raises).
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        queuedOrNewCell(identifier)
    }
    /// A queued supplementary view of the kind and identifier (after its `prepareForReuse()`), else a new one
    /// of the registered class made by its `init()`. An unregistered kind and identifier is logged and gets a
    /// plain `UICollectionReusableView` (UIKit raises). `indexPath` is not used.
    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                               for indexPath: IndexPath) -> UICollectionReusableView {
        queuedOrNewSupplementary(elementKind, identifier)
    }

    // MARK: selection in code (UICollectionView+Selection.swift)

    /// The selected items, sorted by index path; empty, not nil, when none is selected.
    open var indexPathsForSelectedItems: [IndexPath]? { sortedSelectedItems() }
    /// Selects an item (nil: deselects all), scrolling it to `scrollPosition`.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        select(indexPath, animated: animated, scrollPosition: scrollPosition)
    }
    /// Deselects an item at once, calling no delegate method, as in UIKit; `animated` is ignored.
    open func deselectItem(at indexPath: IndexPath, animated: Bool) { deselect(indexPath, animated: animated) }

    // MARK: updates (UICollectionView+Updates.swift)

    /// Applies the inserts, deletes, reloads and moves made in `updates` together (calls nest), checking the
    /// data source's new counts against them; a mismatch is logged and the collection view reloads instead
    /// (UIKit raises). The change animates for `updateAnimationDuration` (0.3 s). `completion` gets true when
    /// the animation finishes, false when it is interrupted or the counts were inconsistent.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        batchUpdates(updates, completion: completion)
    }
    /// Inserts items at index paths (counted after the update), their cells fading in (or coming from the
    /// layout's initial attributes); outside `performBatchUpdates` it is a batch of its own.
    open func insertItems(at indexPaths: [IndexPath]) { noteInserted(items: indexPaths) }
    /// Deletes the items at index paths (counted before the update), their cells fading out (or going to the
    /// layout's final attributes); outside `performBatchUpdates` it is a batch of its own.
    open func deleteItems(at indexPaths: [IndexPath]) { noteDeleted(items: indexPaths) }
    /// Replaces the items at index paths (counted before the update) with new cells from the data source,
    /// faded in; outside `performBatchUpdates` it is a batch of its own.
    open func reloadItems(at indexPaths: [IndexPath]) { noteReloaded(items: indexPaths) }
    /// Moves an item from one index path (before the update) to another (after it); its cell slides there if
    /// both places are on screen. Outside `performBatchUpdates` it is a batch of its own.
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { noteMoved(from: indexPath, to: newIndexPath) }
    /// Inserts whole sections (indexes after the update); outside `performBatchUpdates` it is a batch of its own.
    open func insertSections(_ sections: IndexSet) { noteInserted(sections: sections) }
    /// Deletes whole sections (indexes before the update); outside `performBatchUpdates` it is a batch of its own.
    open func deleteSections(_ sections: IndexSet) { noteDeleted(sections: sections) }
    /// Reloads whole sections (indexes before the update) with new cells; outside `performBatchUpdates` it is a
    /// batch of its own.
    open func reloadSections(_ sections: IndexSet) { noteReloaded(sections: sections) }

    // Touches select items (UICollectionView+Selection.swift); declared here so that subclasses can override them.
    /// Highlights the item under the touch (asking the delegate's `shouldHighlightItemAt`, then telling
    /// `didHighlightItemAt`) when selection is allowed and the view is not decelerating; a touch on no item goes
    /// to the scroll view.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { itemTouchesBegan(touches, with: event) }
    /// Selects the highlighted item when the touch lifts over it (asking `shouldSelectItemAt`; with multiple
    /// selection a selected item is deselected instead), unhighlighting it first; other touches go to the
    /// scroll view.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { itemTouchesEnded(touches, with: event) }
    /// Unhighlights the highlighted item (a drag that scrolls cancels the touch), selecting nothing; other
    /// touches go to the scroll view.
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
