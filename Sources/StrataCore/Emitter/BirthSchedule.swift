import Foundation

/// A stretch of constant birth rate in a `BirthSchedule`. Particle `firstIndex + i` (i = 0, 1, …, up to the
/// next segment's first index) is born at `start + i / rate`.
public struct BirthSegment: Equatable, Sendable {
    /// When the rate took this value.
    public var begin: Double
    /// Birth time of `firstIndex` (at or after `begin`; equal to it when the rate is 0).
    public var start: Double
    /// Particles per second; 0 emits nothing.
    public var rate: Double
    public var firstIndex: UInt32

    public init(begin: Double, start: Double, rate: Double, firstIndex: UInt32) {
        self.begin = begin; self.start = start; self.rate = rate; self.firstIndex = firstIndex
    }

    /// Birth time of the particle `offset` places after `firstIndex`.
    @inlinable public func birthTime(offset: Double) -> Double { start + offset / rate }

    /// How many particles this segment has born strictly before `time`: the i ≥ 0 with start + i/rate < time.
    public func births(before time: Double) -> UInt64 {
        guard rate > 0 else { return 0 }
        let e = (time - start) * rate
        return e > 0 ? UInt64(min(e.rounded(.up), 4e18)) : 0
    }
}

/// The births of one cell's particle stream under one emitter, as piecewise-constant rate segments, so the
/// particles alive at any time are found in O(segments) and each particle's birth time is a closed form.
///
/// The rule when the rate changes at time T: the old segment keeps the particles it bore before T (n of
/// them), and the new one starts at index `first + n`, so no index is reused or skipped. Births keep their
/// phase: the count born so far, C(T) = first + (T − start)·rate, is a fraction, and the next index,
/// ⌈C(T)⌉, is born after the rest of its unit at the new rate, at T + (⌈C(T)⌉ − C(T)) / newRate (a rate
/// animated frame by frame then emits at the integrated rate, not once per frame). After a rate of 0 the
/// next particle is born at once. Indices are UInt32 and wrap after 2³² births; a particle's identity
/// (and so its random numbers) repeats then, long after it died.
public struct BirthSchedule: Equatable, Sendable {
    public private(set) var segments: [BirthSegment]

    /// A stream emitting `rate` per second from `time`, its first particle born at `time`.
    public init(rate: Double, at time: Double) {
        segments = [BirthSegment(begin: time, start: time, rate: max(0, rate), firstIndex: 0)]
    }

    /// The current rate (that of the last segment).
    public var rate: Double { segments.last?.rate ?? 0 }

    /// Changes the rate from `time` on (a time before the last change counts as that change's time). A
    /// negative or non-finite rate counts as 0; the same rate changes nothing.
    public mutating func setRate(_ newRate: Double, at time: Double) {
        let r = newRate.isFinite ? max(0, newRate) : 0
        guard let last = segments.last, r != last.rate else { return }
        let t = max(time, last.begin)
        let n = last.births(before: t)
        let first = last.firstIndex &+ UInt32(truncatingIfNeeded: n)
        var start = t
        if r > 0, last.rate > 0 {
            // The unborn rest of the next particle's unit, C(T) rounded up minus C(T), at the new rate.
            let e = (t - last.start) * last.rate
            start = t + (Double(n) - e) / r
        }
        segments.append(BirthSegment(begin: t, start: start, rate: r, firstIndex: first))
    }

    /// How many indices segment `i` owns; nil for the last (it is still growing).
    public func count(ofSegment i: Int) -> UInt32? {
        guard i + 1 < segments.count else { return nil }
        return segments[i + 1].firstIndex &- segments[i].firstIndex
    }

    /// Birth time of particle `index`; nil when no segment kept holds it (not yet scheduled at any rate,
    /// or pruned). For the last segment every later index counts as scheduled.
    public func birthTime(of index: UInt32) -> Double? {
        for i in segments.indices {
            let s = segments[i], offset = index &- s.firstIndex
            guard s.rate > 0 else { continue }
            if let n = count(ofSegment: i), offset >= n { continue }
            return s.birthTime(offset: Double(offset))
        }
        return nil
    }

    /// Consecutive indices `first, first + 1, …` (wrapping) of one segment.
    public struct IndexRange: Equatable, Sendable {
        public var segment: Int
        public var first: UInt32
        public var count: UInt32

        public init(segment: Int, first: UInt32, count: UInt32) {
            self.segment = segment; self.first = first; self.count = count
        }
    }

    /// The indices possibly alive at `time` when no particle lives `horizon` seconds or more: those born
    /// in (time − horizon, time], and at most one more at each end of a segment's run. O(segments).
    public func candidates(at time: Double, horizon: Double) -> [IndexRange] {
        var out: [IndexRange] = []
        for i in segments.indices {
            let s = segments[i]
            guard s.rate > 0, time >= s.start else { continue }
            var hi = ((time - s.start) * s.rate).rounded(.down)
            if let n = count(ofSegment: i) { hi = min(hi, Double(n) - 1) }
            let lo = max(0, ((time - horizon - s.start) * s.rate).rounded(.down))
            guard lo <= hi, hi - lo < Double(UInt32.max), lo < 9e18 else { continue }
            let first = s.firstIndex &+ UInt32(truncatingIfNeeded: Int64(lo))
            out.append(IndexRange(segment: i, first: first, count: UInt32(hi - lo + 1)))
        }
        return out
    }

    /// Drops the segments that can no longer hold a particle alive at `time` or later: those whose
    /// successor began at or before `time − horizon`. The last segment always stays.
    public mutating func prune(at time: Double, horizon: Double) {
        var drop = 0
        while drop + 1 < segments.count, segments[drop + 1].begin <= time - horizon { drop += 1 }
        segments.removeFirst(drop)
    }
}
