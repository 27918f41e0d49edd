import Foundation

/// A minimal blocking client for tools: handshake, raw commits, and request/reply inspection
/// (snapshot, tree, stats). Events arriving meanwhile are handed to `onEvent`.
public final class InspectorClient {
    public let socket: MessageSocket
    public let clientID: UInt32
    private var nextRequestID: UInt32 = 0
    public var onEvent: (ServerMessage) -> Void = { _ in }

    public init(socketPath: String) throws {
        socket = try MessageSocket.connect(path: socketPath)
        do {
            clientID = try ClientHandshake.perform(on: socket).clientID
        } catch let failure as ClientHandshake.Failure {
            switch failure {
            case .refused: throw ProtocolError.invalid("\(failure)")
            case .unexpected(let what): throw ProtocolError.unexpectedMessage(what)
            default: throw ProtocolError.invalid("\(failure)")
            }
        }
    }

    public func send(_ message: ClientMessage, fds: [Int32] = []) throws {
        try socket.send(MessageCoding.encode(message), fds: fds)
    }

    /// Reads the next server message (blocking); nil at end of stream. Claims a snapshot's descriptor.
    public func receive() throws -> (ServerMessage, [Int32])? {
        guard let frame = try socket.receiveFrame() else { return nil }
        let m = try MessageCoding.decodeServer(type: frame.type, body: frame.body)
        if case .snapshot = m { return (m, try socket.takeFDs(1)) }
        return (m, [])
    }

    /// Sends a request and returns its reply, passing other messages to `onEvent`.
    public func request(_ make: (UInt32) -> ClientMessage) throws -> (ServerMessage, [Int32]) {
        nextRequestID += 1
        let id = nextRequestID
        try send(make(id))
        while let (m, fds) = try receive() {
            switch m {
            case .snapshot(id, _, _), .snapshotUnavailable(id, _), .tree(id, _), .stats(id, _), .clockAdvanced(id, _, _), .contextCreated(id, _, _):
                return (m, fds)
            case .error(let reason): throw ProtocolError.invalid("server ended the session: \(reason)")
            default: onEvent(m)
            }
        }
        throw ProtocolError.invalid("server closed the connection before replying")
    }

    /// Runs the server's virtual clock `seconds` on (`strata clock advance`), drawing the frames inside the
    /// step, and returns the time it reads then; throws the server's reason when it refuses (a server on
    /// the wall clock, a client that is not an inspector).
    public func advanceClock(by seconds: Double) throws -> Double {
        let (reply, _) = try request { .advanceClock(requestID: $0, seconds: seconds) }
        guard case let .clockAdvanced(_, now, refusal) = reply else { throw ProtocolError.unexpectedMessage("reply \(reply) to advanceClock") }
        guard refusal.isEmpty else { throw ProtocolError.invalid("clock not advanced: \(refusal)") }
        return now
    }

    /// Has the server route `events` as device input (`strata input`); throws the server's reason when it
    /// refuses them.
    public func inject(_ events: [InjectedInput]) throws {
        try send(.injectInput(events))
        while let (m, _) = try receive() {
            switch m {
            case .injectResult(let refusal):
                guard refusal.isEmpty else { throw ProtocolError.invalid("input refused: \(refusal)") }
                return
            case .error(let reason): throw ProtocolError.invalid("server ended the session: \(reason)")
            default: onEvent(m)
            }
        }
        throw ProtocolError.invalid("server closed the connection before answering")
    }
}
