import Synchronization

/// The server's virtual clock as this process sees it (`strata-server --clock virtual`, docs/testing.md):
/// while the process's connection is to a server on one, `CACurrentMediaTime()` reads it instead of
/// CLOCK_MONOTONIC, so that the times an app stamps (a commit's animations, `beginTime`s it computes, a
/// display link's) are on the clock the server draws by. Set from the welcome and from each `virtualClock`
/// message of the current connection; cleared when that connection ends.
enum VirtualMediaTime {
    /// The time's bit pattern; 0 while the clock is the wall's (a virtual clock reads a positive time).
    private static let bits = Atomic<UInt64>(0)

    static var now: Double? {
        let b = bits.load(ordering: .acquiring)
        return b == 0 ? nil : Double(bitPattern: b)
    }

    static func set(_ time: Double?) {
        bits.store(time.map(\.bitPattern) ?? 0, ordering: .releasing)
    }
}
