import Foundation

/// Per-client render budgets: what each client's layers cost the frames, and which clients' updates are
/// deferred so that the others' frames stay on time (docs/security.md, *Render budgets*).
///
/// A client's cost in a frame is the time spent applying its commits, evaluating its animations and
/// building its layers' draw commands (measured), plus the frame's GL time split between clients by the
/// draw commands each one's layers added (an estimate: commands differ in cost). Each client keeps an
/// average over about the last eight frames.
///
/// When at least `overFrames` of the last `window` frames took more than `overShare` of the refresh
/// interval, and one client's average is at least `dominantShare` of all clients' costs while another
/// client has layers on screen, that client is degraded: its commits are applied only every second frame,
/// then every fourth, at most every `maxEvery`-th (its animations run on; its changes show later and
/// together). Once `calmFrames` frames in a row stay under `calmShare` of the interval, every degraded
/// client's interval halves, back to every frame; so does a degraded client's whose share has fallen below
/// `minorShare` while another client makes the frames late.
struct ClientBudgets {
    struct Client: Equatable {
        /// Milliseconds a frame, averaged.
        var cost = 0.0
        /// Its commits are applied on frames whose number this divides (1: every frame).
        var every = 1
    }

    /// A change of one client's interval, for the log and the client's stats.
    struct Change: Equatable {
        var client: UInt32
        var every: Int
        var cost: Double
        var frame: Double
    }

    static let window = 8
    static let overFrames = 4
    static let overShare = 0.75
    static let dominantShare = 0.5
    /// A deferred client whose share falls below this while others make frames late is restored.
    static let minorShare = 0.25
    static let maxEvery = 8
    static let calmFrames = 120
    static let calmShare = 0.5
    /// The average's weight for a new frame.
    static let weight = 1.0 / 8

    private(set) var clients: [UInt32: Client] = [:]
    private var recentOver: [Bool] = []
    private var calm = 0

    /// Whether `client`'s commits are applied in frame number `frame`.
    func applies(_ client: UInt32, frame: UInt64) -> Bool {
        let every = clients[client]?.every ?? 1
        return every <= 1 || frame % UInt64(every) == 0
    }

    func every(_ client: UInt32) -> Int { clients[client]?.every ?? 1 }

    mutating func remove(_ client: UInt32) { clients[client] = nil }

    /// Defers `client` to every `every`-th frame (what `record` decides; tests set it directly).
    mutating func `defer`(_ client: UInt32, every: Int) { clients[client, default: Client()].every = max(1, every) }

    /// Records a frame: its CPU milliseconds, the refresh interval's, and each client's cost in it (clients
    /// with layers on screen, or commits applied). Returns the clients whose interval changed.
    mutating func record(frame: Double, interval: Double, costs: [UInt32: Double]) -> [Change] {
        for (id, cost) in costs {
            var c = clients[id] ?? Client(cost: cost)
            c.cost += (cost - c.cost) * Self.weight
            clients[id] = c
        }
        // A client that drew nothing this frame costs nothing in it.
        for id in clients.keys where costs[id] == nil { clients[id]?.cost *= 1 - Self.weight }
        let over = frame > Self.overShare * interval
        recentOver.append(over)
        if recentOver.count > Self.window { recentOver.removeFirst() }
        calm = frame < Self.calmShare * interval ? calm + 1 : 0

        var changes: [Change] = []
        if calm >= Self.calmFrames {
            calm = 0
            for (id, c) in clients where c.every > 1 {
                clients[id]?.every = c.every / 2
                changes.append(Change(client: id, every: c.every / 2, cost: c.cost, frame: frame))
            }
            return changes
        }
        guard recentOver.filter({ $0 }).count >= Self.overFrames, costs.count >= 2 else { return [] }
        let total = clients.values.reduce(0) { $0 + $1.cost }
        guard total > 0, let (id, worst) = clients.max(by: { $0.value.cost < $1.value.cost }),
              worst.cost >= Self.dominantShare * total else { return [] }
        // Frames are late because of another client now: one deferred earlier whose share is small is
        // given its frames back, a step at a time.
        for (other, c) in clients where other != id && c.every > 1 && c.cost < Self.minorShare * total {
            clients[other]?.every = c.every / 2
            changes.append(Change(client: other, every: c.every / 2, cost: c.cost, frame: frame))
        }
        if worst.every < Self.maxEvery {
            clients[id]?.every = worst.every * 2
            changes.append(Change(client: id, every: worst.every * 2, cost: worst.cost, frame: frame))
        }
        // The next frames show what the change did before anything else changes.
        if !changes.isEmpty { recentOver.removeAll() }
        return changes
    }
}
