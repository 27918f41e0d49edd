import Foundation

/// Where a collection view gets its items (UIKit's UICollectionViewDataSource). Apple's optional methods
/// have default implementations here: one section, no supplementary views.
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: AnyObject {
    /// The number of items in `section`. Asked for each section after `numberOfSections(in:)` when the collection
    /// view reloads; a negative count is logged and taken as 0.
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell to show at `indexPath`, usually one from `dequeueReusableCell(withReuseIdentifier:for:)`. Asked
    /// as each item comes into the visible rect; a cell already on screen at another item is logged and the item
    /// left empty.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// The number of sections (1 by default). Asked first when the collection view reloads; a negative count is
    /// logged and taken as 0.
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView
}

extension UICollectionViewDataSource {
    /// One section, the default when the data source does not implement this method.
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    /// An empty view (UIKit raises when a layout asks for a supplementary view the data source cannot give).
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView {
        StrataLogBridge.error("UICollectionView: the data source gives no \(kind) view for section \(indexPath.section)")
        return UICollectionReusableView(frame: .zero)
    }
}
