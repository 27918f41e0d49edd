import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
import StrataTestSupport
@testable import StrataServer
import Testing

/// `presented_interval_ms` in stats: the times between the primary output's frames on screen while
/// something animates from one to the next (what an animating client sees), and nothing across a pause.
@Suite struct PresentedIntervalTests {
    @Test func intervalsBetweenAnimatedFramesAreRecordedAndIdleGapsAreNot() throws {
        let display = try HeadlessDisplay(width: 32, height: 32)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        compositor.addClient(1)
        var timing = MediaTiming()
        timing.duration = 1
        let slide = AnimationSpec(keyPath: LayerKeyPath(property: .position),
                                  kind: .basic(from: .point(CGPoint(x: 4, y: 4)), to: .point(CGPoint(x: 20, y: 20)), by: nil), timing: timing)
        compositor.submit(Commit(transactionID: 1, operations: TestOperations.square(1, CGRect(x: 0, y: 0, width: 8, height: 8))
            + [.attachRoot(1), .addAnimation(1, key: "slide", slide)]), fds: [], from: 1)
        let name = HeadlessDisplay.outputName
        // Frames at 0, 1/60 and 2/60 on time, the fourth 3/60 late (one vblank missed).
        for (i, shownAt) in [0.0, 1.0 / 60, 2.0 / 60, 4.0 / 60].enumerated() {
            try compositor.renderFrame(at: Double(i) / 60)
            compositor.framePresented(at: shownAt, output: name)
        }
        var presented = compositor.statsJSON()["presented_interval_ms"] as? [String: Double] ?? [:]
        #expect(presented["count"] == 3)
        #expect(abs((presented["p50"] ?? 0) - 1000.0 / 60) < 1e-6 && abs((presented["max"] ?? 0) - 2000.0 / 60) < 1e-6, "\(presented)")
        // The animation ends; a frame after it, and another after a pause of a second, add the first gap
        // (the frame before it animated) but not the pause.
        try compositor.renderFrame(at: 1.5)
        compositor.framePresented(at: 1.5, output: name)
        try compositor.renderFrame(at: 2.5)
        compositor.framePresented(at: 2.5, output: name)
        presented = compositor.statsJSON()["presented_interval_ms"] as? [String: Double] ?? [:]
        #expect(presented["count"] == 4, "\(presented)")
    }
}
