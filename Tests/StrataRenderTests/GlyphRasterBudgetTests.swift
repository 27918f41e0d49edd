import StrataTestSupport
import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
@testable import StrataServer
import Testing

/// A frame rasterises at most `glyphRasterBudget` glyph pixels: a string of many new glyphs fills in over
/// the next frames (each drawn whole) and ends exactly as a frame with no budget draws it, plain and
/// inside a rasterized layer's bitmap.
@Suite(.serialized) struct GlyphRasterBudgetTests {
    init() { TestFonts.install() }

    static let text = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

    static func scene(rasterized: Bool) -> [LayerOperation] {
        var ops: [LayerOperation] = [.createLayer(1), .setProperty(1, .bounds, .rect(CGRect(x: 0, y: 0, width: 200, height: 100))),
                                     .setProperty(1, .position, .point(CGPoint(x: 100, y: 50)))]
        if rasterized { ops.append(.setProperty(1, .shouldRasterize, .bool(true))) }
        return ops + [.createLayer(2, kind: .text), .setProperty(2, .bounds, .rect(CGRect(x: 0, y: 0, width: 200, height: 100))),
                      .setProperty(2, .position, .point(CGPoint(x: 100, y: 50))), .setProperty(2, .fontSize, .scalar(14)),
                      .setProperty(2, .isWrapped, .bool(true)), .setProperty(2, .string, .text(AttributedText(text))),
                      .insertSublayer(parent: 1, child: 2, index: 0), .attachRoot(1)]
    }

    /// Frames until nothing more is owed, and the last one's pixels.
    static func render(budget: Int, rasterized: Bool) throws -> (frames: Int, firstDeferred: Int, pixels: [UInt8]) {
        let display = try HeadlessDisplay(width: 200, height: 100)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        compositor.glyphRasterBudget = budget
        compositor.addClient(1)
        compositor.submit(Commit(transactionID: 1, operations: scene(rasterized: rasterized)), fds: [], from: 1)
        var frames = 0, firstDeferred = -1
        repeat {
            try compositor.renderFrame(at: Double(frames) / 60)
            if firstDeferred < 0 { firstDeferred = compositor.lastFrameWork.glyphsDeferred }
            frames += 1
        } while compositor.needsFrame(at: Double(frames) / 60) && frames < 100
        return (frames, firstDeferred, try compositor.snapshot().pixels)
    }

    @Test(arguments: [false, true])
    func manyNewGlyphsFillInOverFramesAndEndAsWithoutABudget(rasterized: Bool) throws {
        let whole = try Self.render(budget: 1 << 30, rasterized: rasterized)
        #expect(whole.frames == 1 && whole.firstDeferred == 0)
        // 14 pt glyphs cost 14² pixels each: ten a frame.
        let budgeted = try Self.render(budget: 10 * 14 * 14, rasterized: rasterized)
        #expect(budgeted.firstDeferred == Self.text.count - 10, "\(budgeted.firstDeferred)")
        #expect(budgeted.frames == (Self.text.count + 9) / 10, "\(budgeted.frames) frames")
        #expect(budgeted.pixels == whole.pixels)
    }
}
