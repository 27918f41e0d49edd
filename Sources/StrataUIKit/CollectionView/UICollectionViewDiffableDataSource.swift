import Foundation

/// A collection view's data source driven by snapshots (UIKit's UICollectionViewDiffableDataSource). `apply`
/// works out what changed from the snapshot shown (SnapshotChanges.swift, shared with the table view's) and
/// runs it as one `performBatchUpdates`. The collection view holds its data source weakly, as UIKit's: keep
/// a reference to this one.
@preconcurrency @MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject, UICollectionViewDataSource {
    /// Makes the cell for an item: given the collection view, the item's index path and its identifier; typically
    /// dequeues a registered cell and configures it. Returning nil is logged and shows an empty cell.
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    /// Makes a supplementary view (a header, footer or other kind the layout asks for): given the collection view,
    /// the element kind and its index path.
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?
    /// The snapshot type this data source shows: sections and items by their identifiers.
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    private var current = Snapshot()
    /// Gives headers, footers and other supplementary views (nil: the layout asks for none).
    open var supplementaryViewProvider: SupplementaryViewProvider?

    /// Makes a data source that makes cells with `cellProvider` and becomes `collectionView`'s `dataSource` at once.
    /// It starts with an empty snapshot; the collection view is held weakly.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        collectionView.dataSource = self
    }

    /// A copy of the snapshot shown now (the last one applied, or an empty one), without the reloads it asked for;
    /// change it and `apply` it to update the collection view.
    open func snapshot() -> Snapshot { current.handedOut }

    /// The identifier of the item at `indexPath` in the snapshot shown, or nil when there is none there.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }

    /// Where the item with `itemIdentifier` is in the snapshot shown, or nil when it holds no such item.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }

    /// The identifier of the section at `index` in the snapshot shown, or nil when the index is out of range.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { current.section(at: index) }

    /// The index of the section with `sectionIdentifier` in the snapshot shown, or nil when it holds no such section.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    /// Shows `snapshot`: animated as one batch of updates, or (`animatingDifferences: false`) by reloading.
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let old = current
        current = snapshot
        current.clearReloads()
        guard let collectionView else { completion?(); return }
        guard animatingDifferences else {
            collectionView.reloadData()
            completion?()
            return
        }
        let changes = SnapshotChanges(from: old, to: snapshot)
        collectionView.performBatchUpdates({
            collectionView.deleteSections(changes.deletedSections)
            collectionView.insertSections(changes.insertedSections)
            collectionView.deleteItems(at: changes.deletedRows)
            collectionView.insertItems(at: changes.insertedRows)
            collectionView.reloadItems(at: changes.reloadedRows)
            for move in changes.moves { collectionView.moveItem(at: move.from, to: move.to) }
        }, completion: { _ in completion?() })
    }

    /// Shows `snapshot` by reloading the collection view, with no animation: the same as
    /// `apply(snapshot, animatingDifferences: false, completion: completion)`.
    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        apply(snapshot, animatingDifferences: false, completion: completion)
    }

    // MARK: UICollectionViewDataSource

    /// The number of sections in the snapshot shown.
    open func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

    /// The number of items in section `section` of the snapshot shown (0 for a section index out of range).
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        sectionIdentifier(for: section).map { current.numberOfItems(inSection: $0) } ?? 0
    }

    /// The cell provider's cell; nil from it is logged and gives an empty cell (UIKit raises).
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        if let item = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, item) { return cell }
        StrataLogBridge.error("UICollectionViewDiffableDataSource: no cell for item \(indexPath.item) in section \(indexPath.section)")
        return UICollectionViewCell(frame: .zero)
    }

    /// The supplementary view provider's view; none is logged and gives an empty view (UIKit raises).
    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> UICollectionReusableView {
        if let view = supplementaryViewProvider?(collectionView, kind, indexPath) { return view }
        StrataLogBridge.error("UICollectionViewDiffableDataSource: no \(kind) view for section \(indexPath.section)")
        return UICollectionReusableView(frame: .zero)
    }
}
