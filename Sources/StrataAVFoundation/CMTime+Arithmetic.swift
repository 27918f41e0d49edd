import Foundation

/// How a time is rounded to a timescale (Core Media's CMTimeRoundingMethod, the same raw values).
public enum CMTimeRoundingMethod: UInt32, Sendable {
    /// To the nearest unit, halves away from zero (raw value 1; the default).
    case roundHalfAwayFromZero = 1
    /// Toward zero: truncated (raw value 2).
    case roundTowardZero = 2
    /// Away from zero (raw value 3).
    case roundAwayFromZero = 3
    /// Toward zero to a coarser timescale, away from zero to a finer one; a negative time never rounds to 0.
    case quickTime = 4
    /// Toward −infinity: down (raw value 5).
    case roundTowardNegativeInfinity = 5
    /// Toward +infinity: up (raw value 6).
    case roundTowardPositiveInfinity = 6
    /// `.roundHalfAwayFromZero`, Core Media's default (kCMTimeRoundingMethod_Default).
    public static let `default` = CMTimeRoundingMethod.roundHalfAwayFromZero
}

/// Core Media's arithmetic, exact on rationals: a sum takes the timescales' least common multiple (at most
/// kCMTimeMaxTimescale, else that, rounded), halving it while the value overflows (±infinity past timescale 1);
/// `hasBeenRounded` marks any rounding, or a rounded operand. Invalid, infinite and indefinite operands give
/// what Core Media documents for each function.
extension CMTime {
    /// The sum (CMTimeAdd): exact at the timescales' least common multiple (at most 1 000 000 000, else rounded
    /// and marked `hasBeenRounded`). An invalid operand gives `.invalid`; +infinity plus −infinity is
    /// `.indefinite`, otherwise an infinity wins; an indefinite operand gives `.indefinite`. A time in an epoch
    /// plus a duration (epoch 0) keeps that epoch; two different non-zero epochs give `.invalid`.
    public static func + (addend1: CMTime, addend2: CMTime) -> CMTime { combine(addend1, addend2, negating: false) }
    /// The difference (CMTimeSubtract), under the rules of `+` with `subtrahend` negated: an infinity minus the
    /// same infinity is `.indefinite`; two times in the same epoch give a duration (epoch 0), a duration
    /// subtracted keeps the minuend's epoch, and other mixed epochs give `.invalid`.
    public static func - (minuend: CMTime, subtrahend: CMTime) -> CMTime { combine(minuend, subtrahend, negating: true) }
    /// Adds `addend` to `time` in place, as `+`.
    public static func += (time: inout CMTime, addend: CMTime) { time = time + addend }
    /// Subtracts `subtrahend` from `time` in place, as `-`.
    public static func -= (time: inout CMTime, subtrahend: CMTime) { time = time - subtrahend }
    /// The time times an integer (CMTimeMultiply): at the time's timescale, halved while the value overflows
    /// (±infinity past timescale 1). An infinity keeps or flips its sign by the multiplier's (0 counts as
    /// positive); indefinite stays indefinite, invalid invalid.
    public static func * (time: CMTime, multiplier: Int32) -> CMTime { CMTimeMultiply(time, multiplier: multiplier) }
    /// The time times an integer, as `time * multiplier` (CMTimeMultiply).
    public static func * (multiplier: Int32, time: CMTime) -> CMTime { CMTimeMultiply(time, multiplier: multiplier) }
    /// The time times a real number (CMTimeMultiplyByFloat64): at the time's timescale doubled until at least
    /// 65 536, rounded half away from zero (marked `hasBeenRounded` when that changed it), halved while it
    /// overflows. A NaN multiplier or an invalid time gives `.invalid`, an indefinite time `.indefinite`, and an
    /// infinite multiplier or time an infinity.
    public static func * (time: CMTime, multiplier: Float64) -> CMTime { CMTimeMultiplyByFloat64(time, multiplier: multiplier) }
    /// The time times a real number, as `time * multiplier` (CMTimeMultiplyByFloat64).
    public static func * (multiplier: Float64, time: CMTime) -> CMTime { CMTimeMultiplyByFloat64(time, multiplier: multiplier) }
    /// Multiplies `time` by an integer in place, as `*`.
    public static func *= (time: inout CMTime, multiplier: Int32) { time = time * multiplier }
    /// Multiplies `time` by a real number in place, as `*`.
    public static func *= (time: inout CMTime, multiplier: Float64) { time = time * multiplier }

    /// The time in `newTimescale` units, rounded by `method` (CMTimeConvertScale); a time that is not numeric
    /// is returned as it is, a timescale of 0 or less gives an invalid time, one that overflows an infinity.
    public func convertScale(_ newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
        guard isNumeric else { return self }
        guard newTimescale > 0, timescale > 0 else { return .invalid }
        let numerator = Int128(value) * Int128(newTimescale)
        let quickTime = method == .quickTime
        let resolved: CMTimeRoundingMethod = quickTime ? (newTimescale < timescale ? .roundTowardZero : .roundAwayFromZero) : method
        var (v, inexact) = Self.divide(numerator, by: Int128(timescale), resolved)
        if quickTime, v == 0, value < 0 { v = -1; inexact = true }
        guard let fitted = Int64(exactly: v) else { return v > 0 ? .positiveInfinity : .negativeInfinity }
        return CMTime(value: fitted, timescale: newTimescale, flags: inexact || hasBeenRounded ? [.valid, .hasBeenRounded] : .valid, epoch: epoch)
    }

    /// Sum or difference under Core Media's rules for CMTimeAdd and CMTimeSubtract.
    static func combine(_ a: CMTime, _ b: CMTime, negating: Bool) -> CMTime {
        guard a.isValid, b.isValid else { return .invalid }
        // ±infinity: +inf and −inf cancel to indefinite; one infinity wins over anything else.
        let infA = a.isPositiveInfinity ? 1 : (a.isNegativeInfinity ? -1 : 0)
        var infB = b.isPositiveInfinity ? 1 : (b.isNegativeInfinity ? -1 : 0)
        if negating { infB = -infB }
        if infA != 0 || infB != 0 {
            if infA != 0, infB != 0, infA != infB { return .indefinite }
            return (infA != 0 ? infA : infB) > 0 ? .positiveInfinity : .negativeInfinity
        }
        if a.isIndefinite || b.isIndefinite { return .indefinite }
        guard a.timescale > 0, b.timescale > 0 else { return .invalid }
        // Epoch 0 is a duration, which moves a time within its epoch; two epochs cannot meet. A difference
        // of two times in one epoch is a duration.
        let epoch: Int64
        if a.epoch == b.epoch { epoch = negating ? 0 : a.epoch }
        else if b.epoch == 0 { epoch = a.epoch }
        else if a.epoch == 0, !negating { epoch = b.epoch }
        else { return .invalid }
        let rounded = a.hasBeenRounded || b.hasBeenRounded
        let (ta, tb) = (Int128(a.timescale), Int128(b.timescale))
        let sign: Int128 = negating ? -1 : 1
        // The exact result is numerator / (ta × tb): |numerator| < 2^96.
        let numerator = Int128(a.value) * tb + sign * Int128(b.value) * ta
        let target: Int32
        if a.timescale == b.timescale {
            target = a.timescale
        } else {
            let lcm = Int64(a.timescale) / Int64(gcd(UInt64(a.timescale), UInt64(b.timescale))) * Int64(b.timescale)
            target = lcm <= kCMTimeMaxTimescale ? Int32(lcm) : Int32(kCMTimeMaxTimescale)
        }
        return fitted(numerator, over: ta * tb, timescale: target, rounded: rounded, epoch: epoch)
    }

    /// `numerator / denominator` seconds at `timescale`, rounded by default, the timescale halved while the
    /// value overflows Int64; ±infinity if it still does at timescale 1.
    static func fitted(_ numerator: Int128, over denominator: Int128, timescale: Int32, rounded: Bool, epoch: Int64) -> CMTime {
        var scale = timescale
        while true {
            // |numerator| < 2^96 and scale < 2^31: the product fits in Int128.
            let (v, inexact) = divide(numerator * Int128(scale), by: denominator, .default)
            if let fitted = Int64(exactly: v) {
                return CMTime(value: fitted, timescale: scale, flags: inexact || rounded ? [.valid, .hasBeenRounded] : .valid, epoch: epoch)
            }
            guard scale > 1 else { return v > 0 ? .positiveInfinity : .negativeInfinity }
            scale /= 2
        }
    }

    /// `n / d` (d > 0) rounded by `method`, and whether that rounded.
    static func divide(_ n: Int128, by d: Int128, _ method: CMTimeRoundingMethod) -> (Int128, Bool) {
        let (q, r) = n.quotientAndRemainder(dividingBy: d) // truncated toward zero
        guard r != 0 else { return (q, false) }
        let away = q + (n < 0 ? -1 : 1)
        switch method {
        case .roundTowardZero: return (q, true)
        case .roundAwayFromZero, .quickTime: return (away, true)
        case .roundTowardNegativeInfinity: return (n < 0 ? away : q, true)
        case .roundTowardPositiveInfinity: return (n < 0 ? q : away, true)
        case .roundHalfAwayFromZero: return (r.magnitude * 2 >= d.magnitude ? away : q, true)
        }
    }
}
