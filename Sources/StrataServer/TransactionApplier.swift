import Foundation
import StrataCore
import StrataProtocol
import StrataRender

/// Applies one client's commit to its scene, in operation order, and reports the animation events
/// that follow directly from it (animations replaced or removed before they finished).
struct TransactionApplier {
    var nextImageUID: () -> UInt64
    var releaseTexture: (UInt64) -> Void
    /// Re-uploads a changed rectangle of an image's texture.
    var updateTexture: (TextureImage, Int, Int, Int, Int) -> Void = { _, _, _, _, _ in }
    /// Uploads a rectangle (tightly packed pixels) straight into an image's texture; false when it has
    /// none yet (the pixels are then written into the image, whose first use uploads them).
    var uploadToTexture: (TextureImage, UnsafeRawPointer, Int, Int, Int, Int) -> Bool = { _, _, _, _, _, _ in false }
    /// What the committing client may hold.
    var quotas = ClientQuotas()
    /// Frozen copies, taken before the commit, of layers it adds transitions to (see `Compositor`).
    var transitionSources: [LayerID: TransitionSource] = [:]

    /// Events produced while applying (sent to the committing client).
    private(set) var events: [ServerMessage] = []

    init(nextImageUID: @escaping () -> UInt64, releaseTexture: @escaping (UInt64) -> Void) {
        self.nextImageUID = nextImageUID
        self.releaseTexture = releaseTexture
    }

    private func node(_ id: LayerID, _ scene: ClientScene, _ op: @autoclosure () -> String) throws -> RenderNode {
        guard let n = scene.nodes[id] else { throw CommitError("\(op()): unknown layer id \(id)") }
        return n
    }

    /// Applies `commit`, whose descriptors arrived mapped as `mappings` (in order).
    mutating func apply(_ commit: Commit, mappings: [CountedMapping], to scene: ClientScene) throws {
        var addedAnimations: [AnimationRef] = []
        let usage = scene.usage
        /// Descriptors an image was defined from: its copy-on-write mapping is that image's own.
        var claimed: Set<Int> = []
        /// Buffers this commit read pixels from: each is released to the client once the commit is applied.
        var usedBuffers: [BufferID] = []
        func mapping(_ index: UInt16, _ op: String, reusable: Bool = false) throws -> CountedMapping {
            guard Int(index) < mappings.count else {
                throw CommitError("\(op): fd index \(index) but \(mappings.count) descriptors arrived")
            }
            guard !claimed.contains(Int(index)) else {
                throw CommitError("\(op): fd index \(index) already defines an image or a buffer in this commit")
            }
            let m = mappings[Int(index)]
            // Pixels the client could still change must not become an image's: those come sealed against writing.
            guard reusable || !m.buffer.isReusable else {
                throw CommitError("\(op): fd index \(index) is a memfd not sealed against writing (only defineBuffer takes one)")
            }
            return m
        }
        for (index, op) in commit.operations.enumerated() {
            // Built only for a message: formatting it for each of 100,000 operations would cost more than applying them.
            var where_: String { "operation \(index)" }
            switch op {
            case let .createLayer(id, kind):
                guard scene.nodes[id] == nil else { throw CommitError("\(where_) createLayer: layer id \(id) already exists") }
                guard scene.nodes.count + usage.copiedLayers < quotas.layers else {
                    throw QuotaExceeded(key: "client-max-layers", limit: quotas.layers,
                                        detail: "\(where_) createLayer \(id), with \(usage.copiedLayers) held by transitions' copies")
                }
                scene.nodes[id] = RenderNode(id: id, kind: kind, scene: scene)
            case .releaseLayer(let id):
                let n = try node(id, scene, "\(where_) releaseLayer")
                stopAll(n, scene: scene)
                let sources = n.transitionSources.values.flatMap { $0.old?.subtreeImages ?? [] }
                let shown = n.contents
                if n.isRoot { scene.roots.remove(n); n.isRoot = false }
                n.unlinkForRelease()
                scene.nodes[id] = nil
                // Images only a transition's old appearance, or this layer, still showed.
                for image in sources + [shown].compactMap({ $0 }) where !scene.holds(image) {
                    releaseTexture(image.texture.id)
                }
            case let .setProperty(id, property, value):
                let n = try node(id, scene, "\(where_) setProperty")
                guard property.isCarried(by: n.kind) else {
                    throw CommitError("\(where_) setProperty: layer \(id) is a \(n.kind.className), which has no \(property.name)")
                }
                let growth = n.valueBytesChange(property, to: value)
                if growth > 0, usage.modelBytes + growth > quotas.modelBytes {
                    throw QuotaExceeded(key: "client-model-bytes", limit: quotas.modelBytes,
                                        detail: "\(where_) setProperty \(property.name) of layer \(id) needs \(growth) more bytes, \(usage.modelBytes) held")
                }
                n.setModel(property, value)
            case let .insertSublayer(parentID, childID, index):
                let parent = try node(parentID, scene, "\(where_) insertSublayer")
                let child = try node(childID, scene, "\(where_) insertSublayer")
                if let problem = parent.linkProblem(adding: child) {
                    throw CommitError("\(where_) insertSublayer: \(childID) under \(parentID): \(problem)")
                }
                if child.isRoot { throw CommitError("\(where_) insertSublayer: layer \(childID) is attached as a root") }
                if child.masking != nil { throw CommitError("\(where_) insertSublayer: layer \(childID) is another layer's mask") }
                let count = parent.sublayers.count - (child.parent === parent ? 1 : 0)
                guard Int(index) <= count else {
                    throw CommitError("\(where_) insertSublayer: index \(index) beyond \(count) sublayers")
                }
                parent.insert(child, at: Int(index))
            case .removeFromSuperlayer(let id):
                try node(id, scene, "\(where_) removeFromSuperlayer").removeFromParent()
            case let .defineImage(id, width, height, fdIndex, format):
                guard scene.images[id] == nil else { throw CommitError("\(where_) defineImage: image id \(id) already exists") }
                guard width > 0, height > 0, width <= 16384, height <= 16384 else {
                    throw CommitError("\(where_) defineImage: size \(width)x\(height) out of range (1…16384)")
                }
                let source = try mapping(fdIndex, "\(where_) defineImage")
                let bytes = Int(width) * Int(height) * 4
                guard source.buffer.byteCount >= bytes else {
                    throw CommitError("\(where_) defineImage: shared buffer holds \(source.buffer.byteCount) bytes, a \(width)x\(height) image needs \(bytes)")
                }
                guard usage.imageBytes + bytes <= quotas.imageBytes else {
                    throw QuotaExceeded(key: "client-image-bytes", limit: quotas.imageBytes,
                                        detail: "\(where_) defineImage \(id) of \(bytes) bytes, \(usage.imageBytes) held")
                }
                claimed.insert(Int(fdIndex))
                scene.images[id] = ServerImage(mapping: source, width: Int(width), height: Int(height), format: format, uniqueID: nextImageUID(), usage: usage)
            case let .updateImage(id, x, y, width, height, fdIndex):
                guard let image = scene.images[id] else { throw CommitError("\(where_) updateImage: unknown image id \(id)") }
                let (w, h) = (image.texture.width, image.texture.height)
                guard width > 0, height > 0, Int(x) + Int(width) <= w, Int(y) + Int(height) <= h else {
                    throw CommitError("\(where_) updateImage: rectangle \(x),\(y) \(width)x\(height) outside the \(w)x\(h) image")
                }
                let pixels = try mapping(fdIndex, "\(where_) updateImage").buffer
                guard pixels.byteCount >= Int(width) * Int(height) * 4 else {
                    throw CommitError("\(where_) updateImage: shared buffer holds \(pixels.byteCount) bytes, needs \(Int(width) * Int(height) * 4)")
                }
                image.write(UnsafeRawPointer(pixels.base), x: Int(x), y: Int(y), width: Int(width), height: Int(height))
                updateTexture(image.texture, Int(x), Int(y), Int(width), Int(height))
            case let .defineBuffer(id, fdIndex):
                guard scene.buffers[id] == nil else { throw CommitError("\(where_) defineBuffer: buffer id \(id) already exists") }
                guard scene.buffers.count < WireFormat.maxBuffers else {
                    throw CommitError("\(where_) defineBuffer: a client defines at most \(WireFormat.maxBuffers) buffers")
                }
                let source = try mapping(fdIndex, "\(where_) defineBuffer", reusable: true)
                claimed.insert(Int(fdIndex))
                scene.buffers[id] = source
            case let .updateImageFromBuffer(id, x, y, width, height, bufferID, offset):
                guard let image = scene.images[id] else { throw CommitError("\(where_) updateImageFromBuffer: unknown image id \(id)") }
                let (w, h) = (image.texture.width, image.texture.height)
                guard width > 0, height > 0, Int(x) + Int(width) <= w, Int(y) + Int(height) <= h else {
                    throw CommitError("\(where_) updateImageFromBuffer: rectangle \(x),\(y) \(width)x\(height) outside the \(w)x\(h) image")
                }
                guard let buffer = scene.buffers[bufferID]?.buffer else {
                    throw CommitError("\(where_) updateImageFromBuffer: unknown buffer id \(bufferID)")
                }
                let bytes = Int(width) * Int(height) * 4
                guard Int(offset) + bytes <= buffer.byteCount else {
                    throw CommitError("\(where_) updateImageFromBuffer: \(bytes) bytes at offset \(offset) run past the buffer's \(buffer.byteCount)")
                }
                // One copy: the buffer goes straight into the texture, which is the current copy from then on
                // (the image's own pixels only serve its first upload).
                let source = UnsafeRawPointer(buffer.base) + Int(offset)
                if !uploadToTexture(image.texture, source, Int(x), Int(y), Int(width), Int(height)) {
                    image.write(source, x: Int(x), y: Int(y), width: Int(width), height: Int(height))
                    updateTexture(image.texture, Int(x), Int(y), Int(width), Int(height))
                }
                if !usedBuffers.contains(bufferID) { usedBuffers.append(bufferID) }
            case .releaseBuffer(let id):
                guard scene.buffers.removeValue(forKey: id) != nil else {
                    throw CommitError("\(where_) releaseBuffer: unknown buffer id \(id)")
                }
            case let .setMask(id, maskID):
                let n = try node(id, scene, "\(where_) setMask")
                n.setMask(nil)
                guard maskID != 0 else { break }
                let m = try node(maskID, scene, "\(where_) setMask")
                guard m.parent == nil, !m.isRoot, m.masking == nil else {
                    throw CommitError("\(where_) setMask: layer \(maskID) cannot mask \(id) (it has a superlayer, is a root or masks another layer)")
                }
                if let problem = n.linkProblem(adding: m) {
                    throw CommitError("\(where_) setMask: \(maskID) as the mask of \(id): \(problem)")
                }
                n.setMask(m)
            case .releaseImage(let id):
                guard let image = scene.images.removeValue(forKey: id) else {
                    throw CommitError("\(where_) releaseImage: unknown image id \(id)")
                }
                // Layers still showing it keep the mapping alive; the texture goes when the last one lets go.
                image.isDefined = false
                if !scene.holds(image) { releaseTexture(image.texture.id) }
            case let .setContents(layerID, imageID):
                let n = try node(layerID, scene, "\(where_) setContents")
                let old = n.contents
                if imageID == 0 {
                    n.contents = nil
                } else {
                    guard let image = scene.images[imageID] else { throw CommitError("\(where_) setContents: unknown image id \(imageID)") }
                    n.contents = image
                }
                if let old, old !== n.contents, !scene.holds(old) {
                    releaseTexture(old.texture.id)
                }
            case let .addAnimation(id, key, spec):
                let n = try node(id, scene, "\(where_) addAnimation")
                if let foreign = spec.keyPaths.first(where: { !$0.property.isCarried(by: n.kind) }) {
                    throw CommitError("\(where_) addAnimation: layer \(id) is a \(n.kind.className), which has no \(foreign.property.name)")
                }
                let replaces = n.hasAnimation(key)
                if !replaces, usage.animations >= quotas.animations {
                    throw QuotaExceeded(key: "client-max-animations", limit: quotas.animations, detail: "\(where_) addAnimation \(key) to layer \(id)")
                }
                if !replaces, n.animations.count >= RenderTreeLimits.maxAnimationsPerLayer {
                    throw CommitError("\(where_) addAnimation: layer \(id) has \(n.animations.count) animations, the most one layer may carry")
                }
                let bytes = MemoryEstimate.bytes(of: spec)
                if usage.modelBytes + bytes > quotas.modelBytes {
                    throw QuotaExceeded(key: "client-model-bytes", limit: quotas.modelBytes,
                                        detail: "\(where_) addAnimation \(key) to layer \(id) needs \(bytes) bytes, \(usage.modelBytes) held")
                }
                if replaces {
                    n.detachAnimation(key: key)
                    stopped(n, key: key, finished: false, scene: scene)
                }
                n.attach(AttachedAnimation(key: key, spec: spec))
                if case .transition = spec.kind { n.transitionSources[key] = transitionSources[id] ?? TransitionSource(old: nil, layerCount: 0) }
                n.animationTransaction[key] = commit.transactionID
                addedAnimations.append(AnimationRef(layer: id, key: key))
            case let .removeAnimation(id, key):
                let n = try node(id, scene, "\(where_) removeAnimation")
                if n.detachAnimation(key: key) { stopped(n, key: key, finished: false, scene: scene) }
            case .attachRoot(let id):
                let n = try node(id, scene, "\(where_) attachRoot")
                guard n.parent == nil, n.masking == nil else {
                    throw CommitError("\(where_) attachRoot: layer \(id) has a superlayer or masks another layer")
                }
                if !n.isRoot { n.isRoot = true; scene.roots.insert(n, at: scene.roots.count) }
            case .detachRoot(let id):
                let n = try node(id, scene, "\(where_) detachRoot")
                if n.isRoot { scene.roots.remove(n); n.isRoot = false }
            case let .setRootOutput(id, output):
                try node(id, scene, "\(where_) setRootOutput").output = output
            }
        }
        // The pixels are copied: the client may fill these buffers again.
        events.append(contentsOf: usedBuffers.map { .bufferReleased($0) })
        if commit.wantsCompletion {
            // Animations already gone again (replaced in the same commit) count as finished.
            let outstanding = Set(addedAnimations.filter { ref in
                scene.nodes[ref.layer]?.animationTransaction[ref.key] == commit.transactionID
                    && scene.nodes[ref.layer]?.hasAnimation(ref.key) == true
            })
            if outstanding.isEmpty {
                events.append(.transactionCompleted(commit.transactionID))
            } else {
                scene.pendingCompletions[commit.transactionID] = outstanding
            }
        }
    }

    private mutating func stopAll(_ n: RenderNode, scene: ClientScene) {
        let keys = n.animations.map(\.key)
        n.detachAnimations { _ in true }
        for key in keys { stopped(n, key: key, finished: false, scene: scene) }
    }

    private mutating func stopped(_ n: RenderNode, key: String, finished: Bool, scene: ClientScene) {
        events.append(contentsOf: AnimationLifecycle.stop(node: n, key: key, finished: finished, scene: scene))
    }
}
