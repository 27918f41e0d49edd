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
                "scroll_copied_pixels": summary(counters.map(\.scrollCopiedPixels)),
                "subtrees_culled": summary(counters.map(\.subtreesCulled)),
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
        percentiles(values, [p])[0]
    }

    static func percentile(sorted s: [Double], _ p: Double) -> Double {
        guard !s.isEmpty else { return 0 }
        return s[rank(of: p, count: s.count)]
    }

    /// The index of percentile `p` among `count` sorted values (nearest rank).
    private static func rank(of p: Double, count: Int) -> Int {
        min(count - 1, max(0, Int((p / 100 * Double(count - 1)).rounded())))
    }

    /// The percentiles `ps` (ascending) of `values`, as `percentile(sorted:)` gives them, found by selection
    /// rather than by sorting: `stats` asks for 23 of them over 1,024 frames each time a frame was drawn
    /// since the last request, on the frame thread.
    static func percentiles(_ values: [Double], _ ps: [Double]) -> [Double] {
        guard !values.isEmpty else { return ps.map { _ in 0 } }
        var a = values
        var low = 0
        return ps.map { p in
            let k = rank(of: p, count: a.count)
            // Everything before `low` is no greater than what is at `low` and after: select within the rest.
            select(&a, k, from: min(low, k))
            low = k
            return a[k]
        }
    }

    /// Puts the value that sorted order has at `k` there, no greater values before it and no smaller after
    /// it, looking only at `from...` (quickselect, median-of-three pivot).
    private static func select(_ a: inout [Double], _ k: Int, from start: Int) {
        var lo = start, hi = a.count - 1
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if a[mid] < a[lo] { a.swapAt(mid, lo) }
            if a[hi] < a[lo] { a.swapAt(hi, lo) }
            if a[hi] < a[mid] { a.swapAt(hi, mid) }
            let pivot = a[mid]
            var i = lo, j = hi
            while i <= j {
                while a[i] < pivot { i += 1 }
                while pivot < a[j] { j -= 1 }
                if i <= j { a.swapAt(i, j); i += 1; j -= 1 }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { return }
        }
    }

    var cpuPercentiles: [String: Double] {
        let p = Self.percentiles(cpu, [50, 90, 99])
        return ["p50": p[0], "p90": p[1], "p99": p[2]]
    }
    var framePercentiles: [String: Double] {
        let s = total
        let p = Self.percentiles(s, [50, 90, 99])
        return ["p50": p[0], "p90": p[1], "p99": p[2], "max": s.max() ?? 0]
    }

    /// The times between the primary output's frames on screen while something animated from one to the
    /// next (seconds; the last 4,096): what an animating client sees, late frames and missed vblanks included.
    private var intervals = Recent<Double>(capacity: 4096)

    /// Vblanks missed while something animated, since the server started: each interval's refreshes past the
    /// first (an interval of 2.4 refreshes missed 1). What a benchmark differences across a run.
    private(set) var missedVblanks = 0

    /// `interval` between two frames on screen while something animated, on an output refreshing every
    /// `refresh` seconds (0: unknown, no vblanks counted).
    mutating func presented(interval: Double, refresh: Double = 0) {
        guard interval.isFinite, interval >= 0 else { return }
        intervals.append(interval)
        if refresh > 0, refresh.isFinite { missedVblanks += max(0, Int((interval / refresh).rounded()) - 1) }
        memo = nil
    }

    var presentedIntervals: [String: Double] {
        let s = intervals.values.map { $0 * 1000 }
        let p = Self.percentiles(s, [50, 90, 99])
        return ["p50": p[0], "p90": p[1], "p99": p[2], "max": s.max() ?? 0, "count": Double(s.count),
                "missed_vblanks": Double(missedVblanks)]
    }

    /// What `strata stats` reports of the recent frames.
    struct Summary {
        var cpu: [String: Double], frame: [String: Double], phases: [String: Double], counters: [String: [String: Double]]
        var presented: [String: Double]
    }

    /// The summary, worked out once per frame recorded: it selects 23 percentiles of the 1,024 frames'
    /// values, and a `stats` request every 10 ms (the benchmarks' probe) spent a tenth of the frame thread
    /// on it when each was sorted.
    mutating func summary() -> Summary {
        if let memo, memo.frames == framesRendered { return memo.summary }
        let s = Summary(cpu: cpuPercentiles, frame: framePercentiles, phases: phaseMedians, counters: counterSummary,
                        presented: presentedIntervals)
        memo = (framesRendered, s)
        return s
    }
    private var memo: (frames: UInt64, summary: Summary)?
}
