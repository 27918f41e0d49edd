import Foundation
import Logging
import Strata

/// Cell reuse: registered classes, and the queue of cells that scrolled off screen (the work of the open
/// `register` and `dequeue…` members declared in UITableView.swift).
extension UITableView {
    /// `register(_:forCellReuseIdentifier:)`.
    func registerCellClass(_ cellClass: AnyClass?, for identifier: String) {
        registered[identifier] = cellClass as? UITableViewCell.Type
        if cellClass != nil, !(cellClass is UITableViewCell.Type) {
            StrataLogBridge.error("UITableView.register: \(String(describing: cellClass)) is not a UITableViewCell class")
        }
    }

    /// `register(_:forHeaderFooterViewReuseIdentifier:)`.
    func registerHeaderFooterClass(_ aClass: AnyClass?, for identifier: String) {
        registeredHeaderFooters[identifier] = aClass as? UITableViewHeaderFooterView.Type
    }

    /// `dequeueReusableCell(withIdentifier:)`.
    func queuedCell(_ identifier: String) -> UITableViewCell? {
        guard var queue = reusePool[identifier], let cell = queue.popLast() else { return nil }
        reusePool[identifier] = queue
        cell.prepareForReuse()
        return cell
    }

    /// `dequeueReusableCell(withIdentifier:for:)`.
    func queuedOrNewCell(_ identifier: String) -> UITableViewCell {
        if let cell = queuedCell(identifier) { return cell }
        guard let cellClass = registered[identifier] else {
            StrataLogBridge.error("UITableView: unable to dequeue a cell with identifier \(identifier): no class registered")
            return UITableViewCell(style: .default, reuseIdentifier: identifier)
        }
        UITableViewCell.identifierBeingMade = identifier
        defer { UITableViewCell.identifierBeingMade = nil }
        return LayerConstruction.newObject(of: cellClass)
    }

    /// `dequeueReusableHeaderFooterView(withIdentifier:)`.
    func queuedOrNewHeaderFooter(_ identifier: String) -> UITableViewHeaderFooterView? {
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
