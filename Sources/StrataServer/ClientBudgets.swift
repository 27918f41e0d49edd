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
/// interval, and one client's updates (applying its commits) cost at least `dominantShare` of what all
/// clients' updates cost, and at least `sustainedShare` of the interval in half its recent frames, while
/// another client has layers on screen, that client is degraded: its commits are applied only every second frame,
/// then every fourth, at most every `maxEvery`-th (its animations run on; its changes show later and
/// together). Once `calmFrames` frames in a row stay under `calmShare` of the interval, every degraded
/// client's interval halves, back to every frame; so does, after `window` frames in a row, a degraded
/// client's whose updates have cost at most `minorShare` of all clients' updates.
struct ClientBudgets {
    struct Client: Equatable {
        /// Milliseconds a frame, averaged.
        var cost = 0.0
        /// The part of it its own updates cause (applying its commits), averaged: what deferring its
        /// updates can save. A client that only animates costs frames too, but deferring it saves nothing.
        var updates = 0.0
        /// Its commits are applied on frames whose number this divides (1: every frame).
        var every = 1
        /// Frames in a row, while deferred, in which its updates were a minor share of all clients'.
        var minorFrames = 0
        /// Its updates in its last `window` frames that could apply them (not frozen), newest last.
        var recentUpdates: [Double] = []

        /// Whether its updates cost at least `floor` ms in half its recent frames or more: what deferring
        /// can save again and again, not one large commit (an app's first scene) that is over already.
        func updatesSustained(floor: Double) -> Bool {
            recentUpdates.filter { $0 >= floor }.count * 2 >= ClientBudgets.window
        }
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
    /// A deferred client whose updates cost at most this share of all clients' for `window` frames is restored.
    static let minorShare = 0.25
    /// A client is deferred only while its updates cost at least this share of the refresh interval in
    /// half its recent frames (`Client.updatesSustained`): an app whose first commit built 1,000 layers
    /// at start-up, while the first frames were late anyway, was deferred for seconds, its animations
    /// drawn through a bitmap made again every frame.
    static let sustainedShare = 0.05
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

    /// The clients whose updates are deferred now.
    var deferred: Set<UInt32> { Set(clients.filter { $0.value.every > 1 }.keys) }

    mutating func remove(_ client: UInt32) { clients[client] = nil }

    /// Defers `client` to every `every`-th frame (what `record` decides; tests set it directly).
    mutating func `defer`(_ client: UInt32, every: Int) { clients[client, default: Client()].every = max(1, every) }

    /// Records a frame: its CPU milliseconds, the refresh interval's, and each client's cost in it (clients
    /// with layers on screen, or commits applied). Returns the clients whose interval changed.
    /// `frozen`: deferred clients this frame applied nothing of (drawn from kept bitmaps): their averages
    /// stay those of their own frames, or deferring a client would make it look cheap and undo itself.
    /// `updates`: the part of each cost its own commits caused (nil: all of it).
    mutating func record(frame: Double, interval: Double, costs: [UInt32: Double], updates: [UInt32: Double]? = nil,
                         frozen: Set<UInt32> = []) -> [Change] {
        for (id, cost) in costs where !frozen.contains(id) {
            let update = updates.map { $0[id] ?? 0 } ?? cost
            var c = clients[id] ?? Client(cost: cost)
            c.cost += (cost - c.cost) * Self.weight
            c.updates += (update - c.updates) * Self.weight
            c.recentUpdates.append(update)
            if c.recentUpdates.count > Self.window { c.recentUpdates.removeFirst() }
            clients[id] = c
        }
        // A client that drew nothing this frame costs nothing in it.
        for id in clients.keys where costs[id] == nil && !frozen.contains(id) {
            clients[id]?.cost *= 1 - Self.weight
            clients[id]?.updates *= 1 - Self.weight
        }
        let over = frame > Self.overShare * interval
        recentOver.append(over)
        if recentOver.count > Self.window { recentOver.removeFirst() }
        calm = frame < Self.calmShare * interval ? calm + 1 : 0

        var changes: [Change] = []
        // A deferred client whose updates have cost little for a while, late frames or not (deferred for
        // its first commits, or since another client became the cause), is given its frames back, a step
        // at a time.
        let updatesTotal = clients.values.reduce(0) { $0 + $1.updates }
        for (id, c) in clients where c.every > 1 {
            let minor = c.updates <= Self.minorShare * updatesTotal
            clients[id]?.minorFrames = minor ? c.minorFrames + 1 : 0
            if minor, c.minorFrames + 1 >= Self.window {
                clients[id]?.every = c.every / 2
                clients[id]?.minorFrames = 0
                changes.append(Change(client: id, every: c.every / 2, cost: c.cost, frame: frame))
            }
        }
        if calm >= Self.calmFrames {
            calm = 0
            for (id, c) in clients where c.every > 1 && !changes.contains(where: { $0.client == id }) {
                clients[id]?.every = c.every / 2
                changes.append(Change(client: id, every: c.every / 2, cost: c.cost, frame: frame))
            }
            return changes
        }
        guard recentOver.filter({ $0 }).count >= Self.overFrames, costs.count >= 2 else { return changes }
        // Deferring helps only against what updates cost: the client whose updates cost the most is the one.
        let total = clients.values.reduce(0) { $0 + $1.updates }
        guard total > 0, let (id, worst) = clients.max(by: { $0.value.updates < $1.value.updates }),
              worst.updates >= Self.dominantShare * total,
              worst.updatesSustained(floor: Self.sustainedShare * interval) else { return changes }
        if worst.every < Self.maxEvery, !changes.contains(where: { $0.client == id }) {
            clients[id]?.every = worst.every * 2
            changes.append(Change(client: id, every: worst.every * 2, cost: worst.cost, frame: frame))
        }
        // The next frames show what the change did before anything else changes.
        if !changes.isEmpty { recentOver.removeAll() }
        return changes
    }
}
