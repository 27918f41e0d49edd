import Foundation
import Testing
import StrataCore

@Suite("Emitter birth schedule")
struct EmitterScheduleTests {
    @Test func rateChangeKeepsIndicesAndPhase() throws {
        var s = BirthSchedule(rate: 10, at: 0)
        #expect(s.birthTime(of: 0) == 0 && s.birthTime(of: 2) == 0.2)
        s.setRate(4, at: 0.25)
        // Indices 0, 1, 2 were born before 0.25 (C = 2.5); index 3 needs the other half unit at rate 4.
        #expect(s.segments[1] == BirthSegment(begin: 0.25, start: 0.375, rate: 4, firstIndex: 3))
        #expect(s.count(ofSegment: 0) == 3 && s.count(ofSegment: 1) == nil)
        #expect(s.birthTime(of: 2) == 0.2 && s.birthTime(of: 3) == 0.375 && s.birthTime(of: 4) == 0.625)
        s.setRate(0, at: 1)
        #expect(s.segments[2] == BirthSegment(begin: 1, start: 1, rate: 0, firstIndex: 6))
        #expect(s.birthTime(of: 6) == nil)
        s.setRate(2, at: 2)
        #expect(s.segments[3] == BirthSegment(begin: 2, start: 2, rate: 2, firstIndex: 6))
        #expect(s.birthTime(of: 6) == 2 && s.birthTime(of: 7) == 2.5)
        s.setRate(2, at: 3)
        #expect(s.segments.count == 4)
    }

    /// Rates changed every frame: every index belongs to exactly one segment, births are strictly
    /// increasing, each lies inside its segment's time, and the count born by time T is ⌈∫rate⌉.
    @Test func framewiseRatesNeverReuseOrSkipIndices() {
        let frame = 1.0 / 64
        let rates = (0..<200).map { 7.0 + 13.0 * abs(sin(Double($0) * 0.37)) }
        var s = BirthSchedule(rate: rates[0], at: 0)
        for f in 1..<rates.count { s.setRate(rates[f], at: Double(f) * frame) }
        var last = -1.0, expected: UInt32 = 0
        for i in 0..<(s.segments.count - 1) {
            let seg = s.segments[i], next = s.segments[i + 1]
            #expect(seg.firstIndex == expected)
            let n = s.count(ofSegment: i) ?? 0
            for k in 0..<n {
                let b = seg.birthTime(offset: Double(k))
                #expect(b > last && b >= seg.begin && b < next.begin)
                #expect(s.birthTime(of: seg.firstIndex + k) == b)
                last = b
            }
            expected = seg.firstIndex + n
        }
        let integral = rates.dropLast().reduce(0) { $0 + $1 * frame }
        let end = Double(rates.count - 1) * frame
        #expect(integral.rounded(.up) != integral)
        #expect(Double(s.segments[s.segments.count - 1].firstIndex) == integral.rounded(.up))
        #expect(s.segments.last?.begin == end)
    }

    @Test func candidatesCoverTheLiveWindow() {
        let s = BirthSchedule(rate: 10, at: 0)
        // Born in (2.05, 3.05]: indices 21…30, widened by one at the low end.
        #expect(s.candidates(at: 3.05, horizon: 1) == [.init(segment: 0, first: 20, count: 11)])
        #expect(s.candidates(at: -1, horizon: 1).isEmpty)
        var t = BirthSchedule(rate: 10, at: 0)
        t.setRate(0, at: 1)
        t.setRate(5, at: 2)
        #expect(t.candidates(at: 2.5, horizon: 2) == [.init(segment: 0, first: 5, count: 5), .init(segment: 2, first: 10, count: 3)])
        #expect(t.candidates(at: 5, horizon: 0.5) == [.init(segment: 2, first: 22, count: 4)])
    }

    @Test func pruneDropsSegmentsWithoutLiveParticles() {
        var s = BirthSchedule(rate: 10, at: 0)
        s.setRate(5, at: 1)
        s.setRate(8, at: 2)
        s.prune(at: 2.5, horizon: 1.5)
        #expect(s.segments.map(\.begin) == [1, 2])
        s.prune(at: 3.5, horizon: 1.5)
        #expect(s.segments.map(\.begin) == [2])
        s.prune(at: 100, horizon: 1)
        #expect(s.segments.map(\.begin) == [2])
    }

    @Test func indicesWrapModulo2To32() {
        var s = BirthSchedule(rate: 1e9, at: 0)
        s.setRate(2, at: 5)
        // 5·10⁹ births wrap once: 5 000 000 000 − 4 294 967 296.
        #expect(s.segments[1].firstIndex == 705_032_704)
        #expect(s.birthTime(of: 705_032_705) == 5.5)
    }

    @Test func negativeOrNonFiniteRateEmitsNothing() {
        var s = BirthSchedule(rate: -3, at: 0)
        #expect(s.rate == 0 && s.candidates(at: 10, horizon: 10).isEmpty)
        s.setRate(.nan, at: 1)
        #expect(s.segments.count == 1)
    }
}
