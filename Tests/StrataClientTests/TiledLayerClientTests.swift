import Foundation
@testable import Strata
import StrataCore
import StrataPNG
import Testing

extension ClientProcessSuite {
/// CATiledLayer in the app: tiles drawn on several threads at once, cancelled requests never drawn, and
/// (over a real server) an invalidation racing a drawing never leaving a stale tile on screen.
@Suite(.serialized) struct TiledLayerClientTests {
    /// Records each drawing: its tile rectangle, the thread, how many draw at once; fills the tile with
    /// the colour `shade` says, and may wait on `gate` first.
    final class Recorder: CALayerDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var rects: [CGRect] = []
        private var threads: Set<String> = []
        private var now = 0, peak = 0
        var shade: CGFloat { get { lock.withLock { shadeValue } } set { lock.withLock { shadeValue = newValue } } }
        private var shadeValue: CGFloat = 0
        let gate: DispatchSemaphore?
        let pause: useconds_t

        init(gate: DispatchSemaphore? = nil, pause: useconds_t = 0) { self.gate = gate; self.pause = pause }

        var drawn: [CGRect] { lock.withLock { rects } }
        var mostAtOnce: Int { lock.withLock { peak } }
        var threadCount: Int { lock.withLock { threads.count } }
        var drawing: Int { lock.withLock { now } }

        func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
        func display(_ layer: CALayer) {}
        func layoutSublayers(of layer: CALayer) {}
        func draw(_ layer: CALayer, in ctx: CGContext) {
            let box = ctx.boundingBoxOfClipPath
            lock.withLock { now += 1; peak = max(peak, now); threads.insert("\(Unmanaged.passUnretained(Thread.current).toOpaque())") }
            gate?.wait()
            if pause > 0 { usleep(pause) }
            let s = shade
            ctx.setFillColor(CGColor(red: s, green: 0, blue: 1 - s, alpha: 1))
            ctx.fill(box)
            lock.withLock { now -= 1; rects.append(box) }
        }
    }

    static func key(_ c: Int, _ r: Int) -> TileKey { TileKey(level: 0, column: UInt32(c), row: UInt32(r)) }

    @Test func tilesAreDrawnOnSeveralThreadsAtOnceEachInItsOwnClippedContext() {
        let recorder = Recorder(pause: 20_000)
        let layer = CATiledLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 2048, height: 2048)
        layer.delegate = recorder
        let keys = (0..<8).flatMap { c in (0..<8).map { r in Self.key(c, r) } }
        layer.tiles.request(keys)
        #expect(eventually(30) { recorder.drawn.count == 64 })
        // Every tile once, its context clipped to exactly its 256-point square.
        let expected = Set(keys.map { CGRect(x: CGFloat($0.column) * 256, y: CGFloat($0.row) * 256, width: 256, height: 256) })
        #expect(Set(recorder.drawn) == expected && recorder.drawn.count == 64)
        #expect(recorder.mostAtOnce >= 2, "at most \(recorder.mostAtOnce) at once")
        #expect(recorder.mostAtOnce <= max(2, ProcessInfo.processInfo.activeProcessorCount))
        #expect(recorder.threadCount >= 2)
    }

    @Test func aCancelledRequestIsNeverDrawn() {
        let gate = DispatchSemaphore(value: 0)
        let recorder = Recorder(gate: gate)
        let layer = CATiledLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4096, height: 256)
        layer.delegate = recorder
        let workers = max(2, ProcessInfo.processInfo.activeProcessorCount)
        let keys = (0..<(workers + 8)).map { Self.key($0, 0) }
        layer.tiles.request(keys)
        // The first `workers` tiles are drawing (held at the gate); the rest wait for a worker.
        #expect(eventually(10) { recorder.drawing == workers })
        layer.tiles.cancel(keys)
        for _ in 0..<workers { gate.signal() }
        #expect(eventually(10) { recorder.drawing == 0 && recorder.drawn.count == workers })
        usleep(100_000)
        // Those begun finished (and, cancelled, are not sent); none of the others was drawn.
        #expect(recorder.drawn.count == workers)
        #expect(layer.tiles.counts.cancelled == keys.count)
        #expect(layer.tiles.counts.drawn == 0)
    }

    @Test func aNewTileFadesInOnScreenOverTheFadeDuration() throws {
        // One 64-point tile, white on black, and nothing else on screen that changes: the frames the server
        // presents (recorded by it) show the tile's fade from its first frame to opaque 0.25 s later. On the
        // virtual clock at 64 Hz the fade is exactly 16 vblanks, each recorded whatever the machine's speed.
        let refresh = 64.0
        let recording = try FrameRecordingServer(size: "160x120", frameLimit: 200, refresh: refresh, virtualClock: true)
        defer { recording.finish() }
        let server = recording.server
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let start = try #require(connection.virtualTime)
        let recorder = Recorder()
        recorder.shade = 1
        let layer = CATiledLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        layer.tileSize = CGSize(width: 64, height: 64)
        layer.delegate = recorder
        connection.attach(layer)
        CATransaction.flush()
        // The layer's first frame asks for the tile; a worker thread draws and sends it while time stands still.
        try server.advance(frames: 1, app: connection)
        #expect(eventually(10) { layer.tiles.counts.drawn == 1 })
        let sent = try server.advance(frames: 0, app: connection)
        try server.advance(frames: 26, app: connection)
        // The tile's red at (32, 32), by frame: 0 before it arrives, rising, then 255 to the end.
        let frames = try PresentedSpringTests.recordedFrames(in: recording.directory).map { frame in
            (time: frame.time, red: Int((try? PNGCodec.read(path: frame.path))?.pixel(x: 32, y: 32).r ?? 0))
        }
        // The fade starts at the first vblank after the tile was sent (alpha 0 then: no frame is presented
        // for it), then a frame at every vblank of the fade (1/16 more each), none once it has ended.
        let fadeStart = sent + 1 / refresh
        let fade: [Double] = (1...16).map { (k: Int) -> Double in fadeStart + Double(k) / refresh }
        #expect(frames.map(\.time) == [start + 1 / refresh] + fade, "\(frames.map(\.time))")
        #expect(frames.first?.red == 0)
        // Each frame's alpha is the time since the tile's first frame over 0.25 s (to a level of rounding).
        for frame in frames.dropFirst() {
            let expected = 255 * min(1, (frame.time - fadeStart) / 0.25)
            #expect(abs(Double(frame.red) - expected) <= 1, "at \(frame.time - fadeStart) s: \(frame.red), expected \(expected)")
        }
        #expect(frames.last?.red == 255, "the last frame shows \(frames.last?.red ?? -1)")
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
    }

    @Test func anInvalidationRacingADrawingNeverLeavesAStaleTile() throws {
        let server = try ServerProcess(size: "320x240")
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        // Slow tiles (80 ms each): version 1 is blue, version 2 red.
        let recorder = Recorder(pause: 80_000)
        recorder.shade = 0
        let layer = CATiledLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
        layer.tileSize = CGSize(width: 64, height: 64)
        layer.delegate = recorder
        connection.attach(layer)
        CATransaction.flush()
        #expect(eventually(20) { recorder.drawn.count > 4 })
        // While the first tiles are still drawing blue, the app changes its data and invalidates everything.
        recorder.shade = 1
        layer.setNeedsDisplay()
        // Every tile ends red: a blue one drawn before the invalidation never stays.
        func allRed() -> Bool {
            guard let shot = try? server.snapshot() else { return false }
            return stride(from: 8, to: 240, by: 32).allSatisfy { y in
                stride(from: 8, to: 320, by: 32).allSatisfy { x in pixel(shot.pixels, width: 320, x, y) == [255, 0, 0, 255] }
            }
        }
        #expect(eventually(30) { allRed() })
        usleep(500_000)
        #expect(allRed())
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
    }
}
}
