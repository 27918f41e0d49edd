import CStrataSys
import Foundation
import Logging
import StrataCore
import StrataInput
import StrataProtocol
import StrataText
#if canImport(Glibc)
import Glibc
#endif

/// The daemon's event loop: accepts clients, reads their messages, and renders a frame at a vblank
/// whenever something changed or animates. When nothing changes it sleeps in poll() without a timeout.
/// GL runs on the thread that calls `run()`.
public final class RenderServer {
    let compositor: Compositor
    private let listener: ListeningSocket
    let logger: Logger
    /// The wall clock: housekeeping (handshake timeouts, the watchdog, memory pressure, log limits).
    let clock: () -> Double
    /// The server's virtual clock (`clock = virtual`; nil: frames follow the wall clock).
    public let virtualClock: VirtualClock?
    /// What frames, animations and input are timed by: the virtual clock, else the wall clock.
    let mediaClock: () -> Double
    /// Virtual clock steps asked for and not yet run (`RenderServer+VirtualClock`).
    var pendingSteps: [PendingStep] = []
    var sessions: [Int32: ClientSession] = [:]
    private var nextClientID: UInt32 = 1
    private var running = true
    /// When frames are drawn and when their events go out.
    public let frames: FrameLoops
    /// A client whose unread output grows past this is disconnected (it is not reading its events).
    public var outputLimit = 8 << 20
    /// Messages handled per client per loop turn, so one busy client cannot starve the others.
    public var messagesPerTurn = 16
    /// Connections served at once; the server refuses further ones (logged) until one leaves.
    public var maxClients = 64
    /// systemd readiness, status and watchdog pings (nil: not reported).
    public var notifier: ServiceNotifier?
    /// Sessions with complete messages still buffered (poll() cannot see those).
    var backlog: Set<Int32> = []
    /// A connection that has not completed its handshake within this many seconds is closed.
    public var handshakeTimeout = 5.0
    /// Who may connect and who may inspect other clients.
    public var access = AccessPolicy()
    /// Lines a client can cause are rate limited.
    private let limited: LimitedLogger
    /// Where input comes from (libinput on the kms backend; nil: no devices, only injected events).
    public var inputSource: InputSource?
    /// Told of each frame handed to a display (`record-frames`).
    public var frameRecording: (any FrameRecording)?
    /// Routes device and injected events to clients (`RenderServer+Input`).
    lazy var input: InputDispatch = makeInput()
    /// Set once the loop, idle, has given the heap kept between frames back (`MemoryRelease`).
    private var heapReturned = false
    /// Memory pressure, which drops the renderer's caches.
    private let memoryPressure = MemoryPressureWatch()
    /// Set when linking a deferred program failed: the loop stops trying in idle turns.
    private var deferredLinkFailed = false
    /// Keeps the listener serviceable when descriptors run out (see `acceptClients`).
    private let listenerGuard = DescriptorReserve()

    /// `virtualClock`: run frames on it instead of the wall clock (only on the headless backend, whose
    /// vblanks are the server's own).
    public init(compositor: Compositor, listener: ListeningSocket, logger: Logger, clock: @escaping () -> Double = MonotonicClock.now,
                virtualClock: VirtualClock? = nil) {
        self.compositor = compositor
        self.listener = listener
        self.logger = logger
        self.clock = clock
        self.virtualClock = virtualClock
        let mediaClock = virtualClock.map { virtual in { virtual.now } } ?? clock
        self.mediaClock = mediaClock
        limited = LimitedLogger(logger, clock: clock)
        FontWarnings.shared.setLogger(logger)
        frames = FrameLoops(compositor: compositor, logger: logger, clock: mediaClock)
        frames.startFramesAtVBlank = virtualClock != nil
        frames.wantsTicks = { [unowned self] in self.sessions.values.contains(where: \.wantsFrameTicks) }
        frames.send = { [unowned self] message, client in self.send(message, to: client) }
        frames.outputsChanged = { [unowned self] in
            let outputs = ServerMessage.outputs(self.compositor.outputInfo)
            for s in self.sessions.values where s.greeted { self.send(outputs, to: s.clientID) }
        }
        frames.tick = { [unowned self] vblank, interval in
            for s in self.sessions.values where s.wantsFrameTicks {
                let ticks = self.compositor.displayLinkTicks(s.clientID)
                guard ticks.now else { continue }
                self.send(.frameTick(timestamp: vblank, duration: interval * Double(ticks.every)), to: s.clientID)
            }
        }
        compositor.events = self
    }

    /// Takes over the sessions `ClientLobby` served while the server started, before `run()`: greeted
    /// ones join the compositor, and all are read at the loop's first turn (what they sent after hello
    /// waits in their buffers). Should the display light other outputs than the lobby announced, the
    /// greeted sessions are told the real ones at once, as after a hotplug.
    public func adopt(_ handover: ClientLobby.Handover) {
        nextClientID = max(nextClientID, handover.nextClientID)
        let outputs = compositor.outputInfo
        for s in handover.sessions {
            sessions[s.socket.fd] = s
            backlog.insert(s.socket.fd)
            guard s.greeted else { continue }
            compositor.addClient(s.clientID, uid: s.peer.uid)
            if outputs != handover.outputs { send(.outputs(outputs), to: s.clientID) }
        }
    }

    /// Serves until SIGTERM/SIGINT.
    public func run() throws {
        let signals = ShutdownSignals()
        logger.info("serving", metadata: ["backend": "\(compositor.displays.backendName)",
                                          "outputs": "\(compositor.displays.outputs.map { "\($0.name) \($0.width)x\($0.height)" }.joined(separator: ", "))",
                                          "text": "\(TextStack.versions)"])
        notifier?.ready(clients: sessions.count, now: clock())
        while running {
            // On the virtual clock frames are drawn by its steps alone (`runPendingSteps`).
            if virtualClock == nil {
                frames.plan(now: clock())
                frames.workAhead(now: clock())
            }
            // The display's events (page flips, hotplug) are polled on its fd, or on a closed one (-1: ignored).
            // While descriptors are exhausted the listener rests (its backlog would wake the loop at once).
            let order = Array(sessions.keys)
            var fds = pollSet(signals: signals, sessions: order)
            let fixed = fds.count - order.count
            let holdsCaches = compositor.cacheBytes > 0
            let n = Self.poll(&fds, waitingAtMost: pollWait(holdsCaches: holdsCaches))
            if n < 0 && errno != EINTR { throw SocketError("poll") }
            notifier?.pingIfDue(now: clock())
            if fds[0].revents != 0, let sig = signals.read() {
                logger.info("shutting down", metadata: ["signal": "\(sig)"])
                notifier?.stopping()
                running = false
                break
            }
            if fds[2].revents != 0 { frames.handleDisplayEvents(now: mediaClock()) }
            if fds[3].revents != 0 { readInput() }
            if fds[4].revents != 0 { compositor.collectTextLayouts() }
            if memoryPressure.shouldDrop(now: clock(), triggered: fds[5].revents & Int16(POLLPRI) != 0, holdsCaches: holdsCaches) {
                let bytes = compositor.releaseCaches()
                logger.info("memory pressure: dropped the renderer's caches", metadata: ["bytes": "\(bytes)"])
            }
            for (i, fd) in order.enumerated() where fds[i + fixed].revents != 0 {
                guard let s = sessions[fd] else { continue }
                if fds[i + fixed].revents & Int16(POLLOUT) != 0 {
                    do { _ = try s.socket.flushQueue() } catch {
                        log(.warning, "disconnecting client", metadata: ["client": "\(s.clientID)", "reason": "\(error)"])
                        close(s, reason: "\(error)")
                        continue
                    }
                }
                if fds[i + fixed].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { service(s) }
            }
            serveBacklog(skipping: { fd in fds.dropFirst(fixed).first(where: { $0.fd == fd })?.revents ?? 0 != 0 })
            // New connections after the clients already served: those that hung up this turn have given
            // their descriptors back first (accepted before, a flood of connections closing at once ran out
            // of descriptors a second time).
            if fds[1].revents != 0 { acceptClients() }
            if let source = inputSource, source.eventFD == nil { readInput() }
            dropStalledHandshakes(now: clock())
            if virtualClock == nil { frames.turn(now: clock()) } else { runPendingSteps() }
            notifier?.clientsChanged(to: sessions.count)
        }
        for s in sessions.values { s.socket.close() }
        sessions.removeAll()
        compositor.textLayouts?.stop()
    }

    /// How long the loop may wait, in seconds (nil: until something happens): until the next frame,
    /// handshake deadline, listener resumption, memory sample or watchdog ping; 0 with work queued or a
    /// deferred program linked now.
    private func pollWait(holdsCaches: Bool) -> Double? {
        let wake = [virtualClock == nil ? frames.wakeTime : nil, handshakeDeadline, listenerGuard.resumeTime,
                    memoryPressure.wakeTime(holdsCaches: holdsCaches)].compactMap { $0 }.min()
        var wait = wake.map { max(0, min(60, $0 - clock())) }
        if backlog.contains(where: { !heldBack($0) }) || linkDeferredProgram(before: wake) { wait = 0 }
        // Nothing due at all: the heap kept between frames goes back to the system, once per idle spell.
        if wait == nil, !heapReturned {
            MemoryRelease.returnFreedMemory()
            heapReturned = true
        } else if wait != nil {
            heapReturned = false
        }
        if let notifier {
            let ms = notifier.pollTimeout(wait.map { Int32(ceil($0 * 1000)) } ?? -1, now: clock())
            if ms >= 0 { wait = min(wait ?? .infinity, Double(ms) / 1000) }
        }
        return wait
    }

    /// `poll` to the nanosecond (`ppoll`): a frame's start rounded up to the next millisecond started it
    /// 0.5 ms late on average, and up to 1 ms, out of a budget of a few.
    private static func poll(_ fds: inout [pollfd], waitingAtMost wait: Double?) -> Int32 {
        let ns = wait.map { Int64(($0 * 1e9).rounded(.up)) } ?? -1
        return strata_poll_ns(&fds, UInt(fds.count), ns)
    }

    /// The descriptors the loop waits on: signals, the listener (while it listens), the display's events,
    /// input, the text worker's wake-ups, memory pressure, then each session's socket (POLLOUT while it has
    /// output queued), in `sessions`' order.
    private func pollSet(signals: ShutdownSignals, sessions order: [Int32]) -> [pollfd] {
        let listening = listenerGuard.listens(now: clock())
        let fixed = [pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0),
                     pollfd(fd: listening ? listener.fd : -1, events: Int16(POLLIN), revents: 0),
                     pollfd(fd: compositor.displays.eventFD ?? -1, events: Int16(POLLIN), revents: 0),
                     pollfd(fd: inputSource?.eventFD ?? -1, events: Int16(POLLIN), revents: 0),
                     pollfd(fd: compositor.textLayouts?.wakeFD ?? -1, events: Int16(POLLIN), revents: 0),
                     pollfd(fd: memoryPressure.fd ?? -1, events: Int16(POLLPRI), revents: 0)]
        return fixed + order.map { fd in
            let out = sessions[fd]?.socket.hasQueuedOutput == true ? POLLOUT : 0
            // A held-back session is not read: polled for output only, or not at all (its hang-up is
            // seen when it is read again).
            guard !heldBack(fd) else { return pollfd(fd: out == 0 ? -1 : fd, events: Int16(out), revents: 0) }
            return pollfd(fd: fd, events: Int16(POLLIN | out), revents: 0)
        }
    }

    /// Links one shader program the compositor deferred at start-up when the loop is idle (no frame or
    /// other work due within `idleMargin`); true when it did, so the loop comes straight back for the next.
    private func linkDeferredProgram(before wake: Double?) -> Bool {
        guard !deferredLinkFailed, !backlog.contains(where: { !heldBack($0) }), wake.map({ $0 - clock() > Self.idleMargin }) ?? true else { return false }
        if !compositor.hasDeferredPrograms {
            // Then, a step at a time: what a first frame would compile, before a client waits for it.
            guard !compositor.warmedUp else { return false }
            do {
                return try compositor.warmUpStep()
            } catch {
                logger.warning("warming up the renderer failed; the first frames compile what they draw", metadata: ["error": "\(error)"])
                return false
            }
        }
        do {
            try compositor.linkDeferredProgram()
        } catch {
            logger.error("linking a shader program failed; a frame that needs it will try again", metadata: ["error": "\(error)"])
            deferredLinkFailed = true
            return false
        }
        return true
    }

    /// How long before the next frame (or other timed work) the loop stops linking deferred programs.
    static let idleMargin = 0.008

    /// Serves the sessions with complete messages still buffered, but for those `skipping` names (served
    /// already this turn, as poll() reported them).
    func serveBacklog(skipping served: (Int32) -> Bool = { _ in false }) {
        for fd in backlog where !served(fd) && !heldBack(fd) {
            if let s = sessions[fd] { service(s) } else { backlog.remove(fd) }
        }
    }

    /// Whether the session on `fd` is not read for now (its updates deferred, a commit of its waiting:
    /// `Compositor.holdsBack`); what it has buffered stays in `backlog` for when it is read again.
    func heldBack(_ fd: Int32) -> Bool {
        guard let s = sessions[fd], s.greeted else { return false }
        if s.awaitsStep { return true }
        return compositor.holdsBack(s.clientID)
    }

    private func acceptClients() {
        let admission = ClientAdmission(access: access, maxClients: maxClients)
        let failure = admission.acceptPending(on: listener, nextClientID: &nextClientID, sessions: { sessions.count }, now: clock) {
            if let ended = listenerGuard.recovered() {
                logger.notice("file descriptors available again", metadata: ["connections_turned_away": "\(ended)"])
            }
        } admitted: { session in
            sessions[session.socket.fd] = session
            log(.info, "client connected", metadata: ["client": "\(session.clientID)", "pid": "\(session.pid)", "uid": "\(session.peer.uid)"])
        } refused: { refusal in
            log(.warning, "refusing client", metadata: ["pid": "\(refusal.pid)", "reason": "\(refusal.reason)"])
        }
        if let error = failure as? SocketError, error.errno == EMFILE || error.errno == ENFILE {
            // Out of descriptors: the pending connection would wake poll() for ever. The reserve frees one
            // to accept it and turn it away; without one the listener rests for a while.
            if listenerGuard.exhausted(now: clock(), listener: listener) {
                logger.error("out of file descriptors: turning connections away until some close", metadata: ["error": "\(error)"])
            }
        } else if let failure {
            log(.error, "accept failed", metadata: ["error": "\(failure)"])
        }
    }

    /// The earliest time a connection still in its handshake runs out of time.
    private var handshakeDeadline: Double? {
        sessions.values.lazy.filter { !$0.greeted }.map { $0.connectedAt + self.handshakeTimeout }.min()
    }

    private func dropStalledHandshakes(now: Double) {
        for s in sessions.values where !s.greeted && now - s.connectedAt >= handshakeTimeout {
            drop(s, reason: "no hello within the \(handshakeTimeout) s handshake timeout")
        }
    }

    /// Logs a line a client can cause, rate limited per kind (`message`).
    func log(_ level: Logger.Level, _ message: String, metadata: Logger.Metadata = [:]) {
        limited.log(level, message, metadata: metadata)
    }

    /// Reads what the client sent and handles up to `messagesPerTurn` complete messages; the rest wait
    /// for the next loop turn.
    func service(_ s: ClientSession) {
        let fd = s.socket.fd
        backlog.remove(fd)
        do {
            var handled = 0
            readLoop: while true {
                while handled < messagesPerTurn, !heldBack(fd), let frame = try s.socket.nextFrame() {
                    try handle(try MessageCoding.decodeClient(type: frame.type, body: frame.body), size: frame.body.count, from: s)
                    guard sessions[fd] != nil else { return }
                    handled += 1
                }
                if handled >= messagesPerTurn || heldBack(fd) {
                    backlog.insert(fd)
                    return
                }
                // Descriptors travel with the first byte of their message, so once every complete frame is
                // handled and no partial one is buffered, any left over were sent beyond a commit's fdCount.
                if !s.socket.hasPartialFrame, s.socket.unclaimedFDCount > 0 {
                    throw ProtocolError.invalid("\(s.socket.unclaimedFDCount) file descriptors sent beyond the commit's fdCount")
                }
                switch try s.socket.fill() {
                case .wouldBlock: break readLoop
                case .endOfStream:
                    if s.socket.hasPartialFrame { throw ProtocolError.truncated("message cut off by end of stream") }
                    close(s, reason: nil)
                    return
                case .data: continue
                }
            }
        } catch {
            drop(s, reason: "\(error)")
        }
    }

    /// JSON that fits in one frame; an oversized reply becomes an object naming the problem.
    static func bounded(_ text: String, what: String) -> String {
        guard text.utf8.count > WireFormat.maxMessageSize - 64 else { return text }
        return json(["error": "\(what) of \(text.utf8.count) bytes exceeds the \(WireFormat.maxMessageSize)-byte message limit"])
    }

    static func json(_ object: Any) -> String {
        var writer = JSONWriter(reservingCapacity: 4096)
        writer.any(object)
        return writer.text
    }

    /// Queues a message without ever blocking the loop; a client that lets too much pile up is dropped.
    func queue(_ message: ServerMessage, to s: ClientSession, fds: [Int32] = []) throws {
        try s.socket.enqueue(MessageCoding.encode(message), fds: fds)
        if s.socket.queuedByteCount > outputLimit {
            throw ProtocolError.invalid("client is not reading its messages (\(s.socket.queuedByteCount) bytes queued)")
        }
    }

    func send(_ message: ServerMessage, to client: UInt32) {
        guard let s = sessions.values.first(where: { $0.clientID == client }) else { return }
        do { try queue(message, to: s) } catch { drop(s, reason: "\(error)") }
    }

    /// Ends a session whose input was rejected: logs the reason, tells the client, drops its tree.
    func drop(_ s: ClientSession, reason: String) {
        log(.warning, "disconnecting client", metadata: ["client": "\(s.clientID)", "pid": "\(s.pid)", "reason": "\(reason)"])
        // Best effort: the reason goes out if the socket takes it now; the session ends either way.
        _ = try? s.socket.enqueue(MessageCoding.encode(ServerMessage.error(reason)))
        close(s, reason: reason)
    }

    private func close(_ s: ClientSession, reason: String?) {
        guard sessions.removeValue(forKey: s.socket.fd) != nil else { return }
        backlog.remove(s.socket.fd)
        if reason == nil { log(.info, "client disconnected", metadata: ["client": "\(s.clientID)"]) }
        input.router.clientRemoved(s.clientID)
        compositor.removeClient(s.clientID)
        s.socket.close()
    }
}
