import Foundation

/// A section's header or footer (UIKit's UITableViewHeaderFooterView): a `contentView` with a text label
/// 16 points from the left, at the bottom of the view (**choice**: 13-point `secondaryLabel` text, 6 points
/// above the bottom edge, as UIKit's grouped look; the plain style centres it on a `secondarySystemBackground`
/// band).
@preconcurrency @MainActor
open class UITableViewHeaderFooterView: UIView {
    static var identifierBeingMade: String?
    private let identifier: String?
    /// The identifier the view was made with: the one given to `init(reuseIdentifier:)`, or the identifier a
    /// table view's `dequeueReusableHeaderFooterView(withIdentifier:)` made it for.
    open var reuseIdentifier: String? { identifier }
    /// The view that holds the text label and custom content; it fills the view's bounds.
    open var contentView: UIView { content }
    private let content = UIView(frame: .zero)
    private var label: UILabel?
    var tableStyle: UITableView.Style = .plain {
        didSet { backgroundColor = tableStyle == .plain ? .secondarySystemBackground : nil }
    }

    /// Makes an empty header or footer view with a `secondarySystemBackground` background and a content view.
    public init(reuseIdentifier: String?) {
        identifier = reuseIdentifier
        super.init(frame: .zero)
        backgroundColor = .secondarySystemBackground
        addSubview(content)
    }

    /// Makes a header or footer view with a frame and no reuse identifier (unless a table view is making it for
    /// one), as `init(reuseIdentifier:)` does.
    public override convenience init(frame: CGRect) {
        self.init(reuseIdentifier: UITableViewHeaderFooterView.identifierBeingMade)
        self.frame = frame
    }

    public required init?(coder: NSCoder) { return nil }

    /// The title label, made on first use: 13-point `secondaryLabel` text, 16 points from the left, 6 points
    /// above the bottom edge (grouped styles) or centred vertically (plain style).
    open var textLabel: UILabel? {
        if let label { return label }
        let made = UILabel(frame: .zero)
        made.font = .systemFont(ofSize: 13)
        made.textColor = .secondaryLabel
        content.addSubview(made)
        label = made
        return made
    }

    /// A view behind the content, sized to the bounds at each layout (the previous one is removed). Default nil.
    open var backgroundView: UIView? {
        didSet {
            if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
            if let backgroundView { insertSubview(backgroundView, at: 0) }
        }
    }

    /// Meant for resetting per-section state before reuse; the default does nothing. Strata's table view does
    /// not queue header and footer views for reuse, so it never calls this.
    /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open func prepareForReuse() {}

    open override func layoutSubviews() {
        super.layoutSubviews()
        content.frame = bounds
        backgroundView?.frame = bounds
        guard let label else { return }
        let height = label.intrinsicContentSize.height
        let y = tableStyle == .plain ? ((bounds.height - height) / 2).rounded() : bounds.height - 6 - height
        label.frame = CGRect(x: 16, y: y, width: max(bounds.width - 32, 0), height: height)
    }
}
