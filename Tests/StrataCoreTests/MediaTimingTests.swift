import Foundation
import Testing
import StrataCore

@Suite("MediaTiming (CAMediaTiming)")
struct MediaTimingTests {
    static func timing(begin: Double = 0, duration: Double = 1, speed: Double = 1, offset: Double = 0,
                       repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                       fill: FillMode = .removed) -> MediaTiming {
        var m = MediaTiming()
        m.beginTime = begin; m.duration = duration; m.speed = speed; m.timeOffset = offset
        m.repeatCount = repeatCount; m.repeatDuration = repeatDuration; m.autoreverses = autoreverses
        m.fillMode = fill
        return m
    }

    @Test func defaults() {
        let m = MediaTiming()
        #expect(m.beginTime == 0 && m.duration == 0 && m.speed == 1 && m.timeOffset == 0)
        #expect(m.repeatCount == 0 && m.repeatDuration == 0 && !m.autoreverses && m.fillMode == .removed)
    }

    @Test func zeroDurationMeansQuarterSecond() {
        let m = Self.timing(begin: 1, duration: 0)
        #expect(MediaTiming.defaultDuration == 0.25)
        #expect(m.simpleDuration == 0.25)
        #expect(m.activeDuration == 0.25)
        #expect(m.endTime == 1.25)
        #expect(m.probe(at: 1.125, removedOnCompletion: true) == Probe(fraction: 0.5, iteration: 0))
        #expect(Self.timing(duration: 3).simpleDuration == 3)
    }

    @Test func activeInterval() {
        let m = Self.timing(begin: 10, duration: 2)
        #expect(m.probe(at: 10, removedOnCompletion: true) == Probe(fraction: 0, iteration: 0))
        #expect(m.probe(at: 10.5, removedOnCompletion: true) == Probe(fraction: 0.25, iteration: 0))
        #expect(m.probe(at: 11, removedOnCompletion: true) == Probe(fraction: 0.5, iteration: 0))
        #expect(m.probe(at: 11.5, removedOnCompletion: true) == Probe(fraction: 0.75, iteration: 0))
    }

    @Test func phaseAndEndTime() {
        let m = Self.timing(begin: 2, duration: 3)
        #expect(m.endTime == 5)
        #expect(m.phase(at: 1.999) == .before)
        #expect(m.phase(at: 2) == .active)
        #expect(m.phase(at: 4.999) == .active)
        #expect(m.phase(at: 5) == .after)
        #expect(m.phase(at: 100) == .after)
        #expect(Self.timing(begin: 1, duration: 2, repeatCount: 3).endTime == 7)
        #expect(Self.timing(begin: 1, duration: 2, repeatCount: 3, autoreverses: true).endTime == 13)
        #expect(Self.timing(begin: 1, duration: 2, speed: 4).endTime == 1.5)
        #expect(Self.timing(begin: 1, duration: 2, speed: -4).endTime == 1.5)
        #expect(Self.timing(begin: 1, duration: 2, repeatDuration: 5).endTime == 6)
    }

    @Test func beforeBeginDependsOnFillMode() {
        let t = 4.0
        #expect(Self.timing(begin: 5, fill: .removed).probe(at: t, removedOnCompletion: true) == nil)
        #expect(Self.timing(begin: 5, fill: .forwards).probe(at: t, removedOnCompletion: false) == nil)
        #expect(Self.timing(begin: 5, fill: .backwards).probe(at: t, removedOnCompletion: true)
                == Probe(fraction: 0, iteration: 0))
        #expect(Self.timing(begin: 5, fill: .both).probe(at: t, removedOnCompletion: true)
                == Probe(fraction: 0, iteration: 0))
    }

    @Test func afterEndDependsOnFillModeAndRemovedOnCompletion() {
        let t = 3.0 // the animation ends at 2
        let end = Probe(fraction: 1, iteration: 0)
        #expect(Self.timing(begin: 1, fill: .forwards).probe(at: t, removedOnCompletion: true) == nil)
        #expect(Self.timing(begin: 1, fill: .both).probe(at: t, removedOnCompletion: true) == nil)
        #expect(Self.timing(begin: 1, fill: .removed).probe(at: t, removedOnCompletion: true) == nil)
        #expect(Self.timing(begin: 1, fill: .removed).probe(at: t, removedOnCompletion: false) == nil)
        #expect(Self.timing(begin: 1, fill: .backwards).probe(at: t, removedOnCompletion: false) == nil)
        #expect(Self.timing(begin: 1, fill: .forwards).probe(at: t, removedOnCompletion: false) == end)
        #expect(Self.timing(begin: 1, fill: .both).probe(at: t, removedOnCompletion: false) == end)
        // Exactly at the end time the animation is already over.
        #expect(Self.timing(begin: 1, fill: .forwards).probe(at: 2, removedOnCompletion: false) == end)
        #expect(Self.timing(begin: 1).probe(at: 2, removedOnCompletion: true) == nil)
    }

    @Test func repeatCountTwo() {
        let m = Self.timing(duration: 2, repeatCount: 2, fill: .forwards)
        #expect(m.endTime == 4)
        #expect(m.probe(at: 1, removedOnCompletion: true) == Probe(fraction: 0.5, iteration: 0))
        #expect(m.probe(at: 2, removedOnCompletion: true) == Probe(fraction: 0, iteration: 1))
        #expect(m.probe(at: 3, removedOnCompletion: true) == Probe(fraction: 0.5, iteration: 1)) // t = 1.5·d
        #expect(m.probe(at: 3.5, removedOnCompletion: true) == Probe(fraction: 0.75, iteration: 1))
        // Held at the end of the last iteration, not the start of a third.
        #expect(m.probe(at: 10, removedOnCompletion: false) == Probe(fraction: 1, iteration: 1))
    }

    @Test func fractionalRepeatCountEndsMidCycle() {
        let m = Self.timing(duration: 2, repeatCount: 1.5, fill: .forwards)
        #expect(m.endTime == 3)
        #expect(m.probe(at: 2.5, removedOnCompletion: false) == Probe(fraction: 0.25, iteration: 1))
        #expect(m.probe(at: 5, removedOnCompletion: false) == Probe(fraction: 0.5, iteration: 1))
    }

    @Test func repeatDuration() {
        let m = Self.timing(duration: 1, repeatDuration: 2.5, fill: .forwards)
        #expect(m.activeDuration == 2.5)
        #expect(m.probe(at: 2.25, removedOnCompletion: false) == Probe(fraction: 0.25, iteration: 2))
        #expect(m.probe(at: 9, removedOnCompletion: false) == Probe(fraction: 0.5, iteration: 2))
        #expect(m.probe(at: 9, removedOnCompletion: true) == nil)
    }

    @Test func autoreversesPlaysBackward() {
        let m = Self.timing(duration: 1, autoreverses: true)
        #expect(m.cycleDuration == 2)
        #expect(m.endTime == 2)
        #expect(m.probe(at: 0.25, removedOnCompletion: true) == Probe(fraction: 0.25, iteration: 0))
        #expect(m.probe(at: 1, removedOnCompletion: true) == Probe(fraction: 1, iteration: 0))
        #expect(m.probe(at: 1.25, removedOnCompletion: true) == Probe(fraction: 0.75, iteration: 0))
        #expect(m.probe(at: 1.5, removedOnCompletion: true) == Probe(fraction: 0.5, iteration: 0))
    }

    @Test func autoreversesRepeatCountOneEndsAtStartValue() {
        // §6.3: with autoreverses, repeatCount 1.0 ends at the start value.
        let m = Self.timing(duration: 1, repeatCount: 1, autoreverses: true, fill: .forwards)
        #expect(m.endTime == 2)
        #expect(m.probe(at: 2, removedOnCompletion: false) == Probe(fraction: 0, iteration: 0))
        #expect(m.probe(at: 50, removedOnCompletion: false) == Probe(fraction: 0, iteration: 0))
        let justBefore = m.probe(at: 1.999, removedOnCompletion: false)
        #expect(justBefore.map { abs($0.fraction - 0.001) < 1e-9 && $0.iteration == 0 } == true)
    }

    @Test func autoreversesRepeatCountOneAndAHalfEndsAtEndValue() {
        // §6.3: with autoreverses, repeatCount 1.5 ends at the end value.
        let m = Self.timing(duration: 1, repeatCount: 1.5, autoreverses: true, fill: .forwards)
        #expect(m.endTime == 3)
        #expect(m.probe(at: 2.5, removedOnCompletion: false) == Probe(fraction: 0.5, iteration: 1))
        #expect(m.probe(at: 3, removedOnCompletion: false) == Probe(fraction: 1, iteration: 1))
        #expect(m.probe(at: 30, removedOnCompletion: false) == Probe(fraction: 1, iteration: 1))
    }

    @Test func speedTwoHalvesTheTime() {
        let m = Self.timing(begin: 1, duration: 1, speed: 2, fill: .forwards)
        #expect(m.endTime == 1.5)
        #expect(m.probe(at: 1.25, removedOnCompletion: true) == Probe(fraction: 0.5, iteration: 0))
        #expect(m.probe(at: 1.125, removedOnCompletion: true) == Probe(fraction: 0.25, iteration: 0))
        #expect(m.phase(at: 1.5) == .after)
        #expect(m.probe(at: 1.5, removedOnCompletion: false) == Probe(fraction: 1, iteration: 0))
    }

    @Test func speedZeroPausesAtTimeOffset() {
        // §6.4 pause: speed 0 and timeOffset = the paused local time.
        let m = Self.timing(duration: 4, speed: 0, offset: 1)
        #expect(m.endTime == .infinity)
        for t in [0.0, 1, 100] {
            #expect(m.phase(at: t) == .active)
            #expect(m.probe(at: t, removedOnCompletion: true) == Probe(fraction: 0.25, iteration: 0))
        }
    }

    @Test func timeOffsetWrapsInsideTheActiveDuration() throws {
        // §6.3: duration 5, timeOffset 2 → plays local 2…5, then wraps to 0…2.
        let m = Self.timing(duration: 5, offset: 2)
        #expect(m.endTime == 5)
        let s0 = try #require(m.probe(at: 0, removedOnCompletion: true))
        #expect(abs(s0.fraction - 0.4) <= 1e-12 && s0.iteration == 0)
        let s1 = try #require(m.probe(at: 1.5, removedOnCompletion: true))
        #expect(abs(s1.fraction - 0.7) <= 1e-12)
        let s2 = try #require(m.probe(at: 2.9, removedOnCompletion: true))
        #expect(abs(s2.fraction - 0.98) <= 1e-12)
        let s3 = try #require(m.probe(at: 3, removedOnCompletion: true))
        #expect(abs(s3.fraction - 0) <= 1e-12)
        let s4 = try #require(m.probe(at: 3.5, removedOnCompletion: true))
        #expect(abs(s4.fraction - 0.1) <= 1e-12 && s4.iteration == 0)
        let s5 = try #require(m.probe(at: 4.9, removedOnCompletion: true))
        #expect(abs(s5.fraction - 0.38) <= 1e-12)
        #expect(m.probe(at: 5, removedOnCompletion: true) == nil)
    }

    @Test func infiniteRepeatCountNeverEnds() {
        let m = Self.timing(begin: 1, duration: 1, repeatCount: .infinity)
        #expect(m.activeDuration == .infinity)
        #expect(m.endTime == .infinity)
        #expect(m.phase(at: 1e12) == .active)
        #expect(m.probe(at: 1_000_001.25, removedOnCompletion: true) == Probe(fraction: 0.25, iteration: 1_000_000))
        let pulse = Self.timing(duration: 1, repeatCount: .infinity, autoreverses: true)
        #expect(pulse.probe(at: 1001.25, removedOnCompletion: true) == Probe(fraction: 0.75, iteration: 500))
        #expect(pulse.probe(at: 1002.5, removedOnCompletion: true) == Probe(fraction: 0.5, iteration: 501))
    }

    @Test func fillModeNames() {
        for mode in FillMode.allCases { #expect(FillMode(name: mode.name) == mode) }
        #expect(FillMode(name: "forwards") == .forwards)
        #expect(FillMode(name: "kCAFillModeForwards") == nil)
        #expect(FillMode.allCases.map(\.name) == ["removed", "forwards", "backwards", "both"])
    }
}

/// A comparable copy of `MediaTiming.Sample` (whose memberwise initialiser is internal to StrataCore).
struct Probe: Equatable, CustomStringConvertible {
    var fraction: Double
    var iteration: Double
    var description: String { "(fraction: \(fraction), iteration: \(iteration))" }
}

extension MediaTiming {
    func probe(at t: Double, removedOnCompletion: Bool) -> Probe? {
        sample(at: t, removedOnCompletion: removedOnCompletion).map { Probe(fraction: $0.fraction, iteration: $0.iteration) }
    }
}
