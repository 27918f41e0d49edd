import Foundation
import StrataCore
import StrataProtocol

/// Builds one commit's operations by diffing layers against what the server already holds.
/// Layers new to the server are created with their full state and subtree.
struct CommitEncoder {
    var operations: [LayerOperation] = []
    /// memfds for images defined in this commit (kept alive until sent).
    var buffers: [SharedPixelBuffer] = []
    let images: ImageTable

    init(images: ImageTable) { self.images = images }

    mutating func sync(_ layer: CALayer) throws {
        if layer.server == nil {
            operations.append(.createLayer(layer.layerID))
            layer.server = ServerShadow()
            // Default values on a fresh server layer match LayerModel(); only differences are sent.
        }
        guard var shadow = layer.server else { return }
        for p in LayerProperty.allCases where shadow.model[p] != layer.committedModel[p] {
            operations.append(.setProperty(layer.layerID, p, layer.committedModel[p]))
            shadow.model[p] = layer.committedModel[p]
        }
        let imageID = layer.contentsImage?.imageID ?? 0
        if imageID != shadow.contentsImage {
            if let image = layer.contentsImage, images.retain(image.imageID) {
                let buffer = try SharedPixelBuffer(byteCount: image.premultipliedPixels.count, name: "strata-contents")
                buffer.write(image.premultipliedPixels)
                buffer.seal()
                operations.append(.defineImage(image.imageID, width: UInt32(image.width), height: UInt32(image.height),
                                               fdIndex: UInt16(buffers.count)))
                buffers.append(buffer)
            }
            operations.append(.setContents(layer.layerID, imageID))
            if shadow.contentsImage != 0, images.release(shadow.contentsImage) {
                operations.append(.releaseImage(shadow.contentsImage))
            }
            shadow.contentsImage = imageID
        }
        layer.server = shadow
        let desired = layer.sublayerList.map(\.layerID)
        if desired != shadow.sublayerIDs {
            for old in shadow.sublayerIDs where !desired.contains(old) {
                if let child = LayerRegistry.layer(old), child.parent == nil, child.server != nil {
                    operations.append(.removeFromSuperlayer(old))
                }
            }
            for (i, child) in layer.sublayerList.enumerated() {
                if child.server == nil { try syncSubtree(child) }
                operations.append(.insertSublayer(parent: layer.layerID, child: child.layerID, index: UInt32(i)))
            }
            layer.server?.sublayerIDs = desired
        }
        syncAnimations(layer)
        if layer.isAttachedRoot != layer.server?.isRoot {
            operations.append(layer.isAttachedRoot ? .attachRoot(layer.layerID) : .detachRoot(layer.layerID))
            layer.server?.isRoot = layer.isAttachedRoot
        }
    }

    /// Full state of a layer the server has never seen, and of its sublayers.
    mutating func syncSubtree(_ layer: CALayer) throws {
        try sync(layer)
        for child in layer.sublayerList where child.server == nil { try syncSubtree(child) }
    }

    private mutating func syncAnimations(_ layer: CALayer) {
        guard var shadow = layer.server else { return }
        let current = layer.animationEntries.filter(\.committed)
        for key in shadow.animations.keys where !current.contains(where: { $0.key == key }) {
            operations.append(.removeAnimation(layer.layerID, key: key))
            shadow.animations[key] = nil
        }
        for entry in current where shadow.animations[entry.key] != ObjectIdentifier(entry) {
            operations.append(.addAnimation(layer.layerID, key: entry.key, entry.spec))
            shadow.animations[entry.key] = ObjectIdentifier(entry)
        }
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
