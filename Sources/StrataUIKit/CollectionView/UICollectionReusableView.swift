import Foundation

/// A view a collection view reuses (UIKit's UICollectionReusableView): supplementary views such as section
/// headers, and the base of cells. The collection view sets `reuseIdentifier` when it makes one.
@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
    open internal(set) var reuseIdentifier: String?

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { return nil }

    /// Called before the view comes back from a dequeue; subclasses reset their content here.
    open func prepareForReuse() {}

    /// Takes the layout's attributes other than the frame (the collection view sets the frame).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
}
