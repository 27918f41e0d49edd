import CStrataSys
import Foundation
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// Steps of the virtual clock (`clock = virtual`, docs/testing.md). A step first reads every message the
/// clients have sent (a test's app commits, then asks for the step on another connection: the commit must
/// be in), then draws each frame that falls inside the step at its exact vblank, waiting for the text
/// worker after each, so what a step shows depends on the requests alone, never on the machine's speed.
/// Clients are not read during a step: what they send in answer to its frames (a display link's new
/// content, a completion's next animation) is applied by the first frame of the next step.
extension RenderServer {
    struct PendingStep {
        let session: ClientSession
        let requestID: UInt32
        let seconds: Double
    }

    /// How many turns of the frame loop in a row may leave the clock where it was before a step gives up
    /// (a frame that never becomes due: not expected on the headless backend, but a step must end).
    static let stalledTurnLimit = 8
    /// A vblank this close after a step's end is inside it, and the step ends on it: steps summed in
    /// floating point (`1/60` three times) land a rounding error short of the vblank they mean. (A step
    /// ending exactly on a vblank has it inside too: `nextVBlank(after:)` counts a time a rounding error
    /// past a vblank as on it.)
    static let vblankSnap = 1e-6

    /// An inspector's `advanceClock`: run after this turn's reading, the session read no further until
    /// then. Refused, with the reason, on the wall clock and to a client that is not an inspector.
    func requestStep(_ id: UInt32, seconds: Double, from s: ClientSession) throws {
        let refusal: String? = if virtualClock == nil {
            "advanceClock: the server runs on the wall clock; only one started with clock = virtual (--clock virtual) can be advanced"
        } else if !s.isInspector {
            "advanceClock: only inspectors may advance the clock (root, the server's user or the inspector-group)"
        } else {
            nil
        }
        if let refusal {
            try queue(.clockAdvanced(requestID: id, now: mediaClock(), refusal: refusal), to: s)
            return
        }
        s.awaitsStep = true
        pendingSteps.append(PendingStep(session: s, requestID: id, seconds: seconds))
    }

    /// Runs the steps asked for, in order, and answers each.
    func runPendingSteps() {
        while !pendingSteps.isEmpty {
            let step = pendingSteps.removeFirst()
            let fd = step.session.socket.fd
            guard sessions[fd] === step.session else { continue } // it left: no step for nobody
            readWaitingMessages()
            advanceVirtualClock(by: step.seconds)
            step.session.awaitsStep = false
            backlog.insert(fd) // what it sent after the request is read next turn
            send(.clockAdvanced(requestID: step.requestID, now: mediaClock(), refusal: ""), to: step.session.clientID)
        }
    }

    /// Reads what every client has sent so far (without waiting for more).
    private func readWaitingMessages() {
        for _ in 0..<64 {
            serveBacklog()
            let order = sessions.keys.filter { !heldBack($0) }
            var fds = order.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = fds.isEmpty ? 0 : strata_poll_ns(&fds, UInt(fds.count), 0)
            if ready <= 0, !backlog.contains(where: { !heldBack($0) }) { return }
            for p in fds where p.revents != 0 {
                if let s = sessions[p.fd] { service(s) }
            }
        }
    }

    /// Moves the clock `seconds` on, drawing and showing every frame that falls inside, at its times.
    private func advanceVirtualClock(by seconds: Double) {
        guard let virtualClock else { return }
        let target = frames.snapped(virtualClock.now + seconds, toVBlankWithin: Self.vblankSnap)
        settleTextLayouts()
        var stalled = 0
        while true {
            frames.plan(now: virtualClock.now)
            guard let wake = frames.wakeTime, wake <= target else { break }
            if wake > virtualClock.now {
                move(virtualClock, to: wake)
                stalled = 0
            } else {
                stalled += 1
                if stalled > Self.stalledTurnLimit {
                    logger.error("virtual clock: the frame loop made no progress at \(virtualClock.now); the step ends early")
                    break
                }
            }
            frames.turn(now: virtualClock.now)
            settleTextLayouts()
        }
        move(virtualClock, to: target)
        frames.turn(now: target)
    }

    /// Moves the clock and tells every client its new time, ahead of the events of the frame shown then.
    private func move(_ virtualClock: VirtualClock, to time: Double) {
        guard time > virtualClock.now else { return }
        virtualClock.move(to: time)
        for s in sessions.values where s.greeted { send(.virtualClock(now: time), to: s.clientID) }
    }

    /// Waits for the text worker to lay out what the frames asked for, and hands it over, so the next frame
    /// shows it whatever the worker's speed (bounded by the layout timeout: a hung worker is restarted).
    private func settleTextLayouts() {
        guard let service = compositor.textLayouts else { return }
        if !service.waitUntilIdle(timeout: service.settings.timeout + 1) {
            log(.warning, "virtual clock: the text worker did not finish its layouts in time; a frame may show text late")
        }
        compositor.collectTextLayouts()
    }
}
