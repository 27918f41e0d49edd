import Foundation

/// Per-frame timings kept in a ring buffer, with percentiles for `strata stats` and the benchmark.
struct FrameStats {
    private(set) var framesRendered: UInt64 = 0
    private var cpu: [Double] = []
    private var total: [Double] = []
    private var next = 0
    private let capacity = 1024

    mutating func record(cpuMilliseconds: Double, frameMilliseconds: Double) {
        framesRendered += 1
        if cpu.count < capacity {
            cpu.append(cpuMilliseconds); total.append(frameMilliseconds)
        } else {
            cpu[next] = cpuMilliseconds; total[next] = frameMilliseconds
            next = (next + 1) % capacity
        }
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let s = values.sorted()
        let rank = Int((p / 100 * Double(s.count - 1)).rounded())
        return s[min(s.count - 1, max(0, rank))]
    }

    var cpuPercentiles: [String: Double] { ["p50": Self.percentile(cpu, 50), "p90": Self.percentile(cpu, 90), "p99": Self.percentile(cpu, 99)] }
    var framePercentiles: [String: Double] { ["p50": Self.percentile(total, 50), "p90": Self.percentile(total, 90), "p99": Self.percentile(total, 99)] }
}
