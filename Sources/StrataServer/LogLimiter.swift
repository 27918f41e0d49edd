import Logging

/// Rate limit for log lines that a client (or many) can cause: each kind of line is let through at most
/// `burst` times per `interval` seconds; the lines held back are counted and reported with the next one
/// let through, so a flood of connections costs a handful of lines, not a million.
final class LogLimiter {
    private let interval: Double
    private let burst: Int
    private var windows: [String: (start: Double, passed: Int, held: Int)] = [:]

    init(interval: Double = 10, burst: Int = 10) {
        self.interval = interval
        self.burst = burst
    }

    /// Whether a line of kind `key` may be logged at `now`, and how many of its kind were held back
    /// since the last one logged.
    func admit(_ key: String, now: Double) -> (admitted: Bool, held: Int) {
        var w = windows[key] ?? (now, 0, 0)
        if now - w.start >= interval { w = (now, 0, w.held) }
        defer { windows[key] = w }
        guard w.passed < burst else {
            w.held += 1
            return (false, 0)
        }
        w.passed += 1
        let held = w.held
        w.held = 0
        return (true, held)
    }
}

/// A logger for lines that can repeat (a client's doing, or a frame's): each kind is rate limited by
/// a `LogLimiter`, and a line let through after others were held back says how many.
final class LimitedLogger {
    let logger: Logger
    private let limiter = LogLimiter()
    private let clock: () -> Double

    init(_ logger: Logger, clock: @escaping () -> Double) {
        self.logger = logger
        self.clock = clock
    }

    /// Logs `kind` (the line's fixed text, which is also what is counted) with `detail` appended.
    func log(_ level: Logger.Level, _ kind: String, _ detail: String = "", metadata: Logger.Metadata = [:]) {
        let (admitted, held) = limiter.admit(kind, now: clock())
        guard admitted else { return }
        var metadata = metadata
        if held > 0 { metadata["similar_lines_suppressed"] = "\(held)" }
        logger.log(level: level, "\(kind)\(detail.isEmpty ? "" : ": " + detail)", metadata: metadata)
    }
}
