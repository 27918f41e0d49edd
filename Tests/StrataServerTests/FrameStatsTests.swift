import Foundation
import StrataRender
@testable import StrataServer
import Testing

/// `strata stats`' percentiles are selected, not sorted: they must be the values a sort puts at each rank.
@Suite struct FrameStatsTests {
    @Test func selectedPercentilesAreTheSortedOnes() {
        var generator = SystemRandomNumberGenerator()
        for count in [1, 2, 3, 10, 1024, 4096] {
            for duplicates in [false, true] {
                let values = (0..<count).map { _ in
                    duplicates ? Double(Int.random(in: 0..<4, using: &generator)) : Double.random(in: 0..<40, using: &generator)
                }
                let sorted = values.sorted()
                let ps: [Double] = [0, 1, 50, 90, 99, 100]
                let selected = FrameStats.percentiles(values, ps)
                #expect(selected == ps.map { FrameStats.percentile(sorted: sorted, $0) }, "\(count) values, duplicates: \(duplicates)")
            }
        }
        #expect(FrameStats.percentiles([], [50, 99]) == [0, 0])
        // Nearest rank: the 50th percentile of 1…4 is the third value (rank 1.5 rounds to 2).
        #expect(FrameStats.percentile([4, 1, 3, 2], 50) == 3)
    }

    @Test func summaryReportsTheRecordedFrames() {
        var stats = FrameStats()
        for i in 1...100 {
            var phases = FrameStats.Phases()
            phases.submit = Double(i)
            stats.record(phases, RenderCounters())
            stats.presented(interval: Double(i) / 1000)
        }
        let summary = stats.summary()
        #expect(summary.frame["p50"] == 51)
        #expect(summary.frame["p99"] == 99)
        #expect(summary.frame["max"] == 100)
        #expect(abs((summary.presented["p90"] ?? 0) - 90) < 1e-9)
        #expect(summary.presented["count"] == 100)
        #expect(summary.presented["missed_vblanks"] == 0)
    }

    @Test func missedVblanksCountEachIntervalsRefreshesPastTheFirst() {
        var stats = FrameStats()
        let refresh = 1.0 / 60
        for interval in [refresh, refresh * 1.4, refresh * 2, refresh * 2.6, refresh * 5] { stats.presented(interval: interval, refresh: refresh) }
        #expect(stats.missedVblanks == 0 + 0 + 1 + 2 + 4)
        #expect(stats.summary().presented["missed_vblanks"] == 7)
    }
}
