import Foundation

/// A check of the incremental pass: with it on, each incremental pass also lists the whole tree and logs
/// (and counts) every request the solver holds differently from that listing, which means something changed
/// the tree without marking its structure changed (`ViewAutoLayout.structureChanged()`). On when the
/// environment sets `STRATA_LAYOUT_VERIFY=1`; tests turn it on themselves.
extension LayoutEngine {
    nonisolated(unsafe) static var verifiesIncrementalPasses = ProcessInfo.processInfo.environment["STRATA_LAYOUT_VERIFY"] == "1"
    /// How many differences the checks have found.
    nonisolated(unsafe) static var missedChanges = 0

    func verify(_ root: UIView) {
        let collection = LayoutRequests.collect(root: root)
        let ladder = PriorityLadder(collection.requests.map(\.priority))
        var missed: [String] = []
        let wantedKeys = Set(collection.requests.map(\.key))
        for (key, entry) in entries where !wantedKeys.contains(key) { missed.append("held but no longer wanted: \(entry.request.describe())") }
        for request in collection.requests {
            let spec = LayoutSpec(request: request, strength: ladder.strength(for: request.priority))
            guard let held = entries[request.key] else { missed.append("wanted but not held: \(request.describe())"); continue }
            if held.spec != spec { missed.append("held differently: \(request.describe())") }
        }
        let inSolver = entries.values.filter { $0.constraint != nil }.count
        if solver.constraintCount != inSolver { missed.append("the solver holds \(solver.constraintCount) constraints for \(inSolver) entries") }
        if collection.participants != participants { missed.append("the views given variables differ") }
        if collection.constrained != constrained { missed.append("the views constraints name differ") }
        guard !missed.isEmpty else { return }
        Self.missedChanges += missed.count
        StrataLog.logger.error("Auto Layout: an incremental pass missed \(missed.count) changes: \(missed.prefix(5).joined(separator: "; "))")
    }
}
