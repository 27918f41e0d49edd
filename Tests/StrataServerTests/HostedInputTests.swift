import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
@testable import StrataServer
import Testing

/// Input landing in a hosted context goes to the context's app, in its layers' coordinates, through the
/// normal hit testing of its tree; the host may take the context out of input or observe it.
@Suite(.serialized) struct HostedInputTests {
    /// Client 1: root 1 and host layer 2 (120 × 90 at the output's centre, scaled by 0.5, interactive).
    /// Client 2: context layer 100 (100 × 80, interactive) with a plain sublayer 101 at (10, 10, 30, 30).
    static func rig(hostedInput: HostedInput = .interactive) throws -> (HostingRig, ContextToken) {
        let rig = try HostingRig()
        rig.add(1, 2)
        let (token, _) = rig.export(from: 2)
        rig.commit(HostingOps.layer(100, CGRect(x: 0, y: 0, width: 100, height: 80), fill: HostingOps.color(0, 0, 1))
                   + HostingOps.layer(101, CGRect(x: 10, y: 10, width: 30, height: 30), fill: HostingOps.color(1, 0, 0))
                   + [.insertSublayer(parent: 100, child: 101, index: 0), .setProperty(100, .interactive, .bool(true)),
                      .setContextLayer(token, layer: 100)], from: 2)
        rig.commit(HostingOps.layer(1, CGRect(x: 0, y: 0, width: 160, height: 120), fill: nil)
                   + HostingOps.layer(2, CGRect(x: 20, y: 15, width: 120, height: 90), fill: HostingOps.color(1, 0.5, 0), kind: .host)
                   + [.setProperty(2, .transform, .transform(.scale(0.5, 0.5, 1))), .setProperty(2, .interactive, .bool(true)),
                      .setProperty(2, .hostedInput, .scalar(CGFloat(hostedInput.rawValue))),
                      .insertSublayer(parent: 1, child: 2, index: 0), .attachRoot(1), .hostContext(2, token: token)], from: 1)
        try rig.frame(at: 0)
        return (rig, token)
    }

    @Test func aTapInAHostedTreeReachesItsAppInItsCoordinates() throws {
        let (rig, _) = try Self.rig()
        // (62.5, 50) on the output is (25, 25) in the host, and so in the context's layer (placed at the
        // host's origin): inside sublayer 101, which is not interactive, so 100 takes it.
        let target = rig.compositor.inputTarget(at: CGPoint(x: 62.5, y: 50), output: nil)
        #expect(target == InputTarget(client: 2, layer: 100, hitLayer: 101, local: CGPoint(x: 25, y: 25), captures: false))
        #expect(rig.compositor.hitTest(CGPoint(x: 62.5, y: 50)) == ScreenHit(client: 2, layer: 101, local: CGPoint(x: 15, y: 15)))
        // Beyond the context (host (110, 85)) the host's own layer takes it.
        #expect(rig.compositor.inputTarget(at: CGPoint(x: 105, y: 80), output: nil)?.client == 1)
        // The exporter's layer is located through its host.
        #expect(rig.compositor.locate(CGPoint(x: 80, y: 60), output: nil, client: 2, layer: 100) == CGPoint(x: 60, y: 45))
        #expect(rig.compositor.locate(CGPoint(x: 80, y: 60), output: nil, client: 2, layer: 101) == CGPoint(x: 50, y: 35))
    }

    @Test func aHostCanTakeItsContextOutOfInput() throws {
        let (rig, _) = try Self.rig(hostedInput: .none)
        let target = rig.compositor.inputTarget(at: CGPoint(x: 62.5, y: 50), output: nil)
        #expect(target == InputTarget(client: 1, layer: 2, hitLayer: 2, local: CGPoint(x: 25, y: 25), captures: false))
    }

    @Test func anObservingHostGetsACopyInItsOwnCoordinates() throws {
        let (rig, _) = try Self.rig(hostedInput: .observe)
        let target = try #require(rig.compositor.inputTarget(at: CGPoint(x: 62.5, y: 50), output: nil))
        #expect(target.client == 2 && target.layer == 100)
        #expect(target.observer == InputTarget.Observer(client: 1, layer: 2, local: CGPoint(x: 25, y: 25)))
        // Routed: the app gets the touch, the host its copy.
        let router = InputRouter(screen: rig.compositor)
        var sent: [(UInt32, InputEvent)] = [], observed: [(UInt32, InputEvent)] = []
        router.send = { sent.append(($0, $1)) }
        router.sendObserved = { observed.append(($0, $1)) }
        router.touch(.init(device: 0, slot: 1), .down, at: CGPoint(x: 62.5, y: 50), output: nil, time: 1)
        #expect(sent.map(\.0) == [2] && sent.first?.1.layer == 100 && sent.first?.1.hitLayer == 101)
        #expect(observed.map(\.0) == [1] && observed.first?.1.layer == 2 && observed.first?.1.hitLayer == 2)
        #expect(observed.first?.1.location == CGPoint(x: 25, y: 25))
    }

    @Test func whenTheContextGoesTheHostIsHitAgain() throws {
        let (rig, token) = try Self.rig()
        rig.commit([.revokeContext(token)], from: 2)
        try rig.frame(at: 0.1)
        #expect(rig.compositor.inputTarget(at: CGPoint(x: 62.5, y: 50), output: nil)?.client == 1)
        #expect(rig.compositor.locate(CGPoint(x: 80, y: 60), output: nil, client: 2, layer: 100) == nil)
    }

    @Test func aHostMovesKeyFocusIntoTheAppItShowsAndBack() throws {
        let (rig, _) = try Self.rig()
        rig.commit([.focusHosted(2)], from: 1)
        try rig.frame(at: 0.1)
        #expect(rig.log.focusRequests.map { [$0.client, UInt32($0.layer)] } == [[2, 100]])
        rig.commit([.focusHosted(0)], from: 1)
        try rig.frame(at: 0.2)
        #expect(rig.log.focusRequests.last.map { [$0.client, UInt32($0.layer)] } == [1, 0])
        // The router sends keys where the server put the focus.
        let router = InputRouter(screen: rig.compositor)
        var sent: [(UInt32, InputEvent)] = []
        router.send = { sent.append(($0, $1)) }
        router.setFocus(client: 2, layer: 100)
        router.key(keysym: 0x61, text: "a", pressed: true, time: 1)
        router.setFocus(client: 1, layer: 0)
        router.key(keysym: 0x62, text: "b", pressed: true, time: 2)
        #expect(sent.map { "\($0.0):\($0.1.layer):\($0.1.text)" } == ["2:100:a", "1:0:b"])
        // A host layer showing nothing: the host is told, focus stays; a plain layer fails the commit.
        rig.commit([.createLayer(9, kind: .host), .focusHosted(9)], from: 1)
        try rig.frame(at: 0.3)
        #expect(rig.log.focusRequests.count == 2)
        #expect(rig.log.messages.contains { $0.client == 1 && $0.message == .layerError(9, reason: "focusHosted: the host layer shows no context now; key focus stays where it was") })
        rig.commit([.createLayer(10), .focusHosted(10)], from: 1)
        try rig.frame(at: 0.4)
        #expect(rig.log.commitFailures.first?.reason.contains("focusHosted: layer 10 is a CALayer, not a StrataLayerHost") == true)
    }
}
