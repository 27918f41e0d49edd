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
    /// The most operations the frame's commits may hold and still go into the slots.
    static let slotMoveLimit = 64

    /// Whether `f`'s next frame at `time` could draw its last list again but for the commits and layouts it
    /// applies: the GPU places what moves, nothing scheduled starts or ends, no drawable is due and the
    /// animation table keeps its epoch. Where it does not, no commit is to keep the list or blamed for
    /// building it.
    func keepsList(_ f: OutputFrames, at time: Double) -> Bool {
        f.motionPlan != nil && !drawablesDue(by: time) && f.canReuse(at: time) && !renderer.animations.needsNewEpoch(for: time)
    }

    /// The slots the due commits move and the layers they place, when moving those layers is all the commits
    /// do; nil otherwise.
    func slotMoves(_ f: OutputFrames) -> [(slot: Int, node: RenderNode)]? {
        guard f.drawList.motion != nil, !pending.isEmpty else { return nil }
        let due = dueCommits
        guard !due.isEmpty, !hasDueLayouts, due.reduce(0, { $0 + $1.commit.operations.count }) <= Self.slotMoveLimit else { return nil }
        var moves: [(slot: Int, node: RenderNode)] = []
        for item in due {
            guard let some = slotMoves(of: item, in: f) else { return nil }
            moves += some
        }
        return moves
    }

    /// The slots of `f`'s list that `item` moves and the layers they place, when that is all it does.
    func slotMoves(of item: PendingCommit, in f: OutputFrames) -> [(slot: Int, node: RenderNode)]? {
        guard let slots = f.drawList.motion, item.mappings.isEmpty, item.commit.operations.count <= Self.slotMoveLimit,
              let scene = scenes[item.client] else { return nil }
        var moves: [(slot: Int, node: RenderNode)] = []
        for op in item.commit.operations {
            guard case let .setProperty(id, .position, .point(p)) = op, p.x.isFinite, p.y.isFinite,
                  let node = scene.nodes[id] else { return nil }
            // Every slot of the layer (a replicator's copies share it), each moving it already.
            let placing = f.slots(of: node)
            guard !placing.isEmpty else { return nil }
            for slot in placing {
                guard slots.animates(.position, slot: slot) else { return nil }
                moves.append((slot, node))
            }
        }
        return moves
    }

    /// The commits the next frame applies (a deferred client's wait for their frames).
    var dueCommits: [PendingCommit] {
        rendersWithBudgets ? pending.filter { budgets.applies($0.client, frame: budgetFrame) } : pending
    }

    /// Whether the next frame hands text layouts held for deferred clients to their layers.
    var hasDueLayouts: Bool {
        rendersWithBudgets ? heldLayouts.contains { budgets.applies($0.ticket.client, frame: budgetFrame) } : !heldLayouts.isEmpty
    }

    /// The clients whose commits alone make `f`'s next frame build its list again: without them it would
    /// reuse the last one (`canReuse`), and they do more than move layers the slots move. Building is then
    /// what their updates cost (`ClientBudgets`: a client replacing a string every frame made every
    /// frame build 1,000 other layers' commands, and looked cheap). Empty when the frame builds anyway.
    func clientsForcingABuild(_ f: OutputFrames, at time: Double) -> Set<UInt32> {
        guard rendersWithBudgets, !pending.isEmpty, !hasDueLayouts, keepsList(f, at: time) else { return [] }
        return Set(dueCommits.filter { slotMoves(of: $0, in: f) == nil }.map(\.client))
    }

    /// Applies the due commits, which only make `moves`, and rewrites those slots of `f`'s list from the
    /// layers' new models. False when the list must be built again after all: a commit failed (its client
    /// is gone), or the new positions change an order the CPU decided (`canReuse`).
    func applySlotMoves(_ f: OutputFrames, _ moves: [(slot: Int, node: RenderNode)], at time: Double) -> Bool {
        guard applyKeepingList(f, at: time) else { return false }
        for (slot, node) in moves { f.drawList.motion?.rewrite(.position, of: slot, from: node.model) }
        return true
    }

    /// Applies the due commits where `f`'s next frame is to keep its list. False when it must be built
    /// again after all (`f` is marked so): a commit failed (its client is gone), or the new model changes an
    /// order the CPU decided (`canReuse`). The commits stay applied either way.
    func applyKeepingList(_ f: OutputFrames, at time: Double) -> Bool {
        let applied = appliedCommits.count, expected = dueCommits.count
        applyPendingCommits()
        // Applying marks every output for a new list: the others build one, this one keeps its own.
        f.needsRedraw = false
        guard appliedCommits.count - applied == expected, f.canReuse(at: time) else {
            f.needsRedraw = true
            return false
        }
        return true
    }
}
