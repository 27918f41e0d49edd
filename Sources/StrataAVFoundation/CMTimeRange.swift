import Foundation

/// Core Media's time range: a start and a duration, its end their exact sum.
public struct CMTimeRange: Hashable, Sendable, CustomStringConvertible {
    /// Where the range begins (included).
    public var start: CMTime
    /// How long the range is; a valid range's is not negative and in epoch 0.
    public var duration: CMTime

    /// An invalid range, as Core Media's (both times invalid).
    public init() {
        self.init(start: .invalid, duration: .invalid)
    }

    /// A range from `start` lasting `duration`, stored as given (see `isValid`).
    public init(start: CMTime, duration: CMTime) {
        self.start = start
        self.duration = duration
    }

    /// From `start` to `end` (CMTimeRangeFromTimeToTime): the duration is their exact difference.
    public init(start: CMTime, end: CMTime) {
        self.init(start: start, duration: end - start)
    }

    /// The empty range at zero: start and duration `CMTime.zero` (kCMTimeRangeZero).
    public static let zero = CMTimeRange(start: .zero, duration: .zero)
    /// The invalid range: start and duration `CMTime.invalid` (kCMTimeRangeInvalid).
    public static let invalid = CMTimeRange()

    /// The first time after the range: `start + duration`, exact (CMTimeRangeGetEnd).
    public var end: CMTime { start + duration }
    /// Both times valid, the duration not negative and in epoch 0 (CMTIMERANGE_IS_VALID).
    public var isValid: Bool { start.isValid && duration.isValid && duration.epoch == 0 && duration.value >= 0 }
    /// Whether the range is valid and its start or duration is indefinite (CMTIMERANGE_IS_INDEFINITE).
    public var isIndefinite: Bool { isValid && (start.isIndefinite || duration.isIndefinite) }
    /// Whether the range is valid and its duration is zero, at any timescale (CMTIMERANGE_IS_EMPTY).
    public var isEmpty: Bool { isValid && duration == .zero }

    /// Whether `time` is at or after the start and before the end.
    public func containsTime(_ time: CMTime) -> Bool { time >= start && time < end }

    /// Whether `range` lies within this range (its end included).
    public func containsTimeRange(_ range: CMTimeRange) -> Bool { range.start >= start && range.end <= end }

    /// The range covering both.
    public func union(_ otherRange: CMTimeRange) -> CMTimeRange {
        CMTimeRange(start: CMTimeMinimum(start, otherRange.start), end: CMTimeMaximum(end, otherRange.end))
    }

    /// The range both cover (empty at the later start when they do not meet).
    public func intersection(_ otherRange: CMTimeRange) -> CMTimeRange {
        let s = CMTimeMaximum(start, otherRange.start), e = CMTimeMinimum(end, otherRange.end)
        return e < s ? CMTimeRange(start: s, duration: .zero) : CMTimeRange(start: s, end: e)
    }

    public var description: String { "{\(start), \(duration)}" }
}

/// A range from `start` lasting `duration`, as `CMTimeRange(start:duration:)`.
public func CMTimeRangeMake(start: CMTime, duration: CMTime) -> CMTimeRange { CMTimeRange(start: start, duration: duration) }
/// A range from `start` to `end`, its duration their exact difference, as `CMTimeRange(start:end:)`.
public func CMTimeRangeFromTimeToTime(start: CMTime, end: CMTime) -> CMTimeRange { CMTimeRange(start: start, end: end) }
/// The range's end, `start + duration` (`range.end`).
public func CMTimeRangeGetEnd(_ range: CMTimeRange) -> CMTime { range.end }
/// Whether `time` is at or after the range's start and before its end (`range.containsTime(_:)`).
public func CMTimeRangeContainsTime(_ range: CMTimeRange, time: CMTime) -> Bool { range.containsTime(time) }
/// Whether `otherRange` lies within `range`, ends included (`range.containsTimeRange(_:)`).
public func CMTimeRangeContainsTimeRange(_ range: CMTimeRange, otherRange: CMTimeRange) -> Bool { range.containsTimeRange(otherRange) }
/// Whether the two ranges have equal starts and durations, compared as `CMTimeCompare` does (1/2 equals 2/4).
public func CMTimeRangeEqual(_ range1: CMTimeRange, _ range2: CMTimeRange) -> Bool { range1 == range2 }
/// The smallest range covering both, from the earlier start to the later end (`range.union(_:)`).
public func CMTimeRangeGetUnion(_ range: CMTimeRange, otherRange: CMTimeRange) -> CMTimeRange { range.union(otherRange) }
/// The range both cover, or an empty range at the later start when they do not meet (`range.intersection(_:)`).
public func CMTimeRangeGetIntersection(_ range: CMTimeRange, otherRange: CMTimeRange) -> CMTimeRange { range.intersection(otherRange) }
/// Whether both times are valid and the duration is not negative and in epoch 0 (`range.isValid`).
public func CMTIMERANGE_IS_VALID(_ range: CMTimeRange) -> Bool { range.isValid }
/// Whether the range is not valid (not `range.isValid`).
public func CMTIMERANGE_IS_INVALID(_ range: CMTimeRange) -> Bool { !range.isValid }
/// Whether the range is valid and its start or duration is indefinite (`range.isIndefinite`).
public func CMTIMERANGE_IS_INDEFINITE(_ range: CMTimeRange) -> Bool { range.isIndefinite }
/// Whether the range is valid with a zero duration (`range.isEmpty`).
public func CMTIMERANGE_IS_EMPTY(_ range: CMTimeRange) -> Bool { range.isEmpty }

/// The empty range at zero (`CMTimeRange.zero`).
public let kCMTimeRangeZero = CMTimeRange.zero
/// The invalid range (`CMTimeRange.invalid`).
public let kCMTimeRangeInvalid = CMTimeRange.invalid
