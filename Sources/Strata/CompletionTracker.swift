import Foundation
import StrataCore

/// Transaction completion blocks, each waiting for exactly the animations added while its transaction
/// (or a transaction nested in it) was open: it runs once every one of them has stopped (finished,
/// removed or replaced), or right after the commit when there were none. With a render server the stops
/// are the server's events; without one, the animations' computed end times.
enum CompletionTracker {
    final class Group {
        let block: @MainActor @Sendable () -> Void
        /// Serials of the entries not stopped yet.
        var outstanding: Set<UInt64>
        init(block: @escaping @MainActor @Sendable () -> Void, outstanding: Set<UInt64>) {
            self.block = block
            self.outstanding = outstanding
        }
    }

    nonisolated(unsafe) private static var groups: [Group] = []

    /// Registers a committed transaction's block with the entries (layer, animation) it waits for.
    /// Called with the layer lock held, after the commit was handed to the connection (if any).
    static func register(_ block: @escaping @MainActor @Sendable () -> Void, entries: [(CALayer, CALayer.AnimationEntry)],
                         connection: StrataConnection?, now: Double) {
        // Animations replaced or removed before they were committed count as finished.
        let live = entries.filter { layer, entry in entry.committed && layer.animationEntries.contains { $0 === entry } }
        guard !live.isEmpty else {
            MainDelivery.async(block)
            return
        }
        if connection != nil {
            groups.append(Group(block: block, outstanding: Set(live.map(\.1.serial))))
            return
        }
        // No render server: the last end among the animations, in global time (never, if one is paused).
        var latest = now
        for (layer, entry) in live {
            guard entry.spec.timing.endTime.isFinite,
                  let end = layer.timeSpace(committed: true).global(fromLocal: entry.spec.timing.endTime) else { return }
            latest = max(latest, end)
        }
        MainDelivery.after(DispatchTime.now() + max(0, latest - now), block)
    }

    /// An animation stopped (server event, or its layer was freed): runs the blocks no longer waiting, on
    /// the main queue.
    static func stopped(_ entry: UInt64) {
        var ready: [Group] = []
        groups.removeAll { group in
            group.outstanding.remove(entry)
            if group.outstanding.isEmpty { ready.append(group); return true }
            return false
        }
        for g in ready { MainDelivery.async(g.block) }
    }
}
