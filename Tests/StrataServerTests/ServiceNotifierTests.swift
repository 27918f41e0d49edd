import StrataServer
import Testing

/// Records what a notifier would send to systemd.
final class SentMessages {
    var list: [String] = []
    func notifier(watchdog: Double?) -> ServiceNotifier { ServiceNotifier(watchdogInterval: watchdog) { self.list.append($0) } }
}

@Suite struct ServiceNotifierTests {
    @Test func readyCarriesTheStatus() {
        let sent = SentMessages()
        sent.notifier(watchdog: nil).ready(clients: 0, now: 100)
        #expect(sent.list == ["READY=1\nSTATUS=serving 0 clients"])
    }

    @Test func withoutAWatchdogNothingWakesTheLoop() {
        let sent = SentMessages()
        let n = sent.notifier(watchdog: nil)
        n.ready(clients: 0, now: 100)
        #expect(n.pingInterval == nil)
        #expect(n.nextPing(after: 100) == nil)
        #expect(n.pollTimeout(-1, now: 100) == -1, "idle stays idle")
        #expect(n.pollTimeout(250, now: 100) == 250)
        n.pingIfDue(now: 1e6)
        #expect(sent.list.count == 1)
    }

    @Test func pingsAtHalfTheWatchdogInterval() {
        let sent = SentMessages()
        let n = sent.notifier(watchdog: 10)
        #expect(n.pingInterval == 5)
        #expect(n.nextPing(after: 0) == nil, "no pings before READY")
        n.ready(clients: 0, now: 100)
        #expect(n.nextPing(after: 100) == 105)
        #expect(n.pollTimeout(-1, now: 100) == 5000, "an idle loop wakes for the ping")
        #expect(n.pollTimeout(16, now: 100) == 16, "an earlier frame deadline stays")
        #expect(n.pollTimeout(-1, now: 104.9995) == 1, "rounded up, never 0 before the ping is due")
        n.pingIfDue(now: 104.9)
        #expect(sent.list.count == 1)
        n.pingIfDue(now: 105)
        #expect(sent.list.last == "WATCHDOG=1")
        #expect(n.nextPing(after: 105) == 110)
        n.pingIfDue(now: 107)
        #expect(sent.list.count == 2)
        // A late turn (a long frame) pings at once and counts the next interval from then.
        n.pingIfDue(now: 113)
        #expect(sent.list.count == 3)
        #expect(n.nextPing(after: 113) == 118)
        #expect(n.pollTimeout(-1, now: 120) == 0, "overdue: poll must not sleep")
    }

    @Test func statusFollowsTheClientCount() {
        let sent = SentMessages()
        let n = sent.notifier(watchdog: nil)
        n.clientsChanged(to: 3)
        #expect(sent.list.isEmpty, "nothing before READY")
        n.ready(clients: 0, now: 0)
        n.clientsChanged(to: 0)
        n.clientsChanged(to: 1)
        n.clientsChanged(to: 1)
        n.clientsChanged(to: 2)
        #expect(sent.list.dropFirst() == ["STATUS=serving 1 client", "STATUS=serving 2 clients"])
    }

    @Test func stoppingEndsThePings() {
        let sent = SentMessages()
        let n = sent.notifier(watchdog: 1)
        n.ready(clients: 0, now: 0)
        n.stopping()
        #expect(sent.list.last == "STOPPING=1\nSTATUS=shutting down")
        #expect(n.nextPing(after: 0) == nil)
        n.pingIfDue(now: 10)
        #expect(sent.list.last == "STOPPING=1\nSTATUS=shutting down")
    }
}
