import Foundation

/// A data source driven by snapshots (UIKit's UITableViewDiffableDataSource). `apply` works out what changed
/// from the snapshot shown: sections deleted and inserted by identifier; in the sections that stay, items
/// deleted, inserted, moved (within a section by `CollectionDifference.inferringMoves()`, between sections
/// by identifier) and reloaded, and runs them as one batch of updates with `defaultRowAnimation`.
/// The table view holds its data source weakly, as UIKit's: keep a reference to this one.
@preconcurrency @MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject, UITableViewDataSource {
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var current = Snapshot()
    open var defaultRowAnimation: UITableView.RowAnimation = .automatic

    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        super.init()
        tableView.dataSource = self
    }

    open func snapshot() -> Snapshot { current.handedOut }

    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }

    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }

    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { current.section(at: index) }

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

    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        apply(snapshot, animatingDifferences: false, completion: completion)
    }

    // MARK: UITableViewDataSource

    open func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }

    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        sectionIdentifier(for: section).map { current.numberOfItems(inSection: $0) } ?? 0
    }

    /// The cell provider's cell; nil from it is logged and gives an empty cell (UIKit raises).
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if let item = itemIdentifier(for: indexPath), let cell = cellProvider(tableView, indexPath, item) { return cell }
        StrataLogBridge.error("UITableViewDiffableDataSource: no cell for row \(indexPath.row) in section \(indexPath.section)")
        return UITableViewCell(style: .default, reuseIdentifier: nil)
    }

    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
}
