import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
import StrataServer
import StrataTestSupport
import Testing

/// The server's hit test of what an output shows: among every client's roots, front to back, through the
/// presentation values of the last frame (a moving layer is hit where it is drawn), with the point in the
/// hit layer's coordinates.
@Suite(.serialized) struct ScreenHitTests {
    static func square(_ id: LayerID, _ frame: CGRect) -> [LayerOperation] { TestOperations.square(id, frame) }

    @Test func theTopClientsLayerIsHitWhereItIsShown() throws {
        let display = try HeadlessDisplay(width: 200, height: 100)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        compositor.addClient(1)
        compositor.addClient(2)
        // Client 1: a panel with a child; client 2, attached after, a square over the panel's right half.
        var one = Self.square(1, CGRect(x: 0, y: 0, width: 100, height: 100)) + Self.square(2, CGRect(x: 10, y: 10, width: 20, height: 20))
        one += [.insertSublayer(parent: 1, child: 2, index: 0), .attachRoot(1)]
        compositor.submit(Commit(transactionID: 1, operations: one), fds: [], from: 1)
        var two = Self.square(1, CGRect(x: 50, y: 0, width: 50, height: 100))
        var move = MediaTiming()
        move.duration = 2
        two.append(.addAnimation(1, key: "move", AnimationSpec(keyPath: LayerKeyPath(property: .position),
                                                                kind: .basic(from: .point(CGPoint(x: 75, y: 50)), to: .point(CGPoint(x: 175, y: 50)), by: nil),
                                                                timing: move)))
        two.append(.attachRoot(1))
        compositor.submit(Commit(transactionID: 1, operations: two), fds: [], from: 2)

        try compositor.renderFrame(at: 0)
        #expect(compositor.hitTest(CGPoint(x: 15, y: 12)) == ScreenHit(client: 1, layer: 2, local: CGPoint(x: 5, y: 2)))
        #expect(compositor.hitTest(CGPoint(x: 40, y: 50)) == ScreenHit(client: 1, layer: 1, local: CGPoint(x: 40, y: 50)))
        #expect(compositor.hitTest(CGPoint(x: 60, y: 50)) == ScreenHit(client: 2, layer: 1, local: CGPoint(x: 10, y: 50)))
        #expect(compositor.hitTest(CGPoint(x: 150, y: 50)) == nil)
        // Half-way through the animation client 2's square shows at x 100…150: it is hit there, not where
        // its model is, and client 1's panel shows again on the left.
        try compositor.renderFrame(at: 1)
        #expect(compositor.hitTest(CGPoint(x: 120, y: 50)) == ScreenHit(client: 2, layer: 1, local: CGPoint(x: 20, y: 50)))
        #expect(compositor.hitTest(CGPoint(x: 60, y: 50))?.client == 1)
        // A client that leaves takes its layers out of the search.
        compositor.removeClient(2)
        try compositor.renderFrame(at: 1.5)
        #expect(compositor.hitTest(CGPoint(x: 120, y: 50)) == nil)
    }

    @Test func framesThatOnlyTheGPUAnimatesAreHitWhereTheyShow() throws {
        // Twenty moving squares: the GPU evaluates them and later frames reuse the draw list. A hit test
        // after such a frame evaluates them on the CPU, on demand, at that frame's time.
        let display = try HeadlessDisplay(width: 200, height: 100)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        compositor.addClient(1)
        var ops = Self.square(100, CGRect(x: 0, y: 0, width: 200, height: 100)) + [.attachRoot(100)]
        ops.removeAll { if case .setProperty(_, .backgroundColor, _) = $0 { true } else { false } }
        var timing = MediaTiming()
        timing.duration = 2
        for i in 0..<20 {
            let id = LayerID(i + 1), y = CGFloat(i / 10) * 50 + 10
            ops += Self.square(id, CGRect(x: 0, y: y, width: 8, height: 8)) + [.insertSublayer(parent: 100, child: id, index: UInt32(i))]
            let from = CGPoint(x: 4 + CGFloat(i % 10) * 10, y: y + 4)
            ops.append(.addAnimation(id, key: "move", AnimationSpec(keyPath: LayerKeyPath(property: .position),
                                                                    kind: .basic(from: .point(from), to: .point(CGPoint(x: from.x + 100, y: from.y)), by: nil),
                                                                    timing: timing)))
        }
        compositor.submit(Commit(transactionID: 1, operations: ops), fds: [], from: 1)
        try compositor.renderFrame(at: 0)
        #expect(compositor.lastFrameWork.motionSlots == 20)
        #expect(compositor.hitTest(CGPoint(x: 14, y: 14)) == ScreenHit(client: 1, layer: 2, local: CGPoint(x: 4, y: 4)))
        try compositor.renderFrame(at: 1)
        #expect(compositor.lastFrameWork.drawListReused)
        // Half-way, square 2 (model x 10…18) shows 50 px to the right.
        #expect(compositor.hitTest(CGPoint(x: 65, y: 14)) == ScreenHit(client: 1, layer: 2, local: CGPoint(x: 5, y: 4)))
        #expect(compositor.hitTest(CGPoint(x: 14, y: 14)) == ScreenHit(client: 1, layer: 100, local: CGPoint(x: 14, y: 14)))
        let pixels = try compositor.snapshot().pixels
        #expect(Array(pixels[(14 * 200 + 65) * 4..<(14 * 200 + 65) * 4 + 4]) == [255, 0, 0, 255])
    }
}
