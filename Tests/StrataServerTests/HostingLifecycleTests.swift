import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
@testable import StrataServer
import Testing

/// Contexts and host layers across their lives: what each side is told, what stays drawn, and what is
/// refused — the client's own mistakes fail its commit; what depends on another client is refused by a
/// `hostedContext` message with the session kept.
@Suite(.serialized) struct HostingLifecycleTests {
    static let hostColor = [255, 128, 0]

    /// Client 2 exports a blue 100 × 80 panel (layer 100); client 1 shows it under host layer 2 (placed at
    /// 20, 15, no transform) in its root 1.
    static func shown(hostUID: UInt32? = nil, hostUsers: [UInt32] = []) throws -> (HostingRig, ContextToken) {
        let rig = try HostingRig()
        rig.add(1, uid: hostUID)
        rig.add(2)
        let (token, refusal) = rig.export(from: 2, hostUsers: hostUsers)
        #expect(refusal == "" && !token.isZero)
        rig.commit(HostingOps.layer(100, CGRect(x: 0, y: 0, width: 100, height: 80), fill: HostingOps.color(0, 0, 1))
                   + [.setContextLayer(token, layer: 100)], from: 2)
        rig.commit(HostingOps.layer(1, CGRect(x: 0, y: 0, width: 160, height: 120), fill: HostingOps.color(0.3, 0.3, 0.3))
                   + HostingOps.layer(2, CGRect(x: 20, y: 15, width: 120, height: 90), fill: HostingOps.color(1, 0.5, 0), kind: .host)
                   + [.insertSublayer(parent: 1, child: 2, index: 0), .attachRoot(1), .hostContext(2, token: token)], from: 1)
        try rig.frame(at: 0)
        return (rig, token)
    }

    static let blue: [UInt8] = [0, 0, 255, 255], orange: [UInt8] = [255, 128, 0, 255]

    @Test func bindingTellsBothSidesAndDrawsTheContext() throws {
        let (rig, token) = try Self.shown()
        #expect(rig.hosting(to: 1) == [.hostedContext(2, status: .shown, reason: "")])
        #expect(rig.hosting(to: 2) == [.contextHosts(token, hosted: true)])
        #expect(try rig.pixel(30, 25) == Self.blue)      // the panel at the host's origin
        #expect(try rig.pixel(130, 100) == Self.orange)  // the host's own background beyond it
        #expect(rig.log.commitFailures.isEmpty)
    }

    @Test func revokingTakesTheTreeAwayAndTellsTheHost() throws {
        let (rig, token) = try Self.shown()
        rig.commit([.revokeContext(token)], from: 2)
        try rig.frame(at: 0.1)
        #expect(rig.lastStatus(of: 2, to: 1)! == (.revoked, "the exporter revoked the context"))
        #expect(rig.hosting(to: 2).last == .contextHosts(token, hosted: false))
        #expect(try rig.pixel(30, 25) == Self.orange)
        // The exporter keeps its layers; a second revoke of the dead token is its own mistake.
        #expect(rig.compositor.scenes[2]?.nodes[100] != nil)
        rig.commit([.revokeContext(token)], from: 2)
        try rig.frame(at: 0.2)
        #expect(rig.log.commitFailures.map(\.client) == [2])
        #expect(rig.log.commitFailures.first?.reason.contains("revokeContext: the token names none of this client's live contexts") == true)
    }

    @Test func anExporterThatLeavesLeavesTheHostEmptyAndItsTokenDead() throws {
        let (rig, token) = try Self.shown()
        rig.compositor.removeClient(2)
        try rig.frame(at: 0.1)
        #expect(rig.lastStatus(of: 2, to: 1)! == (.exporterGone, "the exporting client's connection ended"))
        #expect(try rig.pixel(30, 25) == Self.orange)
        // Bound again: the token is unknown now.
        rig.commit([.hostContext(2, token: .zero), .hostContext(2, token: token)], from: 1)
        try rig.frame(at: 0.2)
        #expect(rig.lastStatus(of: 2, to: 1)! == (.refused, "unknown context token"))
        #expect(rig.log.commitFailures.isEmpty)
    }

    @Test func aHostThatLeavesFreesTheContextForAnotherHost() throws {
        let (rig, token) = try Self.shown()
        rig.compositor.removeClient(1)
        #expect(rig.hosting(to: 2).last == .contextHosts(token, hosted: false))
        rig.add(3)
        rig.commit(HostingOps.layer(1, CGRect(x: 0, y: 0, width: 160, height: 120), fill: nil, kind: .host)
                   + [.attachRoot(1), .hostContext(1, token: token)], from: 3)
        try rig.frame(at: 0.1)
        #expect(rig.lastStatus(of: 1, to: 3)?.0 == .shown)
        #expect(try rig.pixel(10, 10) == Self.blue)
    }

    @Test func releasingTheContextLayerLeavesTheHostWaiting() throws {
        let (rig, token) = try Self.shown()
        rig.commit([.releaseLayer(100)], from: 2)
        try rig.frame(at: 0.1)
        #expect(rig.lastStatus(of: 2, to: 1)! == (.waiting, ContextRegistry.noLayer))
        #expect(try rig.pixel(30, 25) == Self.orange)
        // A new layer shows again, with no host action.
        rig.commit(HostingOps.layer(101, CGRect(x: 0, y: 0, width: 10, height: 10), fill: HostingOps.color(0, 0, 1))
                   + [.setContextLayer(token, layer: 101)], from: 2)
        try rig.frame(at: 0.2)
        #expect(rig.lastStatus(of: 2, to: 1)?.0 == .shown)
        #expect(try rig.pixel(25, 20) == Self.blue)
    }

    @Test(arguments: [
        ([LayerOperation.createLayer(7), .insertSublayer(parent: 7, child: 100, index: 0)], "insertSublayer: layer 100 is the layer of a context"),
        ([.attachRoot(100)], "attachRoot: layer 100 has a superlayer, masks another layer or is a context's layer"),
        ([.createLayer(7), .setMask(7, mask: 100)], "setMask: layer 100 cannot mask 7"),
    ])
    func aContextLayerIsNeverLinkedElsewhere(_ ops: [LayerOperation], _ reason: String) throws {
        let (rig, _) = try Self.shown()
        rig.commit(ops, from: 2)
        try rig.frame(at: 0.1)
        #expect(rig.log.commitFailures.count == 1)
        #expect(rig.log.commitFailures.first?.reason.contains(reason) == true, "\(rig.log.commitFailures)")
        // The exporter's session ended: the host is told.
        #expect(rig.lastStatus(of: 2, to: 1)?.0 == .exporterGone)
    }

    @Test func setContextLayerRefusesLayersInATree() throws {
        let rig = try HostingRig()
        rig.add(2)
        let (token, _) = rig.export(from: 2)
        rig.commit([.createLayer(1), .createLayer(2), .insertSublayer(parent: 1, child: 2, index: 0), .setContextLayer(token, layer: 2)], from: 2)
        try rig.frame(at: 0)
        #expect(rig.log.commitFailures.first?.reason.contains("setContextLayer: layer 2 has a superlayer, is a root or masks another layer") == true)
        let other = try HostingRig()
        other.add(2, 3)
        let (foreign, _) = other.export(from: 3)
        other.commit([.createLayer(1), .setContextLayer(foreign, layer: 1)], from: 2)
        try other.frame(at: 0)
        #expect(other.log.commitFailures.first?.reason.contains("setContextLayer: the token names none of this client's live contexts") == true)
    }

    @Test func hostContextOnAPlainLayerFailsTheCommit() throws {
        let rig = try HostingRig()
        rig.add(1, 2)
        let (token, _) = rig.export(from: 2)
        rig.commit([.createLayer(5, kind: .gradient), .hostContext(5, token: token)], from: 1)
        try rig.frame(at: 0)
        #expect(rig.log.commitFailures.first?.reason.contains("hostContext: layer 5 is a CAGradientLayer, not a StrataLayerHost") == true)
    }

    /// Refusals that depend on another client keep the session.
    @Test func capabilityRefusalsKeepTheSession() throws {
        let rig = try HostingRig()
        rig.add(1, uid: 1001)
        rig.add(2, 3)
        let (mine, _) = rig.export(from: 1)
        let (forUser1000, _) = rig.export(from: 2, hostUsers: [1000])
        let (open, _) = rig.export(from: 3)
        rig.commit([.createLayer(30), .setContextLayer(open, layer: 30)], from: 3)
        let forged = ContextToken(hi: 0x0123_4567_89ab_cdef, lo: 42)
        var ops: [LayerOperation] = []
        for id: LayerID in 1...5 { ops.append(.createLayer(id, kind: .host)) }
        ops += [.hostContext(1, token: forged), .hostContext(2, token: mine), .hostContext(3, token: forUser1000),
                .hostContext(4, token: open), .hostContext(5, token: open)]
        rig.commit(ops, from: 1)
        try rig.frame(at: 0)
        #expect(rig.log.commitFailures.isEmpty)
        #expect(rig.lastStatus(of: 1, to: 1)! == (.refused, "unknown context token"))
        #expect(rig.lastStatus(of: 2, to: 1)! == (.refused, "a client cannot host its own context (add its layer as a sublayer instead)"))
        #expect(rig.lastStatus(of: 3, to: 1)! == (.refused, "this client's user is not one the context's exporter lets host it"))
        #expect(rig.lastStatus(of: 4, to: 1)?.0 == .shown)
        #expect(rig.lastStatus(of: 5, to: 1)! == (.refused, "the context is already shown by another host layer"))
        // The right user may.
        rig.add(4, uid: 1000)
        rig.commit([.createLayer(1, kind: .host), .hostContext(1, token: forUser1000)], from: 4)
        try rig.frame(at: 0.1)
        #expect(rig.lastStatus(of: 1, to: 4)?.0 == .waiting)
    }

    @Test func aClientHoldsAtMost64Contexts() throws {
        let rig = try HostingRig()
        rig.add(1)
        let tokens = (0..<ContextRegistry.maxPerClient).map { _ in rig.export(from: 1) }
        #expect(Set(tokens.map(\.token)).count == 64 && tokens.allSatisfy { $0.refusal.isEmpty })
        let refused = rig.export(from: 1)
        #expect(refused.token.isZero)
        #expect(refused.refusal == "createContext: the client holds 64 contexts, the most one may (revoke one first)")
        rig.commit([.revokeContext(tokens[0].token)], from: 1)
        try rig.frame(at: 0)
        #expect(rig.export(from: 1).refusal.isEmpty)
    }

    /// Client n (2…) exports layer 10·n holding host layer 10·n + 1; `binds` lists (host client, exporter)
    /// pairs, bound in order in commits of their own.
    static func chain(_ clients: ClosedRange<UInt32>, binds: [(UInt32, UInt32)]) throws -> (HostingRig, [UInt32: ContextToken]) {
        let rig = try HostingRig()
        rig.add(1)
        rig.commit(HostingOps.layer(1, CGRect(x: 0, y: 0, width: 160, height: 120), fill: nil, kind: .host) + [.attachRoot(1)], from: 1)
        var tokens: [UInt32: ContextToken] = [:]
        for c in clients {
            rig.add(c)
            let (token, _) = rig.export(from: c)
            tokens[c] = token
            let top = LayerID(10 * c)
            rig.commit(HostingOps.layer(top, CGRect(x: 0, y: 0, width: 100, height: 100), fill: HostingOps.color(0, 0, 1))
                       + HostingOps.layer(top + 1, CGRect(x: 5, y: 5, width: 90, height: 90), fill: nil, kind: .host)
                       + [.insertSublayer(parent: top, child: top + 1, index: 0), .setContextLayer(token, layer: top)], from: c)
        }
        for (host, exporter) in binds {
            let layer = host == 1 ? LayerID(1) : LayerID(10 * host + 1)
            rig.commit([.hostContext(layer, token: tokens[exporter] ?? .zero)], from: host)
        }
        try rig.frame(at: 0)
        return (rig, tokens)
    }

    @Test func aHostingCycleIsRefused() throws {
        // 2 hosts 3, then 3 would host 2: A hosts B hosts A.
        let (rig, _) = try Self.chain(2...3, binds: [(2, 3), (3, 2)])
        #expect(rig.lastStatus(of: 21, to: 2)?.0 == .shown)
        #expect(rig.lastStatus(of: 31, to: 3)! == (.refused, "hosting cycle: the host layer is inside that context (directly or through contexts it hosts)"))
        #expect(rig.log.commitFailures.isEmpty)
        // And a client cannot close a cycle through itself alone either (its own context is refused).
        let (one, _) = try Self.chain(2...2, binds: [(2, 2)])
        #expect(one.lastStatus(of: 21, to: 2)?.0 == .refused)
    }

    @Test func nestingDeeperThanTheLimitIsRefused() throws {
        // The root hosts 2, 2 hosts 3, 3 hosts 4: three contexts deep. 4 hosting 5 would be four.
        let (rig, _) = try Self.chain(2...5, binds: [(1, 2), (2, 3), (3, 4), (4, 5)])
        #expect(rig.lastStatus(of: 1, to: 1)?.0 == .shown)
        #expect(rig.lastStatus(of: 21, to: 2)?.0 == .shown)
        #expect(rig.lastStatus(of: 31, to: 3)?.0 == .shown)
        #expect(rig.lastStatus(of: 41, to: 4)! == (.refused, "hosting would nest 4 contexts; the limit is 3"))
        // Bound bottom up, contexts nest inside each other before any root shows them: 2 hosting 3 would
        // make four (2 ⊃ 3 ⊃ 4 ⊃ 5), and the root then shows 2 alone.
        let (up, _) = try Self.chain(2...5, binds: [(4, 5), (3, 4), (2, 3), (1, 2)])
        #expect(up.lastStatus(of: 21, to: 2)! == (.refused, "hosting would nest 4 contexts; the limit is 3"))
        #expect(up.lastStatus(of: 1, to: 1)?.0 == .shown)
    }

    @Test func aCycleMadeByMovingAHostLayerUnbindsTheNewestBinding() throws {
        // Client 2's host layer 21 sits outside its context's layer 20 at first (under a root).
        let rig = try HostingRig()
        rig.add(2, 3)
        let (two, _) = rig.export(from: 2), (three, _) = rig.export(from: 3)
        rig.commit([.createLayer(20), .setContextLayer(two, layer: 20), .createLayer(1), .attachRoot(1), .createLayer(21, kind: .host),
                    .insertSublayer(parent: 1, child: 21, index: 0), .hostContext(21, token: three)], from: 2)
        rig.commit([.createLayer(30), .createLayer(31, kind: .host), .insertSublayer(parent: 30, child: 31, index: 0),
                    .setContextLayer(three, layer: 30), .hostContext(31, token: two)], from: 3)
        try rig.frame(at: 0)
        #expect(rig.lastStatus(of: 21, to: 2)?.0 == .shown)
        #expect(rig.lastStatus(of: 31, to: 3)?.0 == .shown)
        // Now 2 moves its host layer into its own context's layer: 20 ⊃ 21 → 30 ⊃ 31 → 20.
        rig.commit([.insertSublayer(parent: 20, child: 21, index: 0)], from: 2)
        try rig.frame(at: 0.1)
        #expect(rig.log.commitFailures.isEmpty)
        #expect(rig.lastStatus(of: 31, to: 3)! == (.refused, "hosting cycle: the host layer is now inside that context (directly or through contexts it hosts)"))
        #expect(rig.lastStatus(of: 21, to: 2)?.0 == .shown)
    }

    @Test func inspectorsSeeHostedTreesUnderTheirHostAndOthersDoNot() throws {
        let (rig, _) = try Self.shown()
        let inspector = rig.compositor.treeJSON()
        #expect(inspector.contains(#""host":{"client":2,"layer":{"anchorPoint""#))
        #expect(inspector.contains(#""contexts":[{"hosted":true,"layer":100}]"#))
        let host = rig.compositor.treeJSON(client: 1)
        #expect(host.contains(#""host":{"state":"shown"}"#))
        #expect(!host.contains(#""id":100"#))
        let exporter = rig.compositor.treeJSON(client: 2)
        #expect(exporter.contains(#""contexts":[{"hosted":true,"layer":100}]"#))
    }

    @Test func aHostShowingAnotherAppCannotReadTheOutputAlone() throws {
        let (rig, token) = try Self.shown()
        #expect(!rig.compositor.showsOnly(client: 1, output: nil))
        #expect(!rig.compositor.showsOnly(client: 2, output: nil))
        rig.commit([.revokeContext(token)], from: 2)
        try rig.frame(at: 0.1)
        #expect(rig.compositor.showsOnly(client: 1, output: nil))
    }
}

/// An app that crashes under a host leaves an orphan there; started again, it reclaims it.
@Suite(.serialized) struct HostingReclaimTests {
    @Test func aRestartedAppReappearsUnderTheSameHostLayer() throws {
        let (rig, token) = try HostingLifecycleTests.shown()
        rig.compositor.contexts.startedAt -= 3600 // a server up for an hour: no restart window
        rig.compositor.removeClient(2)
        try rig.frame(at: 0.1)
        #expect(rig.lastStatus(of: 2, to: 1)?.0 == .exporterGone)
        #expect(rig.compositor.treeJSON(client: 1).contains(#""host":{"state":"exporter-gone"}"#))
        // Nobody else can bind the orphan, nor make a context from a token it never had.
        rig.add(3)
        #expect(rig.compositor.reclaimContext(ContextToken(hi: 1, lo: 2), for: 3).refusal.hasPrefix("createContext: unknown context token"))
        // The app again (a new client): same token, same host layer, no host action.
        rig.add(4)
        let again = rig.compositor.reclaimContext(token, for: 4)
        #expect(again == (token, ""))
        #expect(rig.lastStatus(of: 2, to: 1)?.0 == .waiting)
        #expect(rig.hosting(to: 4) == [.contextHosts(token, hosted: true)])
        rig.commit(HostingOps.layer(100, CGRect(x: 0, y: 0, width: 100, height: 80), fill: HostingOps.color(0, 0, 1))
                   + [.setContextLayer(token, layer: 100)], from: 4)
        try rig.frame(at: 0.2)
        #expect(rig.lastStatus(of: 2, to: 1)?.0 == .shown)
        #expect(try rig.pixel(30, 25) == HostingLifecycleTests.blue)
        // A live context cannot be reclaimed by another client.
        #expect(rig.compositor.reclaimContext(token, for: 3).refusal.hasPrefix("createContext: unknown context token"))
    }

    @Test func anOrphanNoHostShowsIsGone() throws {
        let (rig, token) = try HostingLifecycleTests.shown()
        rig.compositor.contexts.startedAt -= 3600
        rig.compositor.removeClient(2)
        rig.commit([.hostContext(2, token: .zero)], from: 1)
        try rig.frame(at: 0.1)
        rig.add(4)
        #expect(rig.compositor.reclaimContext(token, for: 4).refusal.hasPrefix("createContext: unknown context token"))
        // And a context no host showed ends with its exporter.
        let fresh = try HostingRig()
        fresh.compositor.contexts.startedAt -= 3600
        fresh.add(5)
        let (unhosted, _) = fresh.export(from: 5)
        fresh.compositor.removeClient(5)
        fresh.add(6)
        #expect(fresh.compositor.reclaimContext(unhosted, for: 6).token.isZero)
    }

    @Test func onlyTheSameUserMayReclaim() throws {
        let rig = try HostingRig()
        rig.compositor.contexts.startedAt -= 3600
        rig.add(1)
        rig.add(2, uid: 1000)
        let (token, _) = rig.export(from: 2)
        rig.commit([.createLayer(100), .setContextLayer(token, layer: 100)], from: 2)
        rig.commit([.createLayer(1, kind: .host), .attachRoot(1), .hostContext(1, token: token)], from: 1)
        try rig.frame(at: 0)
        rig.compositor.removeClient(2)
        rig.add(3, uid: 1001)
        #expect(rig.compositor.reclaimContext(token, for: 3).token.isZero)
        rig.add(4, uid: 1000)
        #expect(rig.compositor.reclaimContext(token, for: 4).token == token)
    }

    @Test func orphansExpire() {
        let registry = ContextRegistry(startedAt: 0)
        guard case .success(let c) = registry.mint(client: 1, uid: nil, hostUsers: []) else { Issue.record("no context"); return }
        let scene = ClientScene(clientID: 2)
        let host = RenderNode(id: 1, kind: .host, scene: scene)
        defer { withExtendedLifetime(scene) {} }
        _ = registry.bind(c, to: host, client: 2)
        _ = registry.clientLeft(1, now: 100)
        #expect(c.orphanedAt == 100)
        registry.expireOrphans(now: 100 + ContextRegistry.reclaimWindow)
        #expect(registry.byToken[c.token] != nil)
        registry.expireOrphans(now: 100.5 + ContextRegistry.reclaimWindow)
        #expect(registry.byToken[c.token] == nil && host.links.hosting == nil)
    }

    /// After a server restart the host layer replays the last server's token before its app reconnects: it
    /// waits, and the app's replay (reclaim) of the same token shows under it.
    @Test func aReplayedBindingWaitsForItsAppAfterARestart() throws {
        let rig = try HostingRig()
        rig.add(1, 2)
        let token = ContextToken(hi: 0xABCD, lo: 0x1234)
        rig.commit([.createLayer(1, kind: .host), .attachRoot(1), .hostContext(1, token: token, replayed: true)], from: 1)
        try rig.frame(at: 0)
        #expect(rig.lastStatus(of: 1, to: 1)! == (.waiting, ContextRegistry.awaitingExporter))
        #expect(rig.compositor.reclaimContext(token, for: 2) == (token, ""))
        rig.commit([.createLayer(5), .setProperty(5, .bounds, .rect(CGRect(x: 0, y: 0, width: 20, height: 20))),
                    .setProperty(5, .position, .point(CGPoint(x: 10, y: 10))),
                    .setProperty(5, .backgroundColor, HostingOps.color(0, 0, 1)), .setContextLayer(token, layer: 5)], from: 2)
        try rig.frame(at: 0.1)
        #expect(rig.lastStatus(of: 1, to: 1)?.0 == .shown)
        #expect(try rig.pixel(5, 5) == HostingLifecycleTests.blue)
        // Not replayed, or outside the window, an unknown token is refused.
        rig.commit([.createLayer(2, kind: .host), .hostContext(2, token: ContextToken(hi: 9, lo: 9))], from: 1)
        rig.compositor.contexts.startedAt -= 3600
        rig.commit([.createLayer(3, kind: .host), .hostContext(3, token: ContextToken(hi: 8, lo: 8), replayed: true)], from: 1)
        try rig.frame(at: 0.2)
        #expect(rig.lastStatus(of: 2, to: 1)?.0 == .refused)
        #expect(rig.lastStatus(of: 3, to: 1)?.0 == .refused)
        #expect(rig.compositor.reclaimContext(ContextToken(hi: 7, lo: 7), for: 2).token.isZero)
    }

    /// A shell's `rootContexts`: the app's root, hosted, is drawn only under the shell's host layer.
    @Test func aShellHostsAnAppsRootWithoutAToken() throws {
        let rig = try HostingRig()
        rig.add(1, 2)
        rig.commit(HostingOps.layer(100, CGRect(x: 0, y: 0, width: 100, height: 80), fill: HostingOps.color(0, 0, 1)) + [.attachRoot(100)], from: 2)
        try rig.frame(at: 0)
        #expect(try rig.pixel(5, 5) == HostingLifecycleTests.blue)
        let made = rig.compositor.rootContexts(of: 2, forShellUser: nil)
        #expect(made.refusal == "" && made.tokens.count == 1)
        #expect(rig.compositor.rootContexts(of: 2, forShellUser: nil).tokens == made.tokens, "asked again: the same tokens")
        // The shell shows it at (100, 60), scaled by a half; the root leaves its own place on the output.
        rig.commit(HostingOps.layer(1, CGRect(x: 50, y: 20, width: 100, height: 80), fill: nil, kind: .host)
                   + [.setProperty(1, .transform, .transform(.scale(0.5, 0.5, 1))), .attachRoot(1), .hostContext(1, token: made.tokens[0])], from: 1)
        try rig.frame(at: 0.1)
        #expect(rig.lastStatus(of: 1, to: 1)?.0 == .shown)
        #expect(try rig.pixel(5, 5) == [0, 0, 0, 255])
        #expect(try rig.pixel(80, 45) == HostingLifecycleTests.blue)
        // The app takes its root off screen: the shell's host layer waits; the app still has its layer.
        rig.commit([.detachRoot(100)], from: 2)
        try rig.frame(at: 0.2)
        #expect(rig.lastStatus(of: 1, to: 1)?.0 == .waiting)
        #expect(rig.log.commitFailures.isEmpty)
    }

    /// A root a shell got a token for but does not show is drawn where it is, with what its own host layers show.
    @Test func anUnboundRootContextStillShowsWhatItHosts() throws {
        let rig = try HostingRig()
        rig.add(2, 3)
        let (token, _) = rig.export(from: 3)
        rig.commit(HostingOps.layer(100, CGRect(x: 0, y: 0, width: 40, height: 40), fill: HostingOps.color(0, 0, 1))
                   + [.setContextLayer(token, layer: 100)], from: 3)
        rig.commit(HostingOps.layer(1, CGRect(x: 0, y: 0, width: 160, height: 120), fill: nil, kind: .host)
                   + [.attachRoot(1), .hostContext(1, token: token)], from: 2)
        try rig.frame(at: 0)
        #expect(try rig.pixel(10, 10) == HostingLifecycleTests.blue)
        #expect(rig.compositor.rootContexts(of: 2, forShellUser: nil).tokens.count == 1)
        rig.commit([.setProperty(1, .opacity, .scalar(1))], from: 2) // the frame is built again
        try rig.frame(at: 0.1)
        #expect(try rig.pixel(10, 10) == HostingLifecycleTests.blue)
    }
}
