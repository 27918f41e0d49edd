import Foundation

/// What both diffable data sources answer about the snapshot they show: the identifiers at an index path or
/// section index, and back (IndexPath's `item` and `row` are the same index).
extension NSDiffableDataSourceSnapshot {
    /// The snapshot as a data source hands it out: its identifiers, without pending reloads.
    var handedOut: Self {
        var copy = self
        copy.clearReloads()
        return copy
    }

    func item(at path: IndexPath) -> ItemIdentifierType? {
        guard let section = section(at: path.section) else { return nil }
        let items = itemIdentifiers(inSection: section)
        return items.indices.contains(path.item) ? items[path.item] : nil
    }

    func indexPath(of item: ItemIdentifierType) -> IndexPath? {
        for (s, section) in sectionIdentifiers.enumerated() {
            if let i = itemIdentifiers(inSection: section).firstIndex(of: item) { return IndexPath(item: i, section: s) }
        }
        return nil
    }

    func section(at index: Int) -> SectionIdentifierType? {
        sectionIdentifiers.indices.contains(index) ? sectionIdentifiers[index] : nil
    }
}
