import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
@testable import StrataServer
import Testing

/// `contents` animations on the server: the images they name must be defined, they are held (counted as
/// shown) while an animation names them even after the client releases them, and `contents` is never a
/// value a commit sets.
@Suite struct ContentsAnimationServerTests {
    /// A sealed memfd of 4×4 pixels of one colour (the compositor takes the descriptor).
    static func pixels(_ rgba: [UInt8]) throws -> Int32 {
        let buffer = try SharedPixelBuffer(byteCount: 64)
        buffer.write(Array(repeating: rgba, count: 16).flatMap { $0 })
        buffer.seal()
        return dup(buffer.fd)
    }

    static func crossfade(from: UInt64, to: UInt64, at progress: Double) -> AnimationSpec {
        var timing = MediaTiming()
        timing.duration = 1
        timing.speed = 0
        timing.timeOffset = progress
        return AnimationSpec(keyPath: LayerKeyPath(property: .contents),
                             kind: .basic(from: .image(ContentsImage(from)), to: .image(ContentsImage(to)), by: nil), timing: timing)
    }

    static func server() throws -> (HeadlessDisplay, Compositor, CompositorEventLog) {
        let display = try HeadlessDisplay(width: 40, height: 40)
        let compositor = try Compositor(display: display)
        let log = CompositorEventLog()
        compositor.events = log
        compositor.addClient(1)
        return (display, compositor, log)
    }

    static func pixel(_ compositor: Compositor) throws -> [UInt8] {
        let shot = try compositor.snapshot()
        let i = (20 * shot.width + 20) * 4
        return Array(shot.pixels[i..<i + 4])
    }

    @Test func anAnimationHoldsItsImagesAfterTheClientReleasesThem() throws {
        let (display, compositor, log) = try Self.server()
        defer { display.releaseCurrent() }
        compositor.submit(Commit(transactionID: 1, operations: [
            .defineImage(1, width: 4, height: 4, fdIndex: 0), .defineImage(2, width: 4, height: 4, fdIndex: 1),
            .createLayer(1), .setProperty(1, .bounds, .rect(CGRect(x: 0, y: 0, width: 40, height: 40))),
            .setProperty(1, .position, .point(CGPoint(x: 20, y: 20))), .setContents(1, 2), .attachRoot(1),
            .addAnimation(1, key: "fade", Self.crossfade(from: 1, to: 2, at: 0.25)),
        ], fdCount: 2), fds: [try Self.pixels([255, 0, 0, 255]), try Self.pixels([0, 0, 255, 255])], from: 1)
        try compositor.renderFrame(at: 0)
        #expect(try Self.pixel(compositor) == [191, 0, 64, 255])
        // The client lets go of the red image: the animation still shows it.
        compositor.submit(Commit(transactionID: 2, operations: [.releaseImage(1)]), fds: [], from: 1)
        try compositor.renderFrame(at: 0.1)
        #expect(try Self.pixel(compositor) == [191, 0, 64, 255])
        let node = try #require(compositor.scenes[1]?.nodes[1])
        #expect(node.animatedImages.keys.sorted() == [1, 2])
        // The animation goes: its images are let go, the layer shows its own.
        compositor.submit(Commit(transactionID: 3, operations: [.removeAnimation(1, key: "fade")]), fds: [], from: 1)
        try compositor.renderFrame(at: 0.2)
        #expect(try Self.pixel(compositor) == [0, 0, 255, 255])
        #expect(node.animatedImages.isEmpty)
        #expect(compositor.scenes[1]?.retiredImages.isEmpty == true)
        #expect(compositor.scenes[1]?.images.keys.sorted() == [2])
        #expect(log.commitFailures.isEmpty)
    }

    @Test func unknownImagesAndContentsAsAValueAreRefused() throws {
        let (display, compositor, log) = try Self.server()
        defer { display.releaseCurrent() }
        compositor.submit(Commit(transactionID: 1, operations: [.createLayer(1), .addAnimation(1, key: "fade", Self.crossfade(from: 0, to: 9, at: 0.5))]),
                          fds: [], from: 1)
        try compositor.renderFrame(at: 0)
        #expect(log.commitFailures.map(\.reason) == ["transaction 1: operation 1 addAnimation fade to layer 1: contents: unknown image id 9"])
        compositor.addClient(2)
        compositor.submit(Commit(transactionID: 4, operations: [.createLayer(1), .setProperty(1, .contents, .image(ContentsImage(0)))]),
                          fds: [], from: 2)
        try compositor.renderFrame(at: 0.1)
        #expect(log.commitFailures.last?.reason
            == "transaction 4: operation 1 setProperty: contents of layer 1 is set by setContents (an image the client defines), not as a value")
    }
}
