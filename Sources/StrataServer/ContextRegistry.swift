import Foundation
import StrataProtocol

/// One exported context (remote layer hosting): a client's layer subtree that a host layer of another
/// client may show, named by an unguessable token. It lives while its exporter's connection does, until
/// the exporter revokes it.
final class ExportedContext {
    let token: ContextToken
    /// The client exporting it (a reclaim hands it to another).
    var exporter: UInt32
    /// The user that exporter runs as: only a client of the same user may reclaim the context.
    let exporterUID: UInt32?
    /// The uids whose clients may host it (empty: any client holding the token).
    let hostUsers: Set<UInt32>
    /// When its exporter's connection ended while a host layer showed it (monotonic seconds; nil while an
    /// exporter lives): an orphan, kept under its host for `ContextRegistry.reclaimWindow` for a restarted
    /// app to take over (`createContext` with `reclaim`).
    var orphanedAt: Double?
    /// Made by a host layer naming a token this server does not know within `reclaimWindow` of its start:
    /// the context of an app that has not reconnected yet after a server restart. Whoever reclaims it first
    /// (holding the token) becomes its exporter.
    var awaitsExporter = false
    /// Made for a shell (`rootContexts`): its layer is one of the exporter's roots, which is drawn only
    /// under the shell's host layer while one shows it.
    var ofRoot = false
    /// The layer it shows (`setContextLayer`): a layer of the exporter with no superlayer, no root, no mask.
    weak var layer: RenderNode?
    /// The host layer that shows it (at most one), of another client.
    weak var host: RenderNode?
    /// When it was last bound: where bindings together make a cycle, the newest one gives way.
    var boundAt: UInt64 = 0

    init(token: ContextToken, exporter: UInt32, exporterUID: UInt32?, hostUsers: Set<UInt32>) {
        self.token = token; self.exporter = exporter; self.exporterUID = exporterUID; self.hostUsers = hostUsers
    }
}

/// Every live context, by token. Hosting edges are kept here and on the nodes (`NodeLinks.hosting`,
/// `NodeLinks.exportedAs`), never in a client's own links: an exporter's commits are checked against its
/// own tree only, so where a host puts its context can never make the exporter's commits fail.
final class ContextRegistry {
    private(set) var byToken: [ContextToken: ExportedContext] = [:]
    private var bindings: UInt64 = 0
    /// When this server started (monotonic seconds): within `reclaimWindow` of it, tokens of the server
    /// that ran before are taken on trust from whoever holds them (a restart keeps no state).
    var startedAt: Double

    init(startedAt: Double) { self.startedAt = startedAt }

    /// Whether tokens this server never made are still taken as the last server's (its restart is recent).
    func inRestartWindow(_ now: Double) -> Bool { now - startedAt <= Self.reclaimWindow }

    /// Contexts one client may hold at once.
    static let maxPerClient = 64
    /// How deep hosting may nest: a context inside a context inside a context (a shell showing an app
    /// showing a widget showing one more), so that one frame's walk of the joined trees stays bounded
    /// (each client's own chains are bounded by `RenderTreeLimits.maxNesting`).
    static let maxNesting = 3
    /// How long an orphan waits under its host for its app to come back (seconds).
    static let reclaimWindow = 30.0

    /// A live context (orphans are not: they can only be reclaimed).
    func context(_ token: ContextToken) -> ExportedContext? { byToken[token].flatMap { $0.orphanedAt == nil ? $0 : nil } }

    func contexts(of client: UInt32) -> [ExportedContext] { byToken.values.filter { $0.exporter == client && $0.orphanedAt == nil } }

    /// The contexts that show now: bound to a host layer, with a layer (never an orphan).
    var bound: [ExportedContext] { byToken.values.filter { $0.host != nil && $0.layer != nil } }

    /// A new context of `client`'s, or why not.
    func mint(client: UInt32, uid: UInt32?, hostUsers: [UInt32]) -> Result<ExportedContext, RequestRefusal> {
        guard contexts(of: client).count < Self.maxPerClient else {
            return .failure(RequestRefusal("createContext: the client holds \(Self.maxPerClient) contexts, the most one may (revoke one first)"))
        }
        var token = ContextToken.random()
        while byToken[token] != nil { token = .random() }
        let c = ExportedContext(token: token, exporter: client, exporterUID: uid, hostUsers: Set(hostUsers))
        byToken[token] = c
        return .success(c)
    }

    /// Hands the orphan `token` to `client` (its app, started again), still under its host layer; the
    /// messages to send, or why not. Only a client of the user that exported it may, within `reclaimWindow`.
    func reclaim(_ token: ContextToken, client: UInt32, uid: UInt32?, hostUsers: [UInt32] = [], now: Double) -> Result<(ExportedContext, AddressedMessages), RequestRefusal> {
        expireOrphans(now: now)
        // Soon after a restart, an app replaying its context under a token the new server never made gets it.
        if byToken[token] == nil, !token.isZero, inRestartWindow(now) {
            guard contexts(of: client).count < Self.maxPerClient else {
                return .failure(RequestRefusal("createContext: the client holds \(Self.maxPerClient) contexts, the most one may (revoke one first)"))
            }
            let c = ExportedContext(token: token, exporter: client, exporterUID: uid, hostUsers: Set(hostUsers))
            byToken[token] = c
            return .success((c, []))
        }
        // One text whether the token is unknown, live, expired or another user's: nothing about it leaks.
        guard let c = byToken[token], c.orphanedAt != nil, c.awaitsExporter || c.exporterUID == uid, let host = c.host else {
            return .failure(RequestRefusal("createContext: unknown context token, or not one this client may reclaim (an orphan of its user's, within \(Int(Self.reclaimWindow)) s of its exporter leaving)"))
        }
        guard contexts(of: client).count < Self.maxPerClient else {
            return .failure(RequestRefusal("createContext: the client holds \(Self.maxPerClient) contexts, the most one may (revoke one first)"))
        }
        c.exporter = client
        c.orphanedAt = nil
        c.awaitsExporter = false
        var out: AddressedMessages = [(client, .contextHosts(token, hosted: true))]
        if let hostClient = host.owner?.clientID { out.append((hostClient, .hostedContext(host.id, status: .waiting, reason: Self.noLayer))) }
        return .success((c, out))
    }

    /// Drops orphans whose window has passed (their host layers show nothing of them: their hosts were
    /// told `exporterGone` when they were orphaned).
    func expireOrphans(now: Double) {
        for c in byToken.values where (c.orphanedAt.map { now - $0 > Self.reclaimWindow } ?? false) {
            if let host = c.host, host.links.hosting === c { host.links.hosting = nil }
            c.host = nil
            remove(c)
        }
    }

    func remove(_ c: ExportedContext) { byToken[c.token] = nil }

    /// Keeps a context made outside `mint` (one awaiting its exporter after a restart).
    func adopt(_ c: ExportedContext) { byToken[c.token] = c }

    /// Stamps a new binding (see `ExportedContext.boundAt`).
    private func noteBound(_ c: ExportedContext) {
        bindings += 1
        c.boundAt = bindings
    }

    /// The contexts `node` is drawn inside, innermost first: the context whose layer tops its chain of
    /// superlayers (and masks), the context its host is inside, and so on; nil when the chain comes back to
    /// a context already on it (a hosting cycle). Stops after `maxNesting + 1` contexts.
    func enclosingContexts(of node: RenderNode) -> [ExportedContext]? {
        var found: [ExportedContext] = []
        var n = node
        while found.count <= Self.maxNesting {
            var top = n
            while let up = top.upLink { top = up }
            guard let c = top.links.exportedAs, byToken[c.token] === c else { break }
            if found.contains(where: { $0 === c }) { return nil }
            found.append(c)
            guard let host = c.host else { break }
            n = host
        }
        return found
    }

    /// Why `host` may not show `c`, a context not bound yet: the binding would close a cycle, or nest
    /// contexts deeper than `maxNesting`. nil when it may.
    func nestingProblem(binding c: ExportedContext, to host: RenderNode) -> String? {
        guard let above = enclosingContexts(of: host) else { return "the host layer is inside a hosting cycle" }
        if above.contains(where: { $0 === c }) {
            return "hosting cycle: the host layer is inside that context (directly or through contexts it hosts)"
        }
        // The deepest nesting below `c`: a bound context whose chain of enclosing contexts passes through `c`.
        var below = 0
        for d in bound {
            guard let h = d.host, let chain = enclosingContexts(of: h), let i = chain.firstIndex(where: { $0 === c }) else { continue }
            below = max(below, i + 1)
        }
        let depth = above.count + 1 + below
        if depth > Self.maxNesting {
            return "hosting would nest \(depth) contexts; the limit is \(Self.maxNesting)"
        }
        return nil
    }

    /// The newest binding that now closes a cycle or nests too deep (a commit moved layers after it was
    /// made), with why; nil when every binding holds. Unbinding the ones found, one at a time, leaves the
    /// older bindings standing.
    func firstInvalidBinding() -> (ExportedContext, String)? {
        for c in bound.sorted(by: { $0.boundAt > $1.boundAt }) {
            guard let host = c.host else { continue }
            guard let chain = enclosingContexts(of: host) else {
                return (c, "hosting cycle: the host layer is now inside that context (directly or through contexts it hosts)")
            }
            if chain.count + 1 > Self.maxNesting {
                return (c, "hosting would nest \(chain.count + 1) contexts; the limit is \(Self.maxNesting)")
            }
        }
        return nil
    }
}

/// A request the server answers with a refusal rather than ending the session.
struct RequestRefusal: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Messages hosting changes owe the clients on either side, collected where the change is made and sent
/// by whoever applies it (a commit's applier, the compositor when a client leaves).
typealias AddressedMessages = [(client: UInt32, message: ServerMessage)]

extension ContextRegistry {
    /// Shows `c` under `host` (checks made) and tells both sides.
    func bind(_ c: ExportedContext, to host: RenderNode, client: UInt32) -> AddressedMessages {
        host.links.hosting = c
        c.host = host
        noteBound(c)
        return [(client, .hostedContext(host.id, status: c.layer == nil ? .waiting : .shown, reason: c.layer == nil ? Self.noLayer : "")),
                (c.exporter, .contextHosts(c.token, hosted: true))]
    }

    /// Takes `c` from its host layer, if it has one: the exporter learns that nothing hosts it, and the
    /// host (unless `status` is nil: it asked) why.
    func unbind(_ c: ExportedContext, status: HostingStatus?, reason: String) -> AddressedMessages {
        guard let host = c.host else { return [] }
        c.host = nil
        if host.links.hosting === c { host.links.hosting = nil }
        // An orphan no host shows has nowhere to come back to.
        if c.orphanedAt != nil { remove(c) }
        var out: AddressedMessages = c.orphanedAt != nil ? [] : [(c.exporter, .contextHosts(c.token, hosted: false))]
        if let status, let client = host.owner?.clientID { out.append((client, .hostedContext(host.id, status: status, reason: reason))) }
        return out
    }

    /// Ends `c` (revoked, or its exporter left): its host shows nothing of it and learns why.
    func end(_ c: ExportedContext, status: HostingStatus, reason: String) -> AddressedMessages {
        let out = unbind(c, status: status, reason: reason)
        c.layer?.links.exportedAs = nil
        c.layer = nil
        remove(c)
        return out
    }

    /// Everything hosting owes when `client` leaves: its contexts end (their hosts are told
    /// `exporterGone`; one a host shows stays as an orphan under it for `reclaimWindow`), and the
    /// contexts its host layers showed are free again (their exporters are told).
    func clientLeft(_ client: UInt32, now: Double) -> AddressedMessages {
        expireOrphans(now: now)
        var out: AddressedMessages = []
        for c in byToken.values where c.exporter == client && c.orphanedAt == nil {
            let reason = "the exporting client's connection ended"
            if let host = c.host {
                c.layer?.links.exportedAs = nil
                c.layer = nil
                c.orphanedAt = now
                if let hostClient = host.owner?.clientID, hostClient != client {
                    out.append((hostClient, .hostedContext(host.id, status: .exporterGone, reason: reason)))
                }
            } else {
                out += end(c, status: .exporterGone, reason: reason)
            }
        }
        for c in byToken.values where c.host?.owner?.clientID == client || (c.host != nil && c.host?.owner == nil) {
            out += unbind(c, status: nil, reason: "")
        }
        return out.filter { $0.client != client }
    }

    static let noLayer = "the context has no layer yet (its exporter has not set one)"
    static let awaitingExporter = "waiting for the context's exporter to reconnect (the server restarted)"
}
