import Foundation
import StrataCore
import StrataProtocol
import StrataRender

/// Commits that only move layers the GPU already moves: each operation sets the model position of a
/// layer that a motion slot of the output's last list places with a position animation (an app nudging or
/// dragging one of many animated layers each frame). The frame keeps its draw list and rewrites those
/// slots' model positions (`MotionSlots.rewrite`), as a frame that only the GPU animates does, instead of
/// building the list of every layer again: its CPU cost does not grow with the layers on screen. The list
/// does not depend on such a position (the slots place the layer and everything drawn under it in every
/// frame). Anything else a commit does builds the list again.
extension Compositor {
    /// The most operations the frame's commits may hold and still go into the slots (each is looked up
    /// among the slots: operations × slots comparisons).
    static let slotMoveLimit = 64

    /// The slots the due commits move and the layers they place, when moving those layers is all the commits
    /// do; nil otherwise.
    func slotMoves(_ f: OutputFrames) -> [(slot: Int, node: RenderNode)]? {
        guard let slots = f.drawList.motion, !pending.isEmpty else { return nil }
        let due = rendersWithBudgets ? pending.filter { budgets.applies($0.client, frame: budgetFrame) } : pending
        let layouts = rendersWithBudgets ? heldLayouts.filter { budgets.applies($0.ticket.client, frame: budgetFrame) } : heldLayouts
        guard !due.isEmpty, layouts.isEmpty, due.reduce(0, { $0 + $1.commit.operations.count }) <= Self.slotMoveLimit else { return nil }
        var moves: [(slot: Int, node: RenderNode)] = []
        for item in due {
            guard item.mappings.isEmpty, let scene = scenes[item.client] else { return nil }
            for op in item.commit.operations {
                guard case let .setProperty(id, .position, .point(p)) = op, p.x.isFinite, p.y.isFinite,
                      let node = scene.nodes[id] else { return nil }
                // Every slot of the layer (a replicator's copies share it), each moving it already.
                var found = false
                for (slot, placed) in f.motionNodes.enumerated() where placed === node {
                    guard slots.animates(.position, slot: slot) else { return nil }
                    moves.append((slot, node))
                    found = true
                }
                guard found else { return nil }
            }
        }
        return moves
    }

    /// Applies the due commits, which only make `moves`, and rewrites those slots of `f`'s list from the
    /// layers' new models. False when the list must be built again after all: a commit failed (its client
    /// is gone), or the new positions change an order the CPU decided (`canReuse`).
    func applySlotMoves(_ f: OutputFrames, _ moves: [(slot: Int, node: RenderNode)], at time: Double) -> Bool {
        let applied = appliedCommits.count, expected = pending.count - (rendersWithBudgets
            ? pending.filter { !budgets.applies($0.client, frame: budgetFrame) }.count : 0)
        applyPendingCommits()
        // Applying marks every output for a new list: the others build one, this one keeps its own.
        f.needsRedraw = false
        guard appliedCommits.count - applied == expected, f.canReuse(at: time) else {
            f.needsRedraw = true
            return false
        }
        for (slot, node) in moves { f.drawList.motion?.rewrite(.position, of: slot, from: node.model) }
        return true
    }
}
