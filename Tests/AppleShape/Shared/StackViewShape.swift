import Foundation
import StrataUIKit

// Apple-shaped UIStackView code: each line compiles as written for iOS, with only `import UIKit` -> `import StrataUIKit`.

// A form row: a title hugging its text and a value beside it on the same baseline.
final class FormRow: UIStackView {
    let title = UILabel()
    let value = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        axis = .horizontal
        alignment = .firstBaseline
        distribution = .fill
        spacing = UIStackView.spacingUseSystem
        isLayoutMarginsRelativeArrangement = true
        layoutMargins = UIEdgeInsets(top: 4, left: 16, bottom: 4, right: 16)
        title.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        addArrangedSubview(title)
        addArrangedSubview(value)
        setCustomSpacing(12, after: title)
    }

    required init(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

final class StackViewController: UIViewController {
    let stack = UIStackView(arrangedSubviews: [])
    let rows = [FormRow(), FormRow()]

    override func viewDidLoad() {
        super.viewDidLoad()
        stack.axis = .vertical
        stack.alignment = .fill
        stack.distribution = .equalSpacing
        stack.translatesAutoresizingMaskIntoConstraints = false
        for row in rows { stack.addArrangedSubview(row) }
        rows[0].title.text = "Name"
        rows[0].value.text = "Strata"
        rows[1].title.text = "Version"
        rows[1].value.text = "1.0"
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.trailingAnchor),
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            stack.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor),
        ])
    }

    func toggleSecondRow() {
        UIView.animate(withDuration: 0.25) {
            self.rows[1].isHidden.toggle()
            self.stack.layoutIfNeeded()
        }
    }

    func removeAllRows() {
        for view in stack.arrangedSubviews {
            stack.removeArrangedSubview(view)
            view.removeFromSuperview()
        }
    }
}
