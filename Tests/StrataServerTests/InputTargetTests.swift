import Foundation
import Logging
import StrataCore
import StrataDisplay
import StrataInput
import StrataProtocol
@testable import StrataServer
import Testing

/// Input against what an output shows: interactive layers catch touches, the rest let them through; a
/// fake input device drives the kiosk path (panel → turned output → hit → event), and unplugging it
/// mid-touch is survived.
@Suite(.serialized) struct InputTargetTests {
    static func square(_ id: LayerID, _ frame: CGRect, interactive: Bool = false) -> [LayerOperation] {
        ScreenHitTests.square(id, frame) + [.setProperty(id, .interactive, .bool(interactive))]
    }

    @Test func interactiveLayersCatchTouchesAndTheRestLetThemThrough() throws {
        let display = try HeadlessDisplay(width: 200, height: 100)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        compositor.addClient(1)
        compositor.addClient(2)
        // Client 1: an interactive panel with a plain child. Client 2, on top: a plain overlay over the
        // right half holding an interactive button.
        var one = Self.square(1, CGRect(x: 0, y: 0, width: 200, height: 100), interactive: true)
        one += Self.square(2, CGRect(x: 10, y: 10, width: 20, height: 20)) + [.insertSublayer(parent: 1, child: 2, index: 0), .attachRoot(1)]
        compositor.submit(Commit(transactionID: 1, operations: one), fds: [], from: 1)
        var two = Self.square(1, CGRect(x: 100, y: 0, width: 100, height: 100))
        two += Self.square(2, CGRect(x: 20, y: 20, width: 40, height: 40), interactive: true)
        two += [.setProperty(2, .capturesInput, .bool(true)), .insertSublayer(parent: 1, child: 2, index: 0), .attachRoot(1)]
        compositor.submit(Commit(transactionID: 1, operations: two), fds: [], from: 2)
        try compositor.renderFrame(at: 0)

        // The plain child is hit, the panel receives, the point in the panel's coordinates.
        #expect(compositor.inputTarget(at: CGPoint(x: 15, y: 12), output: nil)
            == InputTarget(client: 1, layer: 1, hitLayer: 2, local: CGPoint(x: 15, y: 12), captures: false))
        // Client 2's plain overlay lets the touch through to client 1's panel beneath.
        #expect(compositor.inputTarget(at: CGPoint(x: 110, y: 90), output: nil)
            == InputTarget(client: 1, layer: 1, hitLayer: 1, local: CGPoint(x: 110, y: 90), captures: false))
        // Its interactive button catches it, in the button's coordinates.
        #expect(compositor.inputTarget(at: CGPoint(x: 130, y: 30), output: nil)
            == InputTarget(client: 2, layer: 2, hitLayer: 2, local: CGPoint(x: 10, y: 10), captures: true))
        // Anywhere, in the button's coordinates, while it is shown; nowhere once the layer is released.
        #expect(compositor.locate(CGPoint(x: 0, y: 0), output: nil, client: 2, layer: 2) == CGPoint(x: -120, y: -20))
        compositor.submit(Commit(transactionID: 2, operations: [.removeFromSuperlayer(2), .releaseLayer(2)]), fds: [], from: 2)
        try compositor.renderFrame(at: 0.1)
        #expect(compositor.locate(CGPoint(x: 0, y: 0), output: nil, client: 2, layer: 2) == nil)
        #expect(compositor.inputTarget(at: CGPoint(x: 130, y: 30), output: nil)?.client == 1)
    }

    /// A fake device: events queued by the test, read as the server reads libinput's.
    final class FakeInputSource: InputSource {
        var queued: [DeviceEvent] = []
        var failure: String?
        var eventFD: Int32? { nil }
        func readEvents() throws -> [DeviceEvent] {
            if let failure { throw InputTestFailure(failure) }
            defer { queued.removeAll() }
            return queued
        }
    }

    struct InputTestFailure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    @Test func aTouchOnATurnedOutputLandsAtTheTurnedPointAndAnUnpluggedPanelIsSurvived() throws {
        // The output shows its 200 × 100 layer space turned a quarter clockwise on a 100 × 200 panel.
        let display = try HeadlessDisplay(width: 200, height: 100, rotation: 90)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        compositor.addClient(1)
        let ops = Self.square(1, CGRect(x: 30, y: 80, width: 20, height: 20), interactive: true) + [.attachRoot(1)]
        compositor.submit(Commit(transactionID: 1, operations: ops), fds: [], from: 1)
        try compositor.renderFrame(at: 0)

        let input = InputDispatch(compositor: compositor, logger: Logger(label: "test"))
        var sent: [InputEvent] = []
        input.router.send = { _, e in sent.append(e) }
        let source = FakeInputSource()
        let panel = InputDevice(id: 4, name: "Fake Touch Panel", sysname: "event9", capabilities: .touch)
        // (0.1, 0.2) across the panel: layer point (0.2 · 200, 0.9 · 100) = (40, 90), the square's (10, 10).
        source.queued = [.added(panel), .touch(device: 4, slot: 2, phase: .down, x: 0.1, y: 0.2, time: 5),
                         .touch(device: 4, slot: 2, phase: .motion, x: 0.12, y: 0.22, time: 5.01),
                         .removed(deviceID: 4), .touch(device: 4, slot: 2, phase: .up, x: 0, y: 0, time: 5.02)]
        for e in try source.readEvents() { input.handle(e) }
        #expect(sent.map(\.kind) == [.touchDown, .touchMotion, .touchCancel])
        #expect(sent.map(\.touchID) == [2, 2, 2])
        #expect(sent.first?.location == CGPoint(x: 10, y: 10))
        #expect(abs(sent[1].location.x - 14) < 1e-9 && abs(sent[1].location.y - 8) < 1e-9)
        #expect(sent.first?.timestamp == 5)
        #expect(input.devices.isEmpty)
    }

    @Test func aServerWhoseInputSourceFailsGoesOnWithoutIt() throws {
        let display = try HeadlessDisplay(width: 64, height: 64)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-input-\(UUID().uuidString.prefix(8)).sock").path
        defer { unlink(path) }
        let server = RenderServer(compositor: compositor, listener: try ListeningSocket(path: path), logger: Logger(label: "test"))
        let source = FakeInputSource()
        source.queued = [.added(InputDevice(id: 1, name: "Fake Touch Panel", sysname: "event3", capabilities: .touch)),
                         .touch(device: 1, slot: 0, phase: .down, x: 2, y: 2, time: 1)]
        server.inputSource = source
        server.readInput()
        #expect(server.inputSource != nil)
        source.failure = "the seat went away"
        server.readInput()
        #expect(server.inputSource == nil)
    }
}
