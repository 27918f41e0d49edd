import Foundation
import StrataPNG
import StrataProtocol

/// Requests answered by the server (snapshot, stats), waited for on the caller's thread.
extension StrataConnection {
    /// Sends a request and waits for its reply. It fails at once while the connection is reconnecting,
    /// and when the session it was sent on ends before the reply came.
    func request(_ make: (UInt32) -> ClientMessage, timeout: TimeInterval = 10) throws -> (ServerMessage, [Int32]) {
        // The socket and the session count are read together, so a reply lost with its session is noticed.
        let (socket, id, session) = try LayerLock.with { () throws -> (MessageSocket, UInt32, Int) in
            replyCondition.lock(); defer { replyCondition.unlock() }
            switch link {
            case .live: break
            case .restoring: throw ConnectionError(message: "not connected: the render server went away and the connection is reconnecting")
            case .ended: throw ConnectionError(message: "connection closed: \(closedReason ?? "closed by the app")")
            }
            nextRequestID += 1
            return (self.socket, nextRequestID, sessionsEnded)
        }
        try socket.send(MessageCoding.encode(make(id)))
        replyCondition.lock(); defer { replyCondition.unlock() }
        let deadline = Date().addingTimeInterval(timeout)
        while replies[id] == nil {
            if sessionsEnded != session {
                if let reason = closedReason { throw ConnectionError(message: "connection closed: \(reason)") }
                throw ConnectionError(message: "the render server went away before replying (the connection is reconnecting)")
            }
            guard replyCondition.wait(until: deadline) else { throw ConnectionError(message: "no reply from the server within \(timeout) s") }
        }
        let reply = replies.removeValue(forKey: id)
        return (reply ?? .error("no reply"), replyFDs.removeValue(forKey: id) ?? [])
    }

    /// The most recent frame composited for `output` (one of `outputs`' names; "" is the primary output).
    public func snapshot(output: String = "") throws -> RGBAImage {
        let (reply, fds) = try request { .snapshotRequest(requestID: $0, output: output) }
        switch reply {
        case let .snapshot(_, w, h):
            guard let fd = fds.first else { throw ConnectionError(message: "snapshot arrived without pixels") }
            let buffer = try SharedPixelBuffer(mapping: fd, byteCount: Int(w) * Int(h) * 4)
            return RGBAImage(width: Int(w), height: Int(h), pixels: buffer.bytes(), isPremultiplied: true)
        case let .snapshotUnavailable(_, reason): throw ConnectionError(message: "snapshot unavailable: \(reason)")
        default: throw ConnectionError(message: "unexpected reply \(reply)")
        }
    }

    /// `strata stats` as a dictionary.
    public func stats() throws -> [String: Any] {
        let (reply, _) = try request { .statsRequest(requestID: $0) }
        guard case let .stats(_, json) = reply,
              let o = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw ConnectionError(message: "unexpected reply \(reply)")
        }
        return o
    }
}
