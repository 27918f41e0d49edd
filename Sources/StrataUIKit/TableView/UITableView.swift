import Foundation
import Logging
import Strata

/// A vertical list of rows in sections (UIKit's UITableView), over a scroll view. Only the rows on screen
/// have cells; cells that scroll off go to a reuse queue and come back from `dequeueReusableCell`
/// (UITableView+Reuse.swift). Where rows lie is kept in `TableGeometry` (a Fenwick tree of heights per
/// section), so finding the rows on screen costs O(log n) however long the table. Rows are placed in
/// `layoutSubviews` and each time the offset moves, each frame of a fling included (UITableView+Layout.swift).
@preconcurrency @MainActor
open class UITableView: UIScrollView {
    public enum Style: Int, Sendable { case plain, grouped, insetGrouped }
    public enum ScrollPosition: Int, Sendable { case none, top, middle, bottom }
    public enum RowAnimation: Int, Sendable {
        case fade, right, left, top, bottom, none, middle
        case automatic = 100
    }

    /// Asks for a height from the content (rows: the cell's `sizeThatFits`, self-sizing through Auto Layout; docs/uikit.md, *Table views*).
    public static let automaticDimension: CGFloat = -1

    open var style: Style { tableStyle }
    private let tableStyle: Style

    open weak var dataSource: UITableViewDataSource? { didSet { setNeedsReload() } }
    open override var delegate: UIScrollViewDelegate? { didSet { setNeedsReload() } }
    /// The delegate as a table view delegate (`delegate` keeps the scroll view's type: see docs/uikit.md).
    var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }

    /// 44 points.
    open var rowHeight: CGFloat = 44 { didSet { setNeedsReload() } }
    /// The height assumed for an `automaticDimension` row until its cell is measured (automatic: 44).
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsReload() } }
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsReload() } }
    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension
    open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine { didSet { setNeedsLayout() } }
    open var separatorColor: UIColor? = .separator { didSet { setNeedsLayout() } }
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { setNeedsLayout() } }
    open var backgroundView: UIView? {
        didSet {
            if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// Shown above the first section, scrolling with the rows; its frame's height is kept.
    open var tableHeaderView: UIView? {
        didSet {
            if oldValue !== tableHeaderView { oldValue?.removeFromSuperview() }
            if let tableHeaderView { addSubview(tableHeaderView) }
            setNeedsReload()
        }
    }
    /// Shown below the last section.
    open var tableFooterView: UIView? {
        didSet {
            if oldValue !== tableFooterView { oldValue?.removeFromSuperview() }
            if let tableFooterView { addSubview(tableFooterView) }
            setNeedsReload()
        }
    }

    open var allowsSelection = true
    open var allowsMultipleSelection = false
    open var allowsSelectionDuringEditing = false
    open var allowsMultipleSelectionDuringEditing = false
    open var isEditing = false
    open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }

    // State the extensions keep.
    var geometry = TableGeometry()
    var needsReload = true
    /// The cells on screen, by row.
    var visible: [IndexPath: UITableViewCell] = [:]
    var headerViews: [Int: UIView] = [:]
    var footerViews: [Int: UIView] = [:]
    /// Rows whose height is `automaticDimension`, still at their estimate.
    var unmeasured = Set<IndexPath>()
    var reusePool: [String: [UITableViewCell]] = [:]
    var registered: [String: UITableViewCell.Type] = [:]
    var registeredHeaderFooters: [String: UITableViewHeaderFooterView.Type] = [:]
    var headerFooterPool: [String: [UITableViewHeaderFooterView]] = [:]
    /// Selected rows in the order selected.
    var selectedRows: [IndexPath] = []
    var highlightedRow: IndexPath?
    var batch: ListBatch?
    var batchDepth = 0
    /// Cells leaving with a row animation: kept on screen until it ends.
    var departing: [UITableViewCell] = []
    var placing = false

    public init(frame: CGRect, style: Style) {
        tableStyle = style
        super.init(frame: frame)
        alwaysBounceVertical = true
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
    }

    /// A plain table view.
    public override convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }

    public required init?(coder: NSCoder) { return nil }

    /// Asks the data source and delegate for everything again at the next layout (or query).
    open func reloadData() {
        setNeedsReload()
    }

    func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    open var numberOfSections: Int {
        updateIfNeeded()
        return geometry.numberOfSections
    }

    open func numberOfRows(inSection section: Int) -> Int {
        updateIfNeeded()
        return geometry.numberOfRows(inSection: section)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateIfNeeded()
        placeContent()
    }

    // MARK: rows and cells (UITableView+Queries.swift does the work; these are open for subclasses to override)

    /// The cell showing a row, nil when the row is off screen.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { visibleCell(at: indexPath) }
    open func indexPath(for cell: UITableViewCell) -> IndexPath? { visibleIndexPath(of: cell) }
    /// The row under a point in the table view's coordinates (its content's), nil over none.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? { row(under: point) }
    open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? { rows(crossing: rect) }
    /// The rows on screen, top to bottom.
    open var indexPathsForVisibleRows: [IndexPath]? { placedIndexPaths() }
    /// Their cells, in the same order.
    open var visibleCells: [UITableViewCell] { placedCells() }
    open func rectForRow(at indexPath: IndexPath) -> CGRect { rowRect(indexPath) }
    open func rect(forSection section: Int) -> CGRect { sectionRect(section) }
    open func rectForHeader(inSection section: Int) -> CGRect { headerRect(section) }
    open func rectForFooter(inSection section: Int) -> CGRect { footerRect(section) }
    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? { shownHeader(section) }
    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? { shownFooter(section) }
    /// Scrolls so the row is at the top, middle or bottom (`.none`: as little as shows it), within the
    /// offsets' range. A row that does not exist is logged and ignored (UIKit raises).
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        scroll(toRow: indexPath, at: scrollPosition, animated: animated)
    }
    open func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        scrollToSelectedRow(at: scrollPosition, animated: animated)
    }

    // MARK: reuse (UITableView+Reuse.swift)

    /// Cells of `cellClass` are made for `identifier` when the queue has none (`nil` unregisters).
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registerCellClass(cellClass, for: identifier)
    }
    open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        registerHeaderFooterClass(aClass, for: identifier)
    }
    /// A queued cell (after its `prepareForReuse()`), else nil.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? { queuedCell(identifier) }
    /// A queued cell, else a new one of the class registered for `identifier` (made by its `init()`, which
    /// reaches its `init(style:reuseIdentifier:)` with the identifier). An unregistered identifier is logged
    /// and gets a default cell (UIKit raises).
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        queuedOrNewCell(identifier)
    }
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        queuedOrNewHeaderFooter(identifier)
    }

    // MARK: selection in code (UITableView+Selection.swift)

    open var indexPathForSelectedRow: IndexPath? { firstSelectedRow() }
    open var indexPathsForSelectedRows: [IndexPath]? { sortedSelectedRows() }
    /// Selects a row (nil: deselects all), scrolling it to `scrollPosition`.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        select(indexPath, animated: animated, scrollPosition: scrollPosition)
    }
    open func deselectRow(at indexPath: IndexPath, animated: Bool) { deselect(indexPath, animated: animated) }

    // MARK: updates (UITableView+Updates.swift)

    open func beginUpdates() { openBatch() }
    open func endUpdates() { closeBatch() }
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        batchUpdates(updates, completion: completion)
    }
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { noteInserted(rows: indexPaths, animation) }
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { noteDeleted(rows: indexPaths, animation) }
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) { noteReloaded(rows: indexPaths, animation) }
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { noteMoved(from: indexPath, to: newIndexPath) }
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) { noteInserted(sections: sections, animation) }
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { noteDeleted(sections: sections, animation) }
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) { noteReloaded(sections: sections, animation) }

    // Touches select rows (UITableView+Selection.swift); declared here so that subclasses can override them.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { tableTouchesBegan(touches, with: event) }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { tableTouchesEnded(touches, with: event) }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { tableTouchesCancelled(touches, with: event) }
    func superTouchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { super.touchesBegan(touches, with: event) }
    func superTouchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { super.touchesEnded(touches, with: event) }
    func superTouchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { super.touchesCancelled(touches, with: event) }

    override func offsetDidChange() {
        super.offsetDidChange()
        guard !needsReload else { return }
        placeContent()
    }
}
