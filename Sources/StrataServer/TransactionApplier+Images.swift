import Foundation
import StrataCore
import StrataProtocol

/// A commit's operations on pixels: images defined from sealed shared memory, updated from it or from a
/// reusable buffer, released, and shown as a layer's contents, each checked against its size, its
/// descriptor and the client's image quota.
extension TransactionApplier {
    func defineImage(_ id: ImageID, width: UInt32, height: UInt32, fdIndex: UInt16, format: PixelFormat, at w: Place, in c: inout Applying) throws {
        guard c.scene.images[id] == nil else { throw CommitError("\(w) defineImage: image id \(id) already exists") }
        guard width > 0, height > 0, width <= WireFormat.maxImageSide, height <= WireFormat.maxImageSide else {
            throw CommitError("\(w) defineImage: size \(width)x\(height) out of range (1…\(WireFormat.maxImageSide))")
        }
        let source = try c.mapping(fdIndex, "\(w) defineImage")
        let bytes = Int(width) * Int(height) * 4
        guard source.buffer.byteCount >= bytes else {
            throw CommitError("\(w) defineImage: shared buffer holds \(source.buffer.byteCount) bytes, a \(width)x\(height) image needs \(bytes)")
        }
        guard c.usage.imageBytes + bytes <= quotas.imageBytes else {
            throw QuotaExceeded(key: "client-image-bytes", limit: quotas.imageBytes,
                                detail: "\(w) defineImage \(id) of \(bytes) bytes, \(c.usage.imageBytes) held")
        }
        c.claimed.insert(Int(fdIndex))
        c.scene.images[id] = ServerImage(mapping: source, width: Int(width), height: Int(height), format: format, uniqueID: nextImageUID(), usage: c.usage)
    }

    /// The image `id` and the rectangle of it an update writes, checked to lie inside it.
    private func updated(_ id: ImageID, _ x: UInt32, _ y: UInt32, _ width: UInt32, _ height: UInt32, _ op: String, in c: Applying) throws -> ServerImage {
        guard let image = c.scene.images[id] else { throw CommitError("\(op): unknown image id \(id)") }
        let (iw, ih) = (image.texture.width, image.texture.height)
        guard width > 0, height > 0, Int(x) + Int(width) <= iw, Int(y) + Int(height) <= ih else {
            throw CommitError("\(op): rectangle \(x),\(y) \(width)x\(height) outside the \(iw)x\(ih) image")
        }
        return image
    }

    func updateImage(_ id: ImageID, x: UInt32, y: UInt32, width: UInt32, height: UInt32, fdIndex: UInt16, at w: Place, in c: Applying) throws {
        let image = try updated(id, x, y, width, height, "\(w) updateImage", in: c)
        let pixels = try c.mapping(fdIndex, "\(w) updateImage").buffer
        guard pixels.byteCount >= Int(width) * Int(height) * 4 else {
            throw CommitError("\(w) updateImage: shared buffer holds \(pixels.byteCount) bytes, needs \(Int(width) * Int(height) * 4)")
        }
        image.write(UnsafeRawPointer(pixels.base), x: Int(x), y: Int(y), width: Int(width), height: Int(height))
        updateTexture(image.texture, Int(x), Int(y), Int(width), Int(height))
    }

    func defineBuffer(_ id: BufferID, fdIndex: UInt16, at w: Place, in c: inout Applying) throws {
        guard c.scene.buffers[id] == nil else { throw CommitError("\(w) defineBuffer: buffer id \(id) already exists") }
        guard c.scene.buffers.count < WireFormat.maxBuffers else {
            throw CommitError("\(w) defineBuffer: a client defines at most \(WireFormat.maxBuffers) buffers")
        }
        let source = try c.mapping(fdIndex, "\(w) defineBuffer", reusable: true)
        c.claimed.insert(Int(fdIndex))
        c.scene.buffers[id] = source
    }

    func updateImage(_ id: ImageID, x: UInt32, y: UInt32, width: UInt32, height: UInt32, from bufferID: BufferID, offset: UInt32,
                     at w: Place, in c: inout Applying) throws {
        let image = try updated(id, x, y, width, height, "\(w) updateImageFromBuffer", in: c)
        guard let buffer = c.scene.buffers[bufferID]?.buffer else {
            throw CommitError("\(w) updateImageFromBuffer: unknown buffer id \(bufferID)")
        }
        let bytes = Int(width) * Int(height) * 4
        guard Int(offset) + bytes <= buffer.byteCount else {
            throw CommitError("\(w) updateImageFromBuffer: \(bytes) bytes at offset \(offset) run past the buffer's \(buffer.byteCount)")
        }
        // One copy: the buffer goes straight into the texture, which is the current copy from then on
        // (the image's own pixels only serve its first upload).
        let source = UnsafeRawPointer(buffer.base) + Int(offset)
        if !uploadToTexture(image.texture, source, Int(x), Int(y), Int(width), Int(height)) {
            image.write(source, x: Int(x), y: Int(y), width: Int(width), height: Int(height))
            updateTexture(image.texture, Int(x), Int(y), Int(width), Int(height))
        }
        if !c.usedBuffers.contains(bufferID) { c.usedBuffers.append(bufferID) }
    }

    func releaseImage(_ id: ImageID, at w: Place, in c: Applying) throws {
        guard let image = c.scene.images.removeValue(forKey: id) else {
            throw CommitError("\(w) releaseImage: unknown image id \(id)")
        }
        // Layers still showing it keep the mapping alive; the texture goes when the last one lets go.
        image.isDefined = false
        if !c.scene.holds(image) { releaseTexture(image.texture.id) }
    }

    func setContents(_ imageID: ImageID, of layerID: LayerID, at w: Place, in c: Applying) throws {
        let n = try node(layerID, c.scene, "\(w) setContents")
        let old = n.contents
        n.drawables.shown = nil
        if imageID == 0 {
            n.contents = nil
        } else {
            guard let image = c.scene.images[imageID] else { throw CommitError("\(w) setContents: unknown image id \(imageID)") }
            n.contents = image
        }
        // What a `contents` animation without a from or to value starts or ends at.
        n.setModel(.contents, .image(ContentsImage(imageID)))
        if let old, old !== n.contents, !c.scene.holds(old) {
            releaseTexture(old.texture.id)
        }
    }
}
