import Foundation

// Core Media's C functions over CMTime, as Swift imports them.

/// `value / timescale` seconds in epoch 0, as `CMTime(value:timescale:)`; a timescale of 0 or less makes an
/// invalid time.
public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }
/// `value / timescale` seconds in `epoch`; a timescale of 0 or less makes an invalid time.
public func CMTimeMakeWithEpoch(value: Int64, timescale: Int32, epoch: Int64) -> CMTime {
    CMTime(value: value, timescale: timescale, flags: timescale > 0 ? .valid : [], epoch: epoch)
}
/// `seconds` at `preferredTimescale`, as `CMTime(seconds:preferredTimescale:)`: rounded half away from zero,
/// the timescale halved while the value would not fit; NaN or a timescale of 0 or less gives an invalid time.
public func CMTimeMakeWithSeconds(_ seconds: Float64, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}
/// The time in seconds, as `time.seconds`: NaN when invalid or indefinite, ±infinity for the infinities.
public func CMTimeGetSeconds(_ time: CMTime) -> Float64 { time.seconds }
/// The sum `lhs + rhs`, exact where the timescales allow (see `CMTime`'s `+`).
public func CMTimeAdd(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs + rhs }
/// The difference `lhs - rhs` (see `CMTime`'s `-`).
public func CMTimeSubtract(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs - rhs }
/// -1, 0 or 1 as `time1` is before, equal to or after `time2`: −infinity < numeric times (by epoch, then exact
/// value, whatever the timescales: 1/2 equals 2/4) < indefinite < +infinity < invalid.
public func CMTimeCompare(_ time1: CMTime, _ time2: CMTime) -> Int32 { CMTime.order(time1, time2) }
/// The earlier of the two times in `CMTimeCompare`'s order (`time1` when they are equal).
public func CMTimeMinimum(_ time1: CMTime, _ time2: CMTime) -> CMTime { CMTime.order(time1, time2) <= 0 ? time1 : time2 }
/// The later of the two times in `CMTimeCompare`'s order (`time1` when they are equal).
public func CMTimeMaximum(_ time1: CMTime, _ time2: CMTime) -> CMTime { CMTime.order(time1, time2) >= 0 ? time1 : time2 }
/// The time in `newTimescale` units rounded by `method`, as `time.convertScale(_:method:)`: a time that is not
/// numeric is returned as it is, a timescale of 0 or less gives an invalid time, an overflow an infinity.
public func CMTimeConvertScale(_ time: CMTime, timescale newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
    time.convertScale(newTimescale, method: method)
}

/// −infinity becomes +infinity; a numeric time its magnitude (Int64.min's overflows to +infinity).
public func CMTimeAbsoluteValue(_ time: CMTime) -> CMTime {
    if time.isNegativeInfinity { return .positiveInfinity }
    guard time.isNumeric, time.value < 0 else { return time }
    guard time.value != .min else { return .positiveInfinity }
    var t = time
    t.value = -time.value
    return t
}

/// Same timescale, halved while the product overflows (±infinity past 1); infinities take the sign of the product.
public func CMTimeMultiply(_ time: CMTime, multiplier: Int32) -> CMTime {
    guard time.isValid else { return .invalid }
    if time.isPositiveInfinity || time.isNegativeInfinity {
        return time.isPositiveInfinity == (multiplier >= 0) ? .positiveInfinity : .negativeInfinity
    }
    guard time.isNumeric else { return .indefinite }
    guard time.timescale > 0 else { return .invalid }
    let t = Int128(time.timescale)
    return CMTime.fitted(Int128(time.value) * Int128(multiplier), over: t, timescale: time.timescale,
                         rounded: time.hasBeenRounded, epoch: time.epoch)
}

/// `time × multiplier / divisor`, exact where the result fits in the time's timescale or a finer one; a zero
/// divisor gives an infinity (invalid when the product is zero too).
public func CMTimeMultiplyByRatio(_ time: CMTime, multiplier: Int32, divisor: Int32) -> CMTime {
    guard time.isNumeric else { return time.isValid ? time : .invalid }
    guard time.timescale > 0 else { return .invalid }
    guard divisor != 0 else {
        if time.value == 0 || multiplier == 0 { return .invalid }
        return (time.value > 0) == (multiplier > 0) ? .positiveInfinity : .negativeInfinity
    }
    let numerator = Int128(time.value) * Int128(multiplier) * (divisor < 0 ? -1 : 1)
    let d = Int128(divisor.magnitude), denominator = Int128(time.timescale) * d
    // Exact at the time's timescale × divisor / gcd(product, divisor) where that fits (the time's own
    // timescale when the divisor divides the product); else the time's timescale, rounded.
    let g = Int128(CMTime.gcd(numerator.magnitude, UInt128(d)))
    if let scale = Int32(exactly: denominator / g), let v = Int64(exactly: numerator / g) {
        return CMTime(value: v, timescale: scale, flags: time.hasBeenRounded ? [.valid, .hasBeenRounded] : .valid, epoch: time.epoch)
    }
    return CMTime.fitted(numerator, over: denominator, timescale: time.timescale, rounded: time.hasBeenRounded, epoch: time.epoch)
}

/// The time's timescale, doubled up to at least 65536 and halved while the product overflows.
public func CMTimeMultiplyByFloat64(_ time: CMTime, multiplier: Float64) -> CMTime {
    guard time.isValid, !multiplier.isNaN else { return .invalid }
    if time.isPositiveInfinity || time.isNegativeInfinity {
        return time.isPositiveInfinity == (multiplier >= 0) ? .positiveInfinity : .negativeInfinity
    }
    guard time.isNumeric else { return .indefinite }
    guard time.timescale > 0 else { return .invalid }
    guard multiplier.isFinite else { return (time.value >= 0) == (multiplier > 0) ? .positiveInfinity : .negativeInfinity }
    var scale = time.timescale
    while scale < 65536 { scale *= 2 }
    let seconds = Double(time.value) / Double(time.timescale) * multiplier
    while true {
        let exact = seconds * Double(scale)
        let rounded = exact.rounded()
        if let v = Int64(exactly: rounded) {
            return CMTime(value: v, timescale: scale, flags: rounded != exact || time.hasBeenRounded ? [.valid, .hasBeenRounded] : .valid, epoch: time.epoch)
        }
        guard scale > 1 else { return exact > 0 ? .positiveInfinity : .negativeInfinity }
        scale /= 2
    }
}

/// Whether the time is valid (`time.isValid`).
public func CMTIME_IS_VALID(_ time: CMTime) -> Bool { time.isValid }
/// Whether the time is invalid (not `time.isValid`).
public func CMTIME_IS_INVALID(_ time: CMTime) -> Bool { !time.isValid }
/// Whether the time is valid and +infinity (`time.isPositiveInfinity`).
public func CMTIME_IS_POSITIVEINFINITY(_ time: CMTime) -> Bool { time.isPositiveInfinity }
/// Whether the time is valid and −infinity (`time.isNegativeInfinity`).
public func CMTIME_IS_NEGATIVEINFINITY(_ time: CMTime) -> Bool { time.isNegativeInfinity }
/// Whether the time is valid and indefinite (`time.isIndefinite`).
public func CMTIME_IS_INDEFINITE(_ time: CMTime) -> Bool { time.isIndefinite }
/// Whether the time is valid and neither infinite nor indefinite (`time.isNumeric`).
public func CMTIME_IS_NUMERIC(_ time: CMTime) -> Bool { time.isNumeric }
/// Whether the time is numeric and marked as rounded (`time.hasBeenRounded`).
public func CMTIME_HAS_BEEN_ROUNDED(_ time: CMTime) -> Bool { time.hasBeenRounded }

/// Zero seconds, 0/1 (`CMTime.zero`).
public let kCMTimeZero = CMTime.zero
/// The invalid time, every field zero (`CMTime.invalid`).
public let kCMTimeInvalid = CMTime.invalid
/// The indefinite time (`CMTime.indefinite`).
public let kCMTimeIndefinite = CMTime.indefinite
/// +infinity (`CMTime.positiveInfinity`).
public let kCMTimePositiveInfinity = CMTime.positiveInfinity
/// −infinity (`CMTime.negativeInfinity`).
public let kCMTimeNegativeInfinity = CMTime.negativeInfinity
