import Foundation
@testable import Strata
import StrataProtocol
import Testing

extension ClientProcessSuite {
/// A backing store travels as Cairo drew it (B, G, R, A bytes, no conversion on the client) and the
/// server's texture shows it in the right colours; a redrawn rectangle sends and uploads only its pixels.
@Suite struct BackingStoreWireTests {
    /// Red left of x 20, blue right of it; `green` paints the rectangle it is given green instead.
    final class Halves: CALayer, @unchecked Sendable {
        var greenRect: CGRect?
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 40))
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: 20, y: 0, width: 44, height: 40))
            if let greenRect {
                ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
                ctx.fill(greenRect)
            }
        }
    }

    /// A `Halves` layer at (10, 10), 64 × 40, shown by a client of `server`.
    static func shown(on server: ServerProcess) throws -> (StrataConnection, SessionErrors, Halves) {
        let (connection, errors) = try SessionErrors.connect(server)
        let layer = Halves()
        layer.frame = CGRect(x: 10, y: 10, width: 64, height: 40)
        layer.setNeedsDisplay()
        connection.attach(layer)
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 15, 20) == [255, 0, 0, 255] })
        return (connection, errors, layer)
    }

    @Test func aBackingStoreShowsInItsColoursAndARedrawnRectangleMovesOnlyItsPixels() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors, layer) = try Self.shown(on: server)
        defer { connection.close() }
        #expect(pixel(try server.snapshot().pixels, width: 160, 50, 20) == [0, 0, 255, 255])

        let before = try server.stats()["texture_upload_bytes"] as? Int ?? -1
        layer.greenRect = CGRect(x: 40, y: 8, width: 16, height: 16)
        layer.setNeedsDisplay(CGRect(x: 40, y: 8, width: 16, height: 16))
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 55, 25) == [0, 255, 0, 255] })
        #expect(pixel(try server.snapshot().pixels, width: 160, 15, 20) == [255, 0, 0, 255])
        #expect(pixel(try server.snapshot().pixels, width: 160, 70, 45) == [0, 0, 255, 255])
        // 16 × 16 pixels, 4 bytes each, reached the texture: not the 64 × 40 store.
        #expect(try server.stats()["texture_upload_bytes"] as? Int == before + 16 * 16 * 4)
        #expect(errors.reasons.isEmpty)
    }

    /// Redraws go through reusable buffers: every update shows, whole or in part, one after another, and
    /// the pool never holds more than its limit.
    @Test func repeatedRedrawsReuseSharedBuffers() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors, layer) = try Self.shown(on: server)
        defer { connection.close() }
        for i in 0..<12 {
            let x = CGFloat(i * 4)
            layer.greenRect = CGRect(x: x, y: 0, width: 4, height: 40)
            if i % 3 == 0 { layer.setNeedsDisplay() } else { layer.setNeedsDisplay(CGRect(x: x, y: 0, width: 4, height: 40)) }
            CATransaction.flush()
            #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 10 + Int(x) + 1, 30) == [0, 255, 0, 255] }, "update \(i)")
        }
        #expect(LayerLock.with { connection.bufferPool.count } <= SharedBufferPool.maxBuffers)
        #expect(LayerLock.with { connection.bufferPool.count } >= 1)
        #expect(errors.reasons.isEmpty)
    }
}

/// The pool's bookkeeping: reuse of released buffers, a new one while all are in flight, eviction of
/// free ones too small, and a refusal (the caller falls back to a fresh memfd) when all are in flight.
@Suite struct SharedBufferPoolTests {
    @Test func buffersAreReusedOnceReleasedAndBoundedInNumber() throws {
        let pool = SharedBufferPool()
        let a = try #require(pool.take(100))
        #expect(a.isNew && a.buffer.byteCount == SharedBufferPool.minimumSize && a.buffer.isReusable)
        let b = try #require(pool.take(100))
        #expect(b.isNew && b.id != a.id)                          // a is in flight
        pool.released(a.id)
        let again = try #require(pool.take(1000))
        #expect(!again.isNew && again.id == a.id)
        // A bigger update than any free buffer takes a new one; at the limit, a free small one makes room.
        pool.released(b.id)
        var held: [BufferID] = [again.id]
        for _ in 0..<(SharedBufferPool.maxBuffers - 2) { held.append(try #require(pool.take(SharedBufferPool.minimumSize + 1)).id) }
        #expect(pool.count == SharedBufferPool.maxBuffers)
        let big = try #require(pool.take(1 << 20))
        #expect(big.isNew && big.evicted == [b.id] && pool.count == SharedBufferPool.maxBuffers)
        // Every buffer in flight: no more.
        #expect(pool.take(10) == nil)
        pool.reset()
        #expect(pool.count == 0)
    }
}
}
