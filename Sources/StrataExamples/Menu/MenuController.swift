import StrataUIKit

/// Issue 54's café menu, written as an iOS developer writes a screen: Auto Layout anchors against the safe area,
/// a stack view for the header and the category bar, and a table view fed by a diffable data source, its rows
/// sized by their constraints. It lays itself out at any size (800×480, 1280×800, portrait) and right to left.
public final class MenuController: UIViewController, UITableViewDelegate {
    public struct Item: Hashable, Sendable {
        public let name: String
        public let detail: String
        public let price: String
    }

    public static let menu: [(section: String, items: [Item])] = [
        ("Coffee", [Item(name: "Espresso", detail: "Single origin, 30 ml", price: "2.40"),
                    Item(name: "Flat white", detail: "Double shot, steamed milk", price: "3.60"),
                    Item(name: "Cappuccino", detail: "Foam and cocoa", price: "3.40")]),
        ("Tea", [Item(name: "Sencha", detail: "Japanese green", price: "2.80"),
                 Item(name: "Earl Grey", detail: "Bergamot black tea", price: "2.60")]),
        ("Pastries", [Item(name: "Croissant", detail: "Butter, baked this morning", price: "2.20"),
                      Item(name: "Cinnamon bun", detail: "Cardamom dough", price: "3.10")]),
    ]

    public let titleLabel = UILabel()
    public let subtitleLabel = UILabel()
    public let categories = UIStackView()
    public let tableView = UITableView(frame: .zero, style: .plain)
    public let orderButton = UIButton(type: .system)
    public private(set) var dataSource: UITableViewDiffableDataSource<String, Item>?

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        titleLabel.text = "Café Strata"
        titleLabel.font = UIFont.boldSystemFont(ofSize: 28)
        subtitleLabel.text = "Order at the counter or here"
        subtitleLabel.font = UIFont.systemFont(ofSize: 15)
        subtitleLabel.textColor = .gray
        let header = UIStackView(arrangedSubviews: [titleLabel, subtitleLabel])
        header.axis = .vertical
        header.spacing = 4
        header.alignment = .leading

        categories.axis = .horizontal
        categories.spacing = 12
        categories.distribution = .fillEqually
        for section in Self.menu {
            let button = UIButton(type: .system)
            button.setTitle(section.section, for: .normal)
            categories.addArrangedSubview(button)
        }

        orderButton.setTitle("Order", for: .normal)
        orderButton.backgroundColor = UIColor(red: 0.18, green: 0.55, blue: 0.34, alpha: 1)
        orderButton.setTitleColor(.white, for: .normal)

        tableView.rowHeight = UITableView.automaticDimension
        tableView.estimatedRowHeight = 60
        tableView.register(MenuItemCell.self, forCellReuseIdentifier: MenuItemCell.identifier)
        tableView.delegate = self

        for part in [header, categories, tableView, orderButton] as [UIView] {
            part.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(part)
        }
        let safe = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            header.topAnchor.constraint(equalTo: safe.topAnchor, constant: 16),
            header.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 20),
            header.trailingAnchor.constraint(lessThanOrEqualTo: safe.trailingAnchor, constant: -20),

            categories.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 12),
            categories.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 20),
            categories.trailingAnchor.constraint(equalTo: safe.trailingAnchor, constant: -20),
            categories.heightAnchor.constraint(equalToConstant: 36),

            tableView.topAnchor.constraint(equalTo: categories.bottomAnchor, constant: 8),
            tableView.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
            tableView.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            tableView.bottomAnchor.constraint(equalTo: orderButton.topAnchor, constant: -8),

            orderButton.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 20),
            orderButton.trailingAnchor.constraint(equalTo: safe.trailingAnchor, constant: -20),
            orderButton.bottomAnchor.constraint(equalTo: safe.bottomAnchor, constant: -16),
            orderButton.heightAnchor.constraint(equalToConstant: 48),
        ])

        let source = UITableViewDiffableDataSource<String, Item>(tableView: tableView) { table, path, item in
            let cell = table.dequeueReusableCell(withIdentifier: MenuItemCell.identifier, for: path)
            (cell as? MenuItemCell)?.show(item)
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<String, Item>()
        for section in Self.menu {
            snapshot.appendSections([section.section])
            snapshot.appendItems(section.items, toSection: section.section)
        }
        source.apply(snapshot, animatingDifferences: false)
        dataSource = source
    }
}

/// A menu row: the name over its description on the leading side, the price on the trailing side.
final class MenuItemCell: UITableViewCell {
    static let identifier = "item"
    let name = UILabel()
    let detail = UILabel()
    let price = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        name.font = UIFont.systemFont(ofSize: 17, weight: .semibold)
        detail.font = UIFont.systemFont(ofSize: 13)
        detail.textColor = .gray
        price.font = UIFont.systemFont(ofSize: 17)
        price.setContentHuggingPriority(.required, for: .horizontal)
        let text = UIStackView(arrangedSubviews: [name, detail])
        text.axis = .vertical
        text.spacing = 2
        for part in [text, price] as [UIView] {
            part.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(part)
        }
        NSLayoutConstraint.activate([
            text.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 10),
            text.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -10),
            text.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 20),
            text.trailingAnchor.constraint(lessThanOrEqualTo: price.leadingAnchor, constant: -12),
            price.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            price.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -20),
        ])
    }

    required init?(coder: NSCoder) { nil }

    func show(_ item: MenuController.Item) {
        name.text = item.name
        detail.text = item.detail
        price.text = item.price
    }
}
