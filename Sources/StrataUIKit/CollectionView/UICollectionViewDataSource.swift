import Foundation

/// Where a collection view gets its items (UIKit's UICollectionViewDataSource). Apple's optional methods
/// have default implementations here: one section, no supplementary views.
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: AnyObject {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    /// An empty view (UIKit raises when a layout asks for a supplementary view the data source cannot give).
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView {
        StrataLogBridge.error("UICollectionView: the data source gives no \(kind) view for section \(indexPath.section)")
        return UICollectionReusableView(frame: .zero)
    }
}
