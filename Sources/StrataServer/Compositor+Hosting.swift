import Foundation
import StrataCore
import StrataProtocol

/// Remote layer hosting (docs/protocol.md §13): contexts exported by one client and shown under another
/// client's host layer. The registry keeps the edges; here are the compositor's parts: minting, the
/// checks after each commit, and which hosted trees a frame evaluates.
extension Compositor {
    /// A new context for `client` (`createContext`), or why not.
    public func createContext(for client: UInt32, hostUsers: [UInt32]) -> (token: ContextToken, refusal: String) {
        guard let scene = scenes[client] else { return (.zero, "createContext: no such client") }
        contexts.expireOrphans(now: MonotonicClock.now())
        switch contexts.mint(client: client, uid: scene.uid, hostUsers: hostUsers) {
        case .success(let c): return (c.token, "")
        case .failure(let refusal): return (.zero, refusal.description)
        }
    }

    /// `client` takes over the orphan `token` (`createContext` with `reclaim`): the same token, under the
    /// same host layer, which shows the context again once `client` sets its layer. Soon after the server started (a restart), a token it never made is taken as the last server's:
    /// `client` gets a context under it (`hostUsers` its audience), and a host layer that named it first
    /// shows it.
    public func reclaimContext(_ token: ContextToken, for client: UInt32, hostUsers: [UInt32] = [], now: Double = MonotonicClock.now()) -> (token: ContextToken, refusal: String) {
        guard let scene = scenes[client] else { return (.zero, "createContext: no such client") }
        switch contexts.reclaim(token, client: client, uid: scene.uid, hostUsers: hostUsers, now: now) {
        case .success(let (c, messages)):
            for (to, message) in messages { events?.deliver(message, to: to) }
            return (c.token, "")
        case .failure(let refusal): return (.zero, refusal.description)
        }
    }

    /// A context for each root of `client`'s (bottom first) for a shell (`rootContexts`): the ones made
    /// before, or new ones whose audience is the shell's user. A root a host layer shows is drawn only there.
    public func rootContexts(of client: UInt32, forShellUser uid: UInt32?) -> (tokens: [ContextToken], refusal: String) {
        guard let scene = scenes[client] else { return ([], "rootContexts: no such client") }
        var tokens: [ContextToken] = []
        for root in scene.roots {
            if let c = root.links.exportedAs, c.ofRoot {
                tokens.append(c.token)
                continue
            }
            switch contexts.mint(client: client, uid: scene.uid, hostUsers: uid.map { [$0] } ?? []) {
            case .success(let c):
                c.ofRoot = true
                c.layer = root
                root.links.exportedAs = c
                tokens.append(c.token)
            case .failure(let refusal):
                return (tokens, refusal.description)
            }
        }
        return (tokens, "")
    }

    /// After a commit: bindings a move of layers has made into a cycle, or nested too deep, are undone
    /// (newest first) and their hosts told why; the messages to send.
    func checkBindings() -> AddressedMessages {
        var out: AddressedMessages = []
        while let (c, reason) = contexts.firstInvalidBinding() {
            out += contexts.unbind(c, status: .refused, reason: reason)
        }
        return out
    }

    /// The layers of `scene`'s contexts that a root shown on `output` draws (through host layers, at most
    /// `ContextRegistry.maxNesting` deep): evaluated in the exporter's own time, from global time.
    func hostedLayers(of scene: ClientScene, on output: String?, primaryName: String?) -> [RenderNode] {
        var found: [RenderNode] = []
        for c in contexts.byToken.values where c.exporter == scene.clientID {
            guard let layer = c.layer, let host = c.host, let top = hostingTop(of: host),
                  top.links.isRoot, shows(top, on: output, primaryName: primaryName) else { continue }
            found.append(layer)
        }
        return found
    }

    /// The layer at the top of what a host layer is drawn under, through the contexts it is inside (a root
    /// when it is on an output); nil past the nesting limit.
    func hostingTop(of host: RenderNode) -> RenderNode? {
        var n = host
        for _ in 0...ContextRegistry.maxNesting {
            var top = n
            while let up = top.upLink { top = up }
            // A context's layer no host shows is drawn where it is (a shell's root context, unbound: on its output).
            guard let next = top.links.exportedAs?.host else { return top }
            n = next
        }
        return nil
    }

    /// Whether a host layer of `client` shows another client's context with a layer: its frames hold
    /// others' pixels.
    func hostsOthers(_ client: UInt32) -> Bool {
        contexts.bound.contains { $0.host?.owner?.clientID == client }
    }

    /// Whether another client's context is drawn under a host layer of `client`'s (the exporter then pays
    /// for building it, and `client` is never a deferred root).
    func hasDrawnContexts(_ client: UInt32) -> Bool {
        contexts.bound.contains { $0.exporter == client }
    }
}
