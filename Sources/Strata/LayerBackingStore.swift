import Foundation
import StrataProtocol

/// A layer's backing store: a Cairo bitmap the layer draws into with `draw(in:)`, shown as its contents.
/// It is kept from one display to the next, so `setNeedsDisplay(_:)` redraws only a rectangle, and only
/// that rectangle's pixels go to the server (an `updateImage` with a memfd of just those pixels) and into
/// its texture. Guarded by LayerLock.
final class LayerBackingStore {
    struct PixelRect: Equatable {
        var x: Int, y: Int, width: Int, height: Int
    }

    /// The bitmap itself: only a replay (AsyncDrawing.swift) touches it directly; everyone else goes
    /// through `context`.
    let bitmap: CGContext
    /// The bitmap once any replay onto it has finished: what is drawn, copied or read on the calling side
    /// is always the complete drawing, never half of one.
    var context: CGContext {
        finishReplay()
        return bitmap
    }
    var width: Int { bitmap.width }
    var height: Int { bitmap.height }
    /// Pixels changed since the server last received them; nil when it is up to date.
    var pendingRect: PixelRect?
    /// A `drawsAsynchronously` drawing being replayed onto the bitmap on another thread: its group is left
    /// when done. Guarded by `replayLock` (the replay ends without LayerLock).
    let replayLock = NSLock()
    var replayInFlight: DispatchGroup?

    init?(width: Int, height: Int) {
        guard let c = CGContext(width: width, height: height) else { return nil }
        bitmap = c
    }

    /// Adds `rect` (clipped to the bitmap) to the pixels the server must receive.
    func markChanged(_ rect: PixelRect) {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(width, rect.x + rect.width), y1 = min(height, rect.y + rect.height)
        guard x1 > x0, y1 > y0 else { return }
        guard let p = pendingRect else { pendingRect = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0); return }
        let ux0 = min(p.x, x0), uy0 = min(p.y, y0), ux1 = max(p.x + p.width, x1), uy1 = max(p.y + p.height, y1)
        pendingRect = PixelRect(x: ux0, y: uy0, width: ux1 - ux0, height: uy1 - uy0)
    }

    /// The byte order a backing store's pixels travel in: Cairo's own (B, G, R, A), copied row by row with
    /// no conversion; the server's texture swaps red and blue when sampled.
    static let format = PixelFormat.bgra

    /// The whole bitmap, for the image's definition.
    var whole: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The pixels of `rect` as premultiplied rows in `format`, in a fresh sealed memfd for the server.
    func sharedPixels(_ rect: PixelRect) throws -> SharedPixelBuffer {
        let buffer = try SharedPixelBuffer(byteCount: rect.width * rect.height * 4, name: "strata-backing-store")
        copy(rect, into: buffer.base)
        buffer.seal()
        return buffer
    }

    /// Writes the pixels of `rect` as packed premultiplied rows in `format` at `destination` (room for
    /// rect.width · rect.height · 4 bytes).
    func copy(_ rect: PixelRect, into destination: UnsafeMutableRawPointer) {
        context.copyPremultiplied(rect: (rect.x, rect.y, rect.width, rect.height), format: Self.format, into: destination,
                                  bytesPerRow: rect.width * 4)
    }
}
