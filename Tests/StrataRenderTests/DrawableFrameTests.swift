import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
import StrataServer
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Drawable frames on the server (docs/drawables.md): YUV converted on the GPU as StrataCore's
/// `YUVConversion` defines, and timed frames shown at the vblank their time calls for.
@Suite(.serialized) struct DrawableFrameTests {
    /// A compositor on a `width` × `height` headless display with client 1's root layer filling it.
    static func compositor(width: Int, height: Int) throws -> (Compositor, Events) {
        let compositor = try Compositor(display: try HeadlessDisplay(width: width, height: height))
        let events = Events()
        compositor.events = events.log
        compositor.addClient(1)
        compositor.submit(Commit(transactionID: 1, operations: [
            .createLayer(1), .setProperty(1, .bounds, .rect(CGRect(x: 0, y: 0, width: width, height: height))),
            .setProperty(1, .position, .point(CGPoint(x: Double(width) / 2, y: Double(height) / 2))), .attachRoot(1),
        ]), fds: [], from: 1)
        return (compositor, events)
    }

    /// The buffers the compositor released, in order.
    final class Events: @unchecked Sendable {
        let log = CompositorEventLog()
        var released: [BufferID] {
            log.messages.compactMap { if case .bufferReleased(let id) = $0.message { id } else { nil } }
        }
    }

    /// A reusable buffer holding `bytes`, defined as `id` (its descriptor duplicated: the compositor takes it).
    static func define(_ id: BufferID, _ bytes: [UInt8], on compositor: Compositor, transaction: UInt64) throws -> SharedPixelBuffer {
        let buffer = try SharedPixelBuffer(reusableByteCount: max(bytes.count, 1))
        buffer.write(bytes)
        compositor.submit(Commit(transactionID: transaction, operations: [.defineBuffer(id, fdIndex: 0)], fdCount: 1), fds: [dup(buffer.fd)], from: 1)
        return buffer
    }

    /// A YUV 4:2:0 frame whose left half is one colour and right half another, in `layout`'s planes.
    static func frame(width: Int, height: Int, left: (UInt8, UInt8, UInt8), right: (UInt8, UInt8, UInt8), nv12: Bool) -> [UInt8] {
        let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
        var y = [UInt8](), u = [UInt8](), v = [UInt8]()
        for _ in 0..<height { for x in 0..<width { y.append(x < width / 2 ? left.0 : right.0) } }
        for _ in 0..<ch {
            for x in 0..<cw {
                u.append(x < cw / 2 ? left.1 : right.1)
                v.append(x < cw / 2 ? left.2 : right.2)
            }
        }
        return y + (nv12 ? Array(zip(u, v).map { [$0, $1] }.joined()) : u + v)
    }

    @Test("YUV frames are converted as YUVConversion defines", arguments: [
        (true, YUVColorimetry.Matrix.bt601, false), (true, .bt709, false), (false, .bt601, true), (false, .bt709, true),
    ])
    func yuvConversionMatchesTheReference(_ nv12: Bool, _ matrix: YUVColorimetry.Matrix, _ fullRange: Bool) throws {
        let (compositor, _) = try Self.compositor(width: 16, height: 8)
        let left: (UInt8, UInt8, UInt8) = (81, 90, 240), right: (UInt8, UInt8, UInt8) = (170, 166, 16)
        let bytes = Self.frame(width: 16, height: 8, left: left, right: right, nv12: nv12)
        let buffer = try Self.define(7, bytes, on: compositor, transaction: 2)
        let colorimetry = YUVColorimetry(matrix: matrix, fullRange: fullRange)
        compositor.submit(Commit(transactionID: 3, operations: [
            .presentDrawable(1, buffer: 7, width: 16, height: 8, format: nv12 ? .nv12(colorimetry) : .i420(colorimetry)),
        ]), fds: [], from: 1)
        try compositor.renderFrame(at: 0)
        let shot = try compositor.snapshot()
        for (x, yuv) in [(2, left), (13, right)] {
            let expected = YUVConversion.rgb(y: yuv.0, cb: yuv.1, cr: yuv.2, matrix: matrix == .bt709 ? .bt709 : .bt601, fullRange: fullRange)
            let i = (4 * shot.width + x) * 4
            let got = (0..<3).map { Int(shot.pixels[i + $0]) }
            let want = [expected.r, expected.g, expected.b].map { Int(($0 * 255).rounded()) }
            #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 1 }, "pixel \(x): \(got), the reference \(want)")
            #expect(shot.pixels[i + 3] == 255)
        }
        _ = buffer
    }

    /// A drawable larger than a forced texture limit keeps its one texture (its own pixels are blank: a
    /// split would draw them), RGBA and YUV alike.
    @Test(arguments: [false, true])
    func aDrawableBeyondTheTextureLimitShowsItsFrame(_ yuv: Bool) throws {
        let (compositor, _) = try Self.compositor(width: 160, height: 80)
        compositor.textureLimit = 64
        let colorimetry = YUVColorimetry(matrix: .bt709, fullRange: true)
        let bytes = yuv ? Self.frame(width: 160, height: 80, left: (235, 128, 128), right: (235, 128, 128), nv12: true)
            : Array(repeating: [255, 255, 255, 255], count: 160 * 80).joined().map { $0 }
        let buffer = try Self.define(7, bytes, on: compositor, transaction: 2)
        compositor.submit(Commit(transactionID: 3, operations: [
            .presentDrawable(1, buffer: 7, width: 160, height: 80, format: yuv ? .nv12(colorimetry) : .rgba),
        ]), fds: [], from: 1)
        try compositor.renderFrame(at: 0)
        let shot = try compositor.snapshot()
        for (x, y) in [(10, 10), (100, 40), (150, 70)] {
            let i = (y * shot.width + x) * 4
            #expect(shot.pixels[i] > 220 && shot.pixels[i + 1] > 220 && shot.pixels[i + 2] > 220, "pixel \(x), \(y): \(shot.pixels[i..<i + 4])")
        }
        _ = buffer
    }

    /// A 30 fps stream of timed frames on a 60 Hz display: each vblank shows the newest frame due by its
    /// target time, so every frame shows for two vblanks (one repeat), each buffer is released once it has
    /// shown, in order, and nothing is dropped. Frames due together show only the newest; the rest count
    /// as dropped.
    @Test func timedFramesShowAtTheirVBlanks() throws {
        let (compositor, events) = try Self.compositor(width: 8, height: 8)
        let greys: [UInt8] = [0, 40, 80, 120, 160, 200]
        var buffers: [SharedPixelBuffer] = []
        for (i, grey) in greys.enumerated() {
            buffers.append(try Self.define(BufferID(10 + i), Array(repeating: [grey, grey, grey, 255], count: 64).joined().map { $0 },
                                           on: compositor, transaction: UInt64(2 + i)))
        }
        // Frame k is due at 1 + k/30 s.
        compositor.submit(Commit(transactionID: 20, operations: greys.indices.map {
            .presentDrawable(1, buffer: BufferID(10 + $0), width: 8, height: 8, format: .rgba, presentAt: 1 + Double($0) / 30)
        }), fds: [], from: 1)
        var shown: [UInt8] = []
        for vblank in 0..<12 {
            let time = 1 + Double(vblank) / 60 + 0.001
            #expect(compositor.needsFrame(at: time) == (vblank % 2 == 0), "vblank \(vblank)")
            // Between frames the server sleeps until the next is due.
            if vblank % 2 == 1, vblank < 11 { #expect(compositor.nextScheduledChange(after: time) == 1 + Double(vblank / 2 + 1) / 30) }
            try compositor.renderFrame(at: time)
            shown.append(try compositor.snapshot().pixels[0])
        }
        #expect(shown == [0, 0, 40, 40, 80, 80, 120, 120, 160, 160, 200, 200])
        #expect(events.released == [10, 11, 12, 13, 14, 15])

        // Three frames due by one vblank: the newest shows, two are dropped.
        for (i, grey) in [UInt8(10), 20, 30].enumerated() {
            buffers.append(try Self.define(BufferID(30 + i), Array(repeating: [grey, grey, grey, 255], count: 64).joined().map { $0 },
                                           on: compositor, transaction: UInt64(30 + i)))
        }
        compositor.submit(Commit(transactionID: 40, operations: (0..<3).map {
            .presentDrawable(1, buffer: BufferID(30 + $0), width: 8, height: 8, format: .rgba, presentAt: 2 + Double($0) / 1000)
        }), fds: [], from: 1)
        try compositor.renderFrame(at: 2.01)
        #expect(try compositor.snapshot().pixels[0] == 30)
        let drawables = try #require(compositor.statsJSON()["drawables"] as? [String: Any])
        #expect(drawables["frames_shown"] as? Int == 7)
        #expect(drawables["frames_dropped"] as? Int == 2)
        // The wait before the last three (nothing queued) counts as no repeat.
        #expect(drawables["frames_repeated"] as? Int == 5)
        #expect(events.released.suffix(3) == [30, 31, 32])
    }
}
