/// A seeded, reproducible generator (SplitMix64): the same seed gives the same inputs, so a run's
/// seed is enough to regenerate what it sent.
public struct FuzzRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    public mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }

    /// An element of a non-empty collection (nil for an empty one).
    public mutating func pick<C: Collection>(_ c: C) -> C.Element? {
        guard !c.isEmpty else { return nil }
        return c[c.index(c.startIndex, offsetBy: Int.random(in: 0..<c.count, using: &self))]
    }

    /// A size skewed towards small values (most inputs small, a few large): 0...max.
    public mutating func skewed(_ max: Int) -> Int {
        guard max > 0 else { return 0 }
        let bits = Int.random(in: 0...(Int.bitWidth - max.leadingZeroBitCount), using: &self)
        return Int.random(in: 0...Swift.min(max, (1 << bits) - 1), using: &self)
    }

    public mutating func bytes(_ n: Int) -> [UInt8] { (0..<n).map { _ in UInt8.random(in: 0...255, using: &self) } }
}
