import Foundation

/// A view a collection view reuses (UIKit's UICollectionReusableView): supplementary views such as section
/// headers, and the base of cells. The collection view sets `reuseIdentifier` when it makes one.
@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
    /// The identifier the view was dequeued with, set by the collection view when it makes the view; nil for a
    /// view made directly. A view without one is not put back in a reuse queue when it leaves the screen.
    open internal(set) var reuseIdentifier: String?

    /// Makes a reusable view with the given frame; its `reuseIdentifier` is nil until a collection view makes it.
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { return nil }

    /// Called before the view comes back from a dequeue; subclasses reset their content here.
    open func prepareForReuse() {}

    /// Takes the layout's attributes other than the frame (the collection view sets the frame).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
}
