import Foundation

/// An item of a collection view (UIKit's UICollectionViewCell): a `contentView` for custom content over an
/// optional `backgroundView`, with `selectedBackgroundView` shown while selected or highlighted.
@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView {
    open var contentView: UIView { content }
    private let content = UIView(frame: .zero)

    open var isSelected = false { didSet { updateBackgrounds() } }
    open var isHighlighted = false { didSet { updateBackgrounds() } }

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
