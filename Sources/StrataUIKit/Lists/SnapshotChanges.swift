import Foundation

/// The updates that turn one snapshot into another, in UIKit's batch terms.
struct SnapshotChanges {
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var deletedRows: [IndexPath] = []
    var insertedRows: [IndexPath] = []
    var reloadedRows: [IndexPath] = []
    var moves: [(from: IndexPath, to: IndexPath)] = []

    init<S, I>(from old: NSDiffableDataSourceSnapshot<S, I>, to new: NSDiffableDataSourceSnapshot<S, I>) {
        let oldSections = old.sectionIdentifiers, newSections = new.sectionIdentifiers
        let newSectionSet = Set(newSections), oldSectionSet = Set(oldSections)
        for (i, s) in oldSections.enumerated() where !newSectionSet.contains(s) { deletedSections.insert(i) }
        for (i, s) in newSections.enumerated() where !oldSectionSet.contains(s) { insertedSections.insert(i) }
        // Where each item is, in the sections that stay.
        var oldPlace: [I: IndexPath] = [:], newPlace: [I: IndexPath] = [:]
        for (i, s) in oldSections.enumerated() where newSectionSet.contains(s) {
            for (r, item) in old.itemIdentifiers(inSection: s).enumerated() { oldPlace[item] = IndexPath(row: r, section: i) }
        }
        for (i, s) in newSections.enumerated() where oldSectionSet.contains(s) {
            for (r, item) in new.itemIdentifiers(inSection: s).enumerated() { newPlace[item] = IndexPath(row: r, section: i) }
        }
        let reloaded = Set(new.reloadedItemIdentifiers)
        for (item, path) in oldPlace where newPlace[item] == nil { deletedRows.append(path) }
        for (item, path) in newPlace where oldPlace[item] == nil { insertedRows.append(path) }
        for s in oldSections where newSectionSet.contains(s) {
            let before = old.itemIdentifiers(inSection: s), after = new.itemIdentifiers(inSection: s)
            let afterSet = Set(after), beforeSet = Set(before)
            // Items that stay in this section: their order changes by moves.
            let commonBefore = before.filter { afterSet.contains($0) }, commonAfter = after.filter { beforeSet.contains($0) }
            for change in commonAfter.difference(from: commonBefore).inferringMoves() {
                if case let .insert(_, item, associatedWith: from?) = change, from >= 0,
                   let oldPath = oldPlace[item], let newPath = newPlace[item] {
                    moves.append((oldPath, newPath))
                }
            }
        }
        for (item, oldPath) in oldPlace {
            guard let newPath = newPlace[item] else { continue }
            if old.sectionIdentifiers[oldPath.section] != new.sectionIdentifiers[newPath.section] { moves.append((oldPath, newPath)) }
            if reloaded.contains(item), !moves.contains(where: { $0.from == oldPath }) { reloadedRows.append(oldPath) }
        }
        deletedRows.sort()
        insertedRows.sort()
        reloadedRows.sort()
    }
}
