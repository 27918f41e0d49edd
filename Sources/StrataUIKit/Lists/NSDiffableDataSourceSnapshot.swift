import Foundation

/// The state of a diffable data source (UIKit's NSDiffableDataSourceSnapshot): sections and their items,
/// each identified by a unique hashable value.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    private(set) var sections: [SectionIdentifierType] = []
    private(set) var items: [SectionIdentifierType: [ItemIdentifierType]] = [:]
    /// Items marked for reloading (their cells are asked for again on apply).
    private(set) var reloaded = Set<ItemIdentifierType>()

    /// Makes an empty snapshot: no sections, no items.
    public init() {}

    /// The number of sections.
    public var numberOfSections: Int { sections.count }
    /// The number of items in all sections together.
    public var numberOfItems: Int { sections.reduce(0) { $0 + (items[$1]?.count ?? 0) } }
    /// The section identifiers, in order.
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    /// Every item identifier, section by section in section order.
    public var itemIdentifiers: [ItemIdentifierType] { sections.flatMap { items[$0] ?? [] } }
    /// The items marked by `reloadItems(_:)`, `reconfigureItems(_:)` or `reloadSections(_:)` that are in the
    /// snapshot, in snapshot order. A snapshot handed out by a data source's `snapshot()` has none.
    public var reloadedItemIdentifiers: [ItemIdentifierType] { itemIdentifiers.filter { reloaded.contains($0) } }

    /// The number of items in the section `identifier`; 0 for a section not in the snapshot.
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int { items[identifier]?.count ?? 0 }
    /// The items of the section `identifier`, in order; empty for a section not in the snapshot.
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] { items[identifier] ?? [] }
    /// The section holding the item `identifier`, or nil if no section holds it.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        sections.first { items[$0]?.contains(identifier) == true }
    }
    /// The item's index in `itemIdentifiers` (counting through all sections), or nil if it is not in the snapshot.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? { itemIdentifiers.firstIndex(of: identifier) }
    /// The section's index in `sectionIdentifiers`, or nil if it is not in the snapshot.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sections.firstIndex(of: identifier) }

    /// Adds the sections, each empty, after the last one. A section already in the snapshot is skipped, where
    /// UIKit raises; see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        for id in identifiers where !sections.contains(id) { sections.append(id); items[id] = [] }
    }

    /// Inserts the sections, each empty, before the section `toIdentifier`. Sections already in the snapshot are
    /// skipped, and nothing happens when `toIdentifier` is not in the snapshot, where UIKit raises; see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        guard let at = sections.firstIndex(of: toIdentifier) else { return }
        let fresh = identifiers.filter { !sections.contains($0) }
        sections.insert(contentsOf: fresh, at: at)
        for id in fresh { items[id] = [] }
    }

    /// Removes the sections and all their items; identifiers not in the snapshot are ignored.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        sections.removeAll { identifiers.contains($0) }
        for id in identifiers { items[id] = nil }
    }

    /// Appends to `sectionIdentifier`, else the last section; an item already present is logged and skipped
    /// (UIKit raises).
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        guard let section = sectionIdentifier ?? sections.last, items[section] != nil else {
            StrataLogBridge.error("NSDiffableDataSourceSnapshot.appendItems: no such section")
            return
        }
        let present = Set(itemIdentifiers)
        for id in identifiers {
            if present.contains(id) { StrataLogBridge.error("NSDiffableDataSourceSnapshot.appendItems: \(id) is already in the snapshot"); continue }
            items[section, default: []].append(id)
        }
    }

    /// Inserts the items just before the item `beforeIdentifier`, in its section. Nothing happens when
    /// `beforeIdentifier` is not in the snapshot, and the items are not checked for duplicates, where UIKit
    /// raises in both cases; see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        guard let section = sectionIdentifier(containingItem: beforeIdentifier),
              let at = items[section]?.firstIndex(of: beforeIdentifier) else { return }
        items[section]?.insert(contentsOf: identifiers, at: at)
    }

    /// Inserts the items just after the item `afterIdentifier`, in its section. Nothing happens when
    /// `afterIdentifier` is not in the snapshot, and the items are not checked for duplicates, where UIKit
    /// raises in both cases; see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        guard let section = sectionIdentifier(containingItem: afterIdentifier),
              let at = items[section]?.firstIndex(of: afterIdentifier) else { return }
        items[section]?.insert(contentsOf: identifiers, at: at + 1)
    }

    /// Removes the items from whichever sections hold them, and their reload marks; identifiers not in the
    /// snapshot are ignored.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let gone = Set(identifiers)
        for section in sections { items[section]?.removeAll { gone.contains($0) } }
        reloaded.subtract(gone)
    }

    /// Removes every section and item, leaving an empty snapshot.
    public mutating func deleteAllItems() {
        sections = []
        items = [:]
        reloaded = []
    }

    /// Marks the items for reloading: when the snapshot is applied with animation, the data source asks its
    /// cell provider again for each marked item that was shown before and does not move (a moved item is only
    /// moved). Identifiers not in the snapshot are not checked, where UIKit raises.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) { reloaded.formUnion(identifiers) }
    /// Marks the items as `reloadItems(_:)` does, so the cell provider is asked for a new cell, where UIKit
    /// reconfigures the cell already shown; see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) { reloaded.formUnion(identifiers) }
    /// Marks every item now in the sections for reloading, as `reloadItems(_:)` does: the items only, where
    /// UIKit reloads the whole sections with their headers and footers; see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for id in identifiers { reloaded.formUnion(items[id] ?? []) }
    }

    mutating func clearReloads() { reloaded = [] }
}
