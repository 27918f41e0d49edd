import Foundation

/// CMTime boxed in an NSValue, as AVFoundation's image generator takes its times. Stored as three integers
/// (value, timescale, flags: 1 valid, 16 indefinite): Foundation on Linux cannot box a struct.
extension NSValue {
    public convenience init(time: CMTime) {
        var fields: (Int64, Int64, Int64) = (time.value, Int64(time.timescale), (time.isValid ? 1 : 0) | (time.isIndefinite ? 16 : 0))
        self.init(bytes: &fields, objCType: "[3q]")
    }

    /// The time boxed by `init(time:)` (`.invalid` for any other value).
    public var timeValue: CMTime {
        guard String(cString: objCType) == "[3q]" else { return .invalid }
        var fields: (Int64, Int64, Int64) = (0, 0, 0)
        getValue(&fields)
        if fields.2 & 16 != 0 { return .indefinite }
        guard fields.2 & 1 != 0, let timescale = Int32(exactly: fields.1), timescale > 0 else { return .invalid }
        return CMTime(value: fields.0, timescale: timescale)
    }
}
