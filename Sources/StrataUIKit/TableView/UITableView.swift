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
    /// The table's look, fixed when it is made (UIKit's raw values).
    public enum Style: Int, Sendable {
        /// Rows edge to edge on `systemBackground`; section headers stick to the top while their section is
        /// under it (raw value 0).
        case plain
        /// Sections on `systemGroupedBackground`, header titles in capitals, headers and footers scrolling with
        /// the rows (raw value 1).
        case grouped
        /// `.grouped` with rows, headers and footers inset 20 points a side; the sections' corners stay square,
        /// where UIKit rounds them (raw value 2). See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
        case insetGrouped
    }
    /// Where `scrollToRow(at:at:animated:)` and `selectRow(at:animated:scrollPosition:)` put a row (UIKit's
    /// raw values).
    public enum ScrollPosition: Int, Sendable {
        /// No particular place: scroll as little as shows the whole row, or not at all when it shows; with
        /// `selectRow` it does not scroll (raw value 0).
        case none
        /// The row's top at the top of the visible area, below the top content inset (raw value 1).
        case top
        /// The row's centre at the vertical centre of the bounds (raw value 2).
        case middle
        /// The row's bottom at the bottom of the visible area, above the bottom content inset (raw value 3).
        case bottom
    }
    /// How rows come and go in an update (UIKit's raw values). The animation runs for `rowAnimationDuration`
    /// (0.3 s) with ease-in-ease-out; a batch uses one animation for all its rows, the last one given, where
    /// UIKit animates each call's rows with its own. See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public enum RowAnimation: Int, Sendable {
        /// Inserted rows fade in from opacity 0, deleted rows fade out (raw value 0).
        case fade
        /// Inserted rows slide in from the right by their width, deleted rows slide out to the right (raw value 1).
        case right
        /// Inserted rows slide in from the left by their width, deleted rows slide out to the left (raw value 2).
        case left
        /// Inserted rows slide down from above by their height, deleted rows slide up out (raw value 3).
        case top
        /// Inserted rows slide up from below by their height, deleted rows slide down out (raw value 4).
        case bottom
        /// Inserted rows appear and deleted rows go at once; rows that stay still slide to their new places
        /// (raw value 5).
        case none
        /// The same as `.fade` in Strata, where UIKit keeps the rows centred in their space (raw value 6).
        /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
        case middle
        /// The table's choice: `.fade` in Strata (raw value 100).
        case automatic = 100
    }

    /// Asks for a height from the content (rows: the cell's `sizeThatFits`, self-sizing through Auto Layout; docs/uikit.md, *Table views*).
    public static let automaticDimension: CGFloat = -1

    /// The table's style, fixed by `init(frame:style:)` (`.plain` for `init(frame:)`).
    open var style: Style { tableStyle }
    private let tableStyle: Style

    /// The object that supplies counts, cells and titles, held weakly. Setting it reloads everything at the
    /// next layout pass or query (every cell leaves the screen and the selection is cleared).
    open weak var dataSource: UITableViewDataSource? { didSet { setNeedsReload() } }
    /// The delegate, typed `UIScrollViewDelegate?` as the scroll view's (Swift cannot narrow an overridden
    /// property's type); a `UITableViewDelegate` assigned here also gets the row calls. Setting it reloads
    /// everything at the next layout pass, as setting `dataSource` does.
    /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open override var delegate: UIScrollViewDelegate? { didSet { setNeedsReload() } }
    /// The delegate as a table view delegate (`delegate` keeps the scroll view's type: see docs/uikit.md).
    var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }

    /// 44 points.
    open var rowHeight: CGFloat = 44 { didSet { setNeedsReload() } }
    /// The height assumed for an `automaticDimension` row until its cell is measured (automatic: 44).
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension
    /// The height of every section header unless the delegate gives one. `automaticDimension` (the default):
    /// 28 points when the data source gives a title (38 in grouped styles), else 0 in `.plain` and 18 in grouped
    /// styles. A negative or non-finite height is taken as 0. Setting it reloads the table.
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsReload() } }
    /// The height of every section footer unless the delegate gives one. `automaticDimension` (the default):
    /// 28 points when the data source gives a title (38 in grouped styles), else 0 in `.plain` and 18 in grouped
    /// styles. A negative or non-finite height is taken as 0. Setting it reloads the table.
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsReload() } }
    /// Kept for UIKit's shape but not read: header heights are all asked at each reload, never estimated
    /// (default `automaticDimension`).
    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    /// Kept for UIKit's shape but not read: footer heights are all asked at each reload, never estimated
    /// (default `automaticDimension`).
    open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension
    /// Whether cells show a separator line along their bottom (default `.singleLine`; `.singleLineEtched` draws
    /// the same line, `.none` hides it). It is given to each cell as the cell comes on screen, so cells already
    /// shown keep theirs until they are placed again (after a reload or a scroll), where UIKit updates them
    /// at once. See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine { didSet { setNeedsLayout() } }
    /// The separators' colour (default `separator`; nil also gives `separator`). Given to each cell as it comes on
    /// screen, as `separatorStyle` is.
    open var separatorColor: UIColor? = .separator { didSet { setNeedsLayout() } }
    /// The separators' default insets: only `left` and `right` count (default 16 points on the left). Given to
    /// each cell as it comes on screen, as `separatorStyle` is; a cell's own `separatorInset`, once set, wins.
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { setNeedsLayout() } }
    /// A view placed behind all the cells (the previous one is removed). The table does not size or place it:
    /// it keeps the frame you give it and scrolls with the content, where UIKit fills the table with it.
    /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
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

    /// Whether rows can be selected, by touch and by `selectRow(at:animated:scrollPosition:)` (default true);
    /// rows stay selectable while `allowsMultipleSelection` is true. When neither is, touches are not tracked on
    /// rows: nothing highlights.
    open var allowsSelection = true
    /// Whether several rows can be selected at once (default false). When true a tap on a selected row
    /// deselects it, and selecting a row leaves the others selected.
    open var allowsMultipleSelection = false
    /// Kept for UIKit's shape but not read: editing is absent (default false).
    /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open var allowsSelectionDuringEditing = false
    /// Kept for UIKit's shape but not read: editing is absent (default false).
    /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open var allowsMultipleSelectionDuringEditing = false
    /// Whether the table is in editing mode (default false). Only stored: editing (delete and insert controls,
    /// reordering, swipe actions) is absent, so nothing changes on screen.
    /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open var isEditing = false
    /// Sets `isEditing`; `animated` is ignored and nothing changes on screen, since editing is absent.
    /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
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

    /// Makes a table view of a style: it always bounces vertically, and its background is `systemBackground`
    /// (`.plain`) or `systemGroupedBackground` (grouped styles). Nothing is asked of the data source until the
    /// first layout pass or query.
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

    /// The number of sections the data source gave at the last reload (a pending reload is done first); a
    /// negative count is logged and taken as 0.
    open var numberOfSections: Int {
        updateIfNeeded()
        return geometry.numberOfSections
    }

    /// The number of rows the data source gave for a section at the last reload (a pending reload is done
    /// first); 0 for a section that does not exist.
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
    /// The row a cell on screen shows, or nil when the cell shows none.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? { visibleIndexPath(of: cell) }
    /// The row under a point in the table view's coordinates (its content's), nil over none.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? { row(under: point) }
    /// The rows whose frames reach into `rect` vertically (in the table's content coordinates), top to bottom;
    /// never nil.
    open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? { rows(crossing: rect) }
    /// The rows on screen, top to bottom.
    open var indexPathsForVisibleRows: [IndexPath]? { placedIndexPaths() }
    /// Their cells, in the same order.
    open var visibleCells: [UITableViewCell] { placedCells() }
    /// A row's frame in the table's content coordinates (inset 20 points a side in `.insetGrouped`), or `.zero`
    /// for a row that does not exist.
    open func rectForRow(at indexPath: IndexPath) -> CGRect { rowRect(indexPath) }
    /// The frame of a whole section (header, rows and footer), the table's width, or `.zero` for a section that
    /// does not exist.
    open func rect(forSection section: Int) -> CGRect { sectionRect(section) }
    /// The frame of a section's header, the table's width (zero height when it has none), or `.zero` for a
    /// section that does not exist.
    open func rectForHeader(inSection section: Int) -> CGRect { headerRect(section) }
    /// The frame of a section's footer, the table's width (zero height when it has none), or `.zero` for a
    /// section that does not exist.
    open func rectForFooter(inSection section: Int) -> CGRect { footerRect(section) }
    /// The header view shown for a section, when it is on screen and is a `UITableViewHeaderFooterView`;
    /// otherwise nil.
    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? { shownHeader(section) }
    /// The footer view shown for a section, when it is on screen and is a `UITableViewHeaderFooterView`;
    /// otherwise nil.
    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? { shownFooter(section) }
    /// Scrolls so the row is at the top, middle or bottom (`.none`: as little as shows it), within the
    /// offsets' range. A row that does not exist is logged and ignored (UIKit raises).
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        scroll(toRow: indexPath, at: scrollPosition, animated: animated)
    }
    /// Scrolls the first selected row (in index-path order) to `scrollPosition`, as `scrollToRow(at:at:animated:)`
    /// does; nothing happens when no row is selected.
    open func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        scrollToSelectedRow(at: scrollPosition, animated: animated)
    }

    // MARK: reuse (UITableView+Reuse.swift)

    /// Cells of `cellClass` are made for `identifier` when the queue has none (`nil` unregisters).
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registerCellClass(cellClass, for: identifier)
    }
    /// Views of `aClass` (a `UITableViewHeaderFooterView` subclass) are made for `identifier` by
    /// `dequeueReusableHeaderFooterView(withIdentifier:)`; `nil`, or a class of another kind, unregisters.
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
    /// A new view of the class registered for `identifier`, made by its `init()` (which reaches its
    /// `init(reuseIdentifier:)` with the identifier), or nil when none is registered. Header and footer views
    /// that leave the screen are not queued for reuse, so each call makes a new one, where UIKit reuses
    /// them. See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        queuedOrNewHeaderFooter(identifier)
    }

    // MARK: selection in code (UITableView+Selection.swift)

    /// The first selected row in index-path order, nil when none is selected.
    open var indexPathForSelectedRow: IndexPath? { firstSelectedRow() }
    /// The selected rows, sorted by index path; nil when none is selected.
    open var indexPathsForSelectedRows: [IndexPath]? { sortedSelectedRows() }
    /// Selects a row (nil: deselects all), scrolling it to `scrollPosition`.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        select(indexPath, animated: animated, scrollPosition: scrollPosition)
    }
    /// Deselects a row, calling no delegate method, as in UIKit; with `animated` the cell's selected background
    /// fades out over 0.25 s.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) { deselect(indexPath, animated: animated) }

    // MARK: updates (UITableView+Updates.swift)

    /// Opens a batch: the inserts, deletes, reloads and moves made until the matching `endUpdates()` are applied
    /// together. Batches nest.
    open func beginUpdates() { openBatch() }
    /// Closes a batch; the outermost one checks the data source's new counts against the changes (a mismatch is
    /// logged and the table reloads instead, where UIKit raises) and animates them. A call with no open batch is
    /// logged and ignored.
    open func endUpdates() { closeBatch() }
    /// Applies the changes made in `updates` as one batch, as `beginUpdates()`/`endUpdates()` around it do.
    /// `completion` gets true when the animation finishes, false when it is interrupted or the counts were
    /// inconsistent.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        batchUpdates(updates, completion: completion)
    }
    /// Inserts rows at index paths (counted after the update) with a row animation; outside a batch it is a
    /// batch of its own.
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { noteInserted(rows: indexPaths, animation) }
    /// Deletes the rows at index paths (counted before the update) with a row animation; outside a batch it is a
    /// batch of its own.
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { noteDeleted(rows: indexPaths, animation) }
    /// Replaces the rows at index paths (counted before the update) with new cells from the data source, with a
    /// row animation; outside a batch it is a batch of its own.
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) { noteReloaded(rows: indexPaths, animation) }
    /// Moves a row from one index path (before the update) to another (after it); its cell slides there if both
    /// places are on screen. Outside a batch it is a batch of its own.
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { noteMoved(from: indexPath, to: newIndexPath) }
    /// Inserts whole sections (indexes after the update) with a row animation; outside a batch it is a batch of
    /// its own.
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) { noteInserted(sections: sections, animation) }
    /// Deletes whole sections (indexes before the update) with a row animation; outside a batch it is a batch of
    /// its own.
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { noteDeleted(sections: sections, animation) }
    /// Reloads whole sections (indexes before the update) with new cells and a row animation; outside a batch it
    /// is a batch of its own.
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) { noteReloaded(sections: sections, animation) }

    // Touches select rows (UITableView+Selection.swift); declared here so that subclasses can override them.
    /// Highlights the row under the touch (asking the delegate's `shouldHighlightRowAt`, then telling
    /// `didHighlightRowAt`) when selection is allowed and the table is not decelerating; a touch on no row goes
    /// to the scroll view.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { tableTouchesBegan(touches, with: event) }
    /// Selects the highlighted row when the touch lifts over it (the delegate's `willSelectRowAt` may cancel or
    /// redirect it; with multiple selection a selected row is deselected instead), unhighlighting it first; other
    /// touches go to the scroll view.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { tableTouchesEnded(touches, with: event) }
    /// Unhighlights the highlighted row (a drag that scrolls cancels the touch), selecting nothing; other touches
    /// go to the scroll view.
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
