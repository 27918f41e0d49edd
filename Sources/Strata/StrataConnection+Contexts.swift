import Foundation
import StrataCore
import StrataProtocol

/// Remote layer hosting on the connection: the contexts it exported, the server's hosting messages, and
/// the operations that travel outside a transaction's commit.
extension StrataConnection {
    /// Keeps a context this connection exported (weakly: the app's last reference ending revokes it).
    func adopt(_ context: StrataContext) {
        LayerLock.with {
            exportedContexts = exportedContexts.filter { $0.value.context != nil }
            exportedContexts[context.token.wire] = WeakContext(context: context)
        }
    }

    /// Ends a context on the server (a commit of its own).
    func revoke(_ token: ContextToken) {
        LayerLock.with {
            exportedContexts[token] = nil
            pendingContextLayers.removeAll { $0.token.wire == token }
            sendContextCommit([.revokeContext(token)])
        }
    }

    /// The `setContextLayer` operations a commit carries, for the contexts whose layer changed since the
    /// last one. Called with LayerLock held.
    func takeContextLayers() -> [(ContextToken, LayerID)] {
        defer { pendingContextLayers.removeAll() }
        var seen: Set<ContextToken> = []
        return pendingContextLayers.reversed().compactMap { c in
            guard c.validStorage, seen.insert(c.token.wire).inserted else { return nil }
            return (c.token.wire, c.layerStorage?.layerID ?? 0)
        }.reversed()
    }

    /// For a shell (the server's `shell-users` or `shell-groups`): a token for each root of the apps
    /// process `pid` runs (one the shell started), bottom first, to show in `StrataLayerHost`s without the
    /// apps' help. A root a host layer shows is drawn only there while it does. Throws the server's refusal
    /// (not a shell; no client of that process).
    public func rootContexts(ofProcess pid: pid_t) throws -> [StrataContextToken] {
        let (reply, _) = try request { .rootContexts(requestID: $0, pid: UInt32(bitPattern: pid)) }
        guard case let .rootContexts(_, tokens, refusal) = reply else { throw ConnectionError(message: "unexpected reply \(reply)") }
        guard refusal.isEmpty else { throw ConnectionError(message: refusal) }
        return tokens.map(StrataContextToken.init)
    }

    /// Moves key focus into the app `host` shows (nil: back to this app), as a host decides (a tap or press
    /// moves it too): keys then go to that app's context layer when it is interactive, else to its
    /// connection's `inputHandler`. The server takes it only from the host layer's own app; a host layer the
    /// server does not hold yet (never committed) moves nothing and is logged.
    public func moveKeyFocus(to host: StrataLayerHost?) {
        LayerLock.with {
            if let host, host.server == nil {
                StrataLog.logger.error("moveKeyFocus: the host layer is not on the server yet (commit it first); focus not moved")
                return
            }
            sendContextCommit([.focusHosted(host?.layerID ?? 0)])
        }
    }

    /// Sends hosting operations as a commit of their own (nothing while the session is not live: a restored
    /// session has none of the lost one's contexts). Called with LayerLock held.
    func sendContextCommit(_ operations: [LayerOperation]) {
        _ = sendDrawableCommit(operations, fds: [])
    }

    /// A restored session on a restarted server: each live context asks for its token again
    /// (`createContext` with `reclaim`), and its layer goes out with the scene's commit. Answered in
    /// `contextReplayAnswered`. Called with LayerLock held, before the scene is sent.
    func replayContexts(on socket: MessageSocket) {
        pendingContextLayers.removeAll()
        for case let context? in exportedContexts.values.map(\.context) where context.validStorage {
            replyCondition.lock()
            nextRequestID += 1
            let id = nextRequestID
            contextReplays[id] = context
            replyCondition.unlock()
            let message = ClientMessage.createContext(requestID: id, reclaim: context.token.wire, hostUsers: context.hostUsers.map { UInt32($0) })
            // A failure here is the new session ending too: the reader sees it and restores again.
            try? socket.send(MessageCoding.encode(message))
            context.hostedStorage = false
            if context.layerStorage != nil { pendingContextLayers.append(context) }
        }
    }

    /// The answer to a replayed context; false when `id` is not one (a request's answer).
    func contextReplayAnswered(_ id: UInt32, refusal: String) -> Bool {
        replyCondition.lock()
        let context = contextReplays.removeValue(forKey: id)
        replyCondition.unlock()
        guard let context else { return false }
        if !refusal.isEmpty {
            StrataLog.logger.warning("a context could not be replayed on the restarted server: \(refusal)")
            LayerLock.with {
                exportedContexts[context.token.wire] = nil
                context.sessionEnded()
            }
        }
        return true
    }

    /// `hostedContext` (to a host) and `contextHosts` (to an exporter).
    func handleHosting(_ message: ServerMessage) {
        switch message {
        case let .hostedContext(layerID, status, reason):
            guard let host = LayerRegistry.layer(layerID) as? StrataLayerHost else { return }
            let state = StrataLayerHost.HostingState(status, reason: reason)
            let call = LayerLock.with { () -> (@MainActor @Sendable (StrataLayerHost, StrataLayerHost.HostingState) -> Void)? in
                host.hostingStateStorage = state
                return onHostingChanged
            }
            if case .refused(let why) = state { StrataLog.logger.warning("render server: host layer \(layerID): \(why)") }
            if let call {
                let handOff = MainHandOff(value: host)
                MainDelivery.async { call(handOff.value, state) }
            }
        case let .contextHosts(token, hosted):
            LayerLock.with { exportedContexts[token]?.context }?.hostsChanged(hosted)
        default: break
        }
    }
}

/// A context the connection does not keep alive.
struct WeakContext {
    weak var context: StrataContext?
}
