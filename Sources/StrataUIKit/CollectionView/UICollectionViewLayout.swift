import Foundation

/// Where a collection view's elements go (UIKit's UICollectionViewLayout), the class custom layouts
/// subclass. The collection view calls `prepare()` after each invalidation (a reload, an update, a bounds
/// change the layout asks for), then reads `collectionViewContentSize` and, each time what is shown moves,
/// `layoutAttributesForElements(in:)` for the visible rect: a layout for big collections answers it without
/// walking every item (as `UICollectionViewFlowLayout` does).
@preconcurrency @MainActor
open class UICollectionViewLayout: NSObject {
    /// The collection view showing this layout (set when it is assigned to one).
    open internal(set) weak var collectionView: UICollectionView?

    public override init() { super.init() }

    open func prepare() {}

    open var collectionViewContentSize: CGSize { .zero }

    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }

    /// Asks for `prepare()` again before the next layout pass.
    open func invalidateLayout() {
        collectionView?.layoutInvalidated()
    }

    /// Whether a change of the collection view's bounds (scrolling, resizing) needs a new layout: no.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// Where an inserted item starts its animation (nil: at its final place, faded in).
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Where a deleted item ends its animation (nil: where it was, faded out).
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
}
