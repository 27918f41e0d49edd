import Foundation
import Logging
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// Serves clients' handshakes while the server starts. The display's GL set-up (EGL loading the
/// driver, programs linked from the cache) takes tens of milliseconds that a client need not wait for:
/// the outputs it is told of are known before it. So the server opens its socket first, and this lobby,
/// on a thread of its own, accepts connections, admits them as the server's loop would
/// (`ClientAdmission`) and answers each `hello` with `welcome` and the planned outputs, while the main
/// thread sets up GL. It reads nothing past a client's hello: what follows (commits, requests and
/// their descriptors) waits in the session's buffer and socket until `RenderServer.adopt` takes the
/// sessions over. The lobby makes no GL call and touches no server state.
public final class ClientLobby: @unchecked Sendable {
    /// What the server takes over from the lobby.
    public struct Handover {
        let sessions: [ClientSession]
        let nextClientID: UInt32
        /// The outputs the greeted sessions were told of.
        let outputs: [OutputInfo]
    }

    private let listener: ListeningSocket
    private let admission: ClientAdmission
    private let outputs: [OutputInfo]
    private let logger: Logger
    private let clock: @Sendable () -> Double
    private let virtualTime: Double?
    // Touched only by the lobby's thread until `finish` has seen it end.
    private var sessions: [Int32: ClientSession] = [:]
    private var nextClientID: UInt32 = 1
    private var listening = true
    /// A pipe whose write end wakes the lobby's poll() to end it.
    private var wake: [Int32] = [-1, -1]
    private let ended = DispatchSemaphore(value: 0)
    private var started = false

    /// `outputs`: what the display will light, as clients are told of it.
    /// `virtualTime`: the virtual clock's time, told to each client greeted (nil: the server runs on the wall clock).
    public init(listener: ListeningSocket, outputs: [OutputInfo], access: AccessPolicy, maxClients: Int, logger: Logger,
                virtualTime: Double? = nil, clock: @escaping @Sendable () -> Double = MonotonicClock.now) {
        self.listener = listener
        self.virtualTime = virtualTime
        self.outputs = outputs
        admission = ClientAdmission(access: access, maxClients: maxClients)
        self.logger = logger
        self.clock = clock
    }

    /// Starts serving handshakes on a thread of its own.
    public func start() throws {
        guard pipe(&wake) == 0 else { throw SocketError("pipe") }
        for fd in wake { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        started = true
        let thread = Thread { [self] in
            serve()
            ended.signal()
        }
        thread.name = "strata-lobby"
        thread.start()
    }

    /// Ends the lobby and hands its sessions over (greeted or still in their handshake).
    public func finish() -> Handover {
        if started {
            var byte: UInt8 = 1
            _ = write(wake[1], &byte, 1)
            ended.wait()
            wake.forEach { _ = close($0) }
            started = false
        }
        // In the order they connected: the server stacks clients' trees in the order it adds them.
        return Handover(sessions: sessions.values.sorted { $0.clientID < $1.clientID }, nextClientID: nextClientID, outputs: outputs)
    }

    private func serve() {
        while true {
            var fds = [pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0),
                       pollfd(fd: listening ? listener.fd : -1, events: Int16(POLLIN), revents: 0)]
            // Sessions in their handshake are read; greeted ones only watched for hanging up (what they
            // sent waits for the server), so a client gone during start-up frees its place at once.
            let order = Array(sessions.values)
            fds += order.map { pollfd(fd: $0.socket.fd, events: $0.greeted ? 0 : Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                logger.error("lobby: poll failed; handshakes wait for the server", metadata: ["errno": "\(errno)"])
                return
            }
            if fds[0].revents != 0 { return }
            if fds[1].revents != 0 { acceptClients() }
            for (i, s) in order.enumerated() where fds[i + 2].revents != 0 {
                if s.greeted {
                    logger.info("client disconnected", metadata: ["client": "\(s.clientID)"])
                    end(s)
                } else {
                    readHello(s)
                }
            }
        }
    }

    private func acceptClients() {
        let failure = admission.acceptPending(on: listener, nextClientID: &nextClientID, sessions: { sessions.count }, now: clock) { session in
            sessions[session.socket.fd] = session
            logger.info("client connected", metadata: ["client": "\(session.clientID)", "pid": "\(session.pid)", "uid": "\(session.peer.uid)"])
        } refused: { refusal in
            logger.warning("refusing client", metadata: ["pid": "\(refusal.pid)", "reason": "\(refusal.reason)"])
        }
        if let failure {
            // Out of descriptors, or worse: the server's loop, with its descriptor reserve, deals with
            // what is still pending once it runs.
            logger.error("lobby: accept failed; further connections wait for the server", metadata: ["error": "\(failure)"])
            listening = false
        }
    }

    /// Reads until the first message is complete and answers it; a bad one ends the session.
    private func readHello(_ s: ClientSession) {
        do {
            while true {
                if let frame = try s.socket.nextFrame() {
                    try s.greet(try MessageCoding.decodeClient(type: frame.type, body: frame.body), outputs: outputs, virtualTime: virtualTime)
                    return
                }
                switch try s.socket.fill() {
                case .wouldBlock: return
                case .data: continue
                case .endOfStream:
                    logger.info("client disconnected", metadata: ["client": "\(s.clientID)"])
                    end(s)
                    return
                }
            }
        } catch {
            logger.warning("disconnecting client", metadata: ["client": "\(s.clientID)", "pid": "\(s.pid)", "reason": "\(error)"])
            sessions.removeValue(forKey: s.socket.fd)
            ClientAdmission.turnAway(s.socket, reason: "\(error)")
        }
    }

    private func end(_ s: ClientSession) {
        sessions.removeValue(forKey: s.socket.fd)
        s.socket.close()
    }
}
