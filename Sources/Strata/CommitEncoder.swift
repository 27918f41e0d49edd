import Foundation
import StrataCore
import StrataProtocol

/// Builds one commit's operations by diffing layers against what the server already holds
/// (`ServerShadow`). Layers new to the server are created with their full state and subtree.
/// Operations go out in phases so every intermediate state is valid on the server:
/// create and set state → detach roots → remove every departing sublayer and changed mask → insert
/// sublayers → set masks → attach roots → animations. After the removals the server holds only edges of the
/// final tree, so no insert or mask can make a cycle or find its layer still a mask or a sublayer elsewhere,
/// whatever order the layers changed in.
struct CommitEncoder {
    var operations: [LayerOperation] = []
    /// memfds for images defined in this commit (kept alive until sent).
    var buffers: [SharedPixelBuffer] = []
    let images: ImageTable
    /// Reusable buffers for backing-store updates (nil: each update gets a fresh sealed memfd).
    let pool: SharedBufferPool?
    private var layers: [CALayer] = []
    /// Contexts whose layer this commit sets (`StrataContext.layer`).
    var contextLayers: [(ContextToken, LayerID)] = []
    /// The commit restores a session on a restarted server: host layers' bindings are replays.
    var replaying = false
    private var seen: Set<ObjectIdentifier> = []

    init(images: ImageTable, pool: SharedBufferPool? = nil) {
        self.images = images
        self.pool = pool
    }

    mutating func encode(_ dirty: [CALayer]) throws {
        for layer in dirty { try collect(layer) }
        for layer in layers { try syncState(layer) }
        for layer in layers { appendPendingDrawable(layer) }
        for layer in layers where layer.server?.isRoot == true && !layer.isAttachedRoot {
            operations.append(.detachRoot(layer.layerID))
            layer.server?.isRoot = false
        }
        for layer in layers { removeDepartedSublayers(layer) }
        for layer in layers { removeChangedMask(layer) }
        // A context's new layer: on the server now, and out of any former superlayer.
        for (token, id) in contextLayers { operations.append(.setContextLayer(token, layer: id)) }
        for layer in layers { insertSublayers(layer) }
        for layer in layers { syncMask(layer) }
        for layer in layers where layer.isAttachedRoot && layer.server?.rootOutput != layer.rootOutput {
            operations.append(.setRootOutput(layer.layerID, output: layer.rootOutput))
            layer.server?.rootOutput = layer.rootOutput
        }
        for layer in layers where layer.isAttachedRoot && layer.server?.isRoot != true {
            operations.append(.attachRoot(layer.layerID))
            layer.server?.isRoot = true
        }
        // After the roots: the server checks hosting cycles against the final tree.
        for case let host as StrataLayerHost in layers { syncHostedContext(host) }
        for layer in layers { try syncAnimations(layer) }
    }

    private mutating func syncHostedContext(_ host: StrataLayerHost) {
        let token = host.contextTokenStorage?.wire ?? .zero
        guard let shadow = host.server, shadow.hostedToken != token else { return }
        operations.append(.hostContext(host.layerID, token: token, replayed: replaying))
        host.server?.hostedToken = token
    }

    /// A GL frame presented before the layer was on the server, or with its transaction.
    private mutating func appendPendingDrawable(_ layer: CALayer) {
        guard let pending = layer.pendingDrawable else { return }
        layer.pendingDrawable = nil
        pending.ring.appendPresent(pending.slot, format: pending.format, presentAt: pending.presentAt, of: layer, to: &operations, fds: &buffers)
    }

    /// The dirty layer plus every sublayer the server has never seen (their whole state must go out).
    private mutating func collect(_ layer: CALayer) throws {
        guard seen.insert(ObjectIdentifier(layer)).inserted else { return }
        layers.append(layer)
        for child in layer.sublayerList where child.server == nil { try collect(child) }
        if let mask = layer.maskLayer, mask.server == nil { try collect(mask) }
    }

    private mutating func syncState(_ layer: CALayer) throws {
        if layer.server == nil {
            operations.append(.createLayer(layer.layerID, kind: layer.modelValues.kind))
            // A fresh server layer holds its kind's defaults; only differences are sent.
            layer.server = ServerShadow(model: LayerModel(kind: layer.modelValues.kind))
        }
        guard var shadow = layer.server else { return }
        // An emitter's cells name their images: defined before the cells that name them, released after.
        var releasedCellImages: [UInt64] = []
        if let emitter = layer as? CAEmitterLayer, shadow.model[.emitterCells] != layer.committedModel[.emitterCells] {
            let shown = LayerLock.with { emitter.cellImages }
            var unique: [CGImage] = []
            for image in shown where !unique.contains(where: { $0 === image }) { unique.append(image) }
            for image in unique where images.retain(image.imageID) { operations.append(try define(image)) }
            releasedCellImages = shadow.cellImages
            shadow.cellImages = unique.map(\.imageID)
        }
        for p in LayerProperty.carried(by: layer.modelValues.kind) where p.travelsAsProperty && shadow.model[p] != layer.committedModel[p] {
            operations.append(.setProperty(layer.layerID, p, layer.committedModel[p]))
            shadow.model[p] = layer.committedModel[p]
        }
        for id in releasedCellImages where images.release(id) { operations.append(.releaseImage(id)) }
        let imageID = layer.contentsImage?.imageID ?? 0
        if imageID != shadow.contentsImage {
            if let image = layer.contentsImage, images.retain(image.imageID) { operations.append(try define(image)) }
            operations.append(.setContents(layer.layerID, imageID))
            if shadow.contentsImage != 0, images.release(shadow.contentsImage) {
                operations.append(.releaseImage(shadow.contentsImage))
            }
            shadow.contentsImage = imageID
        }
        // A backing store redrawn in part: only the changed rectangle goes out.
        if let image = layer.contentsImage, let store = image.backingStore, let r = store.pendingRect {
            if let pool, let taken = pool.take(r.width * r.height * 4) {
                // One copy into a buffer the server already maps; it says when the buffer may be filled again.
                operations += taken.evicted.map { .releaseBuffer($0) }
                store.copy(r, into: taken.buffer.base)
                if taken.isNew {
                    operations.append(.defineBuffer(taken.id, fdIndex: UInt16(buffers.count)))
                    buffers.append(taken.buffer)
                }
                operations.append(.updateImageFromBuffer(image.imageID, x: UInt32(r.x), y: UInt32(r.y), width: UInt32(r.width),
                                                         height: UInt32(r.height), buffer: taken.id, offset: 0))
            } else {
                let buffer = try store.sharedPixels(r)
                operations.append(.updateImage(image.imageID, x: UInt32(r.x), y: UInt32(r.y), width: UInt32(r.width),
                                               height: UInt32(r.height), fdIndex: UInt16(buffers.count)))
                buffers.append(buffer)
            }
            store.pendingRect = nil
        }
        layer.server = shadow
    }

    /// Defines `image` on the server: its pixels in a sealed memfd sent with the commit.
    private mutating func define(_ image: CGImage) throws -> LayerOperation {
        let buffer: SharedPixelBuffer
        let format: PixelFormat
        if let store = image.backingStore {
            // A backing store goes out as Cairo drew it: one copy, no conversion.
            (buffer, format) = (try store.sharedPixels(store.whole), LayerBackingStore.format)
        } else if let shared = image.sharedPixels {
            // The image's own sealed memfd: nothing is copied.
            (buffer, format) = (shared, .rgba)
        } else {
            let pixels = image.premultipliedPixels
            buffer = try SharedPixelBuffer(byteCount: pixels.count, name: "strata-contents")
            buffer.write(pixels)
            buffer.seal()
            format = .rgba
        }
        buffers.append(buffer)
        image.backingStore?.pendingRect = nil // defined with every pixel
        return .defineImage(image.imageID, width: UInt32(image.width), height: UInt32(image.height),
                            fdIndex: UInt16(buffers.count - 1), format: format)
    }

    /// Detaches, on the server, every former sublayer that is no longer this layer's (moved elsewhere or
    /// orphaned); moved ones are inserted into their new parent in the next phase.
    private mutating func removeDepartedSublayers(_ layer: CALayer) {
        guard let shadow = layer.server else { return }
        let desired = Set(layer.sublayerList.map(\.layerID))
        var kept: [LayerID] = []
        for old in shadow.sublayerIDs {
            if desired.contains(old) { kept.append(old); continue }
            // A freed layer is released at the end of the commit, which also detaches it.
            if let child = LayerRegistry.layer(old), child.server != nil {
                operations.append(.removeFromSuperlayer(old))
            }
        }
        layer.server?.sublayerIDs = kept
    }

    private mutating func insertSublayers(_ layer: CALayer) {
        let desired = layer.sublayerList.map(\.layerID)
        guard desired != layer.server?.sublayerIDs else { return }
        for (i, child) in layer.sublayerList.enumerated() {
            operations.append(.insertSublayer(parent: layer.layerID, child: child.layerID, index: UInt32(i)))
        }
        layer.server?.sublayerIDs = desired
    }

    /// Takes off, on the server, a mask this layer no longer has (or has in place of another), so the mask
    /// is free to be a sublayer or another layer's mask in the next phases.
    private mutating func removeChangedMask(_ layer: CALayer) {
        guard let shadow = layer.server, shadow.maskID != 0, shadow.maskID != layer.maskLayer?.layerID ?? 0 else { return }
        operations.append(.setMask(layer.layerID, mask: 0))
        layer.server?.maskID = 0
    }

    private mutating func syncMask(_ layer: CALayer) {
        let id = layer.maskLayer?.layerID ?? 0
        guard let shadow = layer.server, shadow.maskID != id else { return }
        operations.append(.setMask(layer.layerID, mask: id))
        layer.server?.maskID = id
    }

    private mutating func syncAnimations(_ layer: CALayer) throws {
        guard var shadow = layer.server else { return }
        let current = layer.animationEntries.filter(\.committed)
        // Images a replaced or removed `contents` animation named, released once it is gone.
        var released: [UInt64] = []
        for key in shadow.animations.keys.sorted() where !current.contains(where: { $0.key == key }) {
            operations.append(.removeAnimation(layer.layerID, key: key))
            shadow.animations[key] = nil
            released += shadow.animationImages.removeValue(forKey: key) ?? []
        }
        for entry in current where shadow.animations[entry.key] != entry.serial {
            let images = entry.animation.contentsImages
            for image in images where self.images.retain(image.imageID) { operations.append(try define(image)) }
            released += shadow.animationImages.removeValue(forKey: entry.key) ?? []
            if !images.isEmpty { shadow.animationImages[entry.key] = images.map(\.imageID) }
            operations.append(.addAnimation(layer.layerID, key: entry.key, entry.spec))
            shadow.animations[entry.key] = entry.serial
            // The server reports this entry's start and stop in order, after any earlier entry under the key.
            shadow.inFlight[entry.key, default: []].append(entry)
        }
        for id in released where images.release(id) { operations.append(.releaseImage(id)) }
        layer.server = shadow
    }
}

/// Which images the server holds, with how many layers show each.
final class ImageTable {
    private var counts: [UInt64: Int] = [:]

    /// Counts a new user; true when the image must be defined on the server first.
    func retain(_ id: UInt64) -> Bool {
        counts[id, default: 0] += 1
        return counts[id] == 1
    }

    /// Drops a user; true when no layer shows the image any more.
    func release(_ id: UInt64) -> Bool {
        guard let c = counts[id] else { return false }
        if c <= 1 { counts[id] = nil; return true }
        counts[id] = c - 1
        return false
    }
}
