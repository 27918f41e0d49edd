import Foundation
@testable import StrataServer
import Testing

/// The frame clock (the vblank grid from the mode and the presentation timestamps), the render budget
/// and the late-dispatch scheduler, with chosen times.
@Suite struct FrameSchedulerTests {
    static let hz60 = 1.0 / 60

    @Test func theGridComesFromTheModeThenFromTheTimestamps() {
        var clock = FrameClock(interval: 0.02, lastVBlank: 1.0)             // a 50 Hz mode
        #expect(clock.nextVBlank(after: 1.0) == 1.02)
        #expect(abs(clock.nextVBlank(after: 1.031) - 1.04) < 1e-12)
        #expect(abs(clock.nextVBlank(after: 0.995) - 1.0) < 1e-12)         // grid points before the last one too
        // The display actually refreshes every 20.5 ms: after four measured intervals the clock follows it.
        for i in 1...3 { #expect(clock.presented(timestamp: 1.0 + 0.0205 * Double(i), sequence: UInt64(i), now: 5) == nil) }
        #expect(clock.interval == 0.02)                                      // sequence 1 had no predecessor
        #expect(clock.presented(timestamp: 1.0 + 0.0205 * 4, sequence: 4, now: 5) == nil)
        #expect(clock.presented(timestamp: 1.0 + 0.0205 * 5, sequence: 5, now: 5) == nil)
        #expect(abs(clock.interval - 0.0205) < 1e-9)
        // Two refreshes between events (a skipped vblank) measure the same interval.
        #expect(clock.presented(timestamp: 1.0 + 0.0205 * 7, sequence: 7, now: 5) == nil)
        #expect(abs(clock.interval - 0.0205) < 1e-9)
    }

    @Test func aZeroOrBackwardsTimestampFallsBackToTheClockAndIsReportedOnce() {
        var clock = FrameClock(interval: Self.hz60, lastVBlank: 2.0)
        let warning = clock.presented(timestamp: 0, sequence: 9, now: 2.1)
        #expect(warning?.contains("vblank timestamp 0.0") == true)
        #expect(clock.lastVBlank == 2.1)
        #expect(clock.presented(timestamp: 1.5, sequence: 10, now: 2.2) == nil)  // backwards: logged already
        #expect(clock.lastVBlank == 2.2)
        #expect(clock.interval == Self.hz60)                                     // bad stamps measure nothing
    }

    @Test func theBudgetIsTheWorstRecentFramePlusAMarginWithinOneRefresh() {
        var budget = RenderBudget()
        #expect(budget.budget(refresh: 0.016) == 0.016 * 0.875)                // nothing measured yet
        budget.record(0.004)
        budget.record(0.006)
        budget.record(0.003)
        #expect(abs(budget.budget(refresh: 0.016) - 0.008) < 1e-12)
        budget.record(0.05)
        #expect(budget.budget(refresh: 0.016) == 0.016)                         // never more than a refresh
        var quick = RenderBudget()
        quick.record(0)
        #expect(quick.budget(refresh: 0.016) == 0.002)
        // Only the last 16 frames count.
        for _ in 0..<16 { budget.record(0.001) }
        #expect(abs(budget.budget(refresh: 0.016) - 0.003) < 1e-12)
    }

    @Test func framesSlowNowAndThenOverTheLastFourSecondsKeepTheBudgetUp() {
        // 4 ms frames, every 40th taking 12 ms: 6 of the last 240, none of the last 16.
        var budget = RenderBudget()
        for i in 1...240 { budget.record(i % 40 == 0 ? 0.012 : 0.004) }
        for _ in 0..<16 { budget.record(0.004) }
        #expect(abs(budget.budget(refresh: 0.016) - 0.014) < 1e-12)
        // One slow frame among them (the 5th slowest counts): the recent frames decide once it is 16 back.
        var once = RenderBudget()
        once.record(0.05)
        for _ in 0..<239 { once.record(0.004) }
        #expect(abs(once.budget(refresh: 0.016) - 0.006) < 1e-12)
        // Five slow frames out of 240 do count.
        var five = RenderBudget()
        for i in 0..<240 { five.record(i < 5 ? 0.010 : 0.004) }
        #expect(abs(five.budget(refresh: 0.016) - 0.012) < 1e-12)
    }

    /// A 60 Hz grid from t = 0 whose frames take 4 ms: the budget is 6 ms.
    func scheduler() -> FrameScheduler {
        var s = FrameScheduler(clock: FrameClock(interval: Self.hz60, lastVBlank: 0))
        s.drew(for: 0, renderTime: 0.004)
        return s
    }

    @Test func aTransactionBeforeTheDeadlineMakesTheNextVBlankAndOneAfterItTheFollowing() {
        let s = scheduler()
        let v1 = Self.hz60, deadline = v1 - 0.006
        // 10 ms after the vblank at 0: still before 16.7 − 6 = 10.7 ms.
        #expect(s.asSoonAsPossible(now: 0.010) == .init(vblank: v1, dispatch: deadline))
        // 11 ms: too late for 16.7 ms; the frame is for 33.3 ms, started 6 ms before it.
        let late = s.asSoonAsPossible(now: 0.011)
        #expect(abs(late.vblank - 2 * Self.hz60) < 1e-12 && abs(late.dispatch - (2 * Self.hz60 - 0.006)) < 1e-12)
    }

    /// With a budget over half a refresh (slow frames lately), a frame is still started for the next vblank
    /// while half a refresh is left, as Mutter's frame clock does; with less, it is for the one after.
    @Test func withASlowBudgetAFrameIsStartedLateWhileHalfARefreshIsLeft() {
        var s = FrameScheduler(clock: FrameClock(interval: Self.hz60, lastVBlank: 0))
        s.drew(for: 0, renderTime: 0.013) // budget 15 ms
        let v1 = Self.hz60
        #expect(s.asSoonAsPossible(now: 0.001) == .init(vblank: v1, dispatch: v1 - 0.015))
        // 8.5 ms left: past the 15 ms deadline, not past half a refresh (8.33 ms).
        let late = s.asSoonAsPossible(now: v1 - 0.0085)
        #expect(late == .init(vblank: v1, dispatch: v1 - 0.015))
        // 8 ms left: the vblank after.
        let later = s.asSoonAsPossible(now: v1 - 0.008)
        #expect(abs(later.vblank - 2 * Self.hz60) < 1e-12 && abs(later.dispatch - (2 * Self.hz60 - 0.015)) < 1e-12)
    }

    @Test func oneFrameInFlightNeverTwoForTheSameVBlank() {
        var s = scheduler()
        let first = s.asSoonAsPossible(now: 0.002)
        s.drew(for: first.vblank, renderTime: 0.004)
        // Something changes again right away: the next frame is for the vblank after the one just drawn for.
        let next = s.asSoonAsPossible(now: first.dispatch + 0.0001)
        #expect(abs(next.vblank - (first.vblank + Self.hz60)) < 1e-12)
    }

    /// A vblank computed from the grid, fed back in, is never taken for the one after itself (rounding),
    /// even when the next frame is planned exactly at its deadline.
    @Test func theVBlankAfterAGridPointIsTheNextOneDespiteRounding() {
        for base in [10.0, 10.006333333333334, 12.3456, 100_000.3] {
            let clock = FrameClock(interval: Self.hz60, lastVBlank: base)
            var v = base
            for _ in 0..<2000 {
                let next = clock.nextVBlank(after: v)
                #expect(abs(next - v - Self.hz60) < 1e-6, "\(next) after \(v)")
                v = next
            }
        }
        var s = FrameScheduler(clock: FrameClock(interval: Self.hz60, lastVBlank: 10.073))
        s.drew(for: 10.073 + Self.hz60, renderTime: 0)
        let plan = s.asSoonAsPossible(now: 10.073 + Self.hz60 - 0.002)
        #expect(abs(plan.vblank - (10.073 + 2 * Self.hz60)) < 1e-9)
    }

    @Test func aScheduledChangeIsDrawnForTheFirstVBlankAfterIt() {
        let s = scheduler()
        let plan = s.forChange(at: 0.5, now: 0.1)
        #expect(abs(plan.vblank - 31 * Self.hz60) < 1e-9)                  // the first vblank strictly after 0.5 (vblank 30)
        #expect(abs(plan.dispatch - (31 * Self.hz60 - 0.006)) < 1e-9)
        // A change whose deadline has passed starts now.
        #expect(s.forChange(at: 0.5, now: 0.515).dispatch == 0.515)
    }
}
