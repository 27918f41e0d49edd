import Foundation
import StrataCore
import StrataProtocol

/// The reader thread: server messages of each session, and what happens when a session ends.
extension StrataConnection {
    /// How a session ended, which decides whether to reconnect.
    enum SessionEnd {
        /// End of stream or a socket error: the server exited, crashed or was restarted.
        case serverGone(String)
        /// The server sent `error` (it refused this client's input) before closing.
        case refused(String)
        /// The server's messages could not be decoded: the stream can no longer be trusted.
        case broken(String)
    }

    func startReader() {
        // The reader holds the connection until its last session ends, so the descriptor outlives every read.
        let thread = Thread { [self] in self.readSessions() }
        thread.name = "strata.connection"
        thread.start()
    }

    /// Reads session after session: a session the server ended by going away is followed by a restored
    /// one, until the app closes the connection, the server refuses it, or reconnection is off.
    private func readSessions() {
        var socket = LayerLock.with { self.socket }
        while true {
            let end = read(socket)
            guard case .serverGone(let reason) = end, beginRestoring(reason) else {
                switch end {
                case .serverGone(let reason), .refused(let reason), .broken(let reason):
                    // After close() the end of stream is the app's doing, whatever the socket said.
                    finish(LayerLock.with { link == .ended } ? "closed by the app" : reason)
                }
                return
            }
            guard let restored = reconnect() else { return }
            socket = restored
        }
    }

    private func read(_ socket: MessageSocket) -> SessionEnd {
        var refusal: String?
        while true {
            do {
                guard let frame = try socket.receiveFrame() else {
                    return refusal.map(SessionEnd.refused) ?? .serverGone("server closed the connection")
                }
                let message = try MessageCoding.decodeServer(type: frame.type, body: frame.body)
                if case .error(let reason) = message { refusal = reason }
                handle(message, socket: socket)
            } catch let error as ProtocolError {
                return refusal.map(SessionEnd.refused) ?? .broken("\(error)")
            } catch {
                return refusal.map(SessionEnd.refused) ?? .serverGone("\(error)")
            }
        }
    }

    /// The session is over for good (closed by the app, refused by the server, or not to be restored):
    /// this connection's roots are no longer on any display, and commits fall back to local evaluation
    /// until the app connects again. Requests still waiting fail with `reason`.
    func finish(_ reason: String) {
        let last = LayerLock.with { () -> MessageSocket in
            link = .ended
            detachRoots()
            attemptSocket = nil
            return socket
        }
        // A server still there (messages it sent could not be decoded) drops this client's tree too.
        last.shutdown()
        replyCondition.lock()
        closedReason = reason
        sessionsEnded += 1
        replyCondition.broadcast()
        replyCondition.unlock()
        announce(.ended)
    }

    /// One case per server message.
    func handle(_ message: ServerMessage, socket: MessageSocket) {
        switch message {
        case let .animationStarted(layerID, key): animationStarted(layerID, key: key)
        case let .animationStopped(layerID, key, finished): animationStopped(layerID, key: key, finished: finished)
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
            if let onError { MainDelivery.async { onError(reason) } }
        case let .frameTick(timestamp, duration):
            let links = LayerLock.with { displayLinks }
            for link in links { link.tick(timestamp: timestamp, duration: duration) }
        case .outputs(let outputs):
            let lit = outputs.map(StrataOutput.init)
            LayerLock.with { litOutputs = lit }
            if let onOutputsChanged { MainDelivery.async { onOutputsChanged(lit) } }
        case .input(let event):
            deliver(event)
        case .observedInput(let event):
            deliver(event, observed: true)
        case let .tileRequests(layerID, keys):
            (LayerRegistry.layer(layerID) as? CATiledLayer)?.tiles.request(keys)
        case let .tileCancels(layerID, keys):
            (LayerRegistry.layer(layerID) as? CATiledLayer)?.tiles.cancel(keys)
        case .bufferReleased(let id):
            if let ring = DrawableRing.ring(holding: id) { ring.released(id) } else { LayerLock.with { bufferPool.released(id) } }
        case let .transactionPresented(id, presentedAt):
            if let onTransactionPresented { MainDelivery.async { onTransactionPresented(id, presentedAt) } }
        case let .layerError(layerID, reason):
            StrataLog.logger.warning("render server: layer \(layerID): \(reason)")
            if let onLayerError {
                let shown = MainHandOff(value: LayerRegistry.layer(layerID))
                MainDelivery.async { onLayerError(shown.value, reason) }
            }
        case .virtualClock(let now):
            LayerLock.with {
                virtualNow = now
                if Self.current === self { VirtualMediaTime.set(now) }
            }
        case .hostedContext, .contextHosts:
            handleHosting(message)
        case .rootContexts(let id, _, _):
            replyCondition.lock()
            replies[id] = message
            replyCondition.broadcast()
            replyCondition.unlock()
        case let .contextCreated(id, _, refusal):
            if contextReplayAnswered(id, refusal: refusal) { break }
            replyCondition.lock()
            replies[id] = message
            replyCondition.broadcast()
            replyCondition.unlock()
        case .welcome, .injectResult, .clockAdvanced:
            // The library injects nothing (`strata input` does, over its own connection).
            break
        }
    }

    /// Tells the animation's delegate it started, once per animation (a restored session reports it again).
    private func animationStarted(_ layerID: LayerID, key: String) {
        guard let layer = LayerRegistry.layer(layerID) else { return }
        let anim: CAAnimation? = LayerLock.with {
            guard let entry = layer.server?.inFlight[key]?.first(where: { layer.server?.started.contains($0.serial) == false })
            else { return nil }
            layer.server?.started.insert(entry.serial)
            // A restored session reports again the start of an animation the lost one had reported.
            guard !entry.startDelivered else { return nil }
            entry.startDelivered = true
            return entry.animation
        }
        if let anim, let delegate = anim.delegate {
            let handOff = MainHandOff(value: (delegate, anim))
            MainDelivery.async { handOff.value.0.animationDidStart(handOff.value.1) }
        }
    }

    /// Tells the animation's delegate it stopped, once, and drops a finished one the server detached.
    private func animationStopped(_ layerID: LayerID, key: String, finished: Bool) {
        guard let layer = LayerRegistry.layer(layerID) else { return }
        let anim: CAAnimation? = LayerLock.with {
            guard var queue = layer.server?.inFlight[key], !queue.isEmpty else { return nil }
            let entry = queue.removeFirst()
            layer.server?.inFlight[key] = queue.isEmpty ? nil : queue
            layer.server?.started.remove(entry.serial)
            if finished, entry.animation.isRemovedOnCompletion {
                // The server detached it at its end; keep the client's view equal.
                layer.animationEntries.removeAll { $0 === entry }
                if layer.server?.animations[key] == entry.serial { layer.server?.animations[key] = nil }
            }
            // A finished animation kept by its fill mode is re-sent to a restored server, which reports
            // its end again.
            guard !entry.stopDelivered else { return nil }
            entry.stopDelivered = true
            CompletionTracker.stopped(entry.serial)
            return entry.animation
        }
        if let anim, let delegate = anim.delegate {
            let handOff = MainHandOff(value: (delegate, anim))
            MainDelivery.async { handOff.value.0.animationDidStop(handOff.value.1, finished: finished) }
        }
    }
}
