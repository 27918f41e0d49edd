import Foundation

/// CMTime and CMTimeRange boxed in an NSValue, as AVFoundation takes and gives them (image generator
/// times, boundary observer times, loaded time ranges). Stored as integers (value, timescale, flags, epoch
/// per time): Foundation on Linux cannot box a struct.
extension NSValue {
    /// A value boxing `time` (its value, timescale, flags and epoch as four integers), read back by `timeValue`.
    public convenience init(time: CMTime) {
        var fields = Self.fields(time)
        self.init(bytes: &fields, objCType: "[4q]")
    }

    /// A value boxing `timeRange` (its start's and duration's fields as eight integers), read back by
    /// `timeRangeValue`.
    public convenience init(timeRange: CMTimeRange) {
        var fields = (Self.fields(timeRange.start), Self.fields(timeRange.duration))
        self.init(bytes: &fields, objCType: "[8q]")
    }

    /// The time boxed by `init(time:)` (`.invalid` for any other value).
    public var timeValue: CMTime {
        guard String(cString: objCType) == "[4q]" else { return .invalid }
        var fields: (Int64, Int64, Int64, Int64) = (0, 0, 0, 0)
        getValue(&fields)
        return Self.time(fields)
    }

    /// The range boxed by `init(timeRange:)` (`.invalid` for any other value).
    public var timeRangeValue: CMTimeRange {
        guard String(cString: objCType) == "[8q]" else { return .invalid }
        var fields: ((Int64, Int64, Int64, Int64), (Int64, Int64, Int64, Int64)) = ((0, 0, 0, 0), (0, 0, 0, 0))
        getValue(&fields)
        return CMTimeRange(start: Self.time(fields.0), duration: Self.time(fields.1))
    }

    private static func fields(_ t: CMTime) -> (Int64, Int64, Int64, Int64) {
        (t.value, Int64(t.timescale), Int64(t.flags.rawValue), t.epoch)
    }

    private static func time(_ f: (Int64, Int64, Int64, Int64)) -> CMTime {
        guard let timescale = Int32(exactly: f.1), let flags = UInt32(exactly: f.2) else { return .invalid }
        return CMTime(value: f.0, timescale: timescale, flags: CMTimeFlags(rawValue: flags), epoch: f.3)
    }
}
