import CStrataSys
import Foundation
import Logging
import StrataCore
import StrataProtocol
import StrataText
import StrataTextWorker
#if canImport(Glibc)
import Glibc
#endif

/// Lays out clients' text in a `strata-text-worker` process, off the frame thread (docs/security.md).
///
/// The frame thread never waits: a text layer submits a ticket and shows its previous layout until
/// `collect()`, run when `wakeFD` is readable, hands the outcome over; then the next frame draws it. One
/// thread here feeds the worker one request at a time, taking clients in turn (a client with many changed
/// labels cannot delay another's by more than one layout each), and a client whose strings made the worker
/// fail lately goes after every other. A worker that crashes (a library's abort), hangs (no answer within
/// `timeout`) or answers wrongly is killed and started again for the next request; the request that did it
/// fails: its layer shows no text and its client is told, naming the layer (the frame thread logs each
/// failure, rate limited).
public final class TextLayoutService: @unchecked Sendable {
    public struct Settings: Sendable {
        /// The worker executable.
        public var workerPath: String
        /// Seconds a layout may take before the worker counts as hung.
        public var timeout: Double = 2
        public init(workerPath: String, timeout: Double = 2) { self.workerPath = workerPath; self.timeout = timeout }
    }

    /// What the worker has done since the server started (`strata stats`'s `text_worker`).
    public struct Counters: Sendable, Equatable {
        public var laidOut = 0
        public var crashed = 0
        public var hung = 0
        public var misbehaved = 0
        public var started = 0
        public var queued = 0
    }

    /// A ticket's outcome with what it reported, handed to the frame thread.
    struct Delivery {
        var ticket: TextLayoutTicket
        var outcome: TextLayoutTicket.Outcome
        var missingFonts: [(name: String, using: String)]
    }

    /// Readable when outcomes wait for `collect()` (one end of a socket pair).
    public let wakeFD: Int32
    private let wakeWriteFD: Int32
    public let settings: Settings
    private let condition = NSCondition()
    /// Tickets submitted and not yet queued (`flush`); the frame thread's alone.
    private var staged: [TextLayoutTicket] = []
    private var queues: [UInt32: TicketQueue] = [:]
    /// Clients with queued tickets, in the order they are served next.
    private var turn: [UInt32] = []
    private var delivered: [Delivery] = []
    private var superseded: Set<ObjectIdentifier> = []
    private var inFlight: TextLayoutTicket?
    /// Set when the in-flight ticket's client left (`forget`) while the worker laid it out.
    private var inFlightClientLeft = false
    /// Until when each client's requests wait behind everyone else's (its string made the worker fail).
    private var penalty: [UInt32: Double] = [:]
    private var running = true
    private var counters = Counters()
    private var thread: Thread?
    private let logger: Logger?
    /// The text thread's worker (nil until needed, and after each failure).
    private var worker: TextWorkerProcess?
    private var nextRequestID: UInt64 = 1
    private var startFailing = false
    /// How long a client that made the worker fail waits behind the others.
    static let penaltySeconds = 10.0

    public init(settings: Settings, logger: Logger? = nil) throws {
        var fds: [Int32] = [-1, -1]
        let made = fds.withUnsafeMutableBufferPointer { strata_socket_pair($0.baseAddress) }
        guard made == 0 else { throw SocketError("socketpair", errno: -made) }
        // Neither end ever blocks: a full wake socket already says "come and collect".
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK) }
        wakeFD = fds[0]; wakeWriteFD = fds[1]
        self.settings = settings
        self.logger = logger
        let thread = Thread { [weak self] in self?.serve() }
        thread.name = "strata.text"
        self.thread = thread
        thread.start()
    }

    deinit {
        Glibc.close(wakeFD); Glibc.close(wakeWriteFD)
    }

    /// Stops the text thread and the worker (the server is shutting down).
    public func stop() {
        condition.lock()
        running = false
        condition.broadcast()
        condition.unlock()
    }

    public var counts: Counters {
        condition.lock(); defer { condition.unlock() }
        var c = counters
        c.queued = queues.values.reduce(0) { $0 + $1.count }
        return c
    }

    /// Asks for a layout (frame thread): queued with the others of the same list's build by `flush()`.
    func submit(_ ticket: TextLayoutTicket) {
        staged.append(ticket)
    }

    /// Queues the layouts asked for since the last call (frame thread, after a list is built): one lock
    /// and one wake-up of the text thread for all of them. Each ticket's client is served in its turn.
    /// Before, each of 1,000 labels changed by one commit took the lock and woke the text thread in the
    /// middle of the frame's build.
    func flush() {
        guard !staged.isEmpty else { return }
        condition.lock()
        for ticket in staged {
            if queues[ticket.client] == nil { turn.append(ticket.client) }
            queues[ticket.client, default: TicketQueue()].append(ticket)
        }
        condition.signal()
        condition.unlock()
        staged.removeAll(keepingCapacity: true)
    }

    /// Forgets a ticket whose layer is gone: dropped if still queued, its outcome not delivered if it is
    /// being laid out.
    func cancel(_ ticket: TextLayoutTicket) {
        if let i = staged.firstIndex(where: { $0 === ticket }) {
            staged.remove(at: i)
            return
        }
        condition.lock(); defer { condition.unlock() }
        if queues[ticket.client]?.remove(ticket) == true {
            if queues[ticket.client]?.isEmpty == true { dropQueue(ticket.client) }
        } else if inFlight === ticket {
            superseded.insert(ObjectIdentifier(ticket))
        }
    }

    /// Drops everything a client that left had queued.
    func forget(client: UInt32) {
        staged.removeAll { $0.client == client }
        condition.lock(); defer { condition.unlock() }
        dropQueue(client)
        penalty[client] = nil
        clientCosts[client] = nil
        delivered.removeAll { $0.ticket.client == client }
        if inFlight?.client == client { inFlightClientLeft = true }
    }

    /// How many clients the service keeps a cost or a penalty for: only those it has not forgotten.
    var rememberedClients: Int {
        condition.lock(); defer { condition.unlock() }
        return Set(clientCosts.keys).union(penalty.keys).count
    }

    /// The outcomes that arrived since the last call (frame thread); the caller sets each ticket's
    /// `outcome` when its layer may show it.
    func collect() -> [Delivery] {
        var sink = [UInt8](repeating: 0, count: 64)
        while read(wakeFD, &sink, sink.count) > 0 {}
        condition.lock()
        let out = delivered
        delivered.removeAll()
        condition.unlock()
        return out
    }

    /// Waits until every layout queued so far is done (the virtual clock's steps: a frame then shows text
    /// whatever the worker's speed); false when `timeout` seconds passed first.
    func waitUntilIdle(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock(); defer { condition.unlock() }
        while running, inFlight != nil || !turn.isEmpty {
            guard condition.wait(until: deadline) else { return false }
        }
        return true
    }

    private func dropQueue(_ client: UInt32) {
        queues[client] = nil
        turn.removeAll { $0 == client }
    }

    // MARK: the text thread

    private func serve() {
        // Started from the frame thread, it would run at its raised priority; clients' layouts must not.
        FramePriority.asOrdinaryWork()
        while let ticket = next() {
            let started = MonotonicClock.now()
            let (outcome, missing) = layOut(ticket)
            let spent = MonotonicClock.now() - started
            condition.lock()
            // A client that left meanwhile is not recorded again: nothing would forget it a second time, and
            // each such client kept an entry for the server's lifetime.
            let stays = !inFlightClientLeft
            let wanted = stays && !superseded.contains(ObjectIdentifier(ticket))
            superseded.remove(ObjectIdentifier(ticket))
            inFlight = nil
            inFlightClientLeft = false
            if stays {
                clientCosts[ticket.client, default: ClientLayoutCost()].layouts += 1
                clientCosts[ticket.client]?.seconds += spent
                if case .failed = outcome { penalty[ticket.client] = MonotonicClock.now() + Self.penaltySeconds }
            }
            if wanted { delivered.append(Delivery(ticket: ticket, outcome: outcome, missingFonts: missing)) }
            condition.broadcast() // `waitUntilIdle`
            condition.unlock()
            if wanted {
                var one: UInt8 = 1
                _ = write(wakeWriteFD, &one, 1)
            }
        }
        worker?.stop()
        worker = nil
    }

    /// The next ticket: the first client in turn that is not penalised, else the first; nil when stopping.
    private func next() -> TextLayoutTicket? {
        condition.lock(); defer { condition.unlock() }
        while true {
            while running && turn.isEmpty { condition.wait() }
            guard running else { return nil }
            let now = MonotonicClock.now()
            let position = turn.firstIndex { (penalty[$0] ?? 0) <= now } ?? 0
            let client = turn.remove(at: position)
            // In place (no copy of the queue): the frame thread may be waiting for the lock.
            guard let ticket = queues[client]?.popFirst() else {
                queues[client] = nil
                continue
            }
            if queues[client]?.isEmpty == true { queues[client] = nil } else { turn.append(client) }
            inFlight = ticket
            return ticket
        }
    }

    private func count(_ update: (inout Counters) -> Void) {
        condition.lock(); update(&counters); condition.unlock()
    }

    /// What one client's text has cost the worker: layouts asked for (answered or failed) and the seconds
    /// they took, start-ups of the worker included (`strata stats`: each client's `text_layout`).
    public struct ClientLayoutCost: Sendable, Equatable {
        public var layouts = 0
        public var seconds = 0.0
    }
    private var clientCosts: [UInt32: ClientLayoutCost] = [:]

    /// `client`'s layout cost so far (zero for a client that has asked for none).
    public func layoutCost(of client: UInt32) -> ClientLayoutCost {
        condition.lock(); defer { condition.unlock() }
        return clientCosts[client] ?? ClientLayoutCost()
    }

    private func layOut(_ ticket: TextLayoutTicket) -> (TextLayoutTicket.Outcome, [(name: String, using: String)]) {
        let process: TextWorkerProcess
        if let worker {
            process = worker
        } else {
            do {
                process = try TextWorkerProcess(path: settings.workerPath)
            } catch {
                // Logged once until a start succeeds again (each request tries a new start).
                if !startFailing {
                    logger?.error("the text worker could not be started", metadata: ["path": "\(settings.workerPath)", "error": "\(error)"])
                }
                startFailing = true
                return (.failed("the text worker could not be started: \(error)"), [])
            }
            startFailing = false
            worker = process
            count { $0.started += 1 }
        }
        let id = nextRequestID
        nextRequestID += 1
        do {
            let bytes = try process.exchange(TextWorkerCoding.encode(ticket.request, id: id), timeout: settings.timeout)
            let (answered, reply) = try TextWorkerCoding.decodeReply(bytes, units: ticket.units, face: { FontLibrary.shared.listedFace(path: $0, index: $1) },
                                                                       glyphCount: { FontLibrary.shared.glyphCount(of: $0) })
            guard answered == id else { throw ProtocolError.invalid("reply \(answered) to request \(id)") }
            count { $0.laidOut += 1 }
            return (.laidOut(reply.layout), reply.missingFonts)
        } catch let failure as TextWorkerProcess.Failure {
            worker = nil
            count { if case .hung = failure { $0.hung += 1 } else { $0.crashed += 1 } }
            return (.failed("\(failure)"), [])
        } catch {
            process.stop()
            worker = nil
            count { $0.misbehaved += 1 }
            return (.failed("\(TextWorkerProcess.Failure.misbehaved("\(error)"))"), [])
        }
    }
}
