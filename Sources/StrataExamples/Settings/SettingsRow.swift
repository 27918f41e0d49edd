import StrataUIKit

/// One row of the settings screen: a rounded white plate with its title on the left and its control on the
/// right, laid out in `layoutSubviews` from the controls' intrinsic sizes.
final class SettingsRow: UIView {
    enum Kind {
        case toggle, level, choice, action
        /// The order rows come in: mostly switches, as settings screens are.
        static let cycle: [Kind] = [.toggle, .toggle, .level, .toggle, .choice, .toggle, .level, .action]
    }

    let kind: Kind
    let title: String
    private let label = UILabel()
    private(set) lazy var toggle = UISwitch()
    private(set) lazy var slider = UISlider()
    private(set) lazy var segments = UISegmentedControl(items: ["Light", "Dark", "Auto"])
    private(set) lazy var button = UIButton(type: .system)

    static let titles = ["Wi-Fi", "Bluetooth", "Brightness", "Auto-Lock", "Appearance", "Sounds", "Volume", "Restart",
                         "Guided Access", "Screen Saver", "Contrast", "Night Shift", "Text Size", "Clicks", "Balance", "Reset"]

    static func title(for index: Int) -> String {
        let base = titles[index % titles.count]
        return index < titles.count ? base : "\(base) \(index / titles.count + 1)"
    }

    init(kind: Kind, title: String) {
        self.kind = kind
        self.title = title
        super.init(frame: .zero)
        backgroundColor = .secondarySystemGroupedBackground
        layer.cornerRadius = 10
        label.text = title
        label.font = .preferredFont(forTextStyle: .body)
        label.textColor = .label
        addSubview(label)
        addSubview(control)
        switch kind {
        case .toggle: toggle.isOn = title.utf8.count % 2 == 0
        case .level: slider.value = 0.6
        case .choice: segments.selectedSegmentIndex = 0
        case .action:
            button.setTitle(title, for: .normal)
            label.text = nil
        }
    }

    required init?(coder: NSCoder) { nil }

    var control: UIView {
        switch kind {
        case .toggle: toggle
        case .level: slider
        case .choice: segments
        case .action: button
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let inset: CGFloat = 16
        let size = control.intrinsicContentSize
        let width = kind == .level ? bounds.width * 0.45 : (kind == .action ? bounds.width - 2 * inset : size.width)
        let height = size.height > 0 ? size.height : 31
        control.frame = CGRect(x: kind == .action ? inset : bounds.width - inset - width, y: (bounds.height - height) / 2,
                               width: width, height: height)
        label.frame = CGRect(x: inset, y: 0, width: max(0, control.frame.minX - 2 * inset), height: bounds.height)
    }
}
