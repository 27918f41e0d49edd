import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
import StrataRender
@testable import StrataServer
import StrataTestSupport
import Testing

/// A text layer of more than `keptTextGlyphs` glyphs is drawn once into a bitmap kept while its layout
/// stays, and composited from it (Core Animation's backing store): a frame that repaints across it draws
/// no glyph, its pixels are the direct drawing's, and the start-up warm-up run between frames keeps it.
@Suite(.serialized) struct KeptTextBitmapTests {
    init() { TestFonts.install() }

    /// 2,600 letters wrapped in 390 × 100 points at 6 pt (over 2,048 glyphs), and a square (layer 3) at x 5.
    static func scene() -> [LayerOperation] {
        let text = String(repeating: "abcdefghijklm", count: 200)
        return [.createLayer(1), .setProperty(1, .bounds, .rect(CGRect(x: 0, y: 0, width: 400, height: 120))),
                .setProperty(1, .position, .point(CGPoint(x: 200, y: 60))),
                .createLayer(2, kind: .text), .setProperty(2, .bounds, .rect(CGRect(x: 0, y: 0, width: 390, height: 100))),
                .setProperty(2, .position, .point(CGPoint(x: 200, y: 60))), .setProperty(2, .fontSize, .scalar(6)),
                .setProperty(2, .isWrapped, .bool(true)), .setProperty(2, .string, .text(AttributedText(text))),
                .insertSublayer(parent: 1, child: 2, index: 0)] + square(x: 5) + [.attachRoot(1)]
    }

    static func square(x: CGFloat) -> [LayerOperation] {
        [.createLayer(3), .setProperty(3, .bounds, .rect(CGRect(x: 0, y: 0, width: 10, height: 10))),
         .setProperty(3, .position, .point(CGPoint(x: x, y: 115))),
         .setProperty(3, .backgroundColor, .color(Color(red: 1, green: 0, blue: 0, alpha: 1))),
         .insertSublayer(parent: 1, child: 3, index: 1)]
    }

    /// A compositor showing the scene (`kept`: with the bitmap, else every glyph drawn each frame), drawn
    /// until no frame is owed; the first frame's work and pixels, and how many frames it took.
    static func compositor(_ display: HeadlessDisplay, kept: Bool) throws
        -> (compositor: Compositor, first: RenderCounters, firstPixels: [UInt8], frames: Int) {
        let compositor = try Compositor(display: display)
        if !kept { compositor.builder.keptTextGlyphs = .max }
        compositor.addClient(1)
        compositor.submit(Commit(transactionID: 1, operations: scene()), fds: [], from: 1)
        try compositor.renderFrame(at: 0)
        let first = compositor.lastFrameWork, firstPixels = try compositor.snapshot().pixels
        var frames = 1
        while compositor.needsFrame(at: Double(frames) / 60), frames < 20 {
            try compositor.renderFrame(at: Double(frames) / 60)
            frames += 1
        }
        return (compositor, first, firstPixels, frames)
    }

    /// Makes the square a bar across the whole width at `y`, over the text: the next frame repaints
    /// the text's pixels in those rows.
    static func moveBar(_ compositor: Compositor, to y: CGFloat, frame: Int) throws {
        compositor.submit(Commit(transactionID: UInt64(frame + 1), operations: [.setProperty(3, .position, .point(CGPoint(x: 200, y: y))),
                                                                                 .setProperty(3, .bounds, .rect(CGRect(x: 0, y: 0, width: 400, height: 10)))]),
                          fds: [], from: 1)
        try compositor.renderFrame(at: Double(frame) / 60)
    }

    @Test func aLargeTextIsDrawnOnceAndCompositedFromItsBitmap() throws {
        let display = try HeadlessDisplay(width: 400, height: 120)
        defer { display.releaseCurrent() }
        let (direct, drawn, _, directFrames) = try Self.compositor(display, kept: false)
        // Drawn directly, every glyph that reaches the pixels is drawn (those past the bounds are culled).
        #expect(directFrames == 1 && drawn.offscreenPasses == 0 && drawn.glyphCacheHits + drawn.glyphsRasterized > 1000)
        let expected = try direct.snapshot().pixels

        // Kept: 2,600 glyphs are drawn into the bitmap 2,048 a frame, the layer showing no text until the
        // drawing is whole (as before its layout arrives), then the text.
        let (kept, made, empty, keptFrames) = try Self.compositor(display, kept: true)
        #expect(keptFrames == 2 && made.rasterPartsPending == 1 && kept.lastFrameWork.rasterPartsPending == 0)
        #expect(!empty.contains { $0 > 0 && $0 < 255 }, "no text shows while its first drawing is in parts")
        let first = try kept.snapshot().pixels
        // The text's rows (above the square's) as the direct drawing has them, within a level of rounding
        // (glyphs blended into a clear bitmap, then over the background).
        let textRows = 0..<(108 * 400 * 4)
        let worst = zip(first[textRows], expected[textRows]).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 2, "largest difference \(worst)")
        #expect(first[textRows].contains { $0 > 100 }, "text shows")
        // A frame repainting rows of text draws them from the bitmap, not a glyph; the rows above the bar
        // stay as they were.
        try Self.moveBar(kept, to: 60, frame: 1)
        #expect(kept.lastFrameWork.repaintedPixels >= 400 * 10)
        #expect(kept.lastFrameWork.offscreenPasses == 0 && kept.lastFrameWork.glyphCacheHits == 0, "\(kept.lastFrameWork)")
        let above = 0..<(50 * 400 * 4)
        #expect(try Array(kept.snapshot().pixels[above]) == Array(first[above]))
        // The same frame drawn directly draws the glyphs in the bar's rows.
        try Self.moveBar(direct, to: 60, frame: 1)
        #expect(direct.lastFrameWork.glyphCacheHits > 0)
    }

    @Test func theWarmUpBetweenFramesKeepsWhatTheFramesKept() throws {
        let display = try HeadlessDisplay(width: 400, height: 120)
        defer { display.releaseCurrent() }
        let shown = try Self.compositor(display, kept: true).compositor
        // The server runs the warm-up a step at a time between frames while clients are on screen; each
        // step counted as a frame once, and freed every bitmap not in it (remade at the next frame).
        #expect(!shown.warmedUp)
        for _ in 0..<3 { _ = try shown.warmUpStep() }
        try Self.moveBar(shown, to: 60, frame: 1)
        #expect(shown.lastFrameWork.offscreenPasses == 0, "\(shown.lastFrameWork)")
    }

    @Test func whileTheGPUMovesTheRestTheTextsPartsAreDrawnInFramesThatKeepTheirList() throws {
        // The square moves on the GPU (one animated layer is enough here): frames whose only other work is
        // the text's next part keep the list, and the text shows as a list built again shows it.
        let display = try HeadlessDisplay(width: 400, height: 120)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        compositor.gpuAnimationMinimumLayers = 1
        compositor.addClient(1)
        let move = TestOperations.endlessMove(by: CGPoint(x: 50, y: 0))
        compositor.submit(Commit(transactionID: 1, operations: Self.scene() + [.addAnimation(3, key: "m", move)]), fds: [], from: 1)
        try compositor.renderFrame(at: 0)
        #expect(compositor.lastFrameWork.motionSlots == 1)
        var frames = 1, reused = 0
        while compositor.frames(display.name).partsPending, frames < 20 {
            try compositor.renderFrame(at: Double(frames) / 60)
            if compositor.lastFrameWork.drawListReused { reused += 1 }
            frames += 1
        }
        // 2,600 glyphs: the second part finishes the drawing, in a frame that reused the list.
        #expect(frames == 2 && reused == 1)
        let shown = try compositor.snapshot().pixels
        compositor.invalidate()
        try compositor.renderFrame(at: 1.0 / 60)
        #expect(!compositor.lastFrameWork.drawListReused)
        #expect(try compositor.snapshot().pixels == shown)
    }
}
