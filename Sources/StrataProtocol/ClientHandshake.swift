import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The client's side of the handshake: `hello`, then `welcome` and the `outputs` that follow it (with,
/// between them, the `virtualClock` a server on the virtual clock sends).
public enum ClientHandshake {
    public struct Welcome: Sendable {
        public let clientID: UInt32
        public let outputs: [OutputInfo]
        /// The virtual clock's time when the server runs on one (`clock = virtual`); nil on the wall clock.
        public let virtualTime: Double?
    }

    public enum Failure: Error, CustomStringConvertible {
        /// The server answered `error` (too many clients, a version it does not speak).
        case refused(String)
        case closed
        case timedOut(Double)
        case unexpected(String)

        public var description: String {
            switch self {
            case .refused(let reason): "server refused the connection: \(reason)"
            case .closed: "server closed the connection during the handshake"
            case .timedOut(let s): "server did not answer the handshake within \(s) s"
            case .unexpected(let what): what
            }
        }
    }

    /// Runs the handshake on a freshly connected socket. With a `timeout` it gives up after that many
    /// seconds: under socket activation a connect succeeds while no server runs, and the welcome comes
    /// only once one has started.
    public static func perform(on socket: MessageSocket, timeout: Double? = nil) throws -> Welcome {
        let deadline = timeout.map { MonotonicClock.now() + $0 }
        do {
            try socket.send(MessageCoding.encode(ClientMessage.hello(version: WireFormat.version)))
        } catch {
            // A server that turns the connection away says why and closes at once, possibly before the
            // hello arrives: its reason is still there to read.
            if let frame = try? receive(socket, deadline: MonotonicClock.now() + 1, timeout: 1),
               case .error(let reason)? = try? MessageCoding.decodeServer(type: frame.type, body: frame.body) {
                throw Failure.refused(reason)
            }
            throw error
        }
        guard let frame = try receive(socket, deadline: deadline, timeout: timeout) else { throw Failure.closed }
        switch try MessageCoding.decodeServer(type: frame.type, body: frame.body) {
        case let .welcome(_, clientID):
            var virtualTime: Double?
            var next = try receive(socket, deadline: deadline, timeout: timeout)
            if let frame = next, case .virtualClock(let now) = try MessageCoding.decodeServer(type: frame.type, body: frame.body) {
                virtualTime = now
                next = try receive(socket, deadline: deadline, timeout: timeout)
            }
            guard let next, case .outputs(let outputs) = try MessageCoding.decodeServer(type: next.type, body: next.body) else {
                throw Failure.unexpected("server sent no outputs after its welcome")
            }
            return Welcome(clientID: clientID, outputs: outputs, virtualTime: virtualTime)
        case .error(let reason): throw Failure.refused(reason)
        case let other: throw Failure.unexpected("unexpected handshake reply \(other)")
        }
    }

    /// The next frame, waiting at most until `deadline` (monotonic seconds; nil: for ever); nil at end of stream.
    private static func receive(_ socket: MessageSocket, deadline: Double?, timeout: Double?) throws -> (type: UInt16, body: [UInt8])? {
        guard let deadline, let timeout else { return try socket.receiveFrame() }
        while true {
            if let f = try socket.nextFrame() { return f }
            let left = deadline - MonotonicClock.now()
            guard left > 0 else { throw Failure.timedOut(timeout) }
            var p = pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(min(left * 1000 + 1, 60_000))) > 0 else { continue }
            if try socket.fill() == .endOfStream { return nil }
        }
    }
}
