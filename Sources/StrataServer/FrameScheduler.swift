import Foundation

/// When to start the next frame, and for which vblank. Frames are started as late as is safe: at the
/// vblank minus the render budget, so a transaction that arrives shortly before a vblank still makes
/// it. A frame is only ever started for a vblank after the last one drawn for (one in flight at a time).
struct FrameScheduler {
    var clock: FrameClock
    var budget = RenderBudget()
    /// Starts every frame at its vblank, whatever the budget (the virtual clock: a frame drawn at an
    /// earlier virtual time would show before its vblank in a snapshot taken between the two).
    var startsAtVBlank = false
    /// The vblank the last frame was drawn for.
    private(set) var lastTarget: Double?

    init(clock: FrameClock) {
        self.clock = clock
    }

    struct Plan: Equatable {
        /// The vblank the frame is for (its animations are evaluated at this time).
        var vblank: Double
        /// When to start drawing it.
        var dispatch: Double
    }

    /// The frame to draw for something that must show as soon as possible, when it is `now`: the first
    /// vblank whose dispatch deadline has not passed, or, when the budget is over half a refresh, the first
    /// at least half a refresh away, started now (Mutter's frame clock: `min_render_time_allowed` is half a
    /// refresh at most). With slow frames in the budget's history, a frame that ended just past the next
    /// one's deadline made that vblank be skipped, though most frames take far less than the budget.
    func asSoonAsPossible(now: Double) -> Plan {
        let b = startsAtVBlank ? 0 : budget.budget(refresh: clock.interval)
        let needed = min(b, clock.interval / 2)
        var v = clock.nextVBlank(after: max(now, lastTarget ?? -.infinity))
        if v - needed < now { v += clock.interval }
        return Plan(vblank: v, dispatch: v - b)
    }

    /// The frame to draw for a change scheduled at `time` (an animation starting or ending): the first
    /// vblank after it, started at its deadline (or now, when that has passed).
    func forChange(at time: Double, now: Double) -> Plan {
        let b = startsAtVBlank ? 0 : budget.budget(refresh: clock.interval)
        let v = clock.nextVBlank(after: max(time, lastTarget ?? -.infinity))
        return Plan(vblank: v, dispatch: max(now, v - b))
    }

    /// A frame for `vblank` was drawn, taking `renderTime` seconds.
    mutating func drew(for vblank: Double, renderTime: Double) {
        lastTarget = vblank
        budget.record(renderTime)
    }
}
