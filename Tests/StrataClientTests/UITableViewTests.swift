import Foundation
import Strata
@testable import StrataUIKit
import Testing

/// A cell class that counts the live instances (made through `register` and `init()` → `init(style:…)`).
@MainActor
final class CountedCell: UITableViewCell {
    static var alive = 0
    static var reused = 0
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        CountedCell.alive += 1
    }
    required init?(coder: NSCoder) { nil }
    override func prepareForReuse() { super.prepareForReuse(); CountedCell.reused += 1 }
    isolated deinit { CountedCell.alive -= 1 }
}

/// Rows in sections, recording every call in order.
@MainActor
final class TableRecorder: NSObject, UITableViewDataSource, UITableViewDelegate {
    var rows: [Int]
    var heights: [IndexPath: CGFloat] = [:]
    var titles = false
    var calls: [String] = []
    var record = true
    init(rows: [Int]) { self.rows = rows }
    private func note(_ s: String) { if record { calls.append(s) } }
    func numberOfSections(in tableView: UITableView) -> Int { note("sections"); return rows.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { note("rows \(section)"); return rows[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        note("cell \(indexPath.section).\(indexPath.row)")
        let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
        cell.textLabel?.text = "\(indexPath.section).\(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { titles ? "S\(section)" : nil }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { heights[indexPath] ?? 44 }
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        note("willDisplay \(indexPath.section).\(indexPath.row)")
    }
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        note("didEnd \(indexPath.section).\(indexPath.row)")
    }
}

@MainActor
@Suite struct UITableViewTests {
    static func table(_ recorder: TableRecorder, height: CGFloat = 440, style: UITableView.Style = .plain) -> UITableView {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: height), style: style)
        table.register(CountedCell.self, forCellReuseIdentifier: "c")
        table.dataSource = recorder
        table.delegate = recorder
        table.layoutIfNeeded()
        return table
    }

    @Test func indexPathHasUIKitsRowAndSection() {
        let path = IndexPath(row: 3, section: 2)
        #expect(path.row == 3 && path.section == 2 && path == [2, 3])
    }

    @Test func rowsAreLaidOutTopToBottomAndOnlyVisibleOnesHaveCells() {
        let recorder = TableRecorder(rows: [100])
        let table = Self.table(recorder)
        #expect(table.contentSize == CGSize(width: 320, height: 4400))
        #expect(table.indexPathsForVisibleRows == (0..<10).map { IndexPath(row: $0, section: 0) })
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.frame == CGRect(x: 0, y: 132, width: 320, height: 44))
        #expect(table.cellForRow(at: IndexPath(row: 10, section: 0)) == nil)
        #expect(table.rectForRow(at: IndexPath(row: 50, section: 0)) == CGRect(x: 0, y: 2200, width: 320, height: 44))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 100)) == IndexPath(row: 2, section: 0))
        #expect(table.numberOfRows(inSection: 0) == 100)
        #expect(table.visibleCells.first?.textLabel?.text == "0.0")
    }

    @Test func reloadAndScrollCallTheDataSourceAndDelegateInOrder() {
        let recorder = TableRecorder(rows: [3, 2])
        let table = Self.table(recorder, height: 100)
        #expect(recorder.calls == ["sections", "rows 0", "rows 1", "cell 0.0", "willDisplay 0.0", "cell 0.1", "willDisplay 0.1",
                                   "cell 0.2", "willDisplay 0.2"])
        recorder.calls = []
        table.contentOffset = CGPoint(x: 0, y: 90) // shows rows 0.2 (88…132) to 1.1 (176…220)… of 190
        #expect(recorder.calls == ["didEnd 0.0", "didEnd 0.1", "cell 1.0", "willDisplay 1.0", "cell 1.1", "willDisplay 1.1"])
    }

    @Test func aTenThousandRowTableKeepsAtMostVisiblePlusFourCellsWhileScrolling() {
        CountedCell.alive = 0
        CountedCell.reused = 0
        let recorder = TableRecorder(rows: [10_000])
        recorder.record = false
        let table = Self.table(recorder)
        let visibleCount = table.visibleCells.count
        var most = CountedCell.alive
        var y: CGFloat = 0
        while y < table.contentSize.height - 440 {
            y += 37
            table.contentOffset = CGPoint(x: 0, y: y)
            most = max(most, CountedCell.alive)
        }
        #expect(visibleCount == 10)
        #expect(most <= visibleCount + 4)
        #expect(CountedCell.reused > 9_000)
        #expect(table.indexPathsForVisibleRows?.last == IndexPath(row: 9_999, section: 0))
    }

    @Test func rowHeightsComeFromTheDelegateAndOffsetsStayExact() {
        let recorder = TableRecorder(rows: [5000, 5000])
        recorder.record = false
        for r in stride(from: 0, to: 5000, by: 7) { recorder.heights[IndexPath(row: r, section: 1)] = 80 }
        let table = Self.table(recorder)
        // Section 1 row 700: 5000 rows of 44, then 700 rows of which 100 (0, 7, …, 693) are 80.
        let expected: CGFloat = 220_000 + 26_400 + 8_000
        #expect(table.rectForRow(at: IndexPath(row: 700, section: 1)).minY == expected)
        table.scrollToRow(at: IndexPath(row: 700, section: 1), at: .top, animated: false)
        #expect(table.contentOffset.y == expected)
        #expect(table.indexPathsForVisibleRows?.first == IndexPath(row: 700, section: 1))
    }

    @Test func plainHeadersStickToTheTopWhileTheirSectionIsUnder() {
        let recorder = TableRecorder(rows: [10, 10])
        recorder.titles = true
        recorder.record = false
        let table = Self.table(recorder)
        // Section 0: header 0…28, rows 28…468; section 1 from 468.
        #expect(table.rectForHeader(inSection: 1).minY == 468)
        table.contentOffset = CGPoint(x: 0, y: 200)
        #expect(table.headerView(forSection: 0)?.frame == CGRect(x: 0, y: 200, width: 320, height: 28))
        #expect(table.headerView(forSection: 0)?.textLabel?.text == "S0")
        table.contentOffset = CGPoint(x: 0, y: 450) // the next header pushes it up: it ends at 468
        #expect(table.headerView(forSection: 0)?.frame.minY == 440)
        #expect(table.headerView(forSection: 1)?.frame.minY == 468)
    }

    @Test func selectionInCode() {
        let recorder = TableRecorder(rows: [20])
        recorder.record = false
        let table = Self.table(recorder)
        table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == true)
        table.selectRow(at: IndexPath(row: 4, section: 0), animated: false, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 4, section: 0)])
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == false)
        table.deselectRow(at: IndexPath(row: 4, section: 0), animated: false)
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test func insertedRowsFadeInAndOthersSlideWithCoreAnimation() throws {
        let recorder = TableRecorder(rows: [5])
        recorder.record = false
        let table = Self.table(recorder)
        CATransaction.flush()
        recorder.rows = [6]
        table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
        let inserted = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        let fade = try #require(inserted.layer.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(fade.duration == 0.3)
        #expect(inserted.alpha == 1)
        let moved = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        #expect(moved.frame.minY == 88)
        let slide = try #require(moved.layer.animation(forKey: "position") as? CABasicAnimation)
        let from = (slide.fromValue as? CGPoint)?.y ?? 0
        #expect(abs(from - 66) < 1e-6)
        #expect(moved.textLabel?.text == "0.1")
    }

    @Test func anInconsistentUpdateIsLoggedAndReloadsInsteadOfCrashing() {
        let recorder = TableRecorder(rows: [5])
        recorder.record = false
        let table = Self.table(recorder)
        recorder.rows = [7]
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        #expect(table.numberOfRows(inSection: 0) == 7)
        #expect(table.visibleCells.count == 7)
    }

    @Test func diffableDataSourceAppliesSnapshots() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440), style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "c")
        let source = UITableViewDiffableDataSource<Int, String>(tableView: table) { table, path, item in
            let cell = table.dequeueReusableCell(withIdentifier: "c", for: path)
            cell.textLabel?.text = item
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["a", "b", "c"])
        source.apply(snapshot, animatingDifferences: false)
        table.layoutIfNeeded()
        #expect(table.visibleCells.map { $0.textLabel?.text } == ["a", "b", "c"])
        snapshot.deleteItems(["b"])
        snapshot.appendItems(["d"])
        snapshot.appendSections([1])
        snapshot.appendItems(["e"], toSection: 1)
        #expect(snapshot.numberOfItems == 4 && snapshot.itemIdentifiers == ["a", "c", "d", "e"])
        source.apply(snapshot)
        #expect(table.numberOfSections == 2)
        #expect(table.visibleCells.map { $0.textLabel?.text } == ["a", "c", "d", "e"])
        #expect(source.itemIdentifier(for: IndexPath(row: 1, section: 0)) == "c")
        #expect(source.indexPath(for: "e") == IndexPath(row: 0, section: 1))
    }

    @Test func standardCellLayouts() {
        let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
        cell.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        cell.textLabel?.text = "Wi-Fi"
        cell.detailTextLabel?.text = "On"
        cell.accessoryType = .disclosureIndicator
        cell.layoutIfNeeded()
        // The chevron (8 wide) 16 from the right: the content ends at 296.
        #expect(cell.contentView.frame == CGRect(x: 0, y: 0, width: 296, height: 44))
        let detail = cell.detailTextLabel?.frame ?? .zero
        #expect(detail.maxX == 280 && detail.height == 44)
        #expect(cell.textLabel?.frame.minX == 16)
        let plain = UITableViewCell(style: .default, reuseIdentifier: nil)
        #expect(plain.detailTextLabel == nil)
        plain.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        plain.textLabel?.text = "x"
        plain.layoutIfNeeded()
        #expect(plain.textLabel?.frame == CGRect(x: 16, y: 0, width: 288, height: 44))
    }
}

/// A self-sizing cell: a block of the row's height pinned inside the content view by constraints.
@MainActor
final class SelfSizingCell: UITableViewCell {
    let block = UIView()
    var blockHeight: NSLayoutConstraint?
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        block.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(block)
        let height = block.heightAnchor.constraint(equalToConstant: 44)
        NSLayoutConstraint.activate([
            block.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 10),
            block.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -10),
            block.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            block.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            height,
        ])
        blockHeight = height
    }
    required init?(coder: NSCoder) { nil }
}

/// Rows whose blocks are 20, 40, 60, … points tall.
@MainActor
final class SelfSizingSource: NSObject, UITableViewDataSource {
    var count = 5
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "s", for: indexPath)
        (cell as? SelfSizingCell)?.blockHeight?.constant = CGFloat(20 * (indexPath.row + 1))
        return cell
    }
}

@MainActor
@Suite struct SelfSizingRowTests {
    /// Issue 54 §3: `automaticDimension` rows size themselves through Auto Layout: each row is its block's
    /// height plus the 10-point insets above and below.
    @Test func automaticRowsTakeTheirContentViewsFittingHeight() {
        // Each cell is solved at its row's size: no contradiction is ever reported.
        var reports: [String] = []
        LayoutEngine.reportHandler = { reports.append($0) }
        defer { LayoutEngine.reportHandler = nil }
        let source = SelfSizingSource()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), style: .plain)
        table.register(SelfSizingCell.self, forCellReuseIdentifier: "s")
        table.rowHeight = UITableView.automaticDimension
        table.estimatedRowHeight = 44
        table.dataSource = source
        table.layoutIfNeeded()
        let heights = (0..<5).map { table.rectForRow(at: IndexPath(row: $0, section: 0)).height }
        #expect(heights == [40, 60, 80, 100, 120])
        #expect(table.rectForRow(at: IndexPath(row: 4, section: 0)).minY == 280)
        // The cell lays its content out at that height.
        let cell = table.cellForRow(at: IndexPath(row: 2, section: 0)) as? SelfSizingCell
        cell?.layoutIfNeeded()
        #expect(cell?.block.frame == CGRect(x: 16, y: 10, width: 288, height: 60))
        // Scrolled through a longer table, cells reused at other heights.
        let many = SelfSizingSource()
        many.count = 400
        table.dataSource = many
        table.reloadData()
        for y in stride(from: 0, through: 20_000, by: 700) {
            table.contentOffset = CGPoint(x: 0, y: y)
            table.layoutIfNeeded()
        }
        #expect(reports.isEmpty, "\(reports.first ?? "")")
    }
}
