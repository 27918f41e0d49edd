import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
@testable import StrataServer
import Testing

/// A layer the GPU path animates is not evaluated on the CPU in the frame that builds its slot, even when
/// another layer's animation (which only the CPU evaluates) rebuilds the list every frame; whatever reads
/// its presentation (a hit test, the tree) gets the values `Presentation.apply` gives at that frame's time.
@Suite struct DeferredPresentationTests {
    static func movingSquares(gpuAnimationMinimumLayers: Int?) throws -> (HeadlessDisplay, Compositor) {
        let display = try HeadlessDisplay(width: 100, height: 60)
        let compositor = try Compositor(display: display)
        compositor.gpuAnimationMinimumLayers = gpuAnimationMinimumLayers
        compositor.addClient(1)
        var timing = MediaTiming()
        timing.duration = 2
        // Layer 1 moves (the GPU's); layer 2 animates its contentsCenter (only the CPU's: every frame rebuilds).
        var ops = ScreenHitTests.square(1, CGRect(x: 0, y: 0, width: 20, height: 20)) + ScreenHitTests.square(2, CGRect(x: 40, y: 0, width: 20, height: 20))
        ops += [.addAnimation(1, key: "move", AnimationSpec(keyPath: LayerKeyPath(property: .position),
                                                            kind: .basic(from: .point(CGPoint(x: 10, y: 10)), to: .point(CGPoint(x: 90, y: 50)), by: nil), timing: timing)),
                .addAnimation(2, key: "center", AnimationSpec(keyPath: LayerKeyPath(property: .contentsCenter),
                                                              kind: .basic(from: .rect(CGRect(x: 0, y: 0, width: 1, height: 1)), to: .rect(CGRect(x: 0.2, y: 0.2, width: 0.6, height: 0.6)), by: nil),
                                                              timing: timing))]
        ops += [.createLayer(3), .setProperty(3, .bounds, .rect(CGRect(x: 0, y: 0, width: 100, height: 60))), .setProperty(3, .position, .point(CGPoint(x: 50, y: 30))),
                .insertSublayer(parent: 3, child: 1, index: 0), .insertSublayer(parent: 3, child: 2, index: 1), .attachRoot(3)]
        compositor.submit(Commit(transactionID: 1, operations: ops), fds: [], from: 1)
        return (display, compositor)
    }

    @Test func aLayerInAMotionSlotIsEvaluatedOnlyWhenRead() throws {
        let (display, compositor) = try Self.movingSquares(gpuAnimationMinimumLayers: 1)
        defer { display.releaseCurrent() }
        try compositor.renderFrame(at: 0)
        try compositor.renderFrame(at: 0.5)
        #expect(compositor.lastFrameWork.motionSlots == 1)
        #expect(!compositor.lastFrameWork.drawListReused) // layer 2's z animation rebuilds every frame
        let scene = try #require(compositor.scenes[1])
        let moving = try #require(scene.nodes[1]), other = try #require(scene.nodes[2])
        #expect(moving.pendingLocalTime != nil) // in its slot: not evaluated on the CPU
        #expect(other.pendingLocalTime == nil)  // drawn with CPU values: evaluated
        #expect(other.presentation.contentsCenter == CGRect(x: 0.05, y: 0.05, width: 0.9, height: 0.9))
        // Read on demand: the frame's values (a quarter of the way: (30, 20)).
        #expect(compositor.hitTest(CGPoint(x: 30, y: 20)) == ScreenHit(client: 1, layer: 1, local: CGPoint(x: 10, y: 10)))
        #expect(moving.pendingLocalTime == nil)
        #expect(moving.presentation.position == CGPoint(x: 30, y: 20))
    }

    @Test func aPendingPresentationStaysWhatItsFrameShowedWhenTheModelOrAnimationsChange() throws {
        let (display, compositor) = try Self.movingSquares(gpuAnimationMinimumLayers: 1)
        defer { display.releaseCurrent() }
        try compositor.renderFrame(at: 0.5)
        let moving = try #require(compositor.scenes[1]?.nodes[1])
        #expect(moving.pendingLocalTime != nil)
        // A commit applied before the next frame changes its model: a transition's copy of it as on
        // screen (read after) must still see the frame's values.
        moving.setModel(.backgroundColor, .color(Color(red: 0, green: 0, blue: 1, alpha: 1)))
        #expect(moving.pendingLocalTime == nil)
        #expect(moving.presentation.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(moving.presentation.position == CGPoint(x: 30, y: 20))
        try compositor.renderFrame(at: 1)
        #expect(moving.pendingLocalTime != nil)
        // Another animation attached before the next frame: not applied until that frame evaluates it.
        var long = MediaTiming()
        long.duration = 10
        moving.attach(AttachedAnimation(key: "nudge", spec: AnimationSpec(keyPath: LayerKeyPath(property: .position),
                                                                            kind: .basic(from: nil, to: nil, by: .point(CGPoint(x: 50, y: 50))), timing: long)))
        #expect(moving.presentation.position == CGPoint(x: 50, y: 30))
    }

    @Test func withoutTheGPUPathEveryLayerIsEvaluatedInItsFrame() throws {
        let (display, compositor) = try Self.movingSquares(gpuAnimationMinimumLayers: nil)
        defer { display.releaseCurrent() }
        try compositor.renderFrame(at: 0.5)
        let scene = try #require(compositor.scenes[1])
        #expect(scene.nodes.values.allSatisfy { $0.pendingLocalTime == nil })
        #expect(scene.nodes[1]?.presentation.position == CGPoint(x: 30, y: 20))
    }
}
