import Foundation
import Logging
import StrataDisplay
import StrataProtocol

/// When frames are drawn and when their events reach the clients, for any display: headless shows a
/// frame at its virtual vblank, KMS when its page flip completes. `RenderServer` calls it each turn of
/// its poll loop with the time; tests call it with chosen times.
///
/// Rules: a frame is started at its vblank minus the render budget (`FrameScheduler`); never while a
/// flip is in flight; a frame's events (animations started and stopped, display-link ticks) go out when
/// it is on screen. While the display is dark (no output, DRM master lost) nothing is drawn, but commits
/// are applied as they come and animations still end at their times, so completions reach the clients.
public final class FrameLoop {
    private let compositor: Compositor
    private let logger: Logger
    /// Monotonic seconds (render times are measured with it).
    private let clock: () -> Double
    private(set) var scheduler: FrameScheduler
    /// When the next frame starts and which vblank it is for (nil: nothing to draw, no wake-up).
    private(set) var planned: FrameScheduler.Plan?
    /// A drawn frame not yet on screen: it shows at `vblank` (or when its flip completes), and its events
    /// go out then.
    private var shown: Shown?
    private var holdingEvents = false
    /// While dark: when the next scheduled change (an animation's end) must be applied.
    private var darkWake: Double?
    private var lastDrop: String?

    private struct Shown {
        var vblank: Double
        var events: [(UInt32, ServerMessage)]
        /// Waiting for the page-flip event rather than for the time `vblank`.
        var awaitingFlip: Bool
    }

    /// Whether a client waits for display-link ticks (then every vblank is a frame, drawn or not).
    public var wantsTicks: () -> Bool = { false }
    /// Sends a message to a client.
    public var send: (ServerMessage, UInt32) -> Void = { _, _ in }
    /// Sends a display-link tick (vblank time, refresh interval) to every client that asked for them.
    public var tick: (Double, Double) -> Void = { _, _ in }

    public init(compositor: Compositor, logger: Logger, clock: @escaping () -> Double = MonotonicClock.now) {
        self.compositor = compositor
        self.logger = logger
        self.clock = clock
        scheduler = Self.scheduler(for: compositor.display, now: clock())
        compositor.eventSink = { [unowned self] client, message in
            if self.holdingEvents { self.shown?.events.append((client, message)) } else { self.send(message, client) }
        }
    }

    private static func scheduler(for display: DisplayBackend, now: Double) -> FrameScheduler {
        FrameScheduler(clock: FrameClock(interval: display.refreshInterval,
                                         lastVBlank: display.nextVBlank(after: now) - display.refreshInterval))
    }

    private var display: DisplayBackend { compositor.display }

    private var isDark: Bool {
        if case .dark = display.state { return true }
        return false
    }

    /// Plans the next frame: as soon as possible when something changed or animates (or a display link
    /// waits for ticks), else for the next scheduled start or end, else none. A plan already made stays
    /// unless something now needs an earlier frame (a commit arriving while waiting for a later change).
    public func plan(now: Double) {
        if isDark {
            planned = nil
            darkWake = compositor.nextScheduledChange(after: now)
            return
        }
        darkWake = nil
        let want: FrameScheduler.Plan?
        if compositor.needsFrame(at: now) || wantsTicks() {
            want = scheduler.asSoonAsPossible(now: now)
        } else if let change = compositor.nextScheduledChange(after: now) {
            want = scheduler.forChange(at: change, now: now)
        } else {
            want = nil
        }
        guard let want else { return }
        if planned.map({ want.dispatch < $0.dispatch }) ?? true { planned = want }
    }

    /// The latest time the poll loop may sleep until (nil: until input or a display event). A planned frame
    /// waits while a flip is in flight: the flip's event wakes the loop.
    public var wakeTime: Double? {
        var times: [Double] = []
        if let planned, display.state == .ready { times.append(planned.dispatch) }
        if let shown, !shown.awaitingFlip { times.append(shown.vblank) }
        if let darkWake { times.append(darkWake) }
        return times.min()
    }

    /// Delivers a frame whose vblank has passed and draws a frame whose start has come. While dark,
    /// applies commits and scheduled changes instead.
    public func turn(now: Double) {
        if let frame = shown, !frame.awaitingFlip, now >= frame.vblank { deliver(frame, at: frame.vblank) }
        if isDark {
            if compositor.hasPendingCommits || darkWake.map({ $0 <= now }) == true {
                compositor.advance(to: now)
                darkWake = compositor.nextScheduledChange(after: now)
            }
            return
        }
        guard let plan = planned, now >= plan.dispatch, display.state == .ready else { return }
        planned = nil
        if let frame = shown { deliver(frame, at: frame.vblank) } // the previous frame is on screen by now
        drawFrame(for: plan.vblank, now: now)
    }

    /// The display's event fd was readable: flips completed (their frames' events go out, and the clock
    /// follows their timestamps), or outputs or DRM master changed.
    public func handleDisplayEvents(now: Double) {
        let events: [DisplayEvent]
        do { events = try display.handleEvents(now: now) } catch {
            logger.error("reading display events failed: \(error)")
            return
        }
        for event in events {
            switch event {
            case let .presented(timestamp, sequence):
                if let warning = scheduler.clock.presented(timestamp: timestamp, sequence: sequence, now: now) {
                    logger.warning("\(warning)")
                }
                if let frame = shown, frame.awaitingFlip { deliver(frame, at: scheduler.clock.lastVBlank) }
                // Plan again from the vblank the flip really showed at.
                planned = nil
            case let .reconfigured(what):
                logger.notice("display changed: \(what)")
                if let frame = shown { deliver(frame, at: now) }
                planned = nil
                scheduler = Self.scheduler(for: display, now: now)
                compositor.invalidate()
            }
        }
    }

    /// Draws the frame for `vblank` (when anything changed), measuring it for the render budget. Its
    /// events wait for it to be on screen (`deliver`).
    private func drawFrame(for vblank: Double, now: Double) {
        shown = Shown(vblank: vblank, events: [], awaitingFlip: false)
        guard compositor.needsFrame(at: vblank) else { return }
        let start = clock()
        holdingEvents = true
        var outcome = PresentOutcome.shownAtTarget
        do { outcome = try compositor.renderFrame(at: vblank) } catch { logger.error("frame failed: \(error)") }
        holdingEvents = false
        scheduler.drew(for: vblank, renderTime: clock() - start)
        switch outcome {
        case .shownAtTarget:
            // Headless: the frame shows at its virtual vblank.
            if let warning = scheduler.clock.presented(timestamp: vblank, sequence: nil, now: now) { logger.warning("\(warning)") }
        case .flipQueued:
            shown?.awaitingFlip = true
        case .dropped(let why):
            // Said once per reason in a row, so a long master loss does not flood the journal.
            if why != lastDrop { logger.warning("frame not shown: \(why)") }
            lastDrop = why
            return
        }
        lastDrop = nil
    }

    /// The frame is on screen since `vblank`: its events go out, and display links tick (at every vblank a
    /// frame was planned for, drawn or not).
    private func deliver(_ frame: Shown, at vblank: Double) {
        shown = nil
        for (client, message) in frame.events { send(message, client) }
        if wantsTicks() { tick(vblank, scheduler.clock.interval) }
    }
}
