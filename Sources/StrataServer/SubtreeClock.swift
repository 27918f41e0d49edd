import StrataCore

/// How one subtree's time relates to global time during a frame's evaluation: the local time its
/// animations see (nil when a layer above is inactive), how fast it runs, and whether it is affine in
/// global time (false under a cycling layer in its active interval, where time loops).
struct SubtreeClock {
    var time: Double?
    var rate: Double
    var affine: Bool

    static func global(_ t: Double) -> SubtreeClock { SubtreeClock(time: t, rate: 1, affine: true) }

    /// The clock of a layer with `timing` below this one. A cycling layer that hasn't begun asks for a
    /// frame when it begins (when that moment maps to global time).
    func child(_ timing: LayerTiming, evaluationTime: Double, schedule: inout Compositor.Schedule) -> SubtreeClock {
        guard let parentTime = time else { return SubtreeClock(time: nil, rate: 0, affine: affine) }
        if timing.isIdentity { return self }
        let local = timing.activeLocal(fromParent: parentTime)
        guard timing.cycles else { return SubtreeClock(time: local, rate: rate * timing.speed, affine: affine) }
        switch timing.phase(atParent: parentTime) {
        case .active:
            return SubtreeClock(time: local, rate: rate * timing.speed, affine: false)
        case .before:
            if affine, rate > 0 { schedule.noteChange(at: evaluationTime + (timing.beginTime - parentTime) / rate) }
            return SubtreeClock(time: local, rate: 0, affine: affine)
        case .after:
            return SubtreeClock(time: local, rate: 0, affine: affine)
        }
    }
}
