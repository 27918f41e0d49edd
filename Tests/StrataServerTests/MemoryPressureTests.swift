import Foundation
@testable import StrataServer
import Testing

/// When the server drops its caches: PSI's stall share or little memory available, at most once per
/// quiet interval, sampled only while caches hold something (or woken by a PSI trigger).
@Suite struct MemoryPressureTests {
    static let calm = "some avg10=0.00 avg60=0.00 avg300=0.00 total=0\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"
    static let stalled = "some avg10=12.50 avg60=3.00 avg300=1.00 total=991\nfull avg10=4.00 avg60=1.00 avg300=0.20 total=300\n"
    static func meminfo(available: Int) -> String { "MemTotal:       1000000 kB\nMemFree:          10 kB\nMemAvailable:   \(available) kB\n" }

    @Test func readingsParseAndPressureIsAStallOrLittleMemory() {
        let calm = MemoryPressureWatch.parse(psi: Self.calm, meminfo: Self.meminfo(available: 500_000))
        #expect(calm == .init(stalledPercent: 0, availableBytes: 500_000 * 1024, totalBytes: 1_000_000 * 1024))
        #expect(!MemoryPressureWatch.isPressure(calm))
        #expect(MemoryPressureWatch.isPressure(MemoryPressureWatch.parse(psi: Self.stalled, meminfo: nil)))
        #expect(MemoryPressureWatch.isPressure(MemoryPressureWatch.parse(psi: nil, meminfo: Self.meminfo(available: 49_999))))
        #expect(!MemoryPressureWatch.isPressure(MemoryPressureWatch.parse(psi: nil, meminfo: Self.meminfo(available: 50_000))))
        #expect(!MemoryPressureWatch.isPressure(MemoryPressureWatch.parse(psi: "garbage", meminfo: "")))
    }

    @Test func samplingDropsOncePerQuietIntervalAndOnlyWhileCachesHoldSomething() {
        final class Source: @unchecked Sendable { var psi = MemoryPressureTests.calm; var reads = 0 }
        let source = Source()
        let watch = MemoryPressureWatch(read: { source.reads += 1; return MemoryPressureWatch.parse(psi: source.psi, meminfo: nil) },
                                        trigger: false)
        #expect(watch.fd == nil)
        #expect(!watch.shouldDrop(now: 0, triggered: false, holdsCaches: true))
        #expect(watch.wakeTime(holdsCaches: true) == MemoryPressureWatch.sampleInterval && watch.wakeTime(holdsCaches: false) == nil)
        source.psi = Self.stalled
        #expect(!watch.shouldDrop(now: 1, triggered: false, holdsCaches: true), "not due yet")
        #expect(!watch.shouldDrop(now: 6, triggered: false, holdsCaches: false), "nothing to drop: not even read")
        #expect(source.reads == 1)
        #expect(watch.shouldDrop(now: 6, triggered: false, holdsCaches: true))
        #expect(!watch.shouldDrop(now: 12, triggered: true, holdsCaches: true), "within the quiet interval")
        #expect(watch.shouldDrop(now: 16.5, triggered: true, holdsCaches: true), "a trigger needs no reading")
    }
}
