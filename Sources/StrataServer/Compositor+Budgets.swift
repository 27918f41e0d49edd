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
        let frozen = (reused ? budgets.deferred : builder.stillDeferredClients)
            .filter { !budgets.applies($0, frame: budgetFrame) }
        let updates = frameApply.filter { scenes[$0.key] != nil }
        for change in budgets.record(frame: phases.total, interval: interval * 1000, costs: costs, updates: updates, frozen: frozen)
            where scenes[change.client] != nil {
            events?.renderBudgetChanged(client: change.client, every: change.every, costMilliseconds: change.cost, frameMilliseconds: change.frame)
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
            for delivery in due { handOver(delivery) }
            redrawEverywhere()
        }
        let applied = batch.filter { budgets.applies($0.client, frame: budgetFrame) }
        changedClients.formUnion(applied.map(\.client))
        changedClients.formUnion(due.map(\.ticket.client))
        return applied
    }

    /// The deferred clients, and those of them that change nothing this frame (drawn from their roots'
    /// kept bitmaps), for the draw list's builder.
    func deferredClients() -> (all: Set<UInt32>, still: Set<UInt32>) {
        guard rendersWithBudgets else { return ([], []) }
        // A host showing another app is never drawn from a still bitmap: that would freeze the app inside it.
        let deferred = contexts.byToken.isEmpty ? budgets.deferred : budgets.deferred.filter { !hostsOthers($0) }
        return (deferred, deferred.subtracting(changedClients))
    }

    /// Whether the server stops reading `client`'s socket for now: its updates are deferred and a commit of
    /// its already waits for its frame. What it sends meanwhile waits in its socket (and, once that is full,
    /// in the client's own sends), so a client that commits faster than its frames come costs the frame
    /// thread one commit's decoding a frame of its, not one a message (docs/security.md, *Render budgets*).
    func holdsBack(_ client: UInt32) -> Bool {
        guard rendersWithBudgets, budgets.every(client) > 1 else { return false }
        return (usage(of: client)?.pendingCommits ?? 0) >= 1
    }

    /// How often `client`'s display link ticks, in frames (1: every vblank), and whether it ticks at the
    /// vblank just shown: a deferred client's ticks come only before the frames that apply its commits,
    /// as a compositor throttles a slow client's frame callbacks, so that its app draws no frames the
    /// server would not show.
    func displayLinkTicks(_ client: UInt32) -> (now: Bool, every: Int) {
        guard rendersWithBudgets else { return (true, 1) }
        let every = budgets.every(client)
        return (budgets.applies(client, frame: budgetFrame + 1), every)
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
