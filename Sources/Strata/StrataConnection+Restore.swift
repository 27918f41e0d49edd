import Foundation
import StrataCore
import StrataProtocol

/// Reconnection: when the server goes away (end of stream or a socket error, not an `error` it sent),
/// the reader thread connects again with backoff, and on success sends the new server everything the
/// lost one held: every layer, its images, its animations with their original begin times (media time
/// is CLOCK_MONOTONIC, the same in every process, so an animation 4 s into 10 s goes on from 4 s), the
/// roots in their order, and the display links' tick request.
extension StrataConnection {
    /// How long a restarted server may take to answer the handshake (under socket activation a connect
    /// succeeds at once, and the welcome comes only once the new server runs).
    static let handshakeTimeout = 10.0

    /// Whether the session that just ended is to be restored; if so, requests waiting on it fail and the
    /// app hears of it.
    func beginRestoring(_ reason: String) -> Bool {
        let restoring = LayerLock.with { () -> Bool in
            guard link == .live, automaticallyReconnects, Self.current === self else { return false }
            link = .restoring
            replyCondition.lock()
            sessionsEnded += 1
            replyCondition.broadcast()
            replyCondition.unlock()
            return true
        }
        guard restoring else { return false }
        StrataLog.logger.warning("render server went away (\(reason)); reconnecting to \(socketPath)")
        if let onServerLost { MainDelivery.async { onServerLost(reason) } }
        announce(.lost)
        return true
    }

    /// Attempts until a server answers (then returns its socket, the session restored) or the connection
    /// is closed or superseded by a newer one (then nil, the connection finished).
    func reconnect() -> MessageSocket? {
        var backoff = ReconnectBackoff()
        let began = MonotonicClock.now()
        var attempts = 0
        while true {
            let delay = backoff.next()
            if delay > 0, closeSignal.wait(timeout: .now() + delay) == .success {
                finish("connection closed by the app")
                return nil
            }
            guard LayerLock.with({ link == .restoring && Self.current === self }) else {
                finish("reconnection stopped: the connection was closed or replaced")
                return nil
            }
            attempts += 1
            do {
                let socket = try MessageSocket.connect(path: socketPath)
                guard LayerLock.with({ () -> Bool in
                    guard link == .restoring else { return false }
                    attemptSocket = socket
                    return true
                }) else { continue }
                let welcome = try ClientHandshake.perform(on: socket, timeout: Self.handshakeTimeout)
                guard restore(on: socket, welcome) else { continue }
                StrataLog.logger.notice("reconnected to the render server",
                                        metadata: ["attempts": "\(attempts)",
                                                   "seconds": "\(String(format: "%.3f", MonotonicClock.now() - began))"])
                if let onReconnect { MainDelivery.async { onReconnect() } }
                announce(.restored)
                return socket
            } catch {
                // Expected while the server is down; the outage was logged once when it began.
                StrataLog.logger.debug("reconnection attempt \(attempts) failed: \(error)")
            }
        }
    }

    /// Makes `socket` this connection's session and sends it the whole scene. False when the connection
    /// was closed or replaced meanwhile.
    private func restore(on socket: MessageSocket, _ welcome: ClientHandshake.Welcome) -> Bool {
        let (restored, changedOutputs) = LayerLock.with { () -> (Bool, [StrataOutput]?) in
            attemptSocket = nil
            guard link == .restoring, Self.current === self else { return (false, nil) }
            let previous = ConnectionGeneration.current
            // Every layer the lost server held, attached or not (detached ones still report their animations).
            let held = LayerRegistry.all.filter { $0.shadow(ofGeneration: previous) != nil }.sorted { $0.layerID < $1.layerID }
            for layer in held { settleLostAnimations(layer, generation: previous) }
            let carried = heldLayerIDs.sorted().compactMap(LayerRegistry.layer)
            heldLayerIDs.removeAll()
            // From here every layer reads as new to the server, so the commit below carries it whole.
            ConnectionGeneration.advance()
            self.socket = socket
            sessionClientID = welcome.clientID
            virtualNow = welcome.virtualTime
            VirtualMediaTime.set(welcome.virtualTime)
            images = ImageTable()
            bufferPool.reset()
            pendingBufferReleases.removeAll()
            for ring in DrawableRing.all { ring.sessionChanged() }
            let lit = welcome.outputs.map(StrataOutput.init)
            let changed = lit != litOutputs
            litOutputs = lit
            link = .live
            // Contexts replayed under their tokens before the scene, which sets their layers again.
            replayContexts(on: socket)
            // Roots first, in their order: the server composites roots in attach order.
            replayingSession = true
            commit(layers: roots + held + carried)
            replayingSession = false
            if ticksRequested {
                // A failure here is the new session ending too: the reader sees it and restores again.
                try? socket.send(MessageCoding.encode(ClientMessage.frameTicks(enabled: true)))
            }
            return (true, changed ? lit : nil)
        }
        if let changedOutputs, let onOutputsChanged { MainDelivery.async { onOutputsChanged(changedOutputs) } }
        return restored
    }

    /// Animations the lost server had been sent but were replaced or removed since, whose stop it never
    /// reported: they will not be re-sent, so they stop now (not finished), as the server would have said.
    private func settleLostAnimations(_ layer: CALayer, generation: UInt64) {
        guard let shadow = layer.shadow(ofGeneration: generation) else { return }
        let kept = Set(layer.animationEntries.filter(\.committed).map(\.serial))
        for entry in shadow.inFlight.values.joined() where !kept.contains(entry.serial) && !entry.stopDelivered {
            let anim = entry.animation
            let needsStart = !entry.startDelivered
            entry.startDelivered = true
            entry.stopDelivered = true
            CompletionTracker.stopped(entry.serial)
            guard let delegate = anim.delegate else { continue }
            let handOff = MainHandOff(value: (delegate, anim))
            MainDelivery.async {
                let (delegate, anim) = handOff.value
                if needsStart { delegate.animationDidStart(anim) }
                delegate.animationDidStop(anim, finished: false)
            }
        }
    }
}
