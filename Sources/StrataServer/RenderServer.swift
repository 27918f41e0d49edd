import CStrataSys
import Foundation
import Logging
import StrataCore
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// The daemon's event loop: accepts clients, reads their messages, and renders a frame at a vblank
/// whenever something changed or animates. When nothing changes it sleeps in poll() without a timeout.
/// GL runs on the thread that calls `run()`.
public final class RenderServer {
    private let compositor: Compositor
    private let listener: ListeningSocket
    private let logger: Logger
    private let clock: () -> Double
    private var sessions: [Int32: ClientSession] = [:]
    private var nextClientID: UInt32 = 1
    private var running = true
    private var nextFrameAt: Double?

    public init(compositor: Compositor, listener: ListeningSocket, logger: Logger, clock: @escaping () -> Double = MonotonicClock.now) {
        self.compositor = compositor
        self.listener = listener
        self.logger = logger
        self.clock = clock
        compositor.eventSink = { [unowned self] client, message in self.send(message, to: client) }
        compositor.commitFailure = { [unowned self] client, reason in
            if let s = self.sessions.values.first(where: { $0.clientID == client }) { self.drop(s, reason: reason) }
        }
    }

    /// Serves until SIGTERM/SIGINT.
    public func run() throws {
        let signals = ShutdownSignals()
        logger.info("serving", metadata: ["backend": "\(compositor.display.name)",
                                          "size": "\(compositor.display.width)x\(compositor.display.height)"])
        while running {
            scheduleFrame()
            var fds = [pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: listener.fd, events: Int16(POLLIN), revents: 0)]
            let order = Array(sessions.keys)
            fds += order.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let timeout: Int32 = nextFrameAt.map { Int32(max(0, min(60_000, ceil(($0 - clock()) * 1000)))) } ?? -1
            let n = poll(&fds, nfds_t(fds.count), timeout)
            if n < 0 && errno != EINTR { throw SocketError("poll") }
            if fds[0].revents != 0, let sig = signals.read() {
                logger.info("shutting down", metadata: ["signal": "\(sig)"])
                running = false
                break
            }
            if fds[1].revents != 0 { acceptClients() }
            for (i, fd) in order.enumerated() where fds[i + 2].revents != 0 {
                if let s = sessions[fd] { service(s) }
            }
            if let t = nextFrameAt, clock() >= t {
                nextFrameAt = nil
                if compositor.needsFrame(at: t) {
                    do { try compositor.renderFrame(at: t) } catch { logger.error("frame failed: \(error)") }
                }
            }
        }
        for s in sessions.values { s.socket.close() }
        sessions.removeAll()
    }

    private func scheduleFrame() {
        guard nextFrameAt == nil else { return }
        let now = clock()
        if compositor.needsFrame(at: now) {
            nextFrameAt = compositor.display.nextVBlank(after: now)
        } else if let change = compositor.nextScheduledChange(after: now) {
            nextFrameAt = compositor.display.nextVBlank(after: change)
        }
    }

    private func acceptClients() {
        while true {
            do {
                guard let socket = try listener.accept() else { return }
                let session = ClientSession(socket: socket, clientID: nextClientID, pid: strata_peer_pid(socket.fd))
                nextClientID += 1
                sessions[socket.fd] = session
                logger.info("client connected", metadata: ["client": "\(session.clientID)", "pid": "\(session.pid)"])
            } catch {
                logger.error("accept failed: \(error)")
                return
            }
        }
    }

    private func service(_ s: ClientSession) {
        do {
            readLoop: while true {
                switch try s.socket.fill() {
                case .wouldBlock: break readLoop
                case .endOfStream:
                    if s.socket.hasPartialFrame { throw ProtocolError.truncated("message cut off by end of stream") }
                    close(s, reason: nil)
                    return
                case .data: break
                }
                while let frame = try s.socket.nextFrame() {
                    try handle(try MessageCoding.decodeClient(type: frame.type, body: frame.body), from: s)
                    guard sessions[s.socket.fd] != nil else { return }
                }
            }
        } catch {
            drop(s, reason: "\(error)")
        }
    }

    private func handle(_ message: ClientMessage, from s: ClientSession) throws {
        if !s.greeted {
            guard case .hello(let version) = message else { throw ProtocolError.unexpectedMessage("\(message.typeCode) before hello") }
            guard version == WireFormat.version else { throw ProtocolError.unsupportedVersion(version) }
            s.greeted = true
            compositor.addClient(s.clientID)
            try s.socket.send(MessageCoding.encode(ServerMessage.welcome(version: WireFormat.version, clientID: s.clientID)))
            return
        }
        switch message {
        case .hello: throw ProtocolError.unexpectedMessage("second hello")
        case .commit(let commit):
            let fds = try s.socket.takeFDs(Int(commit.fdCount))
            compositor.submit(commit, fds: fds, from: s.clientID)
        case .snapshotRequest(let id):
            if compositor.framesRendered == 0 { try compositor.renderFrame(at: clock()) }
            let shot = try compositor.snapshot()
            let buffer = try SharedPixelBuffer(byteCount: shot.pixels.count, name: "strata-snapshot")
            buffer.write(shot.pixels)
            buffer.seal()
            try s.socket.send(MessageCoding.encode(ServerMessage.snapshot(requestID: id, width: UInt32(shot.width), height: UInt32(shot.height))),
                              fds: [buffer.fd])
        case .treeRequest(let id):
            try s.socket.send(MessageCoding.encode(ServerMessage.tree(requestID: id, json: Self.json(compositor.treeJSON()))))
        case .statsRequest(let id):
            try s.socket.send(MessageCoding.encode(ServerMessage.stats(requestID: id, json: Self.json(compositor.statsJSON()))))
        }
    }

    static func json(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    private func send(_ message: ServerMessage, to client: UInt32) {
        guard let s = sessions.values.first(where: { $0.clientID == client }) else { return }
        do { try s.socket.send(MessageCoding.encode(message)) } catch { drop(s, reason: "\(error)") }
    }

    /// Ends a session whose input was rejected: logs the reason, tells the client, drops its tree.
    private func drop(_ s: ClientSession, reason: String) {
        logger.warning("disconnecting client", metadata: ["client": "\(s.clientID)", "pid": "\(s.pid)", "reason": "\(reason)"])
        try? s.socket.send(MessageCoding.encode(ServerMessage.error(reason)), timeoutMilliseconds: 100)
        close(s, reason: reason)
    }

    private func close(_ s: ClientSession, reason: String?) {
        guard sessions.removeValue(forKey: s.socket.fd) != nil else { return }
        if reason == nil { logger.info("client disconnected", metadata: ["client": "\(s.clientID)"]) }
        compositor.removeClient(s.clientID)
        s.socket.close()
    }
}
