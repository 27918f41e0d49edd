import Foundation
import StrataProtocol
import StrataUIKit

/// Issue 54, acceptance 4: Auto Layout's cost, in this process, and a self-sizing table scrolled on a real
/// server. A 1280×800 screen of 250 cards in rows of ten, each placed by four constraints (1,000 in all,
/// chained: each card's leading on the card before it, each row's top on the row above), laid out from
/// scratch (`full_layout_ms`: the engine built and solved), then one constant changed and laid out again
/// 200 times (`constant_change_ms`: the solver's incremental re-solve and the frames set). Then a table of
/// `rows` self-sizing rows (`TableScreen`) flung and scrolled as the settings scenario scrolls its screen.
struct LayoutRun {
    let size: String
    let rows: Int
    let flings: Int

    func run() throws -> [String: Any] {
        let (full, changes) = try onMainThread { Self.measureConstraints() }
        var report: [String: Any] = ["scenario": "layout", "constraints": Self.cards * 4, "full_layout_ms": full,
                                     "constant_change_ms": Percentiles.of(changes)]
        var table = try SettingsRun(size: size, rows: rows, flings: flings, name: "layout-table",
                                    makeScreen: { TableScreen(rows: $0) }).run()
        // Acceptance 3's bound: the most cells alive at once against the most rows visible at once, while it moved.
        let cells = try onMainThread { (TableScreenCell.mostAlive, TableScreen.mostVisible) }
        table["cells_alive_max"] = cells.0
        table["visible_rows_max"] = cells.1
        report["table"] = table
        return report
    }

    static let cards = 250

    /// The full layout's time and each constant change's, in milliseconds.
    @MainActor
    static func measureConstraints() -> (Double, [Double]) {
        let screen = UIView(frame: CGRect(x: 0, y: 0, width: 1280, height: 800))
        var widths: [NSLayoutConstraint] = []
        var constraints: [NSLayoutConstraint] = []
        var above: UIView?
        var rowFirst: UIView?
        for i in 0..<cards {
            let card = UIView()
            card.translatesAutoresizingMaskIntoConstraints = false
            screen.addSubview(card)
            let width = card.widthAnchor.constraint(equalToConstant: 100)
            widths.append(width)
            let column = i % 10
            let leading = column == 0 ? card.leadingAnchor.constraint(equalTo: screen.leadingAnchor, constant: 20)
                : card.leadingAnchor.constraint(equalTo: screen.subviews[i - 1].trailingAnchor, constant: 24)
            if column == 0 { above = rowFirst; rowFirst = card }
            let top = above.map { card.topAnchor.constraint(equalTo: $0.bottomAnchor, constant: 8) }
                ?? card.topAnchor.constraint(equalTo: screen.topAnchor, constant: 20)
            constraints += [leading, top, width, card.heightAnchor.constraint(equalToConstant: 24)]
        }
        NSLayoutConstraint.activate(constraints)
        let start = MonotonicClock.now()
        screen.layoutIfNeeded()
        let full = (MonotonicClock.now() - start) * 1000
        var changes: [Double] = []
        for n in 0..<200 {
            let began = MonotonicClock.now()
            widths[0].constant = n % 2 == 0 ? 110 : 100
            screen.layoutIfNeeded()
            changes.append((MonotonicClock.now() - began) * 1000)
        }
        return (full, changes)
    }

    private func onMainThread<T>(_ body: @MainActor () -> T) throws -> T {
        nonisolated(unsafe) var outcome: T?
        DispatchQueue.main.sync { MainActor.assumeIsolated { outcome = body() } }
        guard let outcome else { throw SettingsRun.BenchFailure(description: "the main thread did not run the layout") }
        return outcome
    }
}

/// A table of self-sizing rows (a title and a block of one of four heights pinned by constraints), as a
/// menu or an order list is written with Auto Layout.
@MainActor
final class TableScreen: UIViewController, UITableViewDataSource, UITableViewDelegate, ScrollScreen {
    /// The most rows visible at once as it scrolled.
    static var mostVisible = 0
    let rowCount: Int
    let table = UITableView(frame: .zero, style: .plain)
    var scrollView: UIScrollView { table }

    init(rows: Int) {
        rowCount = rows
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        table.frame = view.bounds
        table.rowHeight = UITableView.automaticDimension
        table.estimatedRowHeight = 64
        table.register(TableScreenCell.self, forCellReuseIdentifier: "row")
        table.dataSource = self
        table.delegate = self
        view.addSubview(table)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        Self.mostVisible = max(Self.mostVisible, table.indexPathsForVisibleRows?.count ?? 0)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rowCount }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        if let row = cell as? TableScreenCell {
            row.title.text = "Item \(indexPath.row + 1)"
            row.blockHeight?.constant = CGFloat(24 + 12 * (indexPath.row % 4))
        }
        return cell
    }
}

@MainActor
final class TableScreenCell: UITableViewCell {
    /// Cells alive now, and the most at once.
    static var alive = 0, mostAlive = 0
    let title = UILabel()
    let block = UIView()
    var blockHeight: NSLayoutConstraint?

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        Self.alive += 1
        Self.mostAlive = max(Self.mostAlive, Self.alive)
        for view in [title, block] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        block.backgroundColor = UIColor(red: 0.9, green: 0.6, blue: 0.2, alpha: 1)
        let height = block.heightAnchor.constraint(equalToConstant: 24)
        NSLayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            title.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            block.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 16),
            block.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            block.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            block.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
            height,
        ])
        blockHeight = height
    }
    required init?(coder: NSCoder) { nil }
    isolated deinit { Self.alive -= 1 }
}
