import Foundation
import Logging
import StrataDisplay
import StrataProtocol

/// When one output's frames are drawn and when their events reach the clients: headless shows a frame
/// at its virtual vblank, a KMS output when its page flip completes. `FrameLoops` runs one per lit
/// output.
///
/// Rules: a frame is started at its vblank minus the render budget (`FrameScheduler`); never while the
/// output's flip is in flight; a frame's events (animations started and stopped, display-link ticks on
/// the primary output, `transactionPresented` for each commit it is the first to include) go out when it
/// is on screen.
final class FrameLoop {
    let output: String
    /// The primary output's loop also ticks display links.
    let isPrimary: Bool
    private let compositor: Compositor
    private let logger: Logger
    /// For lines that could come every frame.
    private let limited: LimitedLogger
    private let clock: () -> Double
    private(set) var scheduler: FrameScheduler
    /// When the next frame starts and which vblank it is for (nil: nothing to draw, no wake-up).
    private(set) var planned: FrameScheduler.Plan?
    /// A drawn frame not yet on screen: it shows at `vblank` (or when its flip completes), and its events
    /// go out then.
    private var shown: Shown?
    private var lastDrop: String?
    /// The commits of a frame the display refused: the next frame drawn is the first to show them.
    private var carried: [AppliedCommit] = []
    /// How long after its vblank a page flip's event may take before the loop stops waiting for it (a
    /// driver that lost it must not freeze the output for good).
    static let flipTimeout = 1.0
    var wantsTicks: () -> Bool = { false }
    var send: (ServerMessage, UInt32) -> Void = { _, _ in }
    var tick: (Double, Double) -> Void = { _, _ in }

    private struct Shown {
        var vblank: Double
        var events: [(UInt32, ServerMessage)]
        /// The commits this frame is the first to include: each client hears when it is on screen.
        var commits: [AppliedCommit] = []
        /// When drawing and presenting it returned: a headless frame finished after its vblank shows then.
        var finished = -Double.infinity
        /// Waiting for the page-flip event rather than for the time `vblank`.
        var awaitingFlip: Bool
    }

    init(_ display: DisplayBackend, isPrimary: Bool, compositor: Compositor, logger: Logger, clock: @escaping () -> Double) {
        output = display.name
        self.isPrimary = isPrimary
        self.compositor = compositor
        self.logger = logger
        limited = LimitedLogger(logger, clock: clock)
        self.clock = clock
        let now = clock()
        scheduler = FrameScheduler(clock: FrameClock(interval: display.refreshInterval,
                                                     lastVBlank: display.nextVBlank(after: now) - display.refreshInterval))
    }

    var startsAtVBlank: Bool {
        get { scheduler.startsAtVBlank }
        set { scheduler.startsAtVBlank = newValue }
    }

    private var isReady: Bool { compositor.output(output)?.state == .ready }

    /// Plans the next frame: as soon as possible when something changed or animates (or a display link
    /// waits for ticks), else for the next scheduled start or end, else none. A plan already made stays
    /// unless something now needs an earlier frame (a commit arriving while waiting for a later change).
    func plan(now: Double) {
        let want: FrameScheduler.Plan?
        if compositor.needsFrame(at: now, output: output) || (isPrimary && wantsTicks()) {
            want = scheduler.asSoonAsPossible(now: now)
        } else if let change = compositor.nextScheduledChange(after: now, output: output) {
            want = scheduler.forChange(at: change, now: now)
        } else {
            want = nil
        }
        guard let want else { return }
        if planned.map({ want.dispatch < $0.dispatch }) ?? true { planned = want }
    }

    /// The latest time the poll loop may sleep until for this output (nil: until an event). A planned
    /// frame waits while a flip is in flight: the flip's event wakes the loop.
    var wakeTime: Double? {
        var times: [Double] = []
        if let planned, isReady { times.append(planned.dispatch) }
        if let shown { times.append(shown.vblank + (shown.awaitingFlip ? Self.flipTimeout : 0)) }
        return times.min()
    }

    /// Delivers a frame whose vblank has passed and draws a frame whose start has come.
    func turn(now: Double) {
        if let frame = shown, !frame.awaitingFlip, now >= frame.vblank { deliver(frame, at: frame.vblank) }
        if let frame = shown, frame.awaitingFlip, now >= frame.vblank + Self.flipTimeout {
            limited.log(.error, "\(output): a page flip did not complete within \(Self.flipTimeout) s; going on without it", "vblank \(frame.vblank)")
            compositor.output(output)?.abandonFlip()
            compositor.invalidate(output: output)
            deliver(frame, at: now)
            planned = nil // planned while waiting, for a vblank long past: plan again from now
            return
        }
        guard let plan = planned, now >= plan.dispatch, isReady else { return }
        planned = nil
        if let frame = shown { deliver(frame, at: frame.vblank) } // the previous frame is on screen by now
        drawFrame(for: plan.vblank, now: now)
    }

    /// Does now what the planned frame would do first, while the loop waits for its start: a slice of
    /// deferred clients' roots' new bitmaps (`Compositor.prepareRoots`), ending before that start.
    func workAhead(now: Double) {
        guard let planned, isReady else { return }
        compositor.prepareRoots(output: output, for: planned.vblank, until: planned.dispatch, now: now)
    }

    /// Holds an event of the frame being drawn until it is on screen.
    func hold(_ message: ServerMessage, for client: UInt32) {
        if shown != nil { shown?.events.append((client, message)) } else { send(message, client) }
    }

    /// The output's flip completed at `timestamp`: the frame's events go out, and the clock follows it.
    func presented(timestamp: Double, sequence: UInt64?, now: Double) {
        if let warning = scheduler.clock.presented(timestamp: timestamp, sequence: sequence, now: now) {
            limited.log(.warning, "\(output): frame clock", "\(warning)")
        }
        if let frame = shown, frame.awaitingFlip { deliver(frame, at: scheduler.clock.lastVBlank) }
        // Plan again from the vblank the flip really showed at.
        planned = nil
    }

    /// The displays changed: a frame waiting to show will not (or did, unannounced); its events go out now.
    func abandon(now: Double) {
        if let frame = shown { deliver(frame, at: now) }
        for commit in carried { send(commit.presented(at: now), commit.client) }
        carried = []
        planned = nil
    }

    /// Draws the frame for `vblank` (when anything changed), measuring it for the render budget.
    private func drawFrame(for vblank: Double, now: Double) {
        shown = Shown(vblank: vblank, events: [], commits: carried, awaitingFlip: false)
        carried = []
        guard compositor.needsFrame(at: vblank, output: output) else { return }
        let start = clock()
        var outcome = PresentOutcome.shownAtTarget
        do { outcome = try compositor.renderFrame(at: vblank, output: output) } catch { limited.log(.error, "\(output): frame failed", "\(error)") }
        let finished = clock()
        scheduler.drew(for: vblank, renderTime: finished - start)
        shown?.commits += compositor.takeAppliedCommits()
        shown?.finished = finished
        switch outcome {
        case .shownAtTarget:
            // Headless: the frame shows at its virtual vblank.
            if let warning = scheduler.clock.presented(timestamp: vblank, sequence: nil, now: now) { limited.log(.warning, "\(output): frame clock", "\(warning)") }
        case .flipQueued:
            shown?.awaitingFlip = true
        case .unchanged:
            break // it looks like the frame on screen, which shows its commits: the events go out at the vblank
        case .dropped(let why):
            carried = shown?.commits ?? []
            shown?.commits = []
            // Said once per reason in a row, so a long master loss does not flood the journal.
            if why != lastDrop { logger.warning("frame not shown: \(why)") }
            lastDrop = why
            return
        }
        lastDrop = nil
    }

    /// The frame is on screen since `vblank`: its events go out, its commits are reported, and display links
    /// tick (at every vblank a frame was planned for, drawn or not).
    private func deliver(_ frame: Shown, at vblank: Double) {
        shown = nil
        for (client, message) in frame.events { send(message, client) }
        let presentedAt = max(vblank, frame.finished)
        for commit in frame.commits { send(commit.presented(at: presentedAt), commit.client) }
        if isPrimary, frame.finished.isFinite { compositor.framePresented(at: presentedAt, output: output) }
        if isPrimary, wantsTicks() { tick(vblank, scheduler.clock.interval) }
    }
}
