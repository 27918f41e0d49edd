import Foundation

/// Core Media's order (CMTimeCompare): −infinity < every numeric time < indefinite < +infinity < invalid;
/// numeric times compare by epoch, then by exact rational value, whatever their timescales (1/2 == 2/4).
extension CMTime: Comparable, Hashable {
    /// Where a time sorts among the kinds of time.
    private var rank: Int {
        if !isValid { return 4 }
        if isPositiveInfinity { return 3 }
        if isIndefinite { return 2 }
        if isNegativeInfinity { return 0 }
        return 1
    }

    /// -1, 0 or 1, as CMTimeCompare.
    static func order(_ a: CMTime, _ b: CMTime) -> Int32 {
        let (ra, rb) = (a.rank, b.rank)
        if ra != rb { return ra < rb ? -1 : 1 }
        guard ra == 1 else { return 0 }
        if a.epoch != b.epoch { return a.epoch < b.epoch ? -1 : 1 }
        // value / timescale against value / timescale, cross-multiplied exactly (Int64 × Int32 fits in Int128).
        let l = Int128(a.value) * Int128(b.timescale), r = Int128(b.value) * Int128(a.timescale)
        return l == r ? 0 : (l < r ? -1 : 1)
    }

    public static func == (time1: CMTime, time2: CMTime) -> Bool { order(time1, time2) == 0 }
    public static func < (time1: CMTime, time2: CMTime) -> Bool { order(time1, time2) < 0 }

    /// Equal times hash alike: a numeric time by its epoch and its value in lowest terms.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rank)
        guard rank == 1 else { return }
        hasher.combine(epoch)
        let g = Int64(exactly: Self.gcd(value.magnitude, UInt64(timescale.magnitude))).flatMap { $0 > 0 ? $0 : nil } ?? 1
        hasher.combine(value / g)
        hasher.combine(Int64(timescale) / g)
    }

    static func gcd<T: FixedWidthInteger & UnsignedInteger>(_ a: T, _ b: T) -> T {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
