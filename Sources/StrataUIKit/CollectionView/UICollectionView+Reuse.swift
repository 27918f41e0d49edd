import Foundation
import Strata

/// Registered classes, and the queues of views that left the screen (the work of the open `register` and
/// `dequeue…` members declared in UICollectionView.swift).
extension UICollectionView {
    /// `register(_:forCellWithReuseIdentifier:)`.
    func registerCellClass(_ cellClass: AnyClass?, for identifier: String) {
        cellClasses[identifier] = cellClass as? UICollectionViewCell.Type
        if cellClass != nil, !(cellClass is UICollectionViewCell.Type) {
            StrataLogBridge.error("UICollectionView.register: \(String(describing: cellClass)) is not a UICollectionViewCell class")
        }
    }

    /// `register(_:forSupplementaryViewOfKind:withReuseIdentifier:)`.
    func registerSupplementaryClass(_ viewClass: AnyClass?, kind elementKind: String, for identifier: String) {
        supplementaryClasses[Self.poolKey(elementKind, identifier)] = viewClass as? UICollectionReusableView.Type
        if viewClass != nil, !(viewClass is UICollectionReusableView.Type) {
            StrataLogBridge.error("UICollectionView.register: \(String(describing: viewClass)) is not a UICollectionReusableView class")
        }
    }

    /// `dequeueReusableCell(withReuseIdentifier:for:)`.
    func queuedOrNewCell(_ identifier: String) -> UICollectionViewCell {
        if var queue = cellPool[identifier], let cell = queue.popLast() {
            cellPool[identifier] = queue
            cell.prepareForReuse()
            return cell
        }
        let made: UICollectionViewCell
        if let cellClass = cellClasses[identifier] {
            made = LayerConstruction.newObject(of: cellClass)
        } else {
            StrataLogBridge.error("UICollectionView: unable to dequeue a cell with identifier \(identifier): no class registered")
            made = UICollectionViewCell(frame: .zero)
        }
        made.reuseIdentifier = identifier
        return made
    }

    /// `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`.
    func queuedOrNewSupplementary(_ elementKind: String, _ identifier: String) -> UICollectionReusableView {
        let key = Self.poolKey(elementKind, identifier)
        if var queue = supplementaryPool[key], let view = queue.popLast() {
            supplementaryPool[key] = queue
            view.prepareForReuse()
            return view
        }
        let made: UICollectionReusableView
        if let viewClass = supplementaryClasses[key] {
            made = LayerConstruction.newObject(of: viewClass)
        } else {
            StrataLogBridge.error("UICollectionView: unable to dequeue a \(elementKind) view with identifier \(identifier): no class registered")
            made = UICollectionReusableView(frame: .zero)
        }
        made.reuseIdentifier = identifier
        return made
    }

    /// Off screen and into its identifier's queue (a view without one is let go).
    func enqueue(_ view: UICollectionReusableView, kind: String? = nil) {
        view.removeFromSuperview()
        guard let id = view.reuseIdentifier else { return }
        if let kind {
            supplementaryPool[Self.poolKey(kind, id), default: []].append(view)
        } else if let cell = view as? UICollectionViewCell {
            cellPool[id, default: []].append(cell)
        }
    }

    private static func poolKey(_ kind: String, _ identifier: String) -> String { kind + "\u{0}" + identifier }

    /// How many cells the collection view holds, on screen, queued and leaving (for tests).
    var liveCellCount: Int { visible.count + cellPool.values.reduce(0) { $0 + $1.count } + departing.count }
}
