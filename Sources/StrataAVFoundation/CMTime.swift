import Foundation

/// Core Media's rational time (a value over a timescale), as AVFoundation's API takes and gives it.
public struct CMTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var value: Int64
    public var timescale: Int32
    /// Invalid (`.invalid`) or indefinite (`.indefinite`) times carry no value.
    public var isValid: Bool
    public var isIndefinite: Bool

    public init(value: Int64, timescale: Int32) {
        self.value = value
        self.timescale = timescale
        isValid = timescale > 0
        isIndefinite = false
    }

    /// `seconds` rounded to `preferredTimescale` units.
    public init(seconds: Double, preferredTimescale: Int32) {
        guard seconds.isFinite, preferredTimescale > 0 else {
            self = .invalid
            return
        }
        self.init(value: Int64((seconds * Double(preferredTimescale)).rounded()), timescale: preferredTimescale)
    }

    public static let zero = CMTime(value: 0, timescale: 1)
    public static let invalid = CMTime(invalidWithIndefinite: false)
    public static let indefinite = CMTime(invalidWithIndefinite: true)
    public static let positiveInfinity = CMTime(invalidWithIndefinite: true)

    private init(invalidWithIndefinite indefinite: Bool) {
        value = 0
        timescale = 0
        isValid = indefinite
        isIndefinite = indefinite
    }

    /// The time in seconds (NaN when invalid or indefinite).
    public var seconds: Double { isValid && !isIndefinite && timescale > 0 ? Double(value) / Double(timescale) : .nan }

    /// The time in nanoseconds, for GStreamer (nil when it has none).
    var nanoseconds: Int64? {
        guard isValid, !isIndefinite, timescale > 0 else { return nil }
        return Int64((Double(value) / Double(timescale) * 1e9).rounded())
    }

    public static func < (l: CMTime, r: CMTime) -> Bool { l.seconds < r.seconds }
    public static func == (l: CMTime, r: CMTime) -> Bool {
        l.isValid == r.isValid && l.isIndefinite == r.isIndefinite && (!l.isValid || l.isIndefinite || l.seconds == r.seconds)
    }
    public func hash(into h: inout Hasher) { h.combine(isValid ? seconds : -1) }

    public var description: String { isValid ? (isIndefinite ? "CMTime(indefinite)" : "CMTime(\(value)/\(timescale) = \(seconds) s)") : "CMTime(invalid)" }
}

public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }
public func CMTimeMakeWithSeconds(_ seconds: Double, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}
public func CMTimeGetSeconds(_ time: CMTime) -> Double { time.seconds }
