import Foundation
import StrataCore
import StrataProtocol

/// A commit's hosting operations (docs/protocol.md §13). The client's own deterministic mistakes fail the
/// commit as every operation's do (a token that is not its own context, a layer that cannot be a
/// context's, a host operation on a layer that is no host layer). What depends on another client (the
/// token's exporter revoked it or left, the audience, a second host, a cycle) is refused with a
/// `hostedContext` message and the session goes on: a shell must not lose its session to a race.
extension TransactionApplier {
    private func ownContext(_ token: ContextToken, _ op: String, in c: Applying) throws -> ExportedContext {
        guard let context = contexts?.context(token), context.exporter == c.scene.clientID else {
            throw CommitError("\(op): the token names none of this client's live contexts")
        }
        return context
    }

    mutating func setContextLayer(_ token: ContextToken, layer id: LayerID, at w: Place, in c: Applying) throws {
        let context = try ownContext(token, "\(w) setContextLayer", in: c)
        let n = id == 0 ? nil : try node(id, c.scene, "\(w) setContextLayer")
        if let n, n !== context.layer {
            guard n.links.parent == nil, !n.links.isRoot, n.links.masking == nil else {
                throw CommitError("\(w) setContextLayer: layer \(id) has a superlayer, is a root or masks another layer")
            }
            guard n.links.exportedAs == nil else { throw CommitError("\(w) setContextLayer: layer \(id) is already another context's layer") }
        }
        guard n !== context.layer else { return }
        context.layer?.links.exportedAs = nil
        context.layer = n
        n?.links.exportedAs = context
        if let host = context.host, let client = host.owner?.clientID {
            foreignEvents.append((client, .hostedContext(host.id, status: n == nil ? .waiting : .shown, reason: n == nil ? ContextRegistry.noLayer : "")))
        }
    }

    mutating func revokeContext(_ token: ContextToken, at w: Place, in c: Applying) throws {
        let context = try ownContext(token, "\(w) revokeContext", in: c)
        foreignEvents += contexts?.end(context, status: .revoked, reason: "the exporter revoked the context") ?? []
    }

    mutating func hostContext(_ token: ContextToken, on id: LayerID, replayed: Bool = false, at w: Place, in c: Applying) throws {
        let n = try node(id, c.scene, "\(w) hostContext")
        guard n.kind == .host else {
            throw CommitError("\(w) hostContext: layer \(id) is a \(n.kind.className), not a \(LayerKind.host.className)")
        }
        guard let contexts else { return }
        let me = c.scene.clientID
        if let old = n.links.hosting {
            if old.token == token { return }
            foreignEvents += contexts.unbind(old, status: nil, reason: "")
        }
        guard !token.isZero else { return }
        let refusal: String
        if let context = contexts.context(token) {
            if context.exporter == me {
                refusal = "a client cannot host its own context (add its layer as a sublayer instead)"
            } else if !context.hostUsers.isEmpty, !(c.scene.uid.map(context.hostUsers.contains) ?? false) {
                refusal = "this client's user is not one the context's exporter lets host it"
            } else if context.host != nil {
                refusal = "the context is already shown by another host layer"
            } else if let problem = contexts.nestingProblem(binding: context, to: n) {
                refusal = problem
            } else {
                foreignEvents += contexts.bind(context, to: n, client: me)
                return
            }
        } else if replayed, contexts.byToken[token] == nil, contexts.inRestartWindow(now) {
            // Soon after a server restart: the last server's token, whose app has not reconnected yet. The host
            // layer waits for it (an orphan awaiting its exporter, expiring as orphans do).
            let pending = ExportedContext(token: token, exporter: 0, exporterUID: nil, hostUsers: [])
            pending.orphanedAt = now
            pending.awaitsExporter = true
            contexts.adopt(pending)
            _ = contexts.bind(pending, to: n, client: me) // its messages name no exporter yet: the host's is below
            foreignEvents.append((me, .hostedContext(id, status: .waiting, reason: ContextRegistry.awaitingExporter)))
            return
        } else {
            // One text for a forged, revoked or orphaned token: a host learns nothing of other clients' tokens.
            refusal = "unknown context token"
        }
        foreignEvents.append((me, .hostedContext(id, status: .refused, reason: refusal)))
    }

    /// `n`, `context`'s layer, is no longer it: the context waits for a layer, and its host is told.
    mutating func contextLayerGone(_ n: RenderNode, _ context: ExportedContext) {
        context.layer = nil
        n.links.exportedAs = nil
        if let host = context.host, let client = host.owner?.clientID {
            foreignEvents.append((client, .hostedContext(host.id, status: .waiting, reason: ContextRegistry.noLayer)))
        }
    }

    /// Key focus into the app a host layer shows (at its context's layer when that is interactive, else to
    /// the app with no layer), or back to the committing client (layer 0).
    mutating func focusHosted(_ id: LayerID, at w: Place, in c: Applying) throws {
        guard id != 0 else {
            focusRequest = (c.scene.clientID, 0)
            return
        }
        let n = try node(id, c.scene, "\(w) focusHosted")
        guard n.kind == .host else {
            throw CommitError("\(w) focusHosted: layer \(id) is a \(n.kind.className), not a \(LayerKind.host.className)")
        }
        // Another client's state: told, not fatal.
        guard let context = n.links.hosting, let layer = context.layer else {
            events.append(.layerError(id, reason: "focusHosted: the host layer shows no context now; key focus stays where it was"))
            return
        }
        focusRequest = (context.exporter, layer.model.isInteractive ? layer.id : 0)
    }

    /// Before a layer is released: a context's layer leaves its context waiting, a host layer's context is free.
    mutating func releaseHosting(of n: RenderNode) {
        if let context = n.links.exportedAs { contextLayerGone(n, context) }
        if let context = n.links.hosting { foreignEvents += contexts?.unbind(context, status: nil, reason: "") ?? [] }
    }
}
