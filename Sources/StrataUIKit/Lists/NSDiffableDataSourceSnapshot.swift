import Foundation

/// The state of a diffable data source (UIKit's NSDiffableDataSourceSnapshot): sections and their items,
/// each identified by a unique hashable value.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    private(set) var sections: [SectionIdentifierType] = []
    private(set) var items: [SectionIdentifierType: [ItemIdentifierType]] = [:]
    /// Items marked for reloading (their cells are asked for again on apply).
    private(set) var reloaded = Set<ItemIdentifierType>()

    public init() {}

    public var numberOfSections: Int { sections.count }
    public var numberOfItems: Int { sections.reduce(0) { $0 + (items[$1]?.count ?? 0) } }
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    public var itemIdentifiers: [ItemIdentifierType] { sections.flatMap { items[$0] ?? [] } }
    public var reloadedItemIdentifiers: [ItemIdentifierType] { itemIdentifiers.filter { reloaded.contains($0) } }

    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int { items[identifier]?.count ?? 0 }
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] { items[identifier] ?? [] }
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        sections.first { items[$0]?.contains(identifier) == true }
    }
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? { itemIdentifiers.firstIndex(of: identifier) }
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sections.firstIndex(of: identifier) }

    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        for id in identifiers where !sections.contains(id) { sections.append(id); items[id] = [] }
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        guard let at = sections.firstIndex(of: toIdentifier) else { return }
        let fresh = identifiers.filter { !sections.contains($0) }
        sections.insert(contentsOf: fresh, at: at)
        for id in fresh { items[id] = [] }
    }

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

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        guard let section = sectionIdentifier(containingItem: beforeIdentifier),
              let at = items[section]?.firstIndex(of: beforeIdentifier) else { return }
        items[section]?.insert(contentsOf: identifiers, at: at)
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        guard let section = sectionIdentifier(containingItem: afterIdentifier),
              let at = items[section]?.firstIndex(of: afterIdentifier) else { return }
        items[section]?.insert(contentsOf: identifiers, at: at + 1)
    }

    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let gone = Set(identifiers)
        for section in sections { items[section]?.removeAll { gone.contains($0) } }
        reloaded.subtract(gone)
    }

    public mutating func deleteAllItems() {
        sections = []
        items = [:]
        reloaded = []
    }

    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) { reloaded.formUnion(identifiers) }
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) { reloaded.formUnion(identifiers) }
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for id in identifiers { reloaded.formUnion(items[id] ?? []) }
    }

    mutating func clearReloads() { reloaded = [] }
}
