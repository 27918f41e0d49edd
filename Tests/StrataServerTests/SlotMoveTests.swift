import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
@testable import StrataServer
import StrataTestSupport
import Testing

/// A commit that only sets the model position of layers the GPU already moves keeps the frame's draw list
/// and rewrites their slots (`Compositor.slotMoves`): the frame shows exactly what a list built again
/// shows. Any other change builds the list again.
@Suite(.serialized) struct SlotMoveTests {
    /// Twenty 6×6 squares in two rows over a 120×40 root, each moving 20 px right and back (additive `by`,
    /// so the model position is where it moves from); square 1 (id 1) only fades.
    static func scene() -> Commit {
        var ops: [LayerOperation] = [.createLayer(100), .setProperty(100, .bounds, .rect(CGRect(x: 0, y: 0, width: 120, height: 40))),
                                     .setProperty(100, .position, .point(CGPoint(x: 60, y: 20))), .attachRoot(100)]
        var timing = MediaTiming()
        timing.duration = 1
        timing.repeatCount = .infinity
        timing.autoreverses = true
        let move = TestOperations.endlessMove(by: CGPoint(x: 20, y: 0), autoreverses: true)
        for i in 0..<20 {
            let id = LayerID(i + 1)
            ops += TestOperations.square(id, CGRect(x: 2 + CGFloat(i % 10) * 11, y: 4 + CGFloat(i / 10) * 20, width: 6, height: 6))
                + [.insertSublayer(parent: 100, child: id, index: UInt32(i))]
            let spec = i == 0
                ? AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .basic(from: .scalar(1), to: .scalar(0.5), by: nil), timing: timing)
                : move
            ops.append(.addAnimation(id, key: "a", spec))
        }
        return Commit(transactionID: 1, operations: ops)
    }

    /// A compositor showing `scene` with its list built at 0 and reused at 0.1.
    static func showing(_ display: HeadlessDisplay) throws -> Compositor {
        let compositor = try Compositor(display: display)
        compositor.addClient(1)
        compositor.submit(scene(), fds: [], from: 1)
        try compositor.renderFrame(at: 0)
        #expect(compositor.lastFrameWork.motionSlots == 20)
        try compositor.renderFrame(at: 0.1)
        #expect(compositor.lastFrameWork.drawListReused)
        return compositor
    }

    /// The pixels of the frame at `time` drawn from a list built again (the output invalidated first).
    static func rebuilt(_ compositor: Compositor, at time: Double) throws -> [UInt8] {
        compositor.invalidate()
        try compositor.renderFrame(at: time)
        #expect(!compositor.lastFrameWork.drawListReused)
        return try compositor.snapshot().pixels
    }

    static func pixel(_ pixels: [UInt8], _ x: Int, _ y: Int) -> [UInt8] {
        Array(pixels[(y * 120 + x) * 4..<(y * 120 + x) * 4 + 4])
    }

    @Test func movingLayersTheGPUMovesKeepsTheListAndShowsWhatARebuiltListShows() throws {
        let display = try HeadlessDisplay(width: 120, height: 40)
        defer { display.releaseCurrent() }
        let compositor = try Self.showing(display)
        // Squares 2 and 12 (ids 2 and 12) move down 10 px: at 0.25 their animation adds 5 px to x.
        compositor.submit(Commit(transactionID: 2, operations: [.setProperty(2, .position, .point(CGPoint(x: 16, y: 17))),
                                                                 .setProperty(12, .position, .point(CGPoint(x: 16, y: 37)))]), fds: [], from: 1)
        try compositor.renderFrame(at: 0.25)
        #expect(compositor.lastFrameWork.drawListReused)
        let patched = try compositor.snapshot().pixels
        // Square 2 (6×6 about x 16 + 5, y 17) is drawn there, and no longer where it was (y 7).
        #expect(Self.pixel(patched, 21, 17) == [255, 0, 0, 255])
        #expect(Self.pixel(patched, 21, 7) != [255, 0, 0, 255])
        #expect(try Self.rebuilt(compositor, at: 0.25) == patched)
        // And the next frames go on reusing the list from the new positions.
        try compositor.renderFrame(at: 0.5)
        #expect(compositor.lastFrameWork.drawListReused)
        let later = try compositor.snapshot().pixels
        #expect(Self.pixel(later, 26, 17) == [255, 0, 0, 255])
        #expect(try Self.rebuilt(compositor, at: 0.5) == later)
    }

    @Test func anyOtherChangeBuildsTheListAgain() throws {
        let display = try HeadlessDisplay(width: 120, height: 40)
        defer { display.releaseCurrent() }
        let changes: [[LayerOperation]] = [
            // Square 1's position is not animated: its slot leaves where it is to the list.
            [.setProperty(1, .position, .point(CGPoint(x: 5, y: 17)))],
            // A move and something else.
            [.setProperty(2, .position, .point(CGPoint(x: 16, y: 17))), .setProperty(3, .backgroundColor, .color(Color(red: 0, green: 1, blue: 0, alpha: 1)))],
            // The root, which no slot places.
            [.setProperty(100, .position, .point(CGPoint(x: 61, y: 20)))],
        ]
        for (k, ops) in changes.enumerated() {
            let compositor = try Self.showing(display)
            compositor.submit(Commit(transactionID: 2, operations: ops), fds: [], from: 1)
            try compositor.renderFrame(at: 0.25)
            #expect(!compositor.lastFrameWork.drawListReused, "change \(k)")
            let pixels = try compositor.snapshot().pixels
            #expect(try Self.rebuilt(compositor, at: 0.25) == pixels, "change \(k)")
        }
    }

    @Test func theClientsWhoseCommitsAloneMakeTheFrameBuildItsListAreCharged() throws {
        // Under render budgets the frame's building is what a commit costs its client when, without it, the
        // list would have been kept (`ClientBudgets` then sees a client that replaces a string every frame
        // making every frame build 1,000 other layers' commands).
        let display = try HeadlessDisplay(width: 120, height: 40)
        defer { display.releaseCurrent() }
        let compositor = try Self.showing(display)
        compositor.rendersWithBudgets = true
        compositor.addClient(2)
        let f = compositor.frames(display.name)
        #expect(compositor.clientsForcingABuild(f, at: 0.2).isEmpty)      // nothing committed
        compositor.submit(Commit(transactionID: 2, operations: [.setProperty(2, .position, .point(CGPoint(x: 16, y: 17)))]), fds: [], from: 1)
        #expect(compositor.clientsForcingABuild(f, at: 0.2).isEmpty)      // a move the slots make
        compositor.submit(Commit(transactionID: 3, operations: [.setProperty(3, .backgroundColor, .color(Color(red: 0, green: 1, blue: 0, alpha: 1)))]),
                          fds: [], from: 1)
        compositor.submit(Commit(transactionID: 1, operations: [.createLayer(1)]), fds: [], from: 2)
        #expect(compositor.clientsForcingABuild(f, at: 0.2) == [1, 2])
        try compositor.renderFrame(at: 0.2)
        #expect(!compositor.lastFrameWork.drawListReused)
        // A frame that builds anyway (its list is not kept: an output invalidated) charges nobody.
        compositor.submit(Commit(transactionID: 4, operations: [.setProperty(3, .backgroundColor, .color(Color(red: 1, green: 0, blue: 0, alpha: 1)))]),
                          fds: [], from: 1)
        compositor.invalidate()
        #expect(compositor.clientsForcingABuild(f, at: 0.3).isEmpty)
    }
}
