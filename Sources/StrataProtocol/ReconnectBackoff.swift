/// The waits between attempts to reach a render server that went away: the first attempt at once, then
/// 50 ms, doubling up to 1 s. Short at first because a restarted server (systemd's `Restart=`) is back
/// within a second; capped low because a connect to a socket nobody listens on costs microseconds, and
/// a long wait would keep the screen empty after the server is back.
public struct ReconnectBackoff: Sendable {
    public let first: Double
    public let cap: Double
    private var nextDelay: Double?

    public init(first: Double = 0.05, cap: Double = 1) {
        self.first = first
        self.cap = cap
    }

    /// Seconds to wait before the next attempt: 0 for the first, then `first`, doubling up to `cap`.
    public mutating func next() -> Double {
        guard let d = nextDelay else { nextDelay = first; return 0 }
        nextDelay = min(cap, d * 2)
        return d
    }
}
