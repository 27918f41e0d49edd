import Foundation
import Logging
import Strata

/// A row of a table view (UIKit's UITableViewCell): a `contentView` holding the style's labels and image,
/// an accessory on the right, a background and a selected background, and a separator along the bottom.
/// The standard layouts are done with frames in `layoutSubviews` (UITableViewCell+Layout.swift, whose
/// metrics docs/uikit.md lists).
@preconcurrency @MainActor
open class UITableViewCell: UIView {
    public enum CellStyle: Int, Sendable { case `default`, value1, value2, subtitle }
    public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }
    public enum AccessoryType: Int, Sendable { case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton }
    public enum SeparatorStyle: Int, Sendable { case none, singleLine, singleLineEtched }
    public enum EditingStyle: Int, Sendable { case none, delete, insert }

    /// The identifier a registered class is being made for (see `UITableView.dequeueReusableCell`): its
    /// `init()` leads here through `init(frame:)`.
    static var identifierBeingMade: String?

    public let style: CellStyle
    private let identifier: String?
    open var reuseIdentifier: String? { identifier }

    /// Where custom content goes; it spans the cell but for the accessory.
    open var contentView: UIView { content }
    let content = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
    private var madeTextLabel: UILabel?
    private var madeDetailLabel: UILabel?
    private var madeImageView: UIImageView?
    let accessoryLayer = CellAccessoryView(frame: .zero)
    let separator = UIView(frame: .zero)
    private let defaultSelectedBackground = UIView(frame: .zero)

    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        identifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        backgroundColor = .white
        defaultSelectedBackground.backgroundColor = .systemGray4
        defaultSelectedBackground.isHidden = true
        addSubview(defaultSelectedBackground)
        addSubview(content)
        addSubview(accessoryLayer)
        separator.backgroundColor = .separator
        addSubview(separator)
    }

    /// The default style, as UIKit's `initWithFrame:`.
    public override convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: UITableViewCell.identifierBeingMade)
        self.frame = frame
    }

    public required init?(coder: NSCoder) { return nil }

    // MARK: standard content

    /// The main label (made on first use, as UIKit's).
    open var textLabel: UILabel? {
        if let madeTextLabel { return madeTextLabel }
        let label = UILabel(frame: .zero)
        CellLayout.styleTextLabel(label, for: style)
        content.addSubview(label)
        madeTextLabel = label
        return label
    }

    /// The secondary label: nil for `.default`, as UIKit's.
    open var detailTextLabel: UILabel? {
        if style == .default { return nil }
        if let madeDetailLabel { return madeDetailLabel }
        let label = UILabel(frame: .zero)
        CellLayout.styleDetailLabel(label, for: style)
        content.addSubview(label)
        madeDetailLabel = label
        return label
    }

    /// The image on the left: nil for `.value2`, as UIKit's.
    open var imageView: UIImageView? {
        if style == .value2 { return nil }
        if let madeImageView { return madeImageView }
        let view = UIImageView(frame: .zero)
        content.addSubview(view)
        madeImageView = view
        return view
    }

    var existingTextLabel: UILabel? { madeTextLabel }
    var existingDetailLabel: UILabel? { madeDetailLabel }
    var existingImageView: UIImageView? { madeImageView }

    open var accessoryType: AccessoryType = .none {
        didSet {
            if accessoryType == .detailButton || accessoryType == .detailDisclosureButton {
                StrataLog.logger.error("UITableViewCell.accessoryType: unsupported: detail buttons (none drawn)")
            }
            setNeedsLayout()
        }
    }
    /// A custom accessory, shown instead of `accessoryType`'s.
    open var accessoryView: UIView? {
        didSet {
            if oldValue !== accessoryView { oldValue?.removeFromSuperview() }
            if let accessoryView { addSubview(accessoryView) }
            setNeedsLayout()
        }
    }

    // MARK: selection

    open var selectionStyle: SelectionStyle = .default { didSet { showSelectionState() } }
    open var isSelected: Bool {
        get { selected }
        set { setSelected(newValue, animated: false) }
    }
    open var isHighlighted: Bool {
        get { highlighted }
        set { setHighlighted(newValue, animated: false) }
    }
    private var selected = false
    private var highlighted = false

    /// Shows or hides the selected background (a 0.25-second fade when animated, **choice**).
    open func setSelected(_ selected: Bool, animated: Bool) {
        self.selected = selected
        showSelectionState(animated: animated)
    }

    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        self.highlighted = highlighted
        showSelectionState(animated: animated)
    }

    /// Behind the content (nil: the cell's background colour shows).
    open var backgroundView: UIView? {
        didSet {
            if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }
    /// Shown over `backgroundView` while selected or highlighted. nil: a `systemGray4` fill is shown instead
    /// (UIKit's default look, though UIKit returns its own view here).
    open var selectedBackgroundView: UIView? {
        didSet {
            if oldValue !== selectedBackgroundView { oldValue?.removeFromSuperview() }
            if let selectedBackgroundView { insertSubview(selectedBackgroundView, aboveSubview: defaultSelectedBackground) }
            showSelectionState()
            setNeedsLayout()
        }
    }

    private func showSelectionState(animated: Bool = false) {
        let on = (selected || highlighted) && selectionStyle != .none
        let shown = selectedBackgroundView ?? defaultSelectedBackground
        let other = selectedBackgroundView == nil ? nil : defaultSelectedBackground
        other?.isHidden = true
        madeTextLabel?.isHighlighted = on
        madeDetailLabel?.isHighlighted = on
        madeImageView?.isHighlighted = on
        if animated {
            shown.isHidden = false
            UIView.animate(withDuration: 0.25, animations: { shown.alpha = on ? 1 : 0 },
                           completion: { _ in if shown.alpha == 0 { shown.isHidden = true } })
        } else {
            shown.alpha = on ? 1 : 0
            shown.isHidden = !on
        }
    }

    // MARK: reuse and separators

    /// Called when the table view hands the cell out again from its reuse queue: reset per-row state here.
    open func prepareForReuse() {}

    /// The separator's insets; nil until set, meaning the table view's.
    open var separatorInset: UIEdgeInsets {
        get { ownSeparatorInset ?? tableSeparatorInset }
        set { ownSeparatorInset = newValue; setNeedsLayout() }
    }
    private var ownSeparatorInset: UIEdgeInsets?
    var tableSeparatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { setNeedsLayout() } }

    open override func layoutSubviews() {
        // The content view takes the row's size first: constraints inside it are then solved at that size
        // (solved at its previous size, a self-sizing cell's required constraints would conflict).
        CellLayout.layout(self)
        super.layoutSubviews()
    }

    /// The height an `UITableView.automaticDimension` row needs. A cell whose content view holds constraints
    /// sizes itself through Auto Layout, as UIKit's self-sizing cells do: its content view's compressed height
    /// at the row's width (`systemLayoutSizeFitting` with the width required). Otherwise 44, or the standard
    /// labels' heights with 11 points above and below when taller.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        if !contentView.constraints.isEmpty {
            let fitted = contentView.systemLayoutSizeFitting(CGSize(width: size.width, height: UIView.layoutFittingCompressedSize.height),
                                                             withHorizontalFittingPriority: .required,
                                                             verticalFittingPriority: .fittingSizeLevel)
            return CGSize(width: size.width, height: fitted.height)
        }
        return CGSize(width: size.width, height: CellLayout.fittingHeight(self, width: size.width))
    }
}
