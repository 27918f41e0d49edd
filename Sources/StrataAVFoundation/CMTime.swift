import Foundation

/// A `CMTime`'s numerator: a count of `timescale` units (Core Media's, a 64-bit integer).
public typealias CMTimeValue = Int64
/// A `CMTime`'s denominator: how many units make a second (Core Media's, a 32-bit integer; valid times have one
/// greater than 0).
public typealias CMTimeScale = Int32
/// A `CMTime`'s epoch, telling apart equal times in different passes (Core Media's, a 64-bit integer).
public typealias CMTimeEpoch = Int64

/// What a `CMTime` holds besides its numbers (Core Media's kCMTimeFlags_*, the same bits).
public struct CMTimeFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The time is valid (bit 0, kCMTimeFlags_Valid); without it the time is invalid whatever else is set.
    public static let valid = CMTimeFlags(rawValue: 1 << 0)
    /// The value was rounded by arithmetic or a conversion (bit 1, kCMTimeFlags_HasBeenRounded).
    public static let hasBeenRounded = CMTimeFlags(rawValue: 1 << 1)
    /// The time is +infinity, whatever its value and timescale (bit 2, kCMTimeFlags_PositiveInfinity).
    public static let positiveInfinity = CMTimeFlags(rawValue: 1 << 2)
    /// The time is −infinity, whatever its value and timescale (bit 3, kCMTimeFlags_NegativeInfinity).
    public static let negativeInfinity = CMTimeFlags(rawValue: 1 << 3)
    /// The time is indefinite (unknown, such as a live stream's duration) (bit 4, kCMTimeFlags_Indefinite).
    public static let indefinite = CMTimeFlags(rawValue: 1 << 4)
    /// The flags that stand for a value the numbers do not carry (the infinities, indefinite).
    public static let impliedValueFlagsMask: CMTimeFlags = [.positiveInfinity, .negativeInfinity, .indefinite]
}

/// The largest timescale arithmetic chooses (Core Media's kCMTimeMaxTimescale).
public var kCMTimeMaxTimescale: Int { 1_000_000_000 }

/// Core Media's rational time: `value / timescale` seconds, with Apple's stored fields. Arithmetic, comparison
/// and rounding follow Core Media's documented rules (CMTime+Arithmetic.swift, CMTime+Comparison.swift).
public struct CMTime: Sendable {
    /// The numerator: the time is `value / timescale` seconds when it is numeric.
    public var value: CMTimeValue
    /// The denominator: units per second (greater than 0 in a numeric time; 0 in the special times).
    public var timescale: CMTimeScale
    /// Whether the time is valid, rounded, infinite or indefinite.
    public var flags: CMTimeFlags
    /// Tells apart equal times in different passes (loops); compared before the value, never added across.
    public var epoch: CMTimeEpoch

    /// An invalid time (all zero), as Core Media's.
    public init() {
        self.init(value: 0, timescale: 0, flags: [], epoch: 0)
    }

    /// A time with these fields exactly as given (nothing is checked or normalised).
    public init(value: CMTimeValue, timescale: CMTimeScale, flags: CMTimeFlags, epoch: CMTimeEpoch) {
        self.value = value
        self.timescale = timescale
        self.flags = flags
        self.epoch = epoch
    }

    /// `value / timescale` seconds (CMTimeMake); a timescale of 0 or less makes an invalid time.
    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self.init(value: value, timescale: timescale, flags: timescale > 0 ? .valid : [], epoch: 0)
    }

    /// `seconds` in `preferredTimescale` units, rounded half away from zero (`hasBeenRounded` when that
    /// changed it); the timescale is halved while the value would not fit. NaN or a timescale of 0 or
    /// less is invalid, an infinity the infinity (CMTimeMakeWithSeconds).
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        guard !seconds.isNaN, preferredTimescale > 0 else {
            self = .invalid
            return
        }
        guard seconds.isFinite else {
            self = seconds > 0 ? .positiveInfinity : .negativeInfinity
            return
        }
        var scale = preferredTimescale
        while true {
            let exact = seconds * Double(scale)
            let rounded = exact.rounded()
            if let v = Int64(exactly: rounded) {
                self.init(value: v, timescale: scale, flags: rounded == exact ? .valid : [.valid, .hasBeenRounded], epoch: 0)
                return
            }
            guard scale > 1 else {
                self = exact > 0 ? .positiveInfinity : .negativeInfinity
                return
            }
            scale /= 2
        }
    }

    /// Zero seconds: 0/1, valid (kCMTimeZero).
    public static let zero = CMTime(value: 0, timescale: 1)
    /// The invalid time: every field zero, no flags (kCMTimeInvalid).
    public static let invalid = CMTime()
    /// An unknown time: valid and `.indefinite`, value and timescale 0 (kCMTimeIndefinite).
    public static let indefinite = CMTime(value: 0, timescale: 0, flags: [.valid, .indefinite], epoch: 0)
    /// +infinity: valid and `.positiveInfinity`, value and timescale 0 (kCMTimePositiveInfinity).
    public static let positiveInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .positiveInfinity], epoch: 0)
    /// −infinity: valid and `.negativeInfinity`, value and timescale 0 (kCMTimeNegativeInfinity).
    public static let negativeInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .negativeInfinity], epoch: 0)

    /// Whether the `.valid` flag is set.
    public var isValid: Bool { flags.contains(.valid) }
    /// Whether the time is valid and +infinity.
    public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }
    /// Whether the time is valid and −infinity.
    public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }
    /// Whether the time is valid and indefinite.
    public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }
    /// Valid and neither infinite nor indefinite: `value / timescale` means something.
    public var isNumeric: Bool { isValid && flags.intersection(.impliedValueFlagsMask).isEmpty }
    /// Whether the time is numeric and its `.hasBeenRounded` flag is set.
    public var hasBeenRounded: Bool { isNumeric && flags.contains(.hasBeenRounded) }

    /// The time in seconds: NaN when invalid or indefinite, ±infinity for the infinities (CMTimeGetSeconds).
    public var seconds: Double {
        if isPositiveInfinity { return .infinity }
        if isNegativeInfinity { return -.infinity }
        guard isNumeric, timescale > 0 else { return .nan }
        return Double(value) / Double(timescale)
    }

    /// The time in nanoseconds, for GStreamer (nil when not numeric).
    var nanoseconds: Int64? {
        guard isNumeric, timescale > 0 else { return nil }
        return Int64(exactly: (Double(value) / Double(timescale) * 1e9).rounded())
    }
}

extension CMTime: CustomStringConvertible {
    /// As CMTimeShow prints it: "{1/2 = 0.500}", "{INVALID}", "{+INFINITY}", "{-INFINITY}", "{INDEFINITE}".
    public var description: String {
        if !isValid { return "{INVALID}" }
        if isPositiveInfinity { return "{+INFINITY}" }
        if isNegativeInfinity { return "{-INFINITY}" }
        if isIndefinite { return "{INDEFINITE}" }
        let s = String(format: "%.3f", seconds)
        return "{\(value)/\(timescale) = \(s)\(hasBeenRounded ? ", rounded" : "")\(epoch != 0 ? ", epoch \(epoch)" : "")}"
    }
}
