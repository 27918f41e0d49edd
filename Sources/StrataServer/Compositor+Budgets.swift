import Foundation

/// Per-client render budgets in the compositor (`ClientBudgets`, docs/security.md): which commits and text
/// layouts the next frame takes, and what each frame cost each client.
extension Compositor {
    /// Whether a pending commit is applied by the next frame (a deferred client's wait for their frame).
    var hasDueCommits: Bool {
        guard rendersWithBudgets else { return !pending.isEmpty }
        return pending.contains { budgets.applies($0.client, frame: budgetFrame) }
            || heldLayouts.contains { budgets.applies($0.ticket.client, frame: budgetFrame) }
    }

    /// The frame's costs per client given to the budgets (its GL time split by draw commands), and the
    /// clients whose updates are deferred now, or no longer, reported.
    func recordBudgets(_ phases: FrameStats.Phases, interval: Double, reused: Bool) {
        guard rendersWithBudgets else { return }
        let commands = frameCommands.values.reduce(0, +)
        var costs = frameCosts.filter { scenes[$0.key] != nil }
        if !reused, commands > 0 {
            for (client, n) in frameCommands { costs[client, default: 0] += phases.submit * Double(n) / Double(commands) }
        }
        // Deferred clients drawn from their bitmaps keep their averages, except at the frames that would
        // apply their commits: there what they applied (perhaps nothing) counts.
        let frozen = (reused ? budgets.deferred : builder.frozenClients)
            .filter { !budgets.applies($0, frame: budgetFrame) }
        let updates = frameApply.filter { scenes[$0.key] != nil }
        for change in budgets.record(frame: phases.cpu, interval: interval * 1000, costs: costs, updates: updates, frozen: frozen)
            where scenes[change.client] != nil {
            renderBudgetChanged(change.client, change.every, change.cost, change.frame)
        }
    }

    /// The pending commits the frame applies now; a deferred client's wait, in order, for a frame that
    /// applies them, and so do its text layouts (handed over here when their frame comes).
    func takeDueCommits() -> [PendingCommit] {
        let batch = pending
        pending.removeAll()
        guard rendersWithBudgets else { return batch }
        pending = batch.filter { !budgets.applies($0.client, frame: budgetFrame) }
        let due = heldLayouts.filter { budgets.applies($0.ticket.client, frame: budgetFrame) }
        if !due.isEmpty {
            heldLayouts.removeAll { budgets.applies($0.ticket.client, frame: budgetFrame) }
            for delivery in due { delivery.ticket.outcome = delivery.outcome }
            redrawEverywhere()
        }
        let applied = batch.filter { budgets.applies($0.client, frame: budgetFrame) }
        changedClients = Set(applied.map(\.client)).union(due.map(\.ticket.client))
        return applied
    }

    /// The deferred clients, and those of them that change nothing this frame (drawn from their roots'
    /// kept bitmaps), for the draw list's builder.
    func deferredClients() -> (rasterized: Set<UInt32>, frozen: Set<UInt32>) {
        guard rendersWithBudgets else { return ([], []) }
        let deferred = budgets.deferred
        return (deferred, deferred.subtracting(changedClients))
    }

    /// A client's average cost a frame and how often its updates are applied.
    func budgetJSON(_ client: UInt32) -> [String: Any] {
        let b = budgets.clients[client] ?? ClientBudgets.Client()
        var o: [String: Any] = ["cost_ms": (b.cost * 1000).rounded() / 1000, "updates_ms": (b.updates * 1000).rounded() / 1000,
                                "updates_every_frames": b.every]
        if let cost = textLayouts?.layoutCost(of: client) {
            o["text_layouts"] = cost.layouts
            o["text_layout_ms"] = (cost.seconds * 1e6).rounded() / 1000
        }
        return o
    }
}
