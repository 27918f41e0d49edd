import StrataTestSupport
import Foundation
@testable import Strata
import Testing

/// `drawsAsynchronously`: `draw(in:)` records on the calling thread, the recording is replayed onto the
/// backing store on another thread, and the pixels are those of synchronous drawing, byte for byte.
@Suite struct DrawsAsynchronouslyTests {
    init() { TestFonts.install() }

    /// Paths, dashes, a clip, gradients, text, an image, a shadow and a blend mode; `variant` 1 moves a
    /// disc (what a dirty-rectangle redraw changes).
    final class Scene: CALayer, @unchecked Sendable {
        var variant = 0
        var drewOn: [ObjectIdentifier] = []
        var contextRecorded: [Bool] = []

        override func draw(in ctx: CGContext) {
            drewOn.append(ObjectIdentifier(Thread.current))
            contextRecorded.append(ctx.isRecording)
            ctx.setFillColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 1)
            ctx.fill(CGRect(x: 4, y: 4, width: 30, height: 22))
            ctx.setStrokeColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.8)
            ctx.setLineWidth(3)
            ctx.setLineDash(phase: 1, lengths: [5, 3])
            ctx.addArc(center: CGPoint(x: 60, y: 20), radius: 14, startAngle: 0, endAngle: 5, clockwise: false)
            ctx.strokePath()
            ctx.setLineDash(phase: 0, lengths: [])
            if let g = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [.red, .blue], locations: nil) {
                ctx.saveGState()
                ctx.addEllipse(in: CGRect(x: 6, y: 30, width: 40, height: 26))
                ctx.clip()
                ctx.drawLinearGradient(g, start: CGPoint(x: 6, y: 30), end: CGPoint(x: 46, y: 56), options: [])
                ctx.restoreGState()
                ctx.drawRadialGradient(g, startCenter: CGPoint(x: 70, y: 45), startRadius: 2, endCenter: CGPoint(x: 72, y: 47),
                                       endRadius: 12, options: [])
            }
            let checker = (0..<64).flatMap { i -> [UInt8] in (i / 8 + i % 8) % 2 == 0 ? [255, 200, 0, 255] : [0, 120, 60, 200] }
            if let image = CGImage(width: 8, height: 8, rgba: checker) {
                ctx.setAlpha(0.9)
                ctx.draw(image, in: CGRect(x: 50, y: 58, width: 23.5, height: 17))
                ctx.setAlpha(1)
            }
            // Seen on an opaque (black) store too, where the multiplied disc below stays black.
            ctx.setFillColor(red: 0.3, green: 0.9, blue: 0.9, alpha: 1)
            ctx.fill(CGRect(x: variant == 0 ? 14 : 26, y: 64, width: 5.5, height: 5))
            ctx.saveGState()
            ctx.setShadow(offset: CGSize(width: 2, height: 3), blur: 4, color: CGColor(red: 0, green: 0, blue: 0, alpha: 0.6))
            ctx.setBlendMode(.multiply)
            ctx.setFillColor(red: 0.2, green: 0.8, blue: 0.4, alpha: 0.7)
            let disc = variant == 0 ? CGRect(x: 12, y: 60, width: 16, height: 16) : CGRect(x: 22, y: 62, width: 14, height: 12)
            ctx.fillEllipse(in: disc)
            ctx.restoreGState()
            UIGraphicsPushContext(ctx)
            NSAttributedString(string: "Ag 42", attributes: TextDrawingTests.attributes).draw(at: CGPoint(x: 30.25, y: 2.5))
            UIGraphicsPopContext()
        }
    }

    /// A displayed scene's backing store bytes (waiting for its replay, as the commit does).
    static func bytes(_ layer: CALayer) throws -> [UInt8] {
        let image = try #require(LayerLock.with { layer.contentsImage })
        let store = try #require(image.backingStore)
        var out = [UInt8](repeating: 0, count: store.width * store.height * 4)
        out.withUnsafeMutableBytes { store.copy(store.whole, into: $0.baseAddress!) }
        return out
    }

    /// How many bytes differ (the arrays have one length: the same store size).
    static func differing(_ a: [UInt8], _ b: [UInt8]) -> Int { a.count == b.count ? zip(a, b).filter { $0 != $1 }.count : -1 }

    static func scene(async: Bool, scale: CGFloat, flipped: Bool, opaque: Bool) -> Scene {
        let layer = Scene()
        layer.bounds = CGRect(x: -3, y: 5, width: 90, height: 80)
        layer.contentsScale = scale
        layer.isGeometryFlipped = flipped
        layer.isOpaque = opaque
        layer.drawsAsynchronously = async
        return layer
    }

    @Test(arguments: [(1.0, false, false), (2.0, false, false), (1.0, true, false), (2.0, true, true), (1.5, false, true)])
    func asynchronousDrawingIsByteIdenticalToSynchronous(scale: Double, flipped: Bool, opaque: Bool) throws {
        let sync = Self.scene(async: false, scale: scale, flipped: flipped, opaque: opaque)
        let async = Self.scene(async: true, scale: scale, flipped: flipped, opaque: opaque)
        for layer in [sync, async] { layer.setNeedsDisplay(); layer.displayIfNeeded() }
        let first = try Self.bytes(sync)
        // Something was drawn: more than the erase (transparent, or black when opaque).
        let inked = stride(from: 0, to: first.count, by: 4).filter { first[$0 + 2] > 0 || first[$0 + 1] > 0 }.count
        #expect(inked > 1000)
        #expect(Self.differing(try Self.bytes(async), first) == 0)
        #expect(sync.contextRecorded == [false] && async.contextRecorded == [true])
        // A dirty-rectangle redraw keeps the other pixels in both.
        for layer in [sync, async] {
            layer.variant = 1
            layer.setNeedsDisplay(CGRect(x: 9.5, y: 57, width: 30, height: 22))
            layer.displayIfNeeded()
        }
        let second = try Self.bytes(sync)
        #expect(Self.differing(second, first) > 100)
        #expect(Self.differing(try Self.bytes(async), second) == 0)
        let image = try #require((async.contents as? CGImage)?.backingStore)
        #expect(image.pendingRect != nil)
    }

    /// Redrawn many times before anything reads the store: each replay waits for the one before, so the
    /// last drawing is what the store holds.
    @Test func redrawsBeforeTheReplayFinishesNeverInterleave() throws {
        let sync = Self.scene(async: false, scale: 2, flipped: false, opaque: false)
        let async = Self.scene(async: true, scale: 2, flipped: false, opaque: false)
        for i in 0..<20 {
            for layer in [sync, async] {
                layer.variant = i % 2
                if i % 3 == 0 { layer.setNeedsDisplay() } else { layer.setNeedsDisplay(CGRect(x: CGFloat(i * 4), y: 0, width: 9, height: 80)) }
                layer.displayIfNeeded()
            }
        }
        #expect(Self.differing(try Self.bytes(async), try Self.bytes(sync)) == 0)
    }

    @Test func drawInRunsOnTheCallingThreadAndTheReplayOffIt() throws {
        let caller = ObjectIdentifier(Thread.current)
        let before = AsyncDrawing.replays().count
        let layer = Self.scene(async: true, scale: 1, flipped: false, opaque: false)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        _ = try Self.bytes(layer)
        #expect(layer.drewOn == [caller])
        let after = AsyncDrawing.replays()
        #expect(after.count > before)
        // The latest replays (this layer's among them) ran on other threads.
        #expect(!after.threads.suffix(after.count - before).contains(caller))
    }

    /// The blend modes Cairo cannot bound read the destination: in a recording, what was recorded so far.
    final class Unbounded: CALayer, @unchecked Sendable {
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(red: 0.8, green: 0.3, blue: 0.2, alpha: 0.9)
            ctx.fillEllipse(in: CGRect(x: 3, y: 4, width: 30, height: 26))
            for (i, mode) in [CGBlendMode.sourceIn, .destinationAtop, .sourceOut, .destinationIn].enumerated() {
                ctx.setBlendMode(mode)
                ctx.setFillColor(red: 0.1, green: 0.7, blue: CGFloat(i) / 4, alpha: 0.6)
                ctx.fillEllipse(in: CGRect(x: 10 + CGFloat(i) * 3, y: 9.5, width: 20, height: 18))
            }
        }
    }

    @Test func unboundedBlendModesAreByteIdenticalToo() throws {
        var stores: [[UInt8]] = []
        for async in [false, true] {
            let layer = Unbounded()
            layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 36)
            layer.contentsScale = 2
            layer.drawsAsynchronously = async
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            stores.append(try Self.bytes(layer))
        }
        #expect(stores[0].contains { $0 != 0 })
        #expect(Self.differing(stores[1], stores[0]) == 0)
    }

    final class AlwaysAsync: CALayer, @unchecked Sendable {
        var recorded: Bool?
        override var drawsAsynchronously: Bool {
            get { true }
            set {}
        }
        override func draw(in ctx: CGContext) {
            recorded = ctx.isRecording
            // A recording context has no pixels to read: as Quartz, no image.
            #expect(ctx.makeImage() == nil)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
    }

    @Test func theKeyIsKVCAbleAndSubclassesOverrideIt() throws {
        let layer = CALayer()
        #expect(layer.drawsAsynchronously == false)
        #expect(layer.value(forKey: "drawsAsynchronously") as? Bool == false)
        layer.setValue(true, forKey: "drawsAsynchronously")
        #expect(layer.drawsAsynchronously)
        layer.setValue(NSNumber(value: false), forKey: "drawsAsynchronously")
        #expect(layer.drawsAsynchronously == false)
        layer.setValue("yes", forKey: "drawsAsynchronously") // logged, ignored
        #expect(layer.drawsAsynchronously == false)
        #expect(!CALayer.isCustomKey("drawsAsynchronously"))
        #expect(!CoreAnimationKeys.lacking.contains("drawsAsynchronously"))

        let always = AlwaysAsync()
        always.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        always.setNeedsDisplay()
        always.displayIfNeeded()
        #expect(always.recorded == true)
        let bytes = try Self.bytes(always)
        #expect(Array(bytes[0..<4]) == [0, 0, 0, 255]) // black, opaque (B, G, R, A)
        #expect(Array(bytes[(5 * 8 + 5) * 4..<(5 * 8 + 5) * 4 + 4]) == [0, 0, 0, 0])
    }
}

extension ClientProcessSuite {
/// On a real server: an asynchronously drawn layer shows the same pixels as a synchronous one, and 50
/// layers drawn asynchronously in one transaction all arrive complete.
@Suite struct DrawsAsynchronouslyServerTests {
    init() { TestFonts.install() }

    @Test func asynchronousAndSynchronousLayersShowIdenticalPixels() throws {
        let server = try ServerProcess(size: "200x100")
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let sync = DrawsAsynchronouslyTests.scene(async: false, scale: 1, flipped: false, opaque: false)
        let async = DrawsAsynchronouslyTests.scene(async: true, scale: 1, flipped: false, opaque: false)
        sync.position = CGPoint(x: 50, y: 50)
        async.position = CGPoint(x: 150, y: 50)
        for layer in [sync, async] { layer.setNeedsDisplay(); root.addSublayer(layer) }
        connection.attach(root)
        CATransaction.flush()
        /// The synchronous layer's pixels, when the asynchronous one's (100 points right) are the same.
        func matchingHalf() throws -> [Pixel]? {
            let (width, pixels) = try server.snapshot()
            var half: [Pixel] = []
            for y in 10..<90 {
                for x in 5..<95 {
                    let a = pixel(pixels, width: width, x, y)
                    guard a.channels == pixel(pixels, width: width, x + 100, y).channels else { return nil } // exact
                    half.append(a)
                }
            }
            return half
        }
        var first: [Pixel]?
        #expect(try eventually {
            first = try matchingHalf()
            return (first?.filter { $0.channels[3] > 0 }.count ?? 0) > 1000
        })
        for layer in [sync, async] {
            layer.variant = 1
            layer.setNeedsDisplay(CGRect(x: 9.5, y: 57, width: 30, height: 22))
        }
        CATransaction.flush()
        #expect(try eventually { try matchingHalf().map { $0 != first } ?? false })
        #expect(errors.reasons.isEmpty)
    }

    /// Many small operations, the marker last: a layer sent before its replay finished would lack it.
    final class Busy: CALayer, @unchecked Sendable {
        var hue = 0
        override func draw(in ctx: CGContext) {
            for i in 0..<400 {
                ctx.setFillColor(red: CGFloat(i % 7) / 7, green: 0.5, blue: 0.5, alpha: 0.5)
                ctx.fillEllipse(in: CGRect(x: CGFloat(i % 13), y: CGFloat(i % 11), width: 7.5, height: 6.5))
            }
            // n/255: exact in Cairo's 8 bits.
            ctx.setFillColor(red: CGFloat(hue % 5 * 60) / 255, green: 1, blue: CGFloat(hue / 5 * 25) / 255, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
    }

    @Test func fiftyAsynchronousLayersInOneTransactionAllArriveComplete() throws {
        let server = try ServerProcess(size: "200x100")
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        for i in 0..<50 {
            let layer = Busy()
            layer.hue = i
            layer.drawsAsynchronously = true
            layer.frame = CGRect(x: (i % 10) * 20, y: (i / 10) * 20, width: 20, height: 20)
            layer.setNeedsDisplay()
            root.addSublayer(layer)
        }
        connection.attach(root)
        CATransaction.flush()
        func expected(_ i: Int) -> [Int] {
            [i % 5 * 60, 255, i / 5 * 25, 255]
        }
        var wrong: [Int] = []
        #expect(try eventually {
            let (width, pixels) = try server.snapshot()
            wrong = (0..<50).filter { (i: Int) -> Bool in
                let x = (i % 10) * 20, y = (i / 10) * 20
                let points: [(Int, Int)] = [(x, y), (x + 19, y + 19), (x + 10, y + 7)]
                return points.contains { (p: (Int, Int)) -> Bool in pixel(pixels, width: width, p.0, p.1).channels != expected(i) }
            }
            return wrong.isEmpty
        }, "layers not complete: \(wrong)")
        #expect(errors.reasons.isEmpty)
    }
}
}
