import Foundation
import Logging
import Strata

/// A row of a table view (UIKit's UITableViewCell): a `contentView` holding the style's labels and image,
/// an accessory on the right, a background and a selected background, and a separator along the bottom.
/// The standard layouts are done with frames in `layoutSubviews` (UITableViewCell+Layout.swift, whose
/// metrics docs/uikit.md lists).
@preconcurrency @MainActor
open class UITableViewCell: UIView {
    /// The standard layouts of a cell's labels and image (UIKit's raw values), laid out with frames.
    public enum CellStyle: Int, Sendable {
        /// A 17-point text label on the left, after the image if there is one; no detail label (raw value 0).
        case `default`
        /// The text label on the left and a 17-point `secondaryLabel` detail label right-aligned on the right
        /// (raw value 1).
        case value1
        /// A 15-point semibold `systemBlue` text label right-aligned in an 85-point column, then a 15-point detail
        /// label 6 points after it; no image view (raw value 2).
        case value2
        /// The text label with a 12-point detail label under it, the pair centred vertically (raw value 3).
        case subtitle
    }
    /// How a selected or highlighted cell looks (UIKit's raw values).
    public enum SelectionStyle: Int, Sendable {
        /// No selected background and no highlighted labels (raw value 0).
        case none
        /// The same look as `.default`, as in UIKit since iOS 7 (raw value 1).
        case blue
        /// The same look as `.default`, as in UIKit since iOS 7 (raw value 2).
        case gray
        /// The `selectedBackgroundView`, or a `systemGray4` fill when it is nil, with the labels and image
        /// highlighted (raw value 3, the default).
        case `default`
    }
    /// The standard accessory drawn at the cell's right, 16 points from the edge (UIKit's raw values).
    public enum AccessoryType: Int, Sendable {
        /// No accessory: the content view spans the cell (raw value 0).
        case none
        /// A chevron, 8 × 13 points in `tertiaryLabel` (raw value 1).
        case disclosureIndicator
        /// Logged as unsupported: the chevron is drawn without the detail button (raw value 2).
        /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
        case detailDisclosureButton
        /// A checkmark, 14 × 11 points in the cell's tint colour (raw value 3).
        case checkmark
        /// Logged as unsupported: no detail button is drawn, and a chevron shows in its place (raw value 4).
        /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
        case detailButton
    }
    /// Whether a table view's cells show separator lines (UIKit's raw values).
    public enum SeparatorStyle: Int, Sendable {
        /// No separators (raw value 0).
        case none
        /// A line 1 pixel high along each cell's bottom, between the separator insets (raw value 1).
        case singleLine
        /// The same line as `.singleLine` (raw value 2).
        case singleLineEtched
    }
    /// The editing control of a row (UIKit's raw values). Kept for UIKit's shape: editing is absent, so
    /// nothing reads it. See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public enum EditingStyle: Int, Sendable {
        /// No editing control (raw value 0).
        case none
        /// A delete control (raw value 1).
        case delete
        /// An insert control (raw value 2).
        case insert
    }

    /// The identifier a registered class is being made for (see `UITableView.dequeueReusableCell`): its
    /// `init()` leads here through `init(frame:)`.
    static var identifierBeingMade: String?

    /// The cell's standard layout, fixed when it is made (`.default` for `init(frame:)`).
    public let style: CellStyle
    private let identifier: String?
    /// The identifier the cell was made with: the one given to `init(style:reuseIdentifier:)`, or the identifier
    /// a table view's `dequeueReusableCell(withIdentifier:for:)` made it for. The table view queues cells by it;
    /// a cell without one is not reused.
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

    /// Makes a 320 × 44-point cell of a style with a white background, a content view, an accessory and a
    /// separator line along the bottom; the labels and image view are made on first use.
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

    /// The standard accessory at the cell's right (default `.none`); the content view ends where it begins. An
    /// `accessoryView` is shown instead when set. The detail button types are logged as unsupported.
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

    /// How the cell looks when selected or highlighted (default `.default`); `.none` shows nothing.
    open var selectionStyle: SelectionStyle = .default { didSet { showSelectionState() } }
    /// Whether the cell shows as selected; setting it calls `setSelected(_:animated:)` without animation. The table
    /// view sets it as rows are selected and deselected.
    open var isSelected: Bool {
        get { selected }
        set { setSelected(newValue, animated: false) }
    }
    /// Whether the cell shows as highlighted (while a touch is down on its row); setting it calls
    /// `setHighlighted(_:animated:)` without animation.
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

    /// Shows or hides the selected background (a 0.25-second fade when animated, **choice**) and highlights the
    /// labels and image view, unless `selectionStyle` is `.none`; the look stays while the cell is selected.
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
