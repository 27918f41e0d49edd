import Foundation
import StrataCore
import StrataProtocol
import StrataPNG

/// The process's connection to the render server. Commits travel over it as one message each;
/// animation events and transaction completions come back and are delivered on `callbackQueue`.
public final class StrataConnection: @unchecked Sendable {
    nonisolated(unsafe) static var current: StrataConnection?

    public struct ConnectionError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    private let socket: MessageSocket
    public let clientID: UInt32
    public let socketPath: String
    /// Queue for completion blocks and animation delegate callbacks (default: main).
    public var callbackQueue: DispatchQueue = .main
    private var roots: [CALayer] = []
    private let images = ImageTable()
    private var nextTransactionID: UInt64 = 0
    private var nextRequestID: UInt32 = 0
    private var replies: [UInt32: ServerMessage] = [:]
    private var replyFDs: [UInt32: [Int32]] = [:]
    private let replyCondition = NSCondition()
    private var closedReason: String?
    /// Display links following this connection's frames, and whether the server was asked for ticks.
    private var displayLinks: [CADisplayLink] = []
    private var ticksRequested = false
    /// Called with the server's reason if it ends the session.
    public var onError: (@Sendable (String) -> Void)?
    /// The server's lit outputs, primary first (as of the last `outputs` message: the handshake's, then
    /// each change, such as a screen plugged in). Empty while none is lit.
    public var outputs: [StrataOutput] { LayerLock.with { litOutputs } }
    private var litOutputs: [StrataOutput] = []
    /// Called on `callbackQueue` with the new outputs whenever they change.
    public var onOutputsChanged: (@Sendable ([StrataOutput]) -> Void)?

    /// Connects to the render server (socket from `STRATA_SOCKET`, else `$XDG_RUNTIME_DIR/strata.sock`,
    /// else `/run/strata/strata.sock`) and makes this the process's connection. Layers that already exist
    /// are sent with the next commit.
    public static func connect(socketPath: String? = nil) throws -> StrataConnection {
        let path = socketPath ?? SocketPath.resolve()
        let socket = try MessageSocket.connect(path: path)
        try socket.send(MessageCoding.encode(ClientMessage.hello(version: WireFormat.version)))
        guard let frame = try socket.receiveFrame() else { throw ConnectionError(message: "server closed the connection during the handshake") }
        switch try MessageCoding.decodeServer(type: frame.type, body: frame.body) {
        case let .welcome(_, clientID):
            let c = StrataConnection(socket: socket, clientID: clientID, path: path)
            // The outputs follow the welcome at once, so they are known when connect returns.
            guard let next = try socket.receiveFrame(),
                  case .outputs(let outputs) = try MessageCoding.decodeServer(type: next.type, body: next.body) else {
                throw ConnectionError(message: "server sent no outputs after its welcome")
            }
            c.litOutputs = outputs.map(StrataOutput.init)
            LayerLock.with {
                ConnectionGeneration.advance()
                current = c
            }
            c.startReader()
            return c
        case .error(let reason): throw ConnectionError(message: "server refused the connection: \(reason)")
        case let other: throw ConnectionError(message: "unexpected handshake reply \(other)")
        }
    }

    private init(socket: MessageSocket, clientID: UInt32, path: String) {
        self.socket = socket
        self.clientID = clientID
        self.socketPath = path
    }

    /// Shows `layer` (which must have no superlayer) on the primary output, above roots attached earlier.
    public func attach(_ layer: CALayer) { attach(layer, toOutput: "") }

    /// Shows `layer` (which must have no superlayer) on the output named `output` (`outputs` lists them;
    /// "" is the primary output), above roots attached there earlier. A root already attached moves to
    /// that output. While that output is not lit (unplugged), the layer is shown nowhere; it appears
    /// when the output comes back.
    public func attach(_ layer: CALayer, toOutput output: String) {
        LayerLock.with {
            precondition(layer.parent == nil, "attach: the layer has a superlayer")
            guard !layer.isAttachedRoot || layer.rootOutput != output else { return }
            layer.rootOutput = output
            if !layer.isAttachedRoot {
                layer.isAttachedRoot = true
                roots.append(layer)
            }
            CATransaction.noteChange(layer)
        }
    }

    public func detach(_ layer: CALayer) { LayerLock.with { Self.detachRootLocked(layer) } }

    static func detachRootLocked(_ layer: CALayer) {
        guard layer.isAttachedRoot else { return }
        layer.isAttachedRoot = false
        current?.roots.removeAll { $0 === layer }
        CATransaction.noteChange(layer)
    }

    /// Ends the session; the server drops this client's layers. The reader thread sees end of stream
    /// and exits; the descriptor is closed when the connection is freed (never under a blocked read).
    public func close() {
        LayerLock.with {
            // Roots are attached to this connection's display only.
            for root in roots { root.isAttachedRoot = false }
            roots.removeAll()
            if Self.current === self { Self.current = nil }
        }
        socket.shutdown()
    }

    // MARK: commits

    /// Sends the changes of `layers` as one commit; false when it could not be sent. Completion blocks are
    /// tracked on the client (CompletionTracker) from the server's animation events.
    @discardableResult
    func commit(layers: [CALayer]) -> Bool {
        var encoder = CommitEncoder(images: images)
        do {
            try encoder.encode(layers)
            for id in LayerRegistry.takeReleased() { encoder.operations.append(.releaseLayer(id)) }
            nextTransactionID += 1
            let id = nextTransactionID
            guard !encoder.operations.isEmpty else { return true }
            let commit = Commit(transactionID: id, wantsCompletion: false, operations: encoder.operations,
                                fdCount: UInt16(encoder.buffers.count))
            try socket.send(MessageCoding.encode(ClientMessage.commit(commit)), fds: encoder.buffers.map(\.fd))
            return true
        } catch {
            StrataLog.logger.error("commit failed, the render server did not receive it: \(error)")
            return false
        }
    }

    // MARK: display links

    func addDisplayLink(_ link: CADisplayLink) {
        LayerLock.with { if !displayLinks.contains(where: { $0 === link }) { displayLinks.append(link) } }
        updateFrameTicks()
    }

    func removeDisplayLink(_ link: CADisplayLink) {
        LayerLock.with { displayLinks.removeAll { $0 === link } }
        updateFrameTicks()
    }

    /// Asks the server for a tick per vblank while some link runs, and stops the ticks when none does.
    func updateFrameTicks() {
        LayerLock.with {
            let wanted = displayLinks.contains { $0.isRunning }
            guard wanted != ticksRequested else { return }
            do {
                try socket.send(MessageCoding.encode(ClientMessage.frameTicks(enabled: wanted)))
                ticksRequested = wanted
            } catch {
                StrataLog.logger.error("display link: the render server did not receive the request: \(error)")
            }
        }
    }

    // MARK: events

    private func startReader() {
        // The reader holds the connection until the socket ends, so the descriptor outlives every read.
        let thread = Thread { [self] in self.readLoop() }
        thread.name = "strata.connection"
        thread.start()
    }

    private func readLoop() {
        while true {
            do {
                guard let frame = try socket.receiveFrame() else { finish("server closed the connection"); return }
                let message = try MessageCoding.decodeServer(type: frame.type, body: frame.body)
                handle(message)
            } catch {
                finish("\(error)")
                return
            }
        }
    }

    /// The session is over (server closed it or the socket failed): this connection's roots are no longer
    /// on any display, and commits fall back to local evaluation until the app connects again.
    private func finish(_ reason: String) {
        LayerLock.with {
            for root in roots { root.isAttachedRoot = false }
            roots.removeAll()
            if Self.current === self { Self.current = nil }
        }
        replyCondition.lock()
        closedReason = reason
        replyCondition.broadcast()
        replyCondition.unlock()
    }

    private func handle(_ message: ServerMessage) {
        switch message {
        case let .animationStarted(layerID, key):
            guard let layer = LayerRegistry.layer(layerID) else { return }
            let anim: CAAnimation? = LayerLock.with {
                guard let entry = layer.server?.inFlight[key]?.first(where: { layer.server?.started.contains(ObjectIdentifier($0)) == false })
                else { return nil }
                layer.server?.started.insert(ObjectIdentifier(entry))
                return entry.animation
            }
            if let anim, let delegate = anim.delegate { callbackQueue.async { delegate.animationDidStart(anim) } }
        case let .animationStopped(layerID, key, finished):
            guard let layer = LayerRegistry.layer(layerID) else { return }
            let anim: CAAnimation? = LayerLock.with {
                guard var queue = layer.server?.inFlight[key], !queue.isEmpty else { return nil }
                let entry = queue.removeFirst()
                layer.server?.inFlight[key] = queue.isEmpty ? nil : queue
                layer.server?.started.remove(ObjectIdentifier(entry))
                CompletionTracker.stopped(ObjectIdentifier(entry), queue: callbackQueue)
                if finished, entry.animation.isRemovedOnCompletion {
                    // The server detached it at its end; keep the client's view equal.
                    layer.animationEntries.removeAll { $0 === entry }
                    if layer.server?.animations[key] == ObjectIdentifier(entry) { layer.server?.animations[key] = nil }
                }
                return entry.animation
            }
            if let anim, let delegate = anim.delegate { callbackQueue.async { delegate.animationDidStop(anim, finished: finished) } }
        case .transactionCompleted:
            // The library tracks completion per transaction itself (it never sets wantsCompletion).
            break
        case .snapshot(let id, _, _), .snapshotUnavailable(let id, _), .tree(let id, _), .stats(let id, _):
            replyCondition.lock()
            replies[id] = message
            if case .snapshot = message, let fds = try? socket.takeFDs(1) { replyFDs[id] = fds }
            replyCondition.broadcast()
            replyCondition.unlock()
        case .error(let reason):
            StrataLog.logger.error("render server ended the session: \(reason)")
            onError?(reason)
        case let .frameTick(timestamp, duration):
            let links = LayerLock.with { displayLinks }
            for link in links { link.tick(timestamp: timestamp, duration: duration, queue: callbackQueue) }
        case .outputs(let outputs):
            let lit = outputs.map(StrataOutput.init)
            LayerLock.with { litOutputs = lit }
            if let onOutputsChanged { callbackQueue.async { onOutputsChanged(lit) } }
        case .welcome:
            break
        }
    }

    // MARK: inspection

    private func request(_ make: (UInt32) -> ClientMessage, timeout: TimeInterval = 10) throws -> (ServerMessage, [Int32]) {
        replyCondition.lock()
        nextRequestID += 1
        let id = nextRequestID
        replyCondition.unlock()
        try socket.send(MessageCoding.encode(make(id)))
        replyCondition.lock(); defer { replyCondition.unlock() }
        let deadline = Date().addingTimeInterval(timeout)
        while replies[id] == nil {
            if let reason = closedReason { throw ConnectionError(message: "connection closed: \(reason)") }
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
