import Foundation

/// A section's header or footer (UIKit's UITableViewHeaderFooterView): a `contentView` with a text label
/// 16 points from the left, at the bottom of the view (**choice**: 13-point `secondaryLabel` text, 6 points
/// above the bottom edge, as UIKit's grouped look; the plain style centres it on a `secondarySystemBackground`
/// band).
@preconcurrency @MainActor
open class UITableViewHeaderFooterView: UIView {
    static var identifierBeingMade: String?
    private let identifier: String?
    open var reuseIdentifier: String? { identifier }
    open var contentView: UIView { content }
    private let content = UIView(frame: .zero)
    private var label: UILabel?
    var tableStyle: UITableView.Style = .plain {
        didSet { backgroundColor = tableStyle == .plain ? .secondarySystemBackground : nil }
    }

    public init(reuseIdentifier: String?) {
        identifier = reuseIdentifier
        super.init(frame: .zero)
        backgroundColor = .secondarySystemBackground
        addSubview(content)
    }

    public override convenience init(frame: CGRect) {
        self.init(reuseIdentifier: UITableViewHeaderFooterView.identifierBeingMade)
        self.frame = frame
    }

    public required init?(coder: NSCoder) { return nil }

    open var textLabel: UILabel? {
        if let label { return label }
        let made = UILabel(frame: .zero)
        made.font = .systemFont(ofSize: 13)
        made.textColor = .secondaryLabel
        content.addSubview(made)
        label = made
        return made
    }

    open var backgroundView: UIView? {
        didSet {
            if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
            if let backgroundView { insertSubview(backgroundView, at: 0) }
        }
    }

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
