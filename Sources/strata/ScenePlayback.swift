import Foundation
import StrataProtocol
import StrataScene

/// A scene `strata play` keeps on a server: its commit and its changes, timed from one scene start. A
/// server that restarts gets the scene commit again with the same start, then the changes already made,
/// so its animations go on where they were (their begin times are on CLOCK_MONOTONIC, which every
/// process shares).
final class ScenePlayback {
    let scene: Scene
    let socketPath: String
    private(set) var socket: MessageSocket
    /// The scene's time 0 on the media clock.
    let start: Double
    let changes: [(time: Double, commit: Commit)]
    /// How long a restarted server may take to answer (under socket activation the connect succeeds at
    /// once and the welcome comes when the server runs).
    static let handshakeTimeout = 10.0
    /// How many of `changes` have been sent.
    private var sent = 0
    /// The top-level layer exported as a context instead of attached as a root (`--export`), and what is
    /// told each token the server makes for it (one per session: a restarted server makes a new one).
    let export: Scene.Layer?
    let tokenMade: (ContextToken) -> Void

    /// Connects and sends the scene; the scene starts now.
    init(scene: Scene, socketPath: String, export: Scene.Layer? = nil, tokenMade: @escaping (ContextToken) -> Void = { _ in }) throws {
        self.scene = scene
        self.socketPath = socketPath
        self.export = export
        self.tokenMade = tokenMade
        socket = try Self.handshake(socketPath, timeout: nil)
        start = MonotonicClock.now()
        changes = scene.changeCommits(sceneStart: start)
        try sendScene()
    }

    private static func handshake(_ path: String, timeout: Double?) throws -> MessageSocket {
        let socket = try MessageSocket.connect(path: path)
        _ = try ClientHandshake.perform(on: socket, timeout: timeout)
        return socket
    }

    /// The context token of the last session (`--export`): a restarted server gives it again.
    private var exportedToken: ContextToken?
    /// Whether the scene has been sent before (this is a restarted server).
    private var replaying = false

    private func sendScene() throws {
        var (commit, buffers) = try scene.commit(sceneStart: start)
        if replaying {
            // The last server's bindings: the new one waits for their apps to reconnect.
            commit.operations = commit.operations.map {
                if case let .hostContext(layer, token, _) = $0 { .hostContext(layer, token: token, replayed: true) } else { $0 }
            }
        }
        replaying = true
        if let export {
            // Not a root: the layer of a context, whose token goes to whoever hosts it.
            // The same token if the server takes it back (a restart's first 30 s), else a new one.
            let token = try exportedToken.flatMap { try? createContext(reclaim: $0) } ?? createContext(reclaim: .zero)
            exportedToken = token
            commit.operations.removeAll { $0 == .attachRoot(export.wireID) }
            commit.operations.append(.setContextLayer(token, layer: export.wireID))
            tokenMade(token)
        }
        try socket.send(MessageCoding.encode(ClientMessage.commit(commit)), fds: buffers.map(\.fd))
        for change in changes.prefix(sent) { try socket.send(MessageCoding.encode(ClientMessage.commit(change.commit))) }
    }

    /// A new context's token (the socket still blocking, right after the handshake).
    private func createContext(reclaim: ContextToken) throws -> ContextToken {
        try socket.send(MessageCoding.encode(ClientMessage.createContext(requestID: 1, reclaim: reclaim, hostUsers: [])))
        while true {
            while let f = try socket.nextFrame() {
                switch try MessageCoding.decodeServer(type: f.type, body: f.body) {
                case let .contextCreated(_, token, refusal):
                    guard refusal.isEmpty else { throw ProtocolError.invalid("the server made no context: \(refusal)") }
                    return token
                case .error(let reason): throw ProtocolError.invalid("the server ended the session: \(reason)")
                default: continue
                }
            }
            guard try socket.fill() == .data else { throw ProtocolError.invalid("the server closed the connection before making a context") }
        }
    }

    /// The scene time of the next change to send, if any is left.
    var nextChangeTime: Double? { sent < changes.count ? changes[sent].time : nil }

    /// Sends the changes due by `now` (media time), as an app makes them at their scene time.
    func sendDueChanges(now: Double) throws {
        while let t = nextChangeTime, start + t <= now {
            try socket.send(MessageCoding.encode(ClientMessage.commit(changes[sent].commit)))
            sent += 1
        }
    }

    /// Connects again and re-sends the scene, with backoff, until `deadline` (media time). False when no
    /// server answered by then.
    func reconnect(until deadline: Double) -> Bool {
        var backoff = ReconnectBackoff()
        while true {
            let wait = backoff.next()
            guard MonotonicClock.now() + wait < deadline else { return false }
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
            do {
                socket = try Self.handshake(socketPath, timeout: max(0.1, min(Self.handshakeTimeout, deadline - MonotonicClock.now())))
                try sendScene()
                socket.setNonBlocking()
                return true
            } catch {
                continue // the server is not back yet
            }
        }
    }
}
