import StrataUIKit

/// A kiosk's settings screen written as an iOS developer writes one in code: a title, then a scroll view of
/// grouped rows, each a label and a control (switches, sliders, a segmented control, buttons). It fits itself
/// to any screen in `viewDidLayoutSubviews`, as kiosk panels differ. `strata-examples settings` shows it;
/// `strata-bench --scenario settings` flings a 200-row one.
public final class SettingsController: UIViewController, UIScrollViewDelegate {
    public let rowCount: Int
    public let scrollView = UIScrollView()
    /// What the user last set, by row title (a switch's `isOn`, a slider's value, a segment's index, a
    /// button's tap count): what a real screen would save.
    public private(set) var values: [String: Double] = [:]
    private let titleLabel = UILabel()
    private var rows: [SettingsRow] = []

    static let rowHeight: CGFloat = 52
    static let margin: CGFloat = 20

    public init(rows: Int = 24) {
        rowCount = rows
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) { nil }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        titleLabel.text = "Settings"
        titleLabel.font = .preferredFont(forTextStyle: .largeTitle)
        titleLabel.textColor = .label
        view.addSubview(titleLabel)

        scrollView.alwaysBounceVertical = true
        scrollView.delegate = self
        view.addSubview(scrollView)
        for index in 0..<rowCount {
            let row = SettingsRow(kind: SettingsRow.Kind.cycle[index % SettingsRow.Kind.cycle.count],
                                  title: SettingsRow.title(for: index))
            wire(row)
            rows.append(row)
            scrollView.addSubview(row)
        }
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let insets = view.safeAreaInsets
        let width = view.bounds.width - insets.left - insets.right
        titleLabel.frame = CGRect(x: insets.left + Self.margin, y: insets.top + 16, width: width - 2 * Self.margin, height: 44)
        let top = titleLabel.frame.maxY + 12
        scrollView.frame = CGRect(x: insets.left, y: top, width: width, height: view.bounds.height - top - insets.bottom)
        let rowWidth = min(width - 2 * Self.margin, 900)
        let left = (width - rowWidth) / 2
        var y: CGFloat = 8
        for (index, row) in rows.enumerated() {
            // A gap between groups of eight rows, as grouped settings screens have.
            if index > 0, index % 8 == 0 { y += 28 }
            row.frame = CGRect(x: left, y: y, width: rowWidth, height: Self.rowHeight)
            y += Self.rowHeight + 1
        }
        scrollView.contentSize = CGSize(width: width, height: y + 24)
    }

    /// Each control reports to the controller as an iOS screen's do: target–action on `.valueChanged` or
    /// `.touchUpInside`.
    private func wire(_ row: SettingsRow) {
        switch row.kind {
        case .toggle: row.toggle.addTarget(self, action: SettingsController.toggled, for: .valueChanged)
        case .level: row.slider.addTarget(self, action: SettingsController.slid, for: .valueChanged)
        case .choice: row.segments.addTarget(self, action: SettingsController.chose, for: .valueChanged)
        case .action: row.button.addTarget(self, action: SettingsController.tapped, for: .touchUpInside)
        }
    }

    private func title(of control: UIView) -> String { (control.superview as? SettingsRow)?.title ?? "" }

    func toggled(_ sender: UISwitch) { values[title(of: sender)] = sender.isOn ? 1 : 0 }
    func slid(_ sender: UISlider) { values[title(of: sender)] = Double(sender.value) }
    func chose(_ sender: UISegmentedControl) { values[title(of: sender)] = Double(sender.selectedSegmentIndex) }
    func tapped(_ sender: UIButton) { values[title(of: sender), default: 0] += 1 }
}
