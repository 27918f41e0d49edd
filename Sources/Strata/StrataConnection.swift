import Foundation
import StrataCore
import StrataProtocol
import StrataPNG

/// The process's connection to the render server. Commits travel over it as one message each;
/// animation events, input and transaction completions come back and are delivered on the main queue, as
/// the main actor: every callback the app hands Strata is `@MainActor` (docs/getting-started.md).
/// When the server goes away (it crashed or was restarted) the connection reconnects by itself and
/// sends the server everything it showed (`StrataConnection+Restore.swift`).
public final class StrataConnection: @unchecked Sendable {
    nonisolated(unsafe) static var current: StrataConnection?
    /// The connection layers commit to (for the library's other modules: StrataAVFoundation's callbacks).
    package static var currentConnection: StrataConnection? { LayerLock.with { current } }

    /// Why a connection or a request on it failed: the handshake refused, the connection closed or
    /// reconnecting, no reply in time, or a snapshot the server could not produce. Thrown by `connect(socketPath:)`,
    /// `snapshot(output:)` and `stats()`; its `description` is the message.
    public struct ConnectionError: Error, CustomStringConvertible {
        /// What went wrong, in words (for example "snapshot unavailable: …" or "connection closed: …").
        public let message: String
        public var description: String { message }
    }

    /// Whether a session is up, being restored after the server went away, or over for good.
    enum Link { case live, restoring, ended }

    // Guarded by LayerLock.
    /// The session's socket (the last one while restoring). Replaced, never closed, on reconnection: a
    /// thread still holding the old one keeps its descriptor alive until it lets go.
    var socket: MessageSocket
    var link = Link.live
    /// A socket being connected while restoring; `close()` shuts it down too.
    var attemptSocket: MessageSocket?
    /// Layers committed while restoring: the restored session carries them.
    var heldLayerIDs: Set<LayerID> = []
    var sessionClientID: UInt32
    var roots: [CALayer] = []
    var images = ImageTable()
    /// Reusable shared buffers for backing-store updates (this session's; reset when it is restored).
    let bufferPool = SharedBufferPool()
    var litOutputs: [StrataOutput] = []
    /// The server's virtual clock's time (nil: the server runs on the wall clock).
    var virtualNow: Double?
    /// Display links following this connection's frames, and whether the server was asked for ticks.
    var displayLinks: [CADisplayLink] = []
    var ticksRequested = false
    /// Drawable buffers whose layer went: released on the server with the next commit.
    var pendingBufferReleases: [BufferID] = []
    private var nextTransactionID: UInt64 = 0
    /// Contexts exported on this session (StrataConnection+Contexts), and those whose layer changed since
    /// the last commit.
    var exportedContexts: [ContextToken: WeakContext] = [:]
    var pendingContextLayers: [StrataContext] = []
    /// While a restored session's scene is sent: host layers' bindings go out marked as replayed.
    var replayingSession = false
    /// `createContext` replays of a restored session waiting for their answer, by request id (guarded by
    /// replyCondition).
    var contextReplays: [UInt32: StrataContext] = [:]

    // Guarded by replyCondition.
    var nextRequestID: UInt32 = 0
    var replies: [UInt32: ServerMessage] = [:]
    var replyFDs: [UInt32: [Int32]] = [:]
    /// Sessions ended so far: a request waiting for a reply from a session that ended fails.
    var sessionsEnded = 0
    var closedReason: String?
    /// `inputHandler`.
    var inputHandlerStorage: ((StrataInputEvent) -> Void)?
    let replyCondition = NSCondition()
    /// Signalled by `close()`: cuts short a wait between reconnection attempts.
    let closeSignal = DispatchSemaphore(value: 0)

    /// The server's virtual clock's time as this connection last heard it (`strata-server --clock virtual`);
    /// nil when the server runs on the wall clock. `CACurrentMediaTime()` reads it while this is the
    /// process's connection.
    public var virtualTime: Double? { LayerLock.with { virtualNow } }

    /// The id the server gave this client (a new one after each reconnection).
    public var clientID: UInt32 { LayerLock.with { sessionClientID } }
    /// The path of the Unix socket this connection uses: the argument to `connect(socketPath:)`, else
    /// `STRATA_SOCKET`, `$XDG_RUNTIME_DIR/strata.sock` or `/run/strata/strata.sock`. Reconnection after a
    /// server restart uses the same path.
    public let socketPath: String
    /// Always the main queue: every callback runs there, as the main actor (as in UIKit, where everything
    /// is on the main thread). Setting another queue is ignored and logged: a `@MainActor` closure cannot
    /// run on it. A process whose main thread waits (a command-line tool, a test) lets the main queue run
    /// while it waits: `RunLoop.main.run(until:)`, or XCTest's `wait(for:timeout:)`.
    @available(*, deprecated, message: "Strata's callbacks always run on the main queue (the main actor); let it run while waiting (RunLoop.main.run(until:))")
    public var callbackQueue: DispatchQueue {
        get { .main }
        set {
            guard newValue !== DispatchQueue.main else { return }
            StrataLog.logger.warning("StrataConnection.callbackQueue is always the main queue; \(newValue.label) ignored")
        }
    }
    /// Called on the main queue with the server's reason when it ends the session because of what this
    /// client sent. The connection does not reconnect then: the same input would be refused again.
    public var onError: (@MainActor @Sendable (String) -> Void)?
    /// Called on the main queue when the server could not do what one layer asked and the session goes on:
    /// a text layer whose string made the server's text worker crash or hang shows no text until its
    /// string or style changes. The layer (nil when it is gone) and the server's reason; also logged.
    public var onLayerError: (@MainActor @Sendable (CALayer?, String) -> Void)?
    /// Whether the connection reconnects when the server goes away (default true).
    public var automaticallyReconnects = true
    /// Called on the main queue with the reason when the server went away and reconnection begins.
    public var onServerLost: (@MainActor @Sendable (String) -> Void)?
    /// Called on the main queue once a restarted server has been given the whole scene again.
    public var onReconnect: (@MainActor @Sendable () -> Void)?
    /// Whether a session with the server is up now (false while reconnecting and after the end).
    public var isConnected: Bool { LayerLock.with { link == .live } }
    /// The server's lit outputs, primary first (as of the last `outputs` message: the handshake's, then
    /// each change, such as a screen plugged in). Empty while none is lit.
    public var outputs: [StrataOutput] { LayerLock.with { litOutputs } }
    /// The primary output (`UIScreen.main`'s stand-in): nil while none is lit.
    public var mainOutput: StrataOutput? { outputs.first }
    /// The primary output's layer space in points (`UIScreen.main.bounds`): the frame of a full-screen
    /// root. `.zero` while no output is lit.
    public var screenBounds: CGRect { mainOutput?.bounds ?? .zero }
    /// The primary output's scale (`UIScreen.main.scale`): pixels per point, 1 until the server has said.
    /// Set it as `contentsScale` on layers that draw (text, backing stores) to be as sharp as the screen.
    public var screenScale: CGFloat { mainOutput?.scale ?? 1 }
    /// Called on the main queue with the new outputs whenever they change.
    public var onOutputsChanged: (@MainActor @Sendable ([StrataOutput]) -> Void)?
    /// Called on the main queue once per commit this connection sent, with its transaction id and when the
    /// first frame including it went on screen (`CACurrentMediaTime`'s clock, seconds): changed pixels or
    /// not. `lastTransactionID` names the commit a `CATransaction.flush()` just sent.
    public var onTransactionPresented: (@MainActor @Sendable (_ transactionID: UInt64, _ presentedAt: CFTimeInterval) -> Void)?
    /// Called on the main queue when how a `StrataLayerHost`'s context shows changes (shown, waiting,
    /// refused with the reason, revoked, its exporter gone): also its `hostingState`.
    public var onHostingChanged: (@MainActor @Sendable (StrataLayerHost, StrataLayerHost.HostingState) -> Void)?
    /// The transaction id of the last commit sent on this connection (0: none yet). A flush that sends its
    /// images ahead in commits of their own sends the rest last, under this id.
    public var lastTransactionID: UInt64 { LayerLock.with { nextTransactionID } }
    /// Called on the main queue with input events no layer handler takes: keys while no layer has the
    /// focus, keys and other events for layers without a handler up their superlayer chain, and keys for
    /// a focused layer the app has released (docs/input.md).
    public var inputHandler: ((StrataInputEvent) -> Void)? {
        get { LayerLock.with { inputHandlerStorage } }
        set { LayerLock.with { inputHandlerStorage = newValue } }
    }

    /// Connects to the render server (socket from `STRATA_SOCKET`, else `$XDG_RUNTIME_DIR/strata.sock`,
    /// else `/run/strata/strata.sock`) and makes this the process's connection. Layers that already exist
    /// are sent with the next commit.
    public static func connect(socketPath: String? = nil) throws -> StrataConnection {
        let path = socketPath ?? SocketPath.resolve()
        let socket = try MessageSocket.connect(path: path)
        let welcome: ClientHandshake.Welcome
        do {
            welcome = try ClientHandshake.perform(on: socket)
        } catch let failure as ClientHandshake.Failure {
            throw ConnectionError(message: failure.description)
        }
        let c = StrataConnection(socket: socket, welcome: welcome, path: path)
        LayerLock.with {
            ConnectionGeneration.advance()
            current = c
            VirtualMediaTime.set(c.virtualNow)
        }
        c.startReader()
        c.announce(.connected)
        return c
    }

    private init(socket: MessageSocket, welcome: ClientHandshake.Welcome, path: String) {
        self.socket = socket
        sessionClientID = welcome.clientID
        litOutputs = welcome.outputs.map(StrataOutput.init)
        virtualNow = welcome.virtualTime
        socketPath = path
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

    /// Stops showing `layer`, an attached root, on its output from the next commit (the layer and its tree
    /// stay as they are, to attach again); nothing for a layer that is not an attached root.
    public func detach(_ layer: CALayer) { LayerLock.with { Self.detachRootLocked(layer) } }

    static func detachRootLocked(_ layer: CALayer) {
        guard layer.isAttachedRoot else { return }
        layer.isAttachedRoot = false
        current?.roots.removeAll { $0 === layer }
        CATransaction.noteChange(layer)
    }

    /// Ends the session for good (a reconnection under way stops); the server drops this client's layers.
    /// The reader thread sees end of stream and exits; the descriptor is closed when the connection is
    /// freed (never under a blocked read).
    public func close() {
        let sockets = LayerLock.with { () -> [MessageSocket] in
            link = .ended
            detachRoots()
            return [socket] + (attemptSocket.map { [$0] } ?? [])
        }
        for s in sockets { s.shutdown() }
        closeSignal.signal()
    }

    /// This connection's roots are on no display any more, and it is no longer the process's connection
    /// (commits are evaluated locally until the app connects again). Called with LayerLock held.
    func detachRoots() {
        // Roots are attached to this connection's display only; one the app has since attached to a newer
        // connection stays attached there.
        let newer = Self.current === self ? nil : Self.current
        for root in roots where !(newer?.roots.contains { $0 === root } ?? false) { root.isAttachedRoot = false }
        roots.removeAll()
        if Self.current === self {
            Self.current = nil
            VirtualMediaTime.set(nil)
        }
    }

    // MARK: commits

    /// Sends the changes of `layers` as one commit; false when it could not be sent. Completion blocks are
    /// tracked on the client (CompletionTracker) from the server's animation events. While restoring, the
    /// layers wait for the restored session, which sends them whole. Called with LayerLock held.
    @discardableResult
    func commit(layers: [CALayer]) -> Bool {
        switch link {
        case .live: break
        case .restoring:
            heldLayerIDs.formUnion(layers.map(\.layerID))
            return true
        case .ended: return false
        }
        var encoder = CommitEncoder(images: images, pool: bufferPool)
        encoder.contextLayers = takeContextLayers()
        encoder.replaying = replayingSession
        do {
            try encoder.encode(layers)
            let released = LayerRegistry.takeReleased()
            for id in released.layers { encoder.operations.append(.releaseLayer(id)) }
            for id in released.images where images.release(id) { encoder.operations.append(.releaseImage(id)) }
            encoder.operations += pendingBufferReleases.map { .releaseBuffer($0) }
            pendingBufferReleases.removeAll()
            guard !encoder.operations.isEmpty else { return true }
            // More descriptors than one message carries: the images go ahead in commits of their own.
            for batch in CommitBatches.split(encoder.operations, buffers: encoder.buffers) {
                nextTransactionID += 1
                let commit = Commit(transactionID: nextTransactionID, wantsCompletion: false, operations: batch.operations,
                                    fdCount: UInt16(batch.buffers.count))
                try socket.send(MessageCoding.encode(ClientMessage.commit(commit)), fds: batch.buffers.map(\.fd))
            }
            return true
        } catch {
            StrataLog.logger.error("commit failed, the render server did not receive it: \(error)")
            return false
        }
    }

    /// Sends a drawable's present as a commit of its own; its transaction id, or nil when it could not be
    /// sent. Called with LayerLock held.
    func sendDrawableCommit(_ operations: [LayerOperation], fds: [SharedPixelBuffer]) -> UInt64? {
        guard link == .live else { return nil }
        let ops = pendingBufferReleases.map { LayerOperation.releaseBuffer($0) } + operations
        nextTransactionID += 1
        let commit = Commit(transactionID: nextTransactionID, operations: ops, fdCount: UInt16(fds.count))
        do {
            try socket.send(MessageCoding.encode(ClientMessage.commit(commit)), fds: fds.map(\.fd))
        } catch {
            StrataLog.logger.error("drawable present failed, the render server did not receive it: \(error)")
            return nil
        }
        pendingBufferReleases.removeAll()
        return nextTransactionID
    }

    /// Whether the session is up (not restoring, not ended).
    var isLive: Bool { link == .live }

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
    /// While restoring only the wish is recorded: the restored session asks for ticks if it holds then.
    func updateFrameTicks() {
        LayerLock.with {
            let wanted = displayLinks.contains { $0.isRunning }
            guard wanted != ticksRequested else { return }
            guard link == .live else { ticksRequested = wanted; return }
            do {
                try socket.send(MessageCoding.encode(ClientMessage.frameTicks(enabled: wanted)))
                ticksRequested = wanted
            } catch {
                StrataLog.logger.error("display link: the render server did not receive the request: \(error)")
            }
        }
    }
}
