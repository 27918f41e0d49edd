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

    /// Works out the layout: called by the collection view once per invalidation (a reload, an update,
    /// `invalidateLayout()`, an accepted bounds change) before it reads the content size and attributes. Does
    /// nothing here; subclasses compute and cache their attributes.
    open func prepare() {}

    /// The size of all the content, read after `prepare()` and made the collection view's `contentSize`. Zero here;
    /// subclasses override it.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every cell and supplementary view in `rect` (in content coordinates), asked for the visible
    /// rect each time what is shown moves: only these elements get views. Nil here (nothing shown); subclasses
    /// override it.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of the item at `indexPath`: used by `scrollToItem`, the collection view's
    /// `layoutAttributesForItem(at:)` and update animations (an arriving item with none fades in where it is).
    /// Nil here; subclasses override it.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the supplementary view of kind `elementKind` at `indexPath`, for the collection view's
    /// `layoutAttributesForSupplementaryElement(ofKind:at:)`. Nil here; subclasses override it.
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
