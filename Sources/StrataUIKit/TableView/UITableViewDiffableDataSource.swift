import Foundation

/// A data source driven by snapshots (UIKit's UITableViewDiffableDataSource). `apply` works out what changed
/// from the snapshot shown: sections deleted and inserted by identifier; in the sections that stay, items
/// deleted, inserted, moved (within a section by `CollectionDifference.inferringMoves()`, between sections
/// by identifier) and reloaded, and runs them as one batch of updates with `defaultRowAnimation`.
/// The table view holds its data source weakly, as UIKit's: keep a reference to this one.
@preconcurrency @MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject, UITableViewDataSource {
    /// Makes the cell for an item: given the table view, the row's index path and the item's identifier, it
    /// returns a cell (usually dequeued from the table view). Returning nil is logged and shows an empty cell.
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?
    /// The snapshot type this data source shows, with its section and item identifier types.
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var current = Snapshot()
    /// The row animation for the insertions, deletions and reloads of an animated `apply` (default `.automatic`,
    /// which Strata's table view plays as `.fade`). Read when `apply` is called.
    open var defaultRowAnimation: UITableView.RowAnimation = .automatic

    /// Makes the data source and sets it as the table view's `dataSource`, showing an empty snapshot until
    /// `apply` is called. The table view is held weakly, and holds this data source weakly: keep a reference.
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        super.init()
        tableView.dataSource = self
    }

    /// A copy of the snapshot shown, with no items marked for reloading; change it and `apply` it to update the table.
    open func snapshot() -> Snapshot { current.handedOut }

    /// The identifier of the item at `indexPath` in the snapshot shown, or nil if there is no such row.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }

    /// The index path of the item in the snapshot shown, or nil if it is not there.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }

    /// The identifier of the section at `index` in the snapshot shown, or nil if the index is out of range.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { current.section(at: index) }

    /// The index of the section in the snapshot shown, or nil if it is not there.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    /// Shows `snapshot`: animated as one batch of updates, or (`animatingDifferences: false`) by reloading.
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let old = current
        current = snapshot
        current.clearReloads()
        guard let tableView else { completion?(); return }
        guard animatingDifferences else {
            tableView.reloadData()
            completion?()
            return
        }
        let changes = SnapshotChanges(from: old, to: snapshot)
        let animation = defaultRowAnimation
        tableView.performBatchUpdates({
            tableView.deleteSections(changes.deletedSections, with: animation)
            tableView.insertSections(changes.insertedSections, with: animation)
            tableView.deleteRows(at: changes.deletedRows, with: animation)
            tableView.insertRows(at: changes.insertedRows, with: animation)
            tableView.reloadRows(at: changes.reloadedRows, with: animation)
            for move in changes.moves { tableView.moveRow(at: move.from, to: move.to) }
        }, completion: { _ in completion?() })
    }

    /// Shows `snapshot` by reloading the table view, without working out or animating differences; `completion`
    /// runs right after the reload is asked for.
    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        apply(snapshot, animatingDifferences: false, completion: completion)
    }

    // MARK: UITableViewDataSource

    /// The number of sections in the snapshot shown.
    open func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }

    /// The number of items in the snapshot's section at `section`; 0 for an index out of range.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        sectionIdentifier(for: section).map { current.numberOfItems(inSection: $0) } ?? 0
    }

    /// The cell provider's cell; nil from it is logged and gives an empty cell (UIKit raises).
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if let item = itemIdentifier(for: indexPath), let cell = cellProvider(tableView, indexPath, item) { return cell }
        StrataLogBridge.error("UITableViewDiffableDataSource: no cell for row \(indexPath.row) in section \(indexPath.section)")
        return UITableViewCell(style: .default, reuseIdentifier: nil)
    }

    /// No header title (nil); a subclass overrides this to title its sections' headers.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer title (nil); a subclass overrides this to title its sections' footers.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
}
