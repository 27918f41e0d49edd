import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
import StrataRender

/// Frames that apply only deferred clients' updates (`ClientBudgets`): each such client's root is one
/// command of the frame's list, its kept bitmap (`DrawListBuilder.rasterized`), so the frame keeps the
/// list; only those roots' bitmaps are made again, between frames in slices (`prepareRoots`) or by a later
/// frame (`remakeRoots`), and put in place of their commands. Before, a deferred client's frame built every
/// client's list: under 1,000 labels replaced at each of its frames, that frame built a
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
        // A context of theirs is drawn live in a host's list (not a root bitmap): that list changes.
        if clients.contains(where: hasDrawnContexts) { return nil }
        for item in commits {
            for op in item.commit.operations {
                switch op {
                // Roots that come, go or change output, and animations that start or stop (their events and
                // the schedule are the full frame's).
                case .attachRoot, .detachRoot, .setRootOutput, .releaseLayer, .addAnimation, .removeAnimation: return nil
                // What a host layer shows changes: the host's list changes with it.
                case .setContextLayer, .revokeContext, .hostContext: return nil
                default: continue
                }
            }
        }
        let bitmaps = rootBitmaps(in: f.drawList), shown = Set(f.roots.map(\.rasterOwner))
        for client in clients {
            guard let scene = scenes[client] else { return nil }
            for root in scene.roots where shown.contains(root.rasterOwner) {
                guard bitmaps[root.rasterOwner] != nil else { return nil }
            }
        }
        return (clients, moves)
    }

    /// Applies the due commits and layouts, `clients`' and the others' `moves`, and rewrites the slots those
    /// move. `clients`' roots show their last bitmaps in this frame and until they are made again
    /// (`prepareRoots`, `remakeRoots`), so that applying a deferred client's commits (1.5 ms for 1,000 labels'
    /// strings) and building its roots (4–10 ms) do not land on one frame. False when the list must be built again after
    /// all (`applyKeepingList`); the commits stay applied.
    func applyDeferredRoots(_ f: OutputFrames, _ clients: Set<UInt32>, moves: [(slot: Int, node: RenderNode)], at time: Double) -> Bool {
        guard applyKeepingList(f, at: time) else { return false }
        for (slot, node) in moves { f.drawList.motion?.rewrite(.position, of: slot, from: node.model) }
        f.remakeRoots(of: clients)
        return true
    }

    /// Applies the due commits, which only make `moves` (none: no commit is due), then draws the bitmaps of
    /// the roots of `f.remake`'s clients again (finishing what slices between frames began), each in place of
    /// its command in `f`'s list. False when the list must be built again (a commit failed, a client gone, a
    /// root now animates or draws more than its bitmap): that build makes them (`changedClients` holds them).
    func remakeRoots(_ f: OutputFrames, after moves: [(slot: Int, node: RenderNode)], on display: DisplayBackend, at time: Double) -> Bool {
        guard moves.isEmpty || applySlotMoves(f, moves, at: time) else { return false }
        guard case .made(let remade) = makeRoots(f, on: display, at: time, until: nil) else {
            f.needsRedraw = true
            return false
        }
        return put(remade, in: f, on: display)
    }

    /// Puts in the roots' bitmaps `prepareRoots` made while the frame thread waited, when their clients'
    /// scenes have not changed since; a frame that keeps `f`'s list then applies and draws what it has to as
    /// if they had been made in the last one. False when there are none to put in (the frame makes them if
    /// it remakes roots), or when `f`'s list must be built again (marked so).
    func putPreparedRoots(_ f: OutputFrames, on display: DisplayBackend) -> Bool {
        guard let remade = f.remake?.made else { return false }
        f.remake?.made = nil
        guard remade.changes.allSatisfy({ scenes[$0.key]?.changes == $0.value }) else { return false }
        return put(remade, in: f, on: display)
    }

    /// Puts `remade`'s commands in place of their roots' last bitmaps in `f`'s list, counting what they cost
    /// their clients in this frame. False when one of the roots is no longer one bitmap of the list: it
    /// must be built again (marked so).
    private func put(_ remade: RemadeRoots, in f: OutputFrames, on display: DisplayBackend) -> Bool {
        let bitmaps = rootBitmaps(in: f.drawList)
        var replaced: [(index: Int, command: DrawCommand)] = []
        for (root, command) in remade.commands {
            guard let index = bitmaps[root] else { f.needsRedraw = true; return false }
            replaced.append((index, command))
        }
        for (client, cost) in remade.costs { frameCosts[client, default: 0] += cost }
        for (index, command) in replaced { f.drawList.commands[index] = command }
        f.motionPlan = FramePlan.full(f.drawList, width: display.width, height: display.height)
        f.remake = nil
        // The other outputs' lists hold the roots' last bitmaps (`rootBitmap`, shared): built again, they
        // take the new ones.
        for other in outputFrames.values where other !== f { other.needsRedraw = true }
        return true
    }

    /// What making roots' bitmaps came to.
    enum RootsMaking {
        /// Each root's new bitmap, a command to put in place of its last one.
        case made(RemadeRoots)
        /// The slice's time ran out; what it finished is kept for the next (`RootRemake.slicing`).
        case unfinished
        /// A client is gone, or a root now animates or draws more than its bitmap: the list is built again.
        case mustBuild
    }

    /// Makes the new bitmaps of the roots of `f.remake`'s clients that `f`'s list shows, stopping
    /// between two layers at `deadline` (uptime nanoseconds; nil: not before the end). Slices go on from
    /// where the last one stopped while the clients' scenes stay the same (`RootSlicing`).
    func makeRoots(_ f: OutputFrames, on display: DisplayBackend, at time: Double, until deadline: UInt64?) -> RootsMaking {
        var changes: [UInt32: UInt64] = [:]
        let clients = f.clientsToRemake
        for client in clients {
            guard let scene = scenes[client] else { f.remake?.slicing = nil; return .mustBuild }
            changes[client] = scene.changes
        }
        let slicing = f.remake?.slicing.flatMap { $0.changes == changes ? $0 : nil } ?? RootSlicing(changes: changes)
        f.remake?.slicing = slicing
        slicing.begin(until: deadline)
        // Between frames too, these clients' roots are drawn as they are now, not from their kept bitmaps.
        changedClients.formUnion(clients)
        prepareBuilder(on: display, at: time)
        builder.slicing = slicing
        // What building asked for goes out even when the list is built whole after all.
        defer {
            builder.slicing = nil
            sendBuildRequests()
        }
        let s = scale(of: display.name)
        let rootMatrix: Transform3D = s == 1 ? .identity : .scale(s, s, 1)
        var remade = RemadeRoots()
        let bitmaps = rootBitmaps(in: f.drawList), shown = Set(f.roots.map(\.rasterOwner))
        for client in clients {
            guard let scene = scenes[client] else { f.remake?.slicing = nil; return .mustBuild }
            scene.textLayoutBudget = textLayoutUnitsPerFrame ?? .max
            let started = DispatchTime.now().uptimeNanoseconds
            defer { slicing.costs[client, default: 0] += Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6 }
            for root in scene.roots where shown.contains(root.rasterOwner) {
                var list = f.drawList.part()
                builder.emit(root, parentToTarget: rootMatrix, into: &list)
                if slicing.interrupted { return .unfinished }
                // Its new bitmap alone, or the frame is built whole.
                guard root.timing.activeInSubtree == 0, !list.deferredWork, !list.cpuAnimating, list.commands.count == 1,
                      case let .raster(_, _, content, _, _, _, _) = list.commands[0], content.owner == root.rasterOwner,
                      bitmaps[root.rasterOwner] != nil else {
                    f.remake?.slicing = nil
                    return .mustBuild
                }
                remade.commands[root.rasterOwner] = list.commands[0]
            }
        }
        f.remake?.slicing = nil
        remade.changes = changes
        remade.costs = slicing.costs
        return .made(remade)
    }

    /// Whether `f`'s next frame leaves the roots it has to make again to the time between frames
    /// (`prepareRoots`) and shows their last bitmaps once more: while they are not made and have waited
    /// fewer than `remakeWaitLimit` frames (then the frame finishes them), and in any frame that applies
    /// deferred clients' updates (it would build its whole list).
    func postponesRemake(_ f: OutputFrames) -> Bool {
        guard let remake = f.remake, remake.made == nil else { return false }
        return remake.framesWaited < Self.remakeWaitLimit || dueCommits.contains { budgets.deferred.contains($0.client) } || hasDueLayouts
    }

    static let remakeWaitLimit = 4
    /// The least time (seconds) worth a slice, and what a slice leaves before the frame's start (the layer
    /// it is on when its time runs out, and measuring the bitmap's drawing, go past its deadline).
    static let minimumSlice = 0.0005
    static let sliceMargin = 0.002

    /// Makes a slice of the roots' bitmaps that `output`'s next frame would make (`remakeRoots`) now, while
    /// the frame thread waits for that frame's start at `deadline`: when they are whole, the frame only puts
    /// them in. A deferred client's 1,000 labels took 4–10 ms to build on this machine, on top of a frame
    /// drawing a well-behaved client's 1,000 animated layers: one such frame in ten missed its vblank.
    public func prepareRoots(output name: String, for vblank: Double, until deadline: Double, now: Double) {
        guard let f = outputFrames[name], f.remake != nil, f.remake?.made == nil,
              let display = output(name), display.state == .ready,
              keepsList(f, at: vblank) else { return }
        let time = min(deadline - now - Self.sliceMargin, 1)
        guard time >= Self.minimumSlice else { return }
        let stop = DispatchTime.now().uptimeNanoseconds + UInt64(time * 1e9)
        if case .made(let remade) = makeRoots(f, on: display, at: vblank, until: stop) { f.remake?.made = remade }
    }

    /// Where a list draws each root as its kept bitmap, when that is all it draws of it: a top-level
    /// command on no slot (a deferred client's root: `DrawListBuilder.emitLayer`), by the root. Found in one
    /// walk of the list (a client may attach thousands of roots).
    func rootBitmaps(in list: DrawList) -> [RasterOwner: Int] {
        var first: [RasterOwner: Int] = [:]
        for (i, command) in list.commands.enumerated() {
            guard case let .raster(_, _, content, _, _, _, _) = command, first[content.owner] == nil else { continue }
            // A bitmap on a slot is a moving layer's, not a root's as a whole (-1: none).
            first[content.owner] = i < list.commandMotion.count && list.commandMotion[i].isMoving ? -1 : i
        }
        return first.filter { $0.value >= 0 }
    }
}
