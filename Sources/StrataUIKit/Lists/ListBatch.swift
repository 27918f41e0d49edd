import Foundation

/// The changes of one batch of updates to a table or collection view (a row is an item), in UIKit's terms: deletions and reloads name rows and sections as
/// they were before, insertions as they are after, moves both. `newPath(for:)` says where a row that stays
/// goes; `inconsistency` checks the data source's new counts against it (UIKit's exception message).
struct ListBatch {
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var reloadedSections = IndexSet()
    var deletedRows = Set<IndexPath>()
    var insertedRows = Set<IndexPath>()
    var reloadedRows = Set<IndexPath>()
    var moves: [(from: IndexPath, to: IndexPath)] = []
    var animation: UITableView.RowAnimation = .automatic
    var completions: [(Bool) -> Void] = []

    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && deletedRows.isEmpty
            && insertedRows.isEmpty && reloadedRows.isEmpty && moves.isEmpty
    }

    /// Rows that leave their place in the old section (deleted, reloaded, moved away).
    private func leaving(inOld section: Int) -> [Int] {
        var rows = Set(deletedRows.filter { $0.section == section }.map(\.row))
        rows.formUnion(reloadedRows.filter { $0.section == section }.map(\.row))
        rows.formUnion(moves.filter { $0.from.section == section }.map(\.from.row))
        return rows.sorted()
    }

    /// Rows that arrive in the new section (inserted, reloaded, moved here).
    private func arriving(inNew section: Int, oldSection: Int?) -> [Int] {
        var rows = Set(insertedRows.filter { $0.section == section }.map(\.row))
        if let oldSection { rows.formUnion(reloadedRows.filter { $0.section == oldSection }.map(\.row)) }
        rows.formUnion(moves.filter { $0.to.section == section }.map(\.to.row))
        return rows.sorted()
    }

    /// The new index of an old section, nil when it is deleted.
    func newSection(for old: Int) -> Int? {
        guard !deletedSections.contains(old), !reloadedSections.contains(old) else { return nil }
        let survivorsRank = old - deletedSections.count(in: 0..<old) - reloadedSections.filter { $0 < old }.count
        return nth(survivorsRank, skipping: insertedSections.union(reloadedSections).sorted())
    }

    /// The k-th index (from 0) that is not in `taken` (sorted).
    private func nth(_ k: Int, skipping taken: [Int]) -> Int {
        var index = k
        for t in taken { if t <= index { index += 1 } else { break } }
        return index
    }

    /// Where an old row that is not deleted, reloaded or moved ends up; a moved row goes where the move says.
    func newPath(for old: IndexPath) -> IndexPath? {
        if let move = moves.first(where: { $0.from == old }) { return move.to }
        guard let section = newSection(for: old.section), !deletedRows.contains(old), !reloadedRows.contains(old) else { return nil }
        let leavingRows = leaving(inOld: old.section)
        let rank = old.row - leavingRows.filter { $0 < old.row }.count
        return IndexPath(row: nth(rank, skipping: arriving(inNew: section, oldSection: old.section)), section: section)
    }

    /// UIKit's consistency check, given the counts before and the data source's after: nil when they agree,
    /// else UIKit's message naming the section.
    /// `view` and `element` name the parts ("table view", "row"; "collection view", "item").
    func inconsistency(before: [Int], after: [Int], view: String = "table view", element: String = "row") -> String? {
        let expectedSections = before.count - deletedSections.count + insertedSections.count
        if after.count != expectedSections {
            return "Invalid update: invalid number of sections. The number of sections contained in the \(view) after the "
                + "update (\(after.count)) must be equal to the number of sections contained in the \(view) before the update "
                + "(\(before.count)), plus or minus the number of sections inserted or deleted (\(insertedSections.count) inserted, "
                + "\(deletedSections.count) deleted)."
        }
        for (old, count) in before.enumerated() {
            guard let new = newSection(for: old), new < after.count else { continue }
            let inserted = insertedRows.filter { $0.section == new }.count
            let deleted = deletedRows.filter { $0.section == old }.count
            let movedIn = moves.filter { $0.to.section == new && $0.from.section != old }.count
            let movedOut = moves.filter { $0.from.section == old && $0.to.section != new }.count
            if after[new] != count + inserted - deleted + movedIn - movedOut {
                return "Invalid update: invalid number of \(element)s in section \(new). The number of \(element)s contained in an existing "
                    + "section after the update (\(after[new])) must be equal to the number of \(element)s contained in that section "
                    + "before the update (\(count)), plus or minus the number of \(element)s inserted or deleted from that section "
                    + "(\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(element)s moved into or out of that "
                    + "section (\(movedIn) moved in, \(movedOut) moved out)."
            }
        }
        return nil
    }
}
