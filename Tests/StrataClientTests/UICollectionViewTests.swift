import Foundation
import Strata
import StrataUIKit
import Testing

/// A cell class that counts its live instances (made through `register` and `init()` → `init(frame:)`).
@MainActor
final class CountedItemCell: UICollectionViewCell {
    static var alive = 0
    static var reused = 0
    var label = ""
    override init(frame: CGRect) {
        super.init(frame: frame)
        CountedItemCell.alive += 1
    }
    required init?(coder: NSCoder) { nil }
    override func prepareForReuse() { super.prepareForReuse(); CountedItemCell.reused += 1 }
    isolated deinit { CountedItemCell.alive -= 1 }
}

/// Items in sections, recording every call in order.
@MainActor
final class CollectionRecorder: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var items: [Int]
    var sizes: [IndexPath: CGSize] = [:]
    var calls: [String] = []
    var record = true
    init(items: [Int]) { self.items = items }
    private func note(_ s: String) { if record { calls.append(s) } }
    func numberOfSections(in collectionView: UICollectionView) -> Int { note("sections"); return items.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        note("items \(section)")
        return items[section]
    }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        note("cell \(indexPath.section).\(indexPath.item)")
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
        (cell as? CountedItemCell)?.label = "\(indexPath.section).\(indexPath.item)"
        return cell
    }
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        note("\(kind == UICollectionView.elementKindSectionHeader ? "header" : "footer") \(indexPath.section)")
        return collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "h", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize {
        sizes[indexPath] ?? (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        note("willDisplay \(indexPath.section).\(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        note("didEnd \(indexPath.section).\(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
}

@MainActor
@Suite struct UICollectionViewTests {
    static func collection(_ recorder: CollectionRecorder, layout: UICollectionViewLayout = UICollectionViewFlowLayout(),
                           size: CGSize = CGSize(width: 320, height: 440)) -> UICollectionView {
        let view = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        view.register(CountedItemCell.self, forCellWithReuseIdentifier: "c")
        view.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                      withReuseIdentifier: "h")
        view.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter,
                      withReuseIdentifier: "h")
        view.dataSource = recorder
        view.delegate = recorder
        view.layoutIfNeeded()
        return view
    }

    static func frame(_ view: UICollectionView, _ item: Int, _ section: Int = 0) -> CGRect? {
        view.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    @Test func flowLayoutDefaults() {
        let flow = UICollectionViewFlowLayout()
        #expect(flow.itemSize == CGSize(width: 50, height: 50))
        #expect(flow.minimumLineSpacing == 10 && flow.minimumInteritemSpacing == 10)
        #expect(flow.scrollDirection == .vertical && flow.sectionInset == .zero)
        #expect(IndexPath(item: 4, section: 1).item == 4)
    }

    @Test func verticalFlowJustifiesLinesLeftAlignsTheLastAndPlacesHeadersAndFooters() {
        let recorder = CollectionRecorder(items: [10])
        recorder.record = false
        let flow = UICollectionViewFlowLayout()
        flow.itemSize = CGSize(width: 60, height: 40)
        flow.sectionInset = UIEdgeInsets(top: 5, left: 10, bottom: 15, right: 10)
        flow.headerReferenceSize = CGSize(width: 0, height: 30)
        flow.footerReferenceSize = CGSize(width: 0, height: 20)
        let view = Self.collection(recorder, layout: flow)
        // 300 points across: 4 items a line (4 × 60 + 3 × 10 = 270), spread 20 apart to touch both insets.
        #expect(Self.frame(view, 0) == CGRect(x: 10, y: 35, width: 60, height: 40))
        #expect(Self.frame(view, 1) == CGRect(x: 90, y: 35, width: 60, height: 40))
        #expect(Self.frame(view, 3) == CGRect(x: 250, y: 35, width: 60, height: 40))
        #expect(Self.frame(view, 4) == CGRect(x: 10, y: 85, width: 60, height: 40))
        // The last line (items 8, 9) at the minimum spacing from the left inset.
        #expect(Self.frame(view, 8) == CGRect(x: 10, y: 135, width: 60, height: 40))
        #expect(Self.frame(view, 9) == CGRect(x: 80, y: 135, width: 60, height: 40))
        let header = view.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader,
                                                                  at: IndexPath(item: 0, section: 0))
        #expect(header?.frame == CGRect(x: 0, y: 0, width: 320, height: 30))
        let footer = view.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionFooter,
                                                                  at: IndexPath(item: 0, section: 0))
        #expect(footer?.frame == CGRect(x: 0, y: 190, width: 320, height: 20))
        #expect(view.contentSize == CGSize(width: 320, height: 210))
        #expect(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader,
                                       at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 0, y: 0, width: 320, height: 30))
        #expect(view.visibleCells.count == 10)
    }

    @Test func itemsAreCentredAcrossTheirLineAndALoneItemIsCentredAlongIt() {
        let recorder = CollectionRecorder(items: [4])
        recorder.record = false
        recorder.sizes = [IndexPath(item: 0, section: 0): CGSize(width: 300, height: 50),
                          IndexPath(item: 1, section: 0): CGSize(width: 100, height: 20),
                          IndexPath(item: 2, section: 0): CGSize(width: 100, height: 40)]
        let view = Self.collection(recorder)
        // Item 0 fills a line alone (not the last): centred in 320.
        #expect(Self.frame(view, 0) == CGRect(x: 10, y: 0, width: 300, height: 50))
        // The last line (1, 2, 3) is 50 tall (item 3); items 1 and 2 are centred in it; left-aligned 10 apart.
        #expect(Self.frame(view, 1) == CGRect(x: 0, y: 75, width: 100, height: 20))
        #expect(Self.frame(view, 2) == CGRect(x: 110, y: 65, width: 100, height: 40))
        #expect(Self.frame(view, 3) == CGRect(x: 220, y: 60, width: 50, height: 50))
        #expect(view.contentSize.height == 110)
    }

    @Test func horizontalFlowFillsColumns() {
        let recorder = CollectionRecorder(items: [7, 2])
        recorder.record = false
        let flow = UICollectionViewFlowLayout()
        flow.scrollDirection = .horizontal
        flow.headerReferenceSize = CGSize(width: 25, height: 0)
        let view = Self.collection(recorder, layout: flow, size: CGSize(width: 320, height: 200))
        // 200 points down: 3 items a column, 25 apart; columns 60 apart after the 25-point header.
        #expect(Self.frame(view, 0) == CGRect(x: 25, y: 0, width: 50, height: 50))
        #expect(Self.frame(view, 1) == CGRect(x: 25, y: 75, width: 50, height: 50))
        #expect(Self.frame(view, 2) == CGRect(x: 25, y: 150, width: 50, height: 50))
        #expect(Self.frame(view, 3) == CGRect(x: 85, y: 0, width: 50, height: 50))
        #expect(Self.frame(view, 6) == CGRect(x: 145, y: 0, width: 50, height: 50))
        // Section 1 starts after section 0's last column (195), with its own header.
        #expect(Self.frame(view, 0, 1) == CGRect(x: 220, y: 0, width: 50, height: 50))
        #expect(Self.frame(view, 1, 1) == CGRect(x: 220, y: 60, width: 50, height: 50))
        #expect(view.contentSize == CGSize(width: 270, height: 200))
        #expect(view.indexPathForItem(at: CGPoint(x: 90, y: 10)) == IndexPath(item: 3, section: 0))
        #expect(view.indexPathForItem(at: CGPoint(x: 90, y: 55)) == nil)
    }

    @Test func reloadAndScrollCallTheDataSourceAndDelegateInOrder() {
        let recorder = CollectionRecorder(items: [12])
        let flow = UICollectionViewFlowLayout()
        flow.itemSize = CGSize(width: 150, height: 50)
        let view = Self.collection(recorder, layout: flow, size: CGSize(width: 320, height: 100))
        #expect(recorder.calls == ["sections", "items 0", "cell 0.0", "willDisplay 0.0", "cell 0.1", "willDisplay 0.1",
                                   "cell 0.2", "willDisplay 0.2", "cell 0.3", "willDisplay 0.3"])
        recorder.calls = []
        view.contentOffset = CGPoint(x: 0, y: 70) // lines at 0, 60, 120: shows lines 1 and 2
        #expect(recorder.calls == ["didEnd 0.0", "didEnd 0.1", "cell 0.4", "willDisplay 0.4", "cell 0.5", "willDisplay 0.5"])
        #expect(view.indexPathsForVisibleItems == (2..<6).map { IndexPath(item: $0, section: 0) })
    }

    @Test func aTenThousandItemCollectionKeepsOnlyVisibleCellsWhileScrolling() {
        CountedItemCell.alive = 0
        CountedItemCell.reused = 0
        let recorder = CollectionRecorder(items: [10_000])
        recorder.record = false
        let view = Self.collection(recorder)
        let visibleCount = view.visibleCells.count
        var most = CountedItemCell.alive
        var y: CGFloat = 0
        while y < view.contentSize.height - 440 {
            y += 37
            view.contentOffset = CGPoint(x: 0, y: y)
            most = max(most, CountedItemCell.alive)
        }
        // 5 items a line, lines 60 apart: 8 lines (40 cells) in 440 points, 9 when straddling.
        #expect(visibleCount == 40)
        #expect(most <= 45 + 5)
        #expect(CountedItemCell.reused > 9_000)
        #expect(view.indexPathsForVisibleItems.last == IndexPath(item: 9_999, section: 0))
        view.scrollToItem(at: IndexPath(item: 5_000, section: 0), at: .top, animated: false)
        #expect(view.contentOffset.y == 60_000)
        #expect(view.cellForItem(at: IndexPath(item: 5_000, section: 0))?.frame.minY == 60_000)
    }

    @Test func selectionInCodeAndByTouchOrder() {
        let recorder = CollectionRecorder(items: [20])
        recorder.record = false
        let view = Self.collection(recorder)
        view.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.isSelected == true)
        view.selectItem(at: IndexPath(item: 4, section: 0), animated: false, scrollPosition: [])
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.isSelected == false)
        view.allowsMultipleSelection = true
        view.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0), IndexPath(item: 4, section: 0)])
        view.deselectItem(at: IndexPath(item: 4, section: 0), animated: false)
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    }

    @Test func insertedItemsFadeInAndOthersMoveWithCoreAnimation() throws {
        let recorder = CollectionRecorder(items: [6])
        recorder.record = false
        let view = Self.collection(recorder)
        CATransaction.flush()
        recorder.items = [7]
        var finished: Bool?
        view.performBatchUpdates({ view.insertItems(at: [IndexPath(item: 1, section: 0)]) }, completion: { finished = $0 })
        let inserted = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)))
        let fade = try #require(inserted.layer.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(fade.duration == 0.3)
        #expect(inserted.alpha == 1)
        // Old item 4 (the last of line 0, x 270) is now item 5, the first of line 1.
        let moved = try #require(view.cellForItem(at: IndexPath(item: 5, section: 0)))
        #expect(moved.frame == CGRect(x: 0, y: 60, width: 50, height: 50))
        #expect((moved as? CountedItemCell)?.label == "0.4")
        let slide = try #require(moved.layer.animation(forKey: "position") as? CABasicAnimation)
        let from = try #require(slide.fromValue as? CGPoint)
        #expect(abs(from.x - 295) < 1e-6 && abs(from.y - 25) < 1e-6)
        #expect(finished == nil)
    }

    @Test func deletedItemsFadeOutWhereTheyWere() throws {
        let recorder = CollectionRecorder(items: [6])
        recorder.record = false
        let view = Self.collection(recorder)
        let doomed = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)))
        recorder.items = [5]
        view.deleteItems(at: [IndexPath(item: 0, section: 0)])
        #expect(doomed.superview === view && doomed.alpha == 0)
        #expect(doomed.layer.animation(forKey: "opacity") != nil)
        #expect(view.numberOfItems(inSection: 0) == 5)
        #expect((view.cellForItem(at: IndexPath(item: 0, section: 0)) as? CountedItemCell)?.label == "0.1")
    }

    @Test func anInconsistentUpdateIsLoggedAndReloadsInsteadOfCrashing() {
        let recorder = CollectionRecorder(items: [5])
        recorder.record = false
        let view = Self.collection(recorder)
        recorder.items = [7]
        var finished: Bool?
        view.performBatchUpdates({ view.insertItems(at: [IndexPath(item: 0, section: 0)]) }, completion: { finished = $0 })
        #expect(finished == false)
        #expect(view.numberOfItems(inSection: 0) == 7)
        #expect(view.visibleCells.count == 7)
        recorder.items = [-3]
        view.reloadData()
        #expect(view.numberOfItems(inSection: 0) == 0)
    }

    @Test func diffableDataSourceAppliesSnapshotsWithSupplementaryViews() {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 440), collectionViewLayout: UICollectionViewFlowLayout())
        (view.collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize = CGSize(width: 0, height: 20)
        view.register(CountedItemCell.self, forCellWithReuseIdentifier: "c")
        view.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                      withReuseIdentifier: "h")
        let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: view) { view, path, item in
            let cell = view.dequeueReusableCell(withReuseIdentifier: "c", for: path)
            (cell as? CountedItemCell)?.label = item
            return cell
        }
        var headers: [Int] = []
        source.supplementaryViewProvider = { view, kind, path in
            headers.append(path.section)
            return view.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "h", for: path)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["a", "b", "c"])
        source.apply(snapshot, animatingDifferences: false)
        view.layoutIfNeeded()
        func labels() -> [String] { view.visibleCells.map { ($0 as? CountedItemCell)?.label ?? "" } }
        #expect(labels() == ["a", "b", "c"])
        #expect(headers == [0])
        snapshot.deleteItems(["b"])
        snapshot.appendItems(["d"])
        snapshot.appendSections([1])
        snapshot.appendItems(["e"], toSection: 1)
        var done = false
        source.apply(snapshot) { done = true }
        #expect(view.numberOfSections == 2)
        #expect(labels() == ["a", "c", "d", "e"])
        #expect(headers == [0, 0, 1])
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame == CGRect(x: 0, y: 90, width: 50, height: 50))
        #expect(source.itemIdentifier(for: IndexPath(item: 1, section: 0)) == "c")
        #expect(source.indexPath(for: "e") == IndexPath(item: 0, section: 1))
        #expect(!done) // after the animation
    }

    /// A layout of one column of 100-point rows, each item hidden past the third.
    final class ColumnLayout: UICollectionViewLayout {
        var prepared = 0
        override func prepare() { prepared += 1 }
        override var collectionViewContentSize: CGSize {
            CGSize(width: 100, height: CGFloat(collectionView?.numberOfItems(inSection: 0) ?? 0) * 100)
        }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
            attributes.frame = CGRect(x: 0, y: CGFloat(indexPath.item) * 100, width: 100, height: 100)
            attributes.alpha = 0.5
            attributes.zIndex = indexPath.item
            return attributes
        }
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            let first = max(Int(rect.minY / 100), 0), last = Int((rect.maxY - 1) / 100)
            return (first...max(first, last)).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
        }
    }

    @Test func aCustomLayoutSubclassPlacesCells() {
        let recorder = CollectionRecorder(items: [10])
        recorder.record = false
        let layout = ColumnLayout()
        let view = Self.collection(recorder, layout: layout, size: CGSize(width: 320, height: 250))
        #expect(layout.collectionView === view)
        #expect(view.contentSize == CGSize(width: 100, height: 1000))
        #expect(view.indexPathsForVisibleItems.map(\.item) == [0, 1, 2])
        let cell = view.cellForItem(at: IndexPath(item: 2, section: 0))
        #expect(cell?.frame == CGRect(x: 0, y: 200, width: 100, height: 100) && cell?.alpha == 0.5)
        #expect(cell?.layer.zPosition == 2)
        view.contentOffset = CGPoint(x: 0, y: 500)
        #expect(view.indexPathsForVisibleItems.map(\.item) == [5, 6, 7])
        #expect(layout.prepared == 1)
        layout.invalidateLayout()
        view.layoutIfNeeded()
        #expect(layout.prepared == 2)
    }
}
