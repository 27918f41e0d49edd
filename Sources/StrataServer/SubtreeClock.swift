import StrataCore

/// How one subtree's time relates to global time during a frame's evaluation: the local time its
/// animations see (nil when a layer above is inactive), how fast it runs, and whether it is affine in
/// global time (false under a cycling layer in its active interval, where time loops).
struct SubtreeClock {
    var time: Double?
    var rate: Double
    var affine: Bool
    /// How much later (or earlier) than `time` replicators above show the subtree's copies.
    var spread = TimeSpread()
    /// How many differently timed copies of the subtree replicators above draw (1 without any).
    var copies = 1

    static func global(_ t: Double) -> SubtreeClock { SubtreeClock(time: t, rate: 1, affine: true) }

    /// The clock of a layer with `timing` below this one. A cycling layer that hasn't begun asks for a
    /// frame when it begins (when that moment maps to global time).
    func child(_ timing: LayerTiming, evaluationTime: Double, schedule: inout Compositor.Schedule) -> SubtreeClock {
        guard let parentTime = time else { return SubtreeClock(time: nil, rate: 0, affine: affine, spread: spread, copies: copies) }
        if timing.isIdentity { return self }
        let local = timing.activeLocal(fromParent: parentTime)
        let scaled = spread.scaled(by: timing.speed)
        guard timing.cycles else { return SubtreeClock(time: local, rate: rate * timing.speed, affine: affine, spread: scaled, copies: copies) }
        switch timing.phase(atParent: parentTime) {
        case .active:
            return SubtreeClock(time: local, rate: rate * timing.speed, affine: false, spread: scaled, copies: copies)
        case .before:
            if affine, rate > 0 { schedule.noteChange(at: evaluationTime + (timing.beginTime - parentTime) / rate) }
            return SubtreeClock(time: local, rate: 0, affine: affine, spread: scaled, copies: copies)
        case .after:
            return SubtreeClock(time: local, rate: 0, affine: affine, spread: scaled, copies: copies)
        }
    }
}

/// A range of time shifts (local seconds): the copies of a replicator with an instance delay see their
/// animations from `lower` to `upper` later than the original (0…0 without replicators).
struct TimeSpread: Equatable {
    var lower = 0.0, upper = 0.0

    func widened(by span: Double) -> TimeSpread {
        TimeSpread(lower: lower + min(0, span), upper: upper + max(0, span))
    }

    func scaled(by speed: Double) -> TimeSpread {
        speed >= 0 ? TimeSpread(lower: lower * speed, upper: upper * speed) : TimeSpread(lower: upper * speed, upper: lower * speed)
    }
}
