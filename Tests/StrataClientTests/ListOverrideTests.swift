import Foundation
import Strata
import StrataUIKit // not @testable: these overrides compile only because the members are `open`, as UIKit's
import Testing

/// A table view that counts the calls reaching its overrides of UIKit's open members, each calling super.
@MainActor
final class CountingTableView: UITableView {
    var calls: [String: Int] = [:]
    private func count(_ name: String) { calls[name, default: 0] += 1 }

    override func reloadData() { count("reloadData"); super.reloadData() }
    override func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { count("cellForRow"); return super.cellForRow(at: indexPath) }
    override func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        count("dequeue")
        return super.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
    }
    override var indexPathsForVisibleRows: [IndexPath]? { count("indexPathsForVisibleRows"); return super.indexPathsForVisibleRows }
    override func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        count("scrollToRow")
        super.scrollToRow(at: indexPath, at: scrollPosition, animated: animated)
    }
    override func deselectRow(at indexPath: IndexPath, animated: Bool) {
        count("deselectRow")
        super.deselectRow(at: indexPath, animated: animated)
    }
    override func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        count("performBatchUpdates")
        super.performBatchUpdates(updates, completion: completion)
    }
    override func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        count("insertRows")
        super.insertRows(at: indexPaths, with: animation)
    }
}

/// A collection view that counts the calls reaching its overrides, each calling super.
@MainActor
final class CountingCollectionView: UICollectionView {
    var calls: [String: Int] = [:]
    private func count(_ name: String) { calls[name, default: 0] += 1 }

    override func reloadData() { count("reloadData"); super.reloadData() }
    override func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        count("cellForItem")
        return super.cellForItem(at: indexPath)
    }
    override func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        count("dequeue")
        return super.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
    }
    override var indexPathsForVisibleItems: [IndexPath] { count("indexPathsForVisibleItems"); return super.indexPathsForVisibleItems }
    override func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        count("scrollToItem")
        super.scrollToItem(at: indexPath, at: scrollPosition, animated: animated)
    }
    override func deselectItem(at indexPath: IndexPath, animated: Bool) {
        count("deselectItem")
        super.deselectItem(at: indexPath, animated: animated)
    }
    override func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        count("performBatchUpdates")
        super.performBatchUpdates(updates, completion: completion)
    }
    override func insertItems(at indexPaths: [IndexPath]) { count("insertItems"); super.insertItems(at: indexPaths) }
}

/// Subclasses override the table and collection views' query, reuse, selection and update members (`open`, as
/// UIKit's), and UIKit's own calls (`visibleCells`, selection, scrolling, the diffable data sources) reach them.
@MainActor
@Suite struct ListOverrideTests {
    @Test func tableViewOverridesAreCalledAndSuperStillWorks() {
        let recorder = TableRecorder(rows: [100])
        recorder.record = false
        let table = CountingTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440), style: .plain)
        table.register(CountedCell.self, forCellReuseIdentifier: "c")
        table.dataSource = recorder
        table.delegate = recorder
        table.layoutIfNeeded()
        // The data source's `dequeueReusableCell(withIdentifier:for:)` reaches the override: one per row on screen.
        #expect(table.calls["dequeue"] == 10)

        let cell = table.cellForRow(at: IndexPath(row: 3, section: 0))
        #expect(table.calls["cellForRow"] == 1)
        #expect(cell?.frame == CGRect(x: 0, y: 132, width: 320, height: 44))
        #expect(cell?.textLabel?.text == "0.3")

        // `visibleCells` asks `indexPathsForVisibleRows`, the override's.
        let before = table.calls["indexPathsForVisibleRows", default: 0]
        #expect(table.visibleCells.map { $0.textLabel?.text } == (0..<10).map { "0.\($0)" })
        #expect(table.calls["indexPathsForVisibleRows", default: 0] == before + 1)

        // Selecting nil deselects through `deselectRow`; the nearest selected row scrolls through `scrollToRow`.
        table.selectRow(at: IndexPath(row: 50, section: 0), animated: false, scrollPosition: .none)
        table.scrollToNearestSelectedRow(at: .top, animated: false)
        #expect(table.calls["scrollToRow"] == 1)
        #expect(table.contentOffset.y == 2200)
        #expect(table.indexPathsForVisibleRows?.first == IndexPath(row: 50, section: 0))
        table.selectRow(at: nil, animated: false, scrollPosition: .none)
        #expect(table.calls["deselectRow"] == 1)
        #expect(table.indexPathForSelectedRow == nil)

        table.reloadData()
        #expect(table.calls["reloadData"] == 1)
        recorder.rows = [101]
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        #expect(table.calls["insertRows"] == 1)
        #expect(table.numberOfRows(inSection: 0) == 101)
    }

    @Test func tableDiffableDataSourceReachesTheOverrides() {
        let table = CountingTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440), style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "c")
        let source = UITableViewDiffableDataSource<Int, String>(tableView: table) { table, path, item in
            let cell = table.dequeueReusableCell(withIdentifier: "c", for: path)
            cell.textLabel?.text = item
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["a", "b"])
        source.apply(snapshot, animatingDifferences: false)
        #expect(table.calls["reloadData"] == 1)
        table.layoutIfNeeded()
        snapshot.appendItems(["c"])
        source.apply(snapshot)
        #expect(table.calls["performBatchUpdates"] == 1)
        #expect(table.calls["insertRows"] == 1)
        #expect(table.visibleCells.map { $0.textLabel?.text } == ["a", "b", "c"])
    }

    static func collection(_ recorder: CollectionRecorder) -> CountingCollectionView {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let view = CountingCollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 440), collectionViewLayout: layout)
        view.register(CountedItemCell.self, forCellWithReuseIdentifier: "c")
        view.dataSource = recorder
        view.delegate = recorder
        view.layoutIfNeeded()
        return view
    }

    @Test func collectionViewOverridesAreCalledAndSuperStillWorks() {
        let recorder = CollectionRecorder(items: [100])
        recorder.record = false
        let view = Self.collection(recorder)
        let shown = view.calls["dequeue", default: 0]
        #expect(shown > 0)
        #expect(view.visibleCells.count == shown)

        let cell = view.cellForItem(at: IndexPath(item: 0, section: 0))
        #expect(view.calls["cellForItem"] == 1)
        #expect((cell as? CountedItemCell)?.label == "0.0")
        #expect(cell?.frame == view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame)

        // `visibleCells` asks `indexPathsForVisibleItems`, the override's.
        let before = view.calls["indexPathsForVisibleItems", default: 0]
        #expect((view.visibleCells.first as? CountedItemCell)?.label == "0.0")
        #expect(view.calls["indexPathsForVisibleItems", default: 0] == before + 1)

        // Selecting with a position scrolls through `scrollToItem`; selecting nil deselects through `deselectItem`.
        let far = IndexPath(item: 90, section: 0)
        view.selectItem(at: far, animated: false, scrollPosition: .top)
        #expect(view.calls["scrollToItem"] == 1)
        #expect(view.indexPathsForVisibleItems.contains(far))
        view.selectItem(at: nil, animated: false, scrollPosition: [])
        #expect(view.calls["deselectItem"] == 1)
        #expect(view.indexPathsForSelectedItems == [])

        view.reloadData()
        #expect(view.calls["reloadData"] == 1)
        recorder.items = [101]
        view.insertItems(at: [IndexPath(item: 0, section: 0)])
        #expect(view.calls["insertItems"] == 1)
        // Outside a batch a change is a batch of its own, without calling the open `performBatchUpdates`.
        #expect(view.calls["performBatchUpdates"] == nil)
        #expect(view.numberOfItems(inSection: 0) == 101)
    }

    @Test func collectionDiffableDataSourceReachesTheOverrides() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let view = CountingCollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 440), collectionViewLayout: layout)
        view.register(CountedItemCell.self, forCellWithReuseIdentifier: "c")
        let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: view) { view, path, item in
            let cell = view.dequeueReusableCell(withReuseIdentifier: "c", for: path)
            (cell as? CountedItemCell)?.label = item
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["a", "b"])
        source.apply(snapshot, animatingDifferences: false)
        #expect(view.calls["reloadData"] == 1)
        view.layoutIfNeeded()
        snapshot.appendItems(["c"])
        source.apply(snapshot)
        #expect(view.calls["performBatchUpdates"] == 1)
        #expect(view.calls["insertItems"] == 1)
        #expect(view.visibleCells.map { ($0 as? CountedItemCell)?.label } == ["a", "b", "c"])
    }
}
