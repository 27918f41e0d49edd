import Foundation
import StrataCore
import StrataProtocol

/// A commit's operations on tiled layers: invalidations and delivered tiles. A delivery the server did not
/// ask for, that crossed a cancel or an invalidation, or whose size no longer fits the layer's grid is
/// dropped, not an error (the app cannot know); malformed ones (a bad size, a buffer too short) end the
/// session as any other.
extension TransactionApplier {
    /// The largest tile side accepted (`tileSize`'s bound).
    static let maxTileSide: UInt32 = 4096

    private func tiled(_ id: LayerID, _ op: @autoclosure () -> String, in c: Applying) throws -> (RenderNode, TiledState) {
        let n = try node(id, c.scene, op())
        guard let state = n.kindState as? TiledState else { throw CommitError("\(op()): layer \(id) is a \(n.kind.className), not a CATiledLayer") }
        return (n, state)
    }

    private static func grid(_ n: RenderNode) -> TileGrid {
        TileGrid(bounds: n.model.bounds, contentsScale: n.model.contentsScale, model: n.model.tiled)
    }

    func invalidateTiles(_ id: LayerID, rect: CGRect?, generation: UInt64, at w: Place, in c: Applying) throws {
        let (n, state) = try tiled(id, "\(w) invalidateTiles", in: c)
        state.invalidate(rect, generation: generation, grid: Self.grid(n))
    }

    mutating func deliverTile(_ id: LayerID, _ key: TileKey, generation: UInt64, width: UInt32, height: UInt32, source: TileSource,
                              at w: Place, in c: inout Applying) throws {
        let what = "\(w) deliverTile \(key)"
        let (n, state) = try tiled(id, what, in: c)
        guard width > 0, height > 0, width <= Self.maxTileSide, height <= Self.maxTileSide else {
            throw CommitError("\(what): size \(width)x\(height) out of range (1…\(Self.maxTileSide))")
        }
        let bytes = Int(width) * Int(height) * 4
        let pixels: UnsafeRawPointer
        switch source {
        case let .buffer(bufferID, offset):
            guard let buffer = c.scene.buffers[bufferID]?.buffer else { throw CommitError("\(what): unknown buffer id \(bufferID)") }
            guard Int(offset) + bytes <= buffer.byteCount else {
                throw CommitError("\(what): \(bytes) bytes at offset \(offset) run past the buffer's \(buffer.byteCount)")
            }
            pixels = UnsafeRawPointer(buffer.base) + Int(offset)
            if !c.usedBuffers.contains(bufferID) { c.usedBuffers.append(bufferID) }
        case let .descriptor(fdIndex):
            let mapping = try c.mapping(fdIndex, what)
            guard mapping.buffer.byteCount >= bytes else {
                throw CommitError("\(what): shared buffer holds \(mapping.buffer.byteCount) bytes, a \(width)x\(height) tile needs \(bytes)")
            }
            c.claimed.insert(Int(fdIndex))
            pixels = UnsafeRawPointer(mapping.buffer.base)
        }
        if state.refusal(key, generation: generation, width: Int(width), height: Int(height), grid: Self.grid(n)) != nil {
            state.drop(key)
            return
        }
        // Tiles count as the client's image bytes: older ones of this layer make room first.
        state.makeRoom(for: bytes, held: c.usage.imageBytes, limit: quotas.imageBytes)
        for old in state.retired where !c.scene.holds(old) { releaseTexture(old.texture.id) }
        state.retired.removeAll() // their bytes leave the client's usage as they go
        guard c.usage.imageBytes + bytes <= quotas.imageBytes,
              let image = ServerImage(blankWidth: Int(width), height: Int(height), redBlueSwapped: true, uniqueID: nextImageUID(), usage: c.usage)
        else {
            state.drop(key)
            return
        }
        image.isDefined = false
        fillTexture(image.texture, pixels)
        state.accept(key, image: image, generation: generation)
        for old in state.retired where !c.scene.holds(old) { releaseTexture(old.texture.id) }
        state.retired.removeAll()
    }
}
