import Foundation
import StrataCore
import StrataProtocol

/// A commit's animations: added (replacing one under the same key, which is reported stopped), checked
/// against the layer's kind, the per-layer limit and the client's quotas.
extension TransactionApplier {
    mutating func addAnimation(_ spec: AnimationSpec, key: String, to id: LayerID, at w: Place, in c: inout Applying) throws {
        let n = try node(id, c.scene, "\(w) addAnimation")
        if let foreign = spec.keyPaths.first(where: { !$0.property.isCarried(by: n.kind) }) {
            throw CommitError("\(w) addAnimation: layer \(id) is a \(n.kind.className), which has no \(foreign.property.name)")
        }
        // The images a `contents` animation names, which the client defines (and keeps defined while it is sent).
        let images = try spec.contentsImages.map { imageID in
            guard let image = c.scene.images[imageID] else {
                throw CommitError("\(w) addAnimation \(key) to layer \(id): contents: unknown image id \(imageID)")
            }
            return (imageID, image)
        }
        let replaces = n.hasAnimation(key)
        if !replaces, c.usage.animations >= quotas.animations {
            throw QuotaExceeded(key: "client-max-animations", limit: quotas.animations, detail: "\(w) addAnimation \(key) to layer \(id)")
        }
        if !replaces, n.animations.count >= RenderTreeLimits.maxAnimationsPerLayer {
            throw CommitError("\(w) addAnimation: layer \(id) has \(n.animations.count) animations, the most one layer may carry")
        }
        let bytes = MemoryEstimate.bytes(of: spec)
        if c.usage.modelBytes + bytes > quotas.modelBytes {
            throw QuotaExceeded(key: "client-model-bytes", limit: quotas.modelBytes,
                                detail: "\(w) addAnimation \(key) to layer \(id) needs \(bytes) bytes, \(c.usage.modelBytes) held")
        }
        if replaces {
            n.detachAnimation(key: key)
            stopped(n, key: key, finished: false, scene: c.scene)
        }
        n.attach(AttachedAnimation(key: key, spec: spec))
        n.holdAnimatedImages(images)
        if case .transition = spec.kind { n.transitionSources[key] = transitionSources[id] ?? TransitionSource(old: nil, layerCount: 0) }
        n.animationTransaction[key] = c.transactionID
        c.addedAnimations.append(AnimationRef(layer: id, key: key))
    }
}
