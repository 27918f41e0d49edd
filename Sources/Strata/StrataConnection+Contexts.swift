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

    /// Sends hosting operations as a commit of their own (nothing while the session is not live: a restored
    /// session has none of the lost one's contexts). Called with LayerLock held.
    func sendContextCommit(_ operations: [LayerOperation]) {
        _ = sendDrawableCommit(operations, fds: [])
    }

    /// The session ended and a new one begins: the server's contexts went with the old one.
    /// Called with LayerLock held.
    func contextsLost() {
        for weak in exportedContexts.values { weak.context?.sessionEnded() }
        exportedContexts.removeAll()
        pendingContextLayers.removeAll()
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
