import Foundation
import Logging
import StrataDisplay
import StrataProtocol

/// Frame timing for every lit output (one `FrameLoop` each), and for none. `RenderServer` calls it each
/// turn of its poll loop with the time; tests call it with chosen times.
///
/// While the displays are dark (no output lit, DRM master lost) nothing is drawn, but commits are
/// applied as they come and animations still end at their times, so completions reach the clients.
public final class FrameLoops {
    private let compositor: Compositor
    private let logger: Logger
    /// For lines that could come at every display event.
    private let limited: LimitedLogger
    /// Monotonic seconds (render times are measured with it).
    private let clock: () -> Double
    /// One per lit output, primary first.
    private(set) var loops: [FrameLoop] = []
    /// The loop whose frame is being drawn: its events are held until that frame is on screen.
    private var drawing: FrameLoop?
    /// While dark: when the next scheduled change (an animation's end) must be applied.
    private var darkWake: Double?

    /// Whether a client waits for display-link ticks (then every vblank of the primary output is a frame).
    public var wantsTicks: () -> Bool = { false }
    /// Sends a message to a client.
    public var send: (ServerMessage, UInt32) -> Void = { _, _ in }
    /// Sends a display-link tick (vblank time, refresh interval) to every client that asked for them.
    public var tick: (Double, Double) -> Void = { _, _ in }
    /// Outputs came, went or changed: the clients are told.
    public var outputsChanged: () -> Void = {}
    /// Each frame starts at its vblank (`FrameScheduler.startsAtVBlank`): on the virtual clock.
    public var startFramesAtVBlank = false {
        didSet { for loop in loops { loop.startsAtVBlank = startFramesAtVBlank } }
    }

    public init(compositor: Compositor, logger: Logger, clock: @escaping () -> Double = MonotonicClock.now) {
        self.compositor = compositor
        self.logger = logger
        limited = LimitedLogger(logger, clock: clock)
        self.clock = clock
        makeLoops()
    }

    /// A message the compositor made for `client` (`CompositorEvents.deliver`): held until the frame being
    /// drawn is on screen, else sent now.
    public func deliver(_ message: ServerMessage, to client: UInt32) {
        if let drawing { drawing.hold(message, for: client) } else { send(message, client) }
    }

    func loop(_ output: String) -> FrameLoop? { loops.first { $0.output == output } }

    private var isDark: Bool { compositor.displays.darkReason != nil || loops.isEmpty }

    private func makeLoops() {
        loops = compositor.displays.outputs.enumerated().map { i, display in
            let loop = FrameLoop(display, isPrimary: i == 0, compositor: compositor, logger: logger, clock: clock)
            loop.wantsTicks = { [unowned self] in self.wantsTicks() }
            loop.send = { [unowned self] message, client in self.send(message, client) }
            loop.tick = { [unowned self] vblank, interval in self.tick(vblank, interval) }
            loop.startsAtVBlank = startFramesAtVBlank
            return loop
        }
    }

    /// Plans each output's next frame (see `FrameLoop.plan`); while dark, the next scheduled change.
    public func plan(now: Double) {
        if isDark {
            darkWake = compositor.nextScheduledChange(after: now)
            return
        }
        darkWake = nil
        for loop in loops { loop.plan(now: now) }
    }

    /// The latest time the poll loop may sleep until (nil: until input or a display event).
    /// Uses the wait for the planned frames' starts (`FrameLoop.workAhead`).
    public func workAhead(now: Double) {
        guard !isDark else { return }
        for loop in loops { loop.workAhead(now: now) }
    }

    /// `time`, or the primary output's vblank when one falls less than `within` seconds after it.
    func snapped(_ time: Double, toVBlankWithin within: Double) -> Double {
        guard let clock = loops.first?.scheduler.clock else { return time }
        let v = clock.nextVBlank(after: time - within)
        return v > time && v - time < within ? v : time
    }

    public var wakeTime: Double? {
        (loops.compactMap(\.wakeTime) + [darkWake].compactMap { $0 }).min()
    }

    /// Delivers frames whose vblank has passed and draws those whose start has come. While dark, applies
    /// commits and scheduled changes instead.
    public func turn(now: Double) {
        for loop in loops {
            drawing = loop
            loop.turn(now: now)
            drawing = nil
        }
        if isDark, compositor.hasPendingCommits || darkWake.map({ $0 <= now }) == true {
            compositor.advance(to: now)
            darkWake = compositor.nextScheduledChange(after: now)
        }
        // Commits applied outside an output's frame (while dark, or by a snapshot's first frame) are
        // reported now: no frame loop takes them, and a client pacing itself on them must not wait for ever.
        for commit in compositor.takeAppliedCommits() { send(commit.presented(at: now), commit.client) }
    }

    /// The displays' event fd was readable: flips completed (their frames' events go out, and the clocks
    /// follow their timestamps), or outputs or DRM master changed.
    public func handleDisplayEvents(now: Double) {
        let events: [DisplayEvent]
        do { events = try compositor.displays.handleEvents(now: now) } catch {
            limited.log(.error, "reading display events failed", "\(error)")
            return
        }
        for event in events {
            switch event {
            case let .presented(output, timestamp, sequence):
                loop(output)?.presented(timestamp: timestamp, sequence: sequence, now: now)
            case let .reconfigured(what):
                logger.notice("display changed: \(what)")
                for loop in loops { loop.abandon(now: now) }
                compositor.invalidate()
                makeLoops()
                outputsChanged()
            }
        }
    }
}
