import Foundation
import StrataCore
import StrataProtocol

/// A commit's drawable presents (docs/drawables.md): a frame an app rendered with its own GL, or a decoded
/// video frame, checked and queued for its layer. The frame loop shows it when it is due
/// (`Compositor.latchDrawables`).
extension TransactionApplier {
    /// The largest drawable side: the texture size every GL ES 3 driver the server runs on gives.
    static let maxDrawableSide: UInt32 = 16384
    /// Frames one layer may have queued: a video decoded ahead, or GL frames presented faster than shown.
    static let maxQueuedFrames = 16

    func presentDrawable(_ bufferID: BufferID, width: UInt32, height: UInt32, format: DrawableFormat, presentAt: Double,
                         to layerID: LayerID, at w: Place, in c: inout Applying) throws {
        let op = "\(w) presentDrawable"
        let n = try node(layerID, c.scene, op)
        guard width > 0, height > 0, width <= Self.maxDrawableSide, height <= Self.maxDrawableSide else {
            throw CommitError("\(op): size \(width)x\(height) out of range (1…\(Self.maxDrawableSide))")
        }
        guard let mapping = c.scene.buffers[bufferID] else { throw CommitError("\(op): unknown buffer id \(bufferID)") }
        let bytes = format.byteCount(width: Int(width), height: Int(height))
        guard bytes <= mapping.buffer.byteCount else {
            throw CommitError("\(op): a \(width)x\(height) \(format.name) drawable needs \(bytes) bytes, buffer \(bufferID) holds \(mapping.buffer.byteCount)")
        }
        guard n.drawables.queue.count < Self.maxQueuedFrames else {
            throw CommitError("\(op): layer \(layerID) already has \(Self.maxQueuedFrames) frames waiting to be shown")
        }
        // The texture it will be shown in: the shown one when the size stays, else a new one, whose bytes are
        // reserved now (in `client-image-bytes`) until it is shown or passed over. The texture it replaces is
        // credited while no other frame of the layer waits.
        let textureBytes = Int(width) * Int(height) * 4
        let fits = n.drawables.shown.map { $0 === n.contents && $0.texture.width == Int(width) && $0.texture.height == Int(height) } ?? false
        var reserved = 0
        if !fits {
            let replaced = n.drawables.queue.isEmpty ? n.contents.map { $0 === n.drawables.shown && $0.shownBy == 1 ? $0.byteCount : 0 } ?? 0 : 0
            guard c.usage.imageBytes - replaced + textureBytes <= quotas.imageBytes else {
                throw QuotaExceeded(key: "client-image-bytes", limit: quotas.imageBytes,
                                    detail: "\(op) of \(width)x\(height) to layer \(layerID), \(c.usage.imageBytes) bytes held")
            }
            reserved = textureBytes - replaced
            c.usage.imageBytes += reserved
        }
        let frame = QueuedDrawable(buffer: bufferID, mapping: mapping, width: Int(width), height: Int(height), format: format,
                                   presentAt: presentAt, reserved: reserved)
        // In time order; frames presented for one time keep their order.
        let index = n.drawables.queue.lastIndex { $0.presentAt <= presentAt }.map { $0 + 1 } ?? 0
        n.drawables.queue.insert(frame, at: index)
        c.queuedDrawables.append(n)
    }
}

extension TransactionApplier {
    /// Drops the layer's waiting frames: their buffers go back to the client at once.
    mutating func discardDrawables(of layerID: LayerID, at w: Place, in c: Applying) throws {
        let n = try node(layerID, c.scene, "\(w) discardDrawables")
        for frame in n.drawables.queue {
            c.usage.imageBytes -= frame.reserved
            c.scene.heldBuffers[frame.buffer] = nil
            events.append(.bufferReleased(frame.buffer))
        }
        n.drawables.queue.removeAll()
        n.drawables.nextFrameWaited = false
    }
}

/// A presented frame waiting for its time: the buffer it is in (kept mapped until released), its size,
/// layout and time.
struct QueuedDrawable {
    let buffer: BufferID
    let mapping: CountedMapping
    let width: Int
    let height: Int
    let format: DrawableFormat
    let presentAt: Double
    /// Bytes counted into the client's image bytes for the texture it may need, given back when it leaves the queue.
    let reserved: Int
}

extension DrawableFormat {
    /// For messages: "RGBA", "NV12", …
    var name: String {
        switch self {
        case .rgba: "RGBA"
        case .bgra: "BGRA"
        case .nv12: "NV12"
        case .i420: "I420"
        }
    }
}
