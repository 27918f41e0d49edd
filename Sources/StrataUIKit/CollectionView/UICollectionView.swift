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
