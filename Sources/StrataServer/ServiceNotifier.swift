import CSystemd

/// Tells systemd how the server is doing (`Type=notify`): `READY=1` once it serves, `STATUS=` with the
/// number of clients, `WATCHDOG=1` at half the watchdog interval while the loop turns, `STOPPING=1` on
/// shutdown. The loop asks `nextPing(after:)` for a wake-up, so an idle server that would otherwise sleep
/// in poll() forever still pings; if the loop hangs, the pings stop and systemd restarts the service.
/// The sending is injected so the timing is testable without systemd.
public final class ServiceNotifier {
    /// Seconds between pings (half of WATCHDOG_USEC), nil when systemd set no watchdog.
    public let pingInterval: Double?
    private let send: (String) -> Void
    private var pingDue: Double?
    private var clientCount: Int?

    public init(watchdogInterval: Double?, send: @escaping (String) -> Void) {
        pingInterval = watchdogInterval.map { $0 / 2 }
        self.send = send
    }

    /// Reads WATCHDOG_USEC (and WATCHDOG_PID) through libsystemd and sends through `sd_notify`, which does
    /// nothing when NOTIFY_SOCKET is unset (not started by systemd).
    public static func systemd() -> ServiceNotifier {
        var usec: UInt64 = 0
        let watchdog = sd_watchdog_enabled(0, &usec) > 0 && usec > 0 ? Double(usec) / 1e6 : nil
        // 0: leave NOTIFY_SOCKET set; every later message needs it.
        return ServiceNotifier(watchdogInterval: watchdog) { _ = sd_notify(0, $0) }
    }

    /// The server serves from now on; the first ping is due half an interval later.
    public func ready(clients: Int, now: Double) {
        clientCount = clients
        send("READY=1\nSTATUS=\(Self.status(clients))")
        pingDue = pingInterval.map { now + $0 }
    }

    /// When the loop must wake next to ping (nil: never, no watchdog).
    public func nextPing(after now: Double) -> Double? { pingDue }

    /// `timeout` in milliseconds (−1: none) shortened so poll() returns by the next ping.
    public func pollTimeout(_ timeout: Int32, now: Double) -> Int32 {
        guard let due = nextPing(after: now) else { return timeout }
        // Rounded up: waking a little early would only spin the loop once more before the ping.
        let untilPing = Int32(max(0, min(60_000, (due - now) * 1000).rounded(.up)))
        return timeout < 0 ? untilPing : min(timeout, untilPing)
    }

    /// Pings if one is due. Called once per loop turn, so the pings prove the loop is turning.
    public func pingIfDue(now: Double) {
        guard let due = pingDue, let interval = pingInterval, now >= due else { return }
        send("WATCHDOG=1")
        pingDue = now + interval
    }

    /// Sends STATUS when the number of connected clients changed since the last one sent.
    public func clientsChanged(to count: Int) {
        guard clientCount != nil, count != clientCount else { return }
        clientCount = count
        send("STATUS=\(Self.status(count))")
    }

    public func stopping() {
        send("STOPPING=1\nSTATUS=shutting down")
        pingDue = nil
    }

    private static func status(_ clients: Int) -> String { "serving \(clients) client\(clients == 1 ? "" : "s")" }
}
