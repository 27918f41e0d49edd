import Foundation
import StrataProtocol

/// One connected client: its socket, who it is and where it is in the handshake.
final class ClientSession {
    let socket: MessageSocket
    let clientID: UInt32
    /// As the kernel recorded them at connect().
    let peer: PeerCredentials
    var pid: Int32 { peer.pid }
    /// Whether it may see other clients' content (`AccessPolicy.isInspector`).
    let isInspector: Bool
    /// Whether it may host any client's roots (`AccessPolicy.isShell`).
    let isShell: Bool
    /// When it connected: a client that has not said hello by `handshakeTimeout` later is dropped.
    let connectedAt: Double
    var greeted = false
    /// The client asked for a `frameTick` at every vblank (a CADisplayLink is running there).
    var wantsFrameTicks = false
    /// It asked for a step of the virtual clock that has not run yet: nothing more it sent is read until
    /// then (what it sends next must see the step done).
    var awaitsStep = false

    init(socket: MessageSocket, clientID: UInt32, peer: PeerCredentials, isInspector: Bool, isShell: Bool = false, connectedAt: Double) {
        self.isShell = isShell
        self.socket = socket
        self.clientID = clientID
        self.peer = peer
        self.isInspector = isInspector
        self.connectedAt = connectedAt
    }
}
