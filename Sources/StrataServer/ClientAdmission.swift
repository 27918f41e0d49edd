import Foundation
import StrataCore
import StrataProtocol

/// Whether an accepted connection becomes a session: the checks made when a connection is accepted,
/// both by the server's loop and by the `ClientLobby` that serves handshakes while the server starts.
struct ClientAdmission {
    var access: AccessPolicy
    var maxClients: Int

    /// Why a connection is turned away, with the peer's pid for the log (-1: unknown).
    struct Refusal: Error {
        var pid: Int32
        var reason: String
    }

    /// A session for `socket`, or why it may not have one: the kernel's credentials of the peer, the
    /// access policy, and `max-clients` against the `sessions` already served.
    func admit(_ socket: MessageSocket, clientID: UInt32, sessions: Int, now: Double) -> Result<ClientSession, Refusal> {
        guard let peer = PeerCredentials.of(socket: socket.fd) else {
            return .failure(Refusal(pid: -1, reason: "the peer's credentials are unavailable"))
        }
        if let reason = access.refusal(for: peer) { return .failure(Refusal(pid: peer.pid, reason: reason)) }
        if sessions >= maxClients {
            return .failure(Refusal(pid: peer.pid, reason: "too many clients: max-clients is \(maxClients)"))
        }
        return .success(ClientSession(socket: socket, clientID: clientID, peer: peer,
                                      isInspector: access.isInspector(peer), isShell: access.isShell(peer), connectedAt: now))
    }

    /// Accepts every connection pending on `listener`, the one accept loop of the lobby and the server's
    /// loop: each is admitted (`admitted`, with `nextClientID` counted on) or told why not and closed
    /// (`refused`). `accepted` runs after each accept, before admission. Returns the error accept failed
    /// with, or nil once no connection is pending.
    func acceptPending(on listener: ListeningSocket, nextClientID: inout UInt32, sessions: () -> Int, now: () -> Double,
                       accepted: () -> Void = {}, admitted: (ClientSession) -> Void, refused: (Refusal) -> Void) -> (any Error)? {
        while true {
            let socket: MessageSocket
            do {
                guard let next = try listener.accept() else { return nil }
                socket = next
            } catch {
                return error
            }
            accepted()
            switch admit(socket, clientID: nextClientID, sessions: sessions(), now: now()) {
            case .success(let session):
                nextClientID += 1
                admitted(session)
            case .failure(let refusal):
                refused(refusal)
                Self.turnAway(socket, reason: refusal.reason)
            }
        }
    }

    /// Tells a turned-away connection why, if its socket takes the message now, and closes it.
    static func turnAway(_ socket: MessageSocket, reason: String) {
        _ = try? socket.enqueue(MessageCoding.encode(ServerMessage.error(reason)))
        socket.close()
    }
}

extension ClientSession {
    /// Answers the client's first message, which must be `hello` in this server's protocol version:
    /// `welcome` with its client id, the virtual clock's time when the server runs on one, then the lit outputs.
    func greet(_ message: ClientMessage, outputs: [OutputInfo], virtualTime: Double?) throws {
        guard case .hello(let version) = message else { throw ProtocolError.unexpectedMessage("\(message.typeCode) before hello") }
        guard version == WireFormat.version else { throw ProtocolError.unsupportedVersion(version) }
        greeted = true
        _ = try socket.enqueue(MessageCoding.encode(.welcome(version: WireFormat.version, clientID: clientID)))
        if let virtualTime { _ = try socket.enqueue(MessageCoding.encode(.virtualClock(now: virtualTime))) }
        _ = try socket.enqueue(MessageCoding.encode(.outputs(outputs)))
    }
}

extension OutputInfo {
    /// An output as clients are told of it; the rate is its refresh interval's inverse, as the display
    /// keeps it (so an output planned before the display exists compares equal to the display's).
    public init(name: String, width: Int, height: Int, refreshInterval: Double, scale: Double = 1, safeAreaInsets: SafeAreaInsets = .zero) {
        self.init(name: name, width: UInt32(width), height: UInt32(height), refreshHz: 1 / refreshInterval, scale: scale,
                  safeAreaInsets: safeAreaInsets)
    }
}
