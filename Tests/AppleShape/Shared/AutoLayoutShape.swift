import Foundation
import StrataUIKit

// Apple-shaped Auto Layout: each line compiles as written for iOS, with only `import UIKit` -> `import StrataUIKit`.

// A badge that sizes itself from its content and makes its constraints in updateConstraints().
final class BadgeView: UIView {
    let label = UILabel()
    private var didSetupConstraints = false
    var pinnedLeading: NSLayoutConstraint?

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.translatesAutoresizingMaskIntoConstraints = false
        label.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        label.setContentCompressionResistancePriority(.required, for: .vertical)
        addSubview(label)
        setNeedsUpdateConstraints()
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override class var requiresConstraintBasedLayout: Bool { true }

    override var intrinsicContentSize: CGSize {
        CGSize(width: label.intrinsicContentSize.width + 16, height: UIView.noIntrinsicMetric)
    }

    override func updateConstraints() {
        if !didSetupConstraints {
            didSetupConstraints = true
            let leading = label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 8)
            leading.identifier = "badge.leading"
            pinnedLeading = leading
            NSLayoutConstraint.activate([
                leading,
                label.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor, constant: -8),
                label.centerYAnchor.constraint(equalTo: centerYAnchor),
                heightAnchor.constraint(greaterThanOrEqualToConstant: 24),
            ])
        }
        super.updateConstraints()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = bounds.height / 2
    }
}

final class AutoLayoutController: UIViewController {
    let badge = BadgeView()
    let spacer = UILayoutGuide()
    var topConstraint: NSLayoutConstraint!

    override func viewDidLoad() {
        super.viewDidLoad()
        badge.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(badge)
        view.addLayoutGuide(spacer)
        view.semanticContentAttribute = .forceRightToLeft
        topConstraint = badge.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20)
        let width = NSLayoutConstraint(item: badge, attribute: .width, relatedBy: .lessThanOrEqual, toItem: view,
                                       attribute: .width, multiplier: 0.5, constant: 0)
        width.priority = UILayoutPriority(rawValue: 999)
        let preferred = badge.widthAnchor.constraint(equalToConstant: 120)
        preferred.priority = .defaultLow + 1
        NSLayoutConstraint.activate([
            topConstraint, width, preferred,
            spacer.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            spacer.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.1),
            badge.leadingAnchor.constraint(equalToSystemSpacingAfter: spacer.trailingAnchor, multiplier: 2),
            badge.firstBaselineAnchor.constraint(equalTo: view.topAnchor, constant: 60).withPriority(.fittingSizeLevel),
        ])
    }

    func slideDown() {
        topConstraint.constant = 80
        UIView.animate(withDuration: 0.3) {
            self.view.layoutIfNeeded()
        }
    }

    var isRightToLeft: Bool { view.effectiveUserInterfaceLayoutDirection == .rightToLeft }
    var badgeIsAmbiguous: Bool { badge.hasAmbiguousLayout }
}

extension NSLayoutConstraint {
    // A helper many apps declare.
    func withPriority(_ priority: UILayoutPriority) -> NSLayoutConstraint {
        self.priority = priority
        return self
    }
}

// A card whose edges, for those who pin to it, are its layout margins (an iOS pattern: overriding the anchors),
// and which counts the guides added to it.
final class InsetCardView: UIView {
    private(set) var guidesAdded = 0

    override var leadingAnchor: NSLayoutXAxisAnchor { layoutMarginsGuide.leadingAnchor }
    override var topAnchor: NSLayoutYAxisAnchor { layoutMarginsGuide.topAnchor }

    override func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guidesAdded += 1
        super.addLayoutGuide(layoutGuide)
    }

    override class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        super.userInterfaceLayoutDirection(for: attribute)
    }
}

/// Pins `content` to `container`'s top and leading anchors, whatever view class it is.
@MainActor func pin(_ content: UIView, to container: UIView) {
    content.translatesAutoresizingMaskIntoConstraints = false
    container.addSubview(content)
    NSLayoutConstraint.activate([
        content.leadingAnchor.constraint(equalTo: container.leadingAnchor),
        content.topAnchor.constraint(equalTo: container.topAnchor),
        content.widthAnchor.constraint(equalToConstant: 40),
        content.heightAnchor.constraint(equalToConstant: 20),
    ])
}
