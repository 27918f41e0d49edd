import StrataTestSupport
import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
import StrataServer
import Testing

/// A client's text layers lay out at most `textLayoutUnitsPerFrame` UTF-16 units a frame (its first
/// layout always): the rest keep their last layout, and the next frame goes on without another commit.
@Suite(.serialized) struct TextLayoutBudgetTests {
    init() { TestFonts.install() }

    static func label(_ id: LayerID, y: CGFloat, _ text: String) -> [LayerOperation] {
        [.createLayer(id, kind: .text), .setProperty(id, .bounds, .rect(CGRect(x: 0, y: 0, width: 100, height: 20))),
         .setProperty(id, .position, .point(CGPoint(x: 50, y: y))), .setProperty(id, .fontSize, .scalar(14)),
         .setProperty(id, .string, .text(AttributedText(text))), .insertSublayer(parent: 1, child: id, index: UInt32(id - 2))]
    }

    /// White pixels in the row band of label `index` (each 20 points tall, from y 0).
    static func ink(_ pixels: [UInt8], width: Int, band index: Int) -> Int {
        var n = 0
        for y in (index * 20)..<(index * 20 + 20) {
            for x in 0..<width where pixels[(y * width + x) * 4] > 128 { n += 1 }
        }
        return n
    }

    /// The same under a rasterized parent and a replicator, whose drawing is built in lists of their own.
    @Test(arguments: ["plain", "rasterized", "replicator"])
    func textBeyondTheBudgetShowsOnTheNextFrames(_ container: String) throws {
        let display = try HeadlessDisplay(width: 100, height: 60)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        compositor.textLayoutUnitsPerFrame = 10
        compositor.addClient(1)
        var ops: [LayerOperation] = [.createLayer(1, kind: container == "replicator" ? .replicator : .layer),
                                     .setProperty(1, .bounds, .rect(CGRect(x: 0, y: 0, width: 100, height: 60))),
                                     .setProperty(1, .position, .point(CGPoint(x: 50, y: 30)))]
        if container == "rasterized" { ops.append(.setProperty(1, .shouldRasterize, .bool(true))) }
        // Two copies in the same place: the repeated body is built once, in a list of its own.
        if container == "replicator" { ops.append(.setProperty(1, .instanceCount, .scalar(2))) }
        ops += Self.label(2, y: 10, "Gate 12") + Self.label(3, y: 30, "Gate 14") + Self.label(4, y: 50, "Gate 16")
        ops.append(.attachRoot(1))
        compositor.submit(Commit(transactionID: 1, operations: ops), fds: [], from: 1)

        // Frame 1: 7 units, then 7 more (the budget is 3 when the second starts), then none left.
        try compositor.renderFrame(at: 0)
        var shot = try compositor.snapshot()
        #expect(Self.ink(shot.pixels, width: shot.width, band: 0) > 10)
        #expect(Self.ink(shot.pixels, width: shot.width, band: 1) > 10)
        #expect(Self.ink(shot.pixels, width: shot.width, band: 2) == 0)
        #expect(compositor.needsFrame(at: 1.0 / 60), "the third label is still to be laid out")

        // Frame 2, with no commit: the third label shows, and nothing more is owed.
        try compositor.renderFrame(at: 1.0 / 60)
        shot = try compositor.snapshot()
        #expect(Self.ink(shot.pixels, width: shot.width, band: 2) > 10)
        #expect(!compositor.needsFrame(at: 2.0 / 60))
    }
}
