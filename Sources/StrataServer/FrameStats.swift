import Foundation
import StrataRender

/// Per-frame timings kept in a ring buffer, with percentiles for `strata stats` and the benchmark.
struct FrameStats {
    /// Milliseconds spent in each part of one frame.
    struct Phases {
        var apply = 0.0, evaluate = 0.0, drawList = 0.0, submit = 0.0, present = 0.0
        var cpu: Double { apply + evaluate + drawList + submit }
        var total: Double { cpu + present }
    }

    /// One frame's record: its times and its GPU-side work.
    private struct Frame {
        var phases: Phases
        var work: RenderCounters
    }

    /// The last `capacity` values recorded, the oldest overwritten first (percentiles need no order).
    struct Recent<Element> {
        let capacity: Int
        private(set) var values: [Element] = []
        private var next = 0

        init(capacity: Int) { self.capacity = capacity }

        mutating func append(_ value: Element) {
            if values.count < capacity {
                values.append(value)
            } else {
                values[next] = value
                next = (next + 1) % capacity
            }
        }
    }

    private(set) var framesRendered: UInt64 = 0
    private var recent = Recent<Frame>(capacity: 1024)

    mutating func record(_ phases: Phases, _ work: RenderCounters) {
        framesRendered += 1
        recent.append(Frame(phases: phases, work: work))
    }

    private var frames: [Phases] { recent.values.map(\.phases) }
    private var counters: [RenderCounters] { recent.values.map(\.work) }

    /// The GPU-side work per frame (draw calls, offscreen passes, repainted pixels and rectangles, glyphs rasterised and
    /// drawn from the glyph cache): p50 and max of each.
    var counterSummary: [String: [String: Double]] {
        func summary(_ values: [Int]) -> [String: Double] {
            ["p50": Self.percentile(values.map(Double.init), 50), "max": Double(values.max() ?? 0)]
        }
        return ["draw_calls": summary(counters.map(\.drawCalls)),
                "offscreen_passes": summary(counters.map(\.offscreenPasses)),
                "offscreen_pixels": summary(counters.map(\.offscreenPixels)),
                "shadow_blurs": summary(counters.map(\.shadowBlurs)),
                "composites_kept": summary(counters.map(\.compositesKept)),
                "repainted_pixels": summary(counters.map(\.repaintedPixels)),
                "repaint_rects": summary(counters.map(\.repaintRects)),
                "glyphs_rasterized": summary(counters.map(\.glyphsRasterized)),
                "glyph_cache_hits": summary(counters.map(\.glyphCacheHits)),
                "motion_slots": summary(counters.map(\.motionSlots)),
                "draw_list_reused": summary(counters.map { $0.drawListReused ? 1 : 0 }),
                "cell_images_over_limit": summary(counters.map(\.cellImagesOverLimit))]
    }

    private var cpu: [Double] { frames.map(\.cpu) }
    private var total: [Double] { frames.map(\.total) }

    /// p50 of each phase, to see where server time goes.
    var phaseMedians: [String: Double] {
        ["apply_ms": Self.percentile(frames.map(\.apply), 50), "evaluate_ms": Self.percentile(frames.map(\.evaluate), 50),
         "draw_list_ms": Self.percentile(frames.map(\.drawList), 50), "gl_submit_ms": Self.percentile(frames.map(\.submit), 50),
         "present_ms": Self.percentile(frames.map(\.present), 50)]
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        percentile(sorted: values.sorted(), p)
    }

    static func percentile(sorted s: [Double], _ p: Double) -> Double {
        guard !s.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(s.count - 1)).rounded())
        return s[min(s.count - 1, max(0, rank))]
    }

    var cpuPercentiles: [String: Double] {
        let s = cpu.sorted()
        return ["p50": Self.percentile(sorted: s, 50), "p90": Self.percentile(sorted: s, 90), "p99": Self.percentile(sorted: s, 99)]
    }
    var framePercentiles: [String: Double] {
        let s = total.sorted()
        return ["p50": Self.percentile(sorted: s, 50), "p90": Self.percentile(sorted: s, 90), "p99": Self.percentile(sorted: s, 99),
                "max": s.last ?? 0]
    }

    /// The times between the primary output's frames on screen while something animated from one to the
    /// next (seconds; the last 4,096): what an animating client sees, late frames and missed vblanks included.
    private var intervals = Recent<Double>(capacity: 4096)

    mutating func presented(interval: Double) {
        guard interval.isFinite, interval >= 0 else { return }
        intervals.append(interval)
        memo = nil
    }

    var presentedIntervals: [String: Double] {
        let s = intervals.values.sorted().map { $0 * 1000 }
        return ["p50": Self.percentile(sorted: s, 50), "p90": Self.percentile(sorted: s, 90), "p99": Self.percentile(sorted: s, 99),
                "max": s.last ?? 0, "count": Double(s.count)]
    }

    /// What `strata stats` reports of the recent frames.
    struct Summary {
        var cpu: [String: Double], frame: [String: Double], phases: [String: Double], counters: [String: [String: Double]]
        var presented: [String: Double]
    }

    /// The summary, worked out once per frame recorded: it sorts the 1,024 frames' values 23 times, and a
    /// `stats` request every 10 ms (the benchmarks' probe) spent a tenth of the frame thread on it.
    mutating func summary() -> Summary {
        if let memo, memo.frames == framesRendered { return memo.summary }
        let s = Summary(cpu: cpuPercentiles, frame: framePercentiles, phases: phaseMedians, counters: counterSummary,
                        presented: presentedIntervals)
        memo = (framesRendered, s)
        return s
    }
    private var memo: (frames: UInt64, summary: Summary)?
}
