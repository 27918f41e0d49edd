import Foundation

/// The server's media time under `clock = virtual` (docs/testing.md): it stands still until an inspector
/// advances it (`advanceClock`), and each step draws the frames that fall inside it at their exact vblanks
/// (`RenderServer+VirtualClock`). Frame timing, animations, display-link ticks, input timestamps,
/// `transactionPresented` and recorded frames read it; the server's housekeeping (handshake timeouts,
/// the watchdog, memory pressure, rate-limited logs) stays on the wall clock. Touched on the frame thread only.
public final class VirtualClock {
    /// Where the clock starts: the same time every run, so recorded frames' times and a test's numbers repeat.
    public static let start = 1000.0
    public private(set) var now: Double

    public init(start: Double = VirtualClock.start) {
        now = start
    }

    /// Moves the clock to `time`; it never goes back.
    func move(to time: Double) {
        now = max(now, time)
    }
}
