import Foundation

/// Core Media's time range: a start and a duration, its end their exact sum.
public struct CMTimeRange: Hashable, Sendable, CustomStringConvertible {
    public var start: CMTime
    public var duration: CMTime

    /// An invalid range, as Core Media's (both times invalid).
    public init() {
        self.init(start: .invalid, duration: .invalid)
    }

    public init(start: CMTime, duration: CMTime) {
        self.start = start
        self.duration = duration
    }

    /// From `start` to `end` (CMTimeRangeFromTimeToTime): the duration is their exact difference.
    public init(start: CMTime, end: CMTime) {
        self.init(start: start, duration: end - start)
    }

    public static let zero = CMTimeRange(start: .zero, duration: .zero)
    public static let invalid = CMTimeRange()

    public var end: CMTime { start + duration }
    /// Both times valid, the duration not negative and in epoch 0 (CMTIMERANGE_IS_VALID).
    public var isValid: Bool { start.isValid && duration.isValid && duration.epoch == 0 && duration.value >= 0 }
    public var isIndefinite: Bool { isValid && (start.isIndefinite || duration.isIndefinite) }
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

public func CMTimeRangeMake(start: CMTime, duration: CMTime) -> CMTimeRange { CMTimeRange(start: start, duration: duration) }
public func CMTimeRangeFromTimeToTime(start: CMTime, end: CMTime) -> CMTimeRange { CMTimeRange(start: start, end: end) }
public func CMTimeRangeGetEnd(_ range: CMTimeRange) -> CMTime { range.end }
public func CMTimeRangeContainsTime(_ range: CMTimeRange, time: CMTime) -> Bool { range.containsTime(time) }
public func CMTimeRangeContainsTimeRange(_ range: CMTimeRange, otherRange: CMTimeRange) -> Bool { range.containsTimeRange(otherRange) }
public func CMTimeRangeEqual(_ range1: CMTimeRange, _ range2: CMTimeRange) -> Bool { range1 == range2 }
public func CMTimeRangeGetUnion(_ range: CMTimeRange, otherRange: CMTimeRange) -> CMTimeRange { range.union(otherRange) }
public func CMTimeRangeGetIntersection(_ range: CMTimeRange, otherRange: CMTimeRange) -> CMTimeRange { range.intersection(otherRange) }
public func CMTIMERANGE_IS_VALID(_ range: CMTimeRange) -> Bool { range.isValid }
public func CMTIMERANGE_IS_INVALID(_ range: CMTimeRange) -> Bool { !range.isValid }
public func CMTIMERANGE_IS_INDEFINITE(_ range: CMTimeRange) -> Bool { range.isIndefinite }
public func CMTIMERANGE_IS_EMPTY(_ range: CMTimeRange) -> Bool { range.isEmpty }

public let kCMTimeRangeZero = CMTimeRange.zero
public let kCMTimeRangeInvalid = CMTimeRange.invalid
