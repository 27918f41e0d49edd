import StrataTestSupport
import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
@testable import StrataServer
import Testing

/// A transition's old appearance is a frozen copy of the layer, owned by no client. Its text shows the
/// layout the layer showed; it is never laid out on the frame thread when a text worker lays out clients'
/// strings (issue 27: third-party text code off the frame thread). Before, a frozen text layer was laid
/// out in process, with HarfBuzz and the line breaker on the frame thread, and its fonts stayed mapped.
@Suite(.serialized) struct FrozenTextLayoutTests {
    init() { TestFonts.install() }

    /// Frames of a label whose string changes under a 1 s fade, at the fade's middle: white text pixels.
    static func inkAtTheFadesMiddle(textLayouts: TextLayoutService?) throws -> Int {
        let display = try HeadlessDisplay(width: 160, height: 40)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        compositor.textLayouts = textLayouts
        compositor.textLayoutUnitsPerFrame = nil
        compositor.addClient(1)
        let white = Color(red: 1, green: 1, blue: 1, alpha: 1)
        compositor.submit(Commit(transactionID: 1, operations: [
            .createLayer(1, kind: .text), .setProperty(1, .bounds, .rect(CGRect(x: 0, y: 0, width: 150, height: 30))),
            .setProperty(1, .position, .point(CGPoint(x: 80, y: 20))), .setProperty(1, .font, .string("DejaVu Sans")),
            .setProperty(1, .fontSize, .scalar(20)), .setProperty(1, .foregroundColor, .color(white)),
            .setProperty(1, .string, .text(AttributedText("Gate 12"))), .attachRoot(1),
        ]), fds: [], from: 1)
        try compositor.renderFrame(at: 0)
        var timing = MediaTiming()
        timing.duration = 1
        timing.beginTime = 1
        compositor.submit(Commit(transactionID: 2, operations: [
            .addAnimation(1, key: "fade", AnimationSpec(keyPath: nil, kind: .transition(Transition(kind: .fade)), timing: timing)),
            .setProperty(1, .string, .text(AttributedText(""))),
        ]), fds: [], from: 1)
        try compositor.renderFrame(at: 1.5)
        let shot = try compositor.snapshot()
        return stride(from: 0, to: shot.pixels.count, by: 4).filter { shot.pixels[$0] > 40 }.count
    }

    @Test func aFrozenTextLayerIsNeverLaidOutOnTheFrameThread() throws {
        // Laid out in process (text-worker off): the old text fades out, half drawn at the middle.
        #expect(try Self.inkAtTheFadesMiddle(textLayouts: nil) > 50)
        // With a worker that cannot start, no layout is ever made: not for the layer, and not for its frozen
        // copy either (it shows what the layer showed: nothing).
        let failing = try TextLayoutService(settings: .init(workerPath: "/nonexistent/strata-text-worker"))
        defer { failing.stop() }
        #expect(try Self.inkAtTheFadesMiddle(textLayouts: failing) == 0)
    }
}
