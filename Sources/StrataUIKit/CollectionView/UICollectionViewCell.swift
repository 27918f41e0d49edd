import Foundation

/// An item of a collection view (UIKit's UICollectionViewCell): a `contentView` for custom content over an
/// optional `backgroundView`, with `selectedBackgroundView` shown while selected or highlighted.
@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// The view to add the cell's content to: a plain view made with the cell, kept filling its bounds and above
    /// `backgroundView` and `selectedBackgroundView`.
    open var contentView: UIView { content }
    private let content = UIView(frame: .zero)

    /// Whether the cell is selected (false by default). The collection view sets it as its selection changes;
    /// while it or `isHighlighted` is true `selectedBackgroundView` shows. `prepareForReuse()` clears it.
    open var isSelected = false { didSet { updateBackgrounds() } }
    /// Whether the cell is highlighted (false by default): the collection view sets it while a touch is down on the
    /// cell; while it or `isSelected` is true `selectedBackgroundView` shows. `prepareForReuse()` clears it.
    open var isHighlighted = false { didSet { updateBackgrounds() } }

    /// A view behind the cell's other content (nil by default): made the cell's bottom subview, sized to its bounds
    /// at each layout; the view it replaces is removed from the cell.
    open var backgroundView: UIView? {
        didSet {
            if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// Shown above `backgroundView` while the cell is selected or highlighted.
    open var selectedBackgroundView: UIView? {
        didSet {
            if oldValue !== selectedBackgroundView { oldValue?.removeFromSuperview() }
            if let selectedBackgroundView { insertSubview(selectedBackgroundView, belowSubview: content) }
            updateBackgrounds()
            setNeedsLayout()
        }
    }

    /// Makes a cell with `frame` and its `contentView`; the collection view makes registered cell classes with this
    /// initialiser.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        content.frame = bounds
        addSubview(content)
    }

    public required init?(coder: NSCoder) { return nil }

    /// Clears the selection and highlight the cell showed before (UIKit's does too).
    open override func prepareForReuse() {
        super.prepareForReuse()
        if isSelected { isSelected = false }
        if isHighlighted { isHighlighted = false }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        content.frame = bounds
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
    }

    private func updateBackgrounds() {
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
    }
}
