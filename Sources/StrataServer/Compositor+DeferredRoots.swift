import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
import StrataRender

/// Frames that apply only deferred clients' updates (`ClientBudgets`): each such client's root is one
/// command of the frame's list, its kept bitmap (`DrawListBuilder.rasterized`), so the frame keeps the
/// list, and the next frame makes only those roots' bitmaps again, in place of their commands. Before, a deferred client's
/// frame built every client's list: under 1,000 labels replaced at each of its frames, that frame built a
/// well-behaved client's 1,000 animated layers too and missed its vblank.
extension Compositor {
    /// What the next frame of `f` applies, when it is deferred clients' commits and text layouts, and
    /// other clients' commits that only move layers the slots move (`slotMoves`): the deferred clients and
    /// those moves. nil when anything else changes: `f`'s list could be kept but for them, no root is
    /// attached, detached or moved to another output, no animation is added or removed, and each of their
    /// roots that `f` shows is one bitmap in its list.
    func deferredRootUpdates(_ f: OutputFrames, at time: Double) -> (clients: Set<UInt32>, moves: [(slot: Int, node: RenderNode)])? {
        guard rendersWithBudgets, !pending.isEmpty || !heldLayouts.isEmpty, keepsList(f, at: time) else { return nil }
        let deferred = budgets.deferred
        var commits: [PendingCommit] = [], moves: [(slot: Int, node: RenderNode)] = []
        for item in dueCommits {
            if deferred.contains(item.client) {
                commits.append(item)
            } else {
                guard let some = slotMoves(of: item, in: f) else { return nil }
                moves += some
            }
        }
        let layouts = heldLayouts.filter { budgets.applies($0.ticket.client, frame: budgetFrame) }
        let clients = Set(commits.map(\.client)).union(layouts.map(\.ticket.client))
        guard !clients.isEmpty, clients.isSubset(of: deferred) else { return nil }
        for item in commits {
            for op in item.commit.operations {
                switch op {
                // Roots that come, go or change output, and animations that start or stop (their events and
                // the schedule are the full frame's).
                case .attachRoot, .detachRoot, .setRootOutput, .releaseLayer, .addAnimation, .removeAnimation: return nil
                default: continue
                }
            }
        }
        let bitmaps = rootBitmaps(in: f.drawList), shown = Set(f.roots.map(ObjectIdentifier.init))
        for client in clients {
            guard let scene = scenes[client] else { return nil }
            for root in scene.roots where shown.contains(ObjectIdentifier(root)) {
                guard bitmaps[ObjectIdentifier(root)] != nil else { return nil }
            }
        }
        return (clients, moves)
    }

    /// Applies the due commits and layouts, `clients`' and the others' `moves`, and rewrites the slots those
    /// move. `clients`' roots show their last bitmaps in this frame; the next one makes them again
    /// (`remakeRoots`), so that applying a deferred client's commits (1.5 ms for 1,000 labels' strings) and
    /// building its roots (4.5–6 ms) do not land on one frame. False when the list must be built again after
    /// all (`applyKeepingList`); the commits stay applied.
    func applyDeferredRoots(_ f: OutputFrames, _ clients: Set<UInt32>, moves: [(slot: Int, node: RenderNode)], at time: Double) -> Bool {
        guard applyKeepingList(f, at: time) else { return false }
        for (slot, node) in moves { f.drawList.motion?.rewrite(.position, of: slot, from: node.model) }
        f.rootsToRemake.formUnion(clients)
        return true
    }

    /// Draws the bitmaps of the roots of `f.rootsToRemake`'s clients again, each in place of its command in
    /// `f`'s list. False when the list must be built again (a client gone, a root now animates or draws more
    /// than its bitmap): that build makes them (`changedClients` holds them).
    func remakeRoots(_ f: OutputFrames, on display: DisplayBackend, at time: Double) -> Bool {
        prepareBuilder(on: display, at: time)
        let s = scale(of: display.name)
        let rootMatrix: Transform3D = s == 1 ? .identity : .scale(s, s, 1)
        var replaced: [(index: Int, command: DrawCommand)] = []
        let bitmaps = rootBitmaps(in: f.drawList), shown = Set(f.roots.map(ObjectIdentifier.init))
        for client in f.rootsToRemake {
            guard let scene = scenes[client] else { f.needsRedraw = true; return false }
            scene.textLayoutBudget = textLayoutUnitsPerFrame ?? .max
            let started = DispatchTime.now().uptimeNanoseconds
            defer { frameCosts[client, default: 0] += Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6 }
            for root in scene.roots where shown.contains(ObjectIdentifier(root)) {
                var list = f.drawList.part()
                builder.emit(root, parentToTarget: rootMatrix, into: &list)
                // Its new bitmap alone, or the frame is built whole.
                guard root.activeInSubtree == 0, !list.deferredWork, !list.cpuAnimating, list.commands.count == 1,
                      case let .raster(_, _, content, _, _, _, _) = list.commands[0], content.owner == ObjectIdentifier(root),
                      let index = bitmaps[ObjectIdentifier(root)] else {
                    f.needsRedraw = true
                    return false
                }
                replaced.append((index, list.commands[0]))
            }
        }
        sendTileMessages()
        for (index, command) in replaced { f.drawList.commands[index] = command }
        f.motionPlan = FramePlan.full(f.drawList, width: display.width, height: display.height)
        f.rootsToRemake.removeAll()
        // The other outputs' lists hold the roots' last bitmaps (`frozenRaster`, shared): built again, they
        // take the new ones.
        for other in outputFrames.values where other !== f { other.needsRedraw = true }
        return true
    }

    /// Where a list draws each root as its kept bitmap, when that is all it draws of it: a top-level
    /// command on no slot (a deferred client's root: `DrawListBuilder.emitLayer`), by the root. Found in one
    /// walk of the list (a client may attach thousands of roots).
    func rootBitmaps(in list: DrawList) -> [ObjectIdentifier: Int] {
        var first: [ObjectIdentifier: Int] = [:]
        for (i, command) in list.commands.enumerated() {
            guard case let .raster(_, _, content, _, _, _, _) = command, first[content.owner] == nil else { continue }
            // A bitmap on a slot is a moving layer's, not a root's as a whole (-1: none).
            first[content.owner] = i < list.commandMotion.count && list.commandMotion[i].isMoving ? -1 : i
        }
        return first.filter { $0.value >= 0 }
    }
}
