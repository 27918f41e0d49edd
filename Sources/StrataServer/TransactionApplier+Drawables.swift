import Foundation
import StrataCore
import StrataProtocol

/// A commit's drawable presents (docs/drawables.md): a frame an app rendered with its own GL, sent in a
/// reusable buffer, copied into the layer's drawable texture and shown as its contents.
extension TransactionApplier {
    /// The largest drawable side: the texture size every GL ES 3 driver the server runs on gives.
    static let maxDrawableSide: UInt32 = 16384

    func presentDrawable(_ bufferID: BufferID, width: UInt32, height: UInt32, format: PixelFormat, to layerID: LayerID,
                         at w: Place, in c: inout Applying) throws {
        let op = "\(w) presentDrawable"
        let n = try node(layerID, c.scene, op)
        guard width > 0, height > 0, width <= Self.maxDrawableSide, height <= Self.maxDrawableSide else {
            throw CommitError("\(op): size \(width)x\(height) out of range (1…\(Self.maxDrawableSide))")
        }
        guard let mapping = c.scene.buffers[bufferID] else { throw CommitError("\(op): unknown buffer id \(bufferID)") }
        let bytes = Int(width) * Int(height) * 4
        guard bytes <= mapping.buffer.byteCount else {
            throw CommitError("\(op): a \(width)x\(height) drawable needs \(bytes) bytes, buffer \(bufferID) holds \(mapping.buffer.byteCount)")
        }
        // The texture the layer shows now is filled again when nothing else shows it: same size and byte
        // order, still the contents, no transition's old appearance holding it. Otherwise a new one.
        let image: ServerImage
        if let shown = n.drawable, shown === n.contents, !shown.frozenCopyShows, shown.texture.width == Int(width),
           shown.texture.height == Int(height), shown.texture.redBlueSwapped == (format == .bgra) {
            image = shown
        } else {
            let held = n.contents.map { $0.shownBy == 1 && !$0.isDefined ? $0.byteCount : 0 } ?? 0
            guard c.usage.imageBytes - held + bytes <= quotas.imageBytes else {
                throw QuotaExceeded(key: "client-image-bytes", limit: quotas.imageBytes,
                                    detail: "\(op) of \(width)x\(height) to layer \(layerID), \(c.usage.imageBytes) bytes held")
            }
            // Its own pixels are the buffer's: they serve only an upload with no context current at present.
            image = ServerImage(mapping: mapping, width: Int(width), height: Int(height), format: format, uniqueID: nextImageUID(), usage: c.usage)
            image.isDefined = false
        }
        _ = fillTexture(image.texture, UnsafeRawPointer(mapping.buffer.base))
        let old = n.contents
        n.contents = image
        n.drawable = image
        n.drawablePresents += 1
        if let old, old !== image, !c.scene.holds(old) { releaseTexture(old.texture.id) }
        if !c.usedBuffers.contains(bufferID) { c.usedBuffers.append(bufferID) }
    }
}
