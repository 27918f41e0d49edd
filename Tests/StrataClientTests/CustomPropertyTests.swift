import Foundation
@testable import Strata
import StrataProtocol
import Testing

/// Seed 001's ClockFace v2 (objc.io #12, "Animating Custom Layer Properties"): a `time` key stored by the
/// layer, `needsDisplay(forKey:)`, an action animating it linearly from the presentation value, and a
/// `display()` that reads the presentation value and draws the clock (demo D3) every frame.
final class ClockLayer: CALayer, @unchecked Sendable {
    struct Entry { let before: Double; let after: Double; let time: CGFloat }
    private let lock = NSLock()
    private var entries: [Entry] = []
    var log: [Entry] { lock.lock(); defer { lock.unlock() }; return entries }

    var time: CGFloat {
        get { value(forKey: "time") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "time") }
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "time" || super.needsDisplay(forKey: key)
    }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "time" ? CGFloat(0) : super.defaultValue(forKey: key)
    }

    override func action(forKey event: String) -> CAAction? {
        guard event == "time" else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: event)
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        animation.fromValue = (presentation() as? ClockLayer)?.time ?? time
        return animation
    }

    override func display() {
        let before = CACurrentMediaTime()
        let t = (presentation() as? ClockLayer)?.time ?? time
        let after = CACurrentMediaTime()
        lock.lock(); entries.append(Entry(before: before, after: after, time: t)); lock.unlock()
        // Demo D3: a 200×200 face stroked 4 wide, the hour hand (80 long) and the minute hand (90 long).
        guard let ctx = CGContext(width: 200, height: 200) else { return }
        ctx.setLineWidth(4)
        ctx.strokeEllipse(in: CGRect(x: 2, y: 2, width: 196, height: 196))
        let hour = Double(t) / 12 * 2 * .pi, minute = (Double(t) - Double(t).rounded(.down)) * 2 * .pi
        for (angle, length, width) in [(hour, 80.0, 4.0), (minute, 90.0, 2.0)] {
            ctx.setLineWidth(width)
            ctx.move(to: CGPoint(x: 100, y: 100))
            ctx.addLine(to: CGPoint(x: 100 + sin(angle) * length, y: 100 - cos(angle) * length))
            ctx.strokePath()
        }
        contents = ctx.makeImage()
    }
}

extension ClientProcessSuite {
@Suite struct CustomPropertyTests {
    @Test func keysAreStoredWithDefaultsAndPresentationCopiesKeepTheSubclass() throws {
        let clock = ClockLayer()
        #expect(clock.time == 0)                                   // defaultValue(forKey:)
        #expect(clock.value(forKey: "colour") == nil)              // an unset key without a default
        clock.setValue(CGFloat(3), forKey: "time")
        clock.setValue("any object", forKey: "label")
        #expect(clock.time == 3 && clock.value(forKey: "label") as? String == "any object")
        #expect(clock.value(forKey: "opacity") as? CGFloat == 1)    // built-in keys keep working
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(!CALayer.needsDisplay(forKey: "time") && ClockLayer.needsDisplay(forKey: "time"))
        // Core Animation properties Strata lacks (contentsFormat) are not custom keys: they stay unsupported.
        clock.setValue(CGFloat(5), forKey: "contentsFormat")
        #expect(clock.value(forKey: "contentsFormat") == nil)
        CATransaction.flush()
        let p = try #require(clock.presentation())
        #expect(p is ClockLayer && (p as? ClockLayer)?.time == 3)
        // Without a server the animation evaluates from the committed values: half way through 1 s, 3 → 5.
        let a = CABasicAnimation(keyPath: "time")
        a.toValue = CGFloat(5)
        a.duration = 1
        clock.add(a, forKey: "t")
        CATransaction.flush()
        let begin = try #require(clock.animation(forKey: "t")).beginTime
        #expect((clock.presentation(at: begin + 0.5) as? ClockLayer)?.time == 4)
        #expect(clock.time == 3)                                   // the model is unchanged
        // A custom CGPath key interpolates point by point (same structure).
        clock.setValue(CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)), forKey: "outline")
        let grow = CABasicAnimation(keyPath: "outline")
        grow.toValue = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 50))
        grow.duration = 1
        clock.add(grow, forKey: "grow")
        CATransaction.flush()
        let growBegin = try #require(clock.animation(forKey: "grow")).beginTime
        let outline = try #require(clock.presentation(at: growBegin + 0.5)?.value(forKey: "outline") as? CGPath)
        #expect(outline.boundingBox == CGRect(x: 0, y: 0, width: 20, height: 30))
        let bad = CABasicAnimation(keyPath: "time")
        bad.fromValue = CGFloat(0)
        bad.toValue = CGPoint(x: 1, y: 1)
        clock.add(bad, forKey: "bad")                              // values of two kinds: rejected
        #expect(clock.animation(forKey: "bad") == nil)
    }

    @Test func setNeedsDisplayRedrawsTheBackingStoreAtCommit() throws {
        final class Painter: CALayer, @unchecked Sendable {
            var draws = 0
            override func draw(in ctx: CGContext) {
                draws += 1
                ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
                ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
            }
        }
        let layer = Painter()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 8)
        layer.contentsScale = 2
        #expect(layer.needsDisplay())                              // contentsScale marks it
        CATransaction.flush()
        #expect(layer.draws == 1 && !layer.needsDisplay())
        let image = try #require(layer.contents as? CGImage)
        #expect(image.width == 20 && image.height == 16)           // bounds × contentsScale
        layer.needsDisplayOnBoundsChange = true
        layer.bounds = CGRect(x: 0, y: 0, width: 12, height: 8)
        CATransaction.flush()
        #expect(layer.draws == 2 && (layer.contents as? CGImage)?.width == 24)
        layer.position = CGPoint(x: 3, y: 3)                       // not a bounds size change
        CATransaction.flush()
        #expect(layer.draws == 2)
        layer.setNeedsDisplay(CGRect(x: 6, y: 0, width: 6, height: 8))
        layer.displayIfNeeded()
        #expect(layer.draws == 3 && !layer.needsDisplay())
        // A rectangle wholly outside the bounds redraws nothing (and keeps the drawing).
        let drawn = layer.contents as? CGImage
        layer.setNeedsDisplay(CGRect(x: 50, y: 50, width: 4, height: 4))
        layer.displayIfNeeded()
        #expect(layer.draws == 3 && !layer.needsDisplay() && (layer.contents as? CGImage) === drawn)
    }

    /// Seed 001, step 3's log: linear 0 → 1.5 over the default 0.25 s, one `display()` per frame with the
    /// presentation value, and a last one at 1.5 after the animation ends. On the virtual clock at 64 Hz
    /// (the 0.25 s are 16 vblanks, each exact in binary), stepped a frame at a time as a display link
    /// follows an app frame by frame: every frame has its display, whatever the machine's speed.
    @Test func theSeedClockRedrawsEveryFrameWithInterpolatedTimes() throws {
        let server = try ServerProcess(refresh: Self.refresh, virtualClock: true)
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let clock = ClockLayer()
        clock.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        clock.position = CGPoint(x: 80, y: 60)
        connection.attach(clock)
        CATransaction.flush()
        #expect(clock.log.isEmpty)                                 // nothing needed display yet

        clock.time = 1.5
        CATransaction.flush()
        let animation = try #require(clock.animation(forKey: "time") as? CABasicAnimation)
        #expect(animation.duration == 0 && animation.fromValue as? CGFloat == 0)  // 0 → the default 0.25 s
        let begin = clock.convertTime(animation.beginTime, to: nil)
        #expect(begin == connection.virtualTime, "stamped at the commit, on the server's clock")
        try Self.followFrames(16, of: server, connection)
        let log = clock.log
        // The commit's display (the value then on screen, 0), then one per frame at its vblank: 15
        // interpolated and the last at 1.5 as the animation ends.
        let vblanks: [Double] = [begin] + (1...16).map { (k: Int) -> Double in begin + Double(k) / Self.refresh }
        let values: [Double] = [0] + (1...16).map { (k: Int) -> Double in 1.5 * Double(k) / 16 }
        let times: [Double] = log.map { Double($0.time) }
        #expect(log.map(\.before) == vblanks, "\(log.map(\.before))")
        #expect(times.count == 17 && zip(times, values).allSatisfy { abs($0 - $1) < 1e-9 }, "\(times)")
        #expect(log.filter { $0.time > 0 && $0.time < 1.5 }.count == 15)
        #expect(clock.animation(forKey: "time") == nil)
        // After the last display the redraws stop.
        try server.advance(frames: 8, app: connection)
        #expect(clock.log.count == log.count)
        let image = try #require(clock.contents as? CGImage)
        #expect(image.width == 200 && image.height == 200)
        #expect(errors.reasons.isEmpty)
    }

    /// 64 Hz: a refresh of 1/64 s is exact in binary, so every vblank time and every fraction of 0.25 s is.
    static let refresh = 64.0

    /// Steps `frames` frames one at a time, after the per-frame display's link has asked `server` for
    /// ticks (it is added from another queue after the commit: the first step must see the request).
    static func followFrames(_ frames: Int, of server: ServerProcess, _ connection: StrataConnection) throws {
        #expect(eventually(10) { LayerLock.with { connection.ticksRequested } }, "the display link asked for ticks")
        for _ in 0..<frames { try server.advance(frames: 1, app: connection) }
    }

    /// A connection that goes mid-animation leaves its per-frame display link with it; the next
    /// connection's animations still get their frames (the driver starts a link on it).
    @Test func perFrameDisplayFollowsANewConnection() throws {
        let first = try ServerProcess(refresh: Self.refresh, virtualClock: true)
        let (old, _) = try SessionErrors.connect(first)
        let slow = ClockLayer()
        old.attach(slow)
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setAnimationDuration(30)
        slow.time = 10
        CATransaction.commit()
        try Self.followFrames(3, of: first, old)
        #expect(slow.log.count == 4, "the commit's display and one per frame on the first connection: \(slow.log.count)")
        old.close()
        _ = first.stop()

        let second = try ServerProcess(refresh: Self.refresh, virtualClock: true)
        defer { _ = second.stop() }
        let (connection, errors) = try SessionErrors.connect(second)
        defer { connection.close() }
        let clock = ClockLayer()
        connection.attach(clock)
        CATransaction.flush()
        clock.time = 1.5
        CATransaction.flush()
        try Self.followFrames(16, of: second, connection)
        let log = clock.log
        #expect(log.filter { $0.time > 0 && $0.time < 1.5 }.count == 15, "an interpolated display per frame: \(log.map(\.time))")
        #expect(log.count == 17 && log.last?.time == 1.5, "\(log.map(\.time))")
        #expect(errors.reasons.isEmpty)
    }

    @Test func aDisplayLinkFollowsTheServersRefreshRate() throws {
        let server = try ServerProcess(refresh: 50)
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let lock = NSLock()
        nonisolated(unsafe) var ticks: [(Double, Double, Double)] = []
        let link = CADisplayLink { l in
            lock.lock(); ticks.append((l.timestamp, l.duration, l.targetTimestamp)); lock.unlock()
        }
        link.add(to: connection)
        func count() -> Int { lock.lock(); defer { lock.unlock() }; return ticks.count }
        #expect(try eventually(5) { count() >= 6 })
        link.invalidate()
        usleep(200_000)
        let stopped = count()
        usleep(200_000)
        #expect(count() == stopped)
        lock.lock(); let seen = ticks; lock.unlock()
        for (timestamp, duration, target) in seen {
            #expect(duration == 0.02)
            // Times are the monotonic clock's seconds since boot: after hours of uptime a sum is exact only
            // to a few units in the last place of the timestamp.
            #expect(abs(target - timestamp - 0.02) <= max(1e-12, 4 * timestamp.ulp))
            // Vblanks of a 50 Hz display: whole multiples of 20 ms.
            #expect(abs((timestamp / 0.02).rounded() - timestamp / 0.02) < 1e-6)
        }
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $1.0 > $0.0 })
        #expect(errors.reasons.isEmpty)
    }
}
}

extension ClientProcessSuite {
/// Backing stores on a server: drawn once in full, then `setNeedsDisplay(_:)` sends and uploads only the
/// dirty rectangle's pixels, and the rest of the drawing stays.
@Suite struct BackingStoreServerTests {
    final class Painter: CALayer, @unchecked Sendable {
        nonisolated(unsafe) var colour = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(colour)
            ctx.fill(bounds)
        }
    }

    @Test func aDirtyRectangleIsTheOnlyPartRedrawnAndUploaded() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let layer = Painter()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        layer.position = CGPoint(x: 80, y: 60)                       // screen x 60…100, y 45…75
        layer.setNeedsDisplay()
        connection.attach(layer)
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 80, 60) == [255, 0, 0, 255] })
        let before = try server.stats()["texture_upload_bytes"] as? Int ?? -1
        #expect(before == 40 * 30 * 4)

        layer.colour = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 10, height: 10))
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 65, 50) == [0, 0, 255, 255] })
        let px = try server.snapshot().pixels
        #expect(pixel(px, width: 160, 69, 54) == [0, 0, 255, 255])   // inside the 10×10 corner
        #expect(pixel(px, width: 160, 71, 50) == [255, 0, 0, 255])   // just outside it: the old drawing
        #expect(pixel(px, width: 160, 95, 70) == [255, 0, 0, 255])
        #expect(try server.stats()["texture_upload_bytes"] as? Int == before + 10 * 10 * 4)
        #expect(errors.reasons.isEmpty)
    }
}
}

/// A malformed backing-store update ends only the sender's session, with the reason.
@Suite struct BackingStoreRejectionTests {
    @Test func anUpdateOutsideTheImageIsRejectedByName() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let client = try InspectorClient(socketPath: server.socketPath)
        let pixels = try SharedPixelBuffer(byteCount: 4 * 4 * 4)
        pixels.seal()
        let patch = try SharedPixelBuffer(byteCount: 2 * 2 * 4)
        patch.seal()
        try client.send(.commit(Commit(transactionID: 1, operations: [
            .defineImage(7, width: 4, height: 4, fdIndex: 0),
            .updateImage(7, x: 3, y: 3, width: 2, height: 2, fdIndex: 1),
        ], fdCount: 2)), fds: [pixels.fd, patch.fd])
        var reason = ""
        while let (message, _) = try client.receive() {
            if case .error(let text) = message { reason = text }
        }
        #expect(reason == "transaction 1: operation 1 updateImage: rectangle 3,3 2x2 outside the 4x4 image", "\(reason)")
    }
}
