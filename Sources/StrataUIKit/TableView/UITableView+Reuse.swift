import Foundation
import Logging
import Strata

/// Cell reuse: registered classes, and the queue of cells that scrolled off screen.
extension UITableView {
    /// Cells of `cellClass` are made for `identifier` when the queue has none (`nil` unregisters).
    public func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registered[identifier] = cellClass as? UITableViewCell.Type
        if cellClass != nil, !(cellClass is UITableViewCell.Type) {
            StrataLogBridge.error("UITableView.register: \(String(describing: cellClass)) is not a UITableViewCell class")
        }
    }

    public func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        registeredHeaderFooters[identifier] = aClass as? UITableViewHeaderFooterView.Type
    }

    /// A queued cell (after its `prepareForReuse()`), else nil.
    public func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        guard var queue = reusePool[identifier], let cell = queue.popLast() else { return nil }
        reusePool[identifier] = queue
        cell.prepareForReuse()
        return cell
    }

    /// A queued cell, else a new one of the class registered for `identifier` (made by its `init()`, which
    /// reaches its `init(style:reuseIdentifier:)` with the identifier). An unregistered identifier is logged
    /// and gets a default cell (UIKit raises).
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        guard let cellClass = registered[identifier] else {
            StrataLogBridge.error("UITableView: unable to dequeue a cell with identifier \(identifier): no class registered")
            return UITableViewCell(style: .default, reuseIdentifier: identifier)
        }
        UITableViewCell.identifierBeingMade = identifier
        defer { UITableViewCell.identifierBeingMade = nil }
        return LayerConstruction.newObject(of: cellClass)
    }

    public func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        if var queue = headerFooterPool[identifier], let view = queue.popLast() {
            headerFooterPool[identifier] = queue
            view.prepareForReuse()
            return view
        }
        guard let viewClass = registeredHeaderFooters[identifier] else { return nil }
        UITableViewHeaderFooterView.identifierBeingMade = identifier
        defer { UITableViewHeaderFooterView.identifierBeingMade = nil }
        return LayerConstruction.newObject(of: viewClass)
    }

    /// Off screen and into its identifier's queue (a cell without one is let go).
    func enqueue(_ cell: UITableViewCell) {
        cell.removeFromSuperview()
        guard let id = cell.reuseIdentifier else { return }
        reusePool[id, default: []].append(cell)
    }

    /// How many cells the table view holds, on screen and queued (for tests and `strata tree`-like checks).
    var liveCellCount: Int { visible.count + reusePool.values.reduce(0) { $0 + $1.count } + departing.count }
}
