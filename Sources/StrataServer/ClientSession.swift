import Foundation
import StrataProtocol

/// One connected client: its socket and where it is in the handshake.
final class ClientSession {
    let socket: MessageSocket
    let clientID: UInt32
    let pid: Int32
    var greeted = false
    /// The client asked for a `frameTick` at every vblank (a CADisplayLink is running there).
    var wantsFrameTicks = false

    init(socket: MessageSocket, clientID: UInt32, pid: Int32) {
        self.socket = socket
        self.clientID = clientID
        self.pid = pid
    }
}
