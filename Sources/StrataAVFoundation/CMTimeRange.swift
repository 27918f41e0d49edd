import Foundation

/// Core Media's time range: a start and a duration.
public struct CMTimeRange: Hashable, Sendable, CustomStringConvertible {
    public var start: CMTime
    public var duration: CMTime

    public init(start: CMTime, duration: CMTime) {
        self.start = start
        self.duration = duration
    }

    public init(start: CMTime, end: CMTime) {
        self.init(start: start, duration: CMTime(seconds: end.seconds - start.seconds, preferredTimescale: max(start.timescale, end.timescale, 1)))
    }

    public static let zero = CMTimeRange(start: .zero, duration: .zero)
    public static let invalid = CMTimeRange(start: .invalid, duration: .invalid)

    public var end: CMTime { CMTime(seconds: start.seconds + duration.seconds, preferredTimescale: max(start.timescale, duration.timescale, 1)) }
    public var isValid: Bool { start.isValid && !start.isIndefinite && duration.isValid && !duration.isIndefinite && duration.value >= 0 }
    public var isEmpty: Bool { isValid && duration.value == 0 }

    /// Whether `time` is at or after the start and before the end.
    public func containsTime(_ time: CMTime) -> Bool { isValid && time >= start && time < end }

    public var description: String { "CMTimeRange(start: \(start), duration: \(duration))" }
}

public func CMTimeRangeMake(start: CMTime, duration: CMTime) -> CMTimeRange { CMTimeRange(start: start, duration: duration) }
