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
    /// Frozen copies, taken before the commit, of layers it adds transitions to (see `Compositor`).
    var transitionSources: [LayerID: RenderNode] = [:]

    /// Events produced while applying (sent to the committing client).
    private(set) var events: [ServerMessage] = []

    init(nextImageUID: @escaping () -> UInt64, releaseTexture: @escaping (UInt64) -> Void) {
        self.nextImageUID = nextImageUID
        self.releaseTexture = releaseTexture
    }

    private func node(_ id: LayerID, _ scene: ClientScene, _ op: String) throws -> RenderNode {
        guard let n = scene.nodes[id] else { throw CommitError("\(op): unknown layer id \(id)") }
        return n
    }

    mutating func apply(_ commit: Commit, fds: [Int32], to scene: ClientScene) throws {
        var addedAnimations: [AnimationRef] = []
        for (index, op) in commit.operations.enumerated() {
            let where_ = "operation \(index)"
            switch op {
            case let .createLayer(id, kind):
                guard scene.nodes[id] == nil else { throw CommitError("\(where_) createLayer: layer id \(id) already exists") }
                scene.nodes[id] = RenderNode(id: id, kind: kind, scene: scene)
            case .releaseLayer(let id):
                let n = try node(id, scene, "\(where_) releaseLayer")
                stopAll(n, scene: scene)
                let sources = n.transitionSources.values.flatMap { $0.old?.subtreeImages ?? [] }
                n.unlinkForRelease()
                scene.roots.removeAll { $0 === n }
                scene.nodes[id] = nil
                // Images only a transition's old appearance still showed.
                for image in sources where !scene.holds(image) {
                    releaseTexture(image.texture.id)
                }
            case let .setProperty(id, property, value):
                let n = try node(id, scene, "\(where_) setProperty")
                guard property.isCarried(by: n.kind) else {
                    throw CommitError("\(where_) setProperty: layer \(id) is a \(n.kind.className), which has no \(property.name)")
                }
                n.setModel(property, value)
            case let .insertSublayer(parentID, childID, index):
                let parent = try node(parentID, scene, "\(where_) insertSublayer")
                let child = try node(childID, scene, "\(where_) insertSublayer")
                if child.isAncestorOrSelf(parent) {
                    throw CommitError("\(where_) insertSublayer: layer \(childID) is \(parentID) or one of its ancestors")
                }
                if child.isRoot { throw CommitError("\(where_) insertSublayer: layer \(childID) is attached as a root") }
                if child.masking != nil { throw CommitError("\(where_) insertSublayer: layer \(childID) is another layer's mask") }
                child.removeFromParent()
                guard Int(index) <= parent.sublayers.count else {
                    throw CommitError("\(where_) insertSublayer: index \(index) beyond \(parent.sublayers.count) sublayers")
                }
                parent.insert(child, at: Int(index))
            case .removeFromSuperlayer(let id):
                try node(id, scene, "\(where_) removeFromSuperlayer").removeFromParent()
            case let .defineImage(id, width, height, fdIndex):
                guard scene.images[id] == nil else { throw CommitError("\(where_) defineImage: image id \(id) already exists") }
                guard width > 0, height > 0, width <= 16384, height <= 16384 else {
                    throw CommitError("\(where_) defineImage: size \(width)x\(height) out of range (1…16384)")
                }
                guard Int(fdIndex) < fds.count else {
                    throw CommitError("\(where_) defineImage: fd index \(fdIndex) but \(fds.count) descriptors arrived")
                }
                let bytes = Int(width) * Int(height) * 4
                let fd = dup(fds[Int(fdIndex)])
                // Copy-on-write: updateImage may change the server's copy later.
                let buffer = try SharedPixelBuffer(mapping: fd, byteCount: bytes, writable: true)
                scene.images[id] = ServerImage(buffer: buffer, width: Int(width), height: Int(height), uniqueID: nextImageUID())
            case let .updateImage(id, x, y, width, height, fdIndex):
                guard let image = scene.images[id] else { throw CommitError("\(where_) updateImage: unknown image id \(id)") }
                let (w, h) = (image.texture.width, image.texture.height)
                guard width > 0, height > 0, Int(x) + Int(width) <= w, Int(y) + Int(height) <= h else {
                    throw CommitError("\(where_) updateImage: rectangle \(x),\(y) \(width)x\(height) outside the \(w)x\(h) image")
                }
                guard Int(fdIndex) < fds.count else {
                    throw CommitError("\(where_) updateImage: fd index \(fdIndex) but \(fds.count) descriptors arrived")
                }
                let pixels = try SharedPixelBuffer(mapping: dup(fds[Int(fdIndex)]), byteCount: Int(width) * Int(height) * 4)
                image.write(UnsafeRawPointer(pixels.base), x: Int(x), y: Int(y), width: Int(width), height: Int(height))
                updateTexture(image.texture, Int(x), Int(y), Int(width), Int(height))
            case let .setMask(id, maskID):
                let n = try node(id, scene, "\(where_) setMask")
                n.setMask(nil)
                guard maskID != 0 else { break }
                let m = try node(maskID, scene, "\(where_) setMask")
                guard m !== n, m.parent == nil, !m.isRoot, m.masking == nil || m.masking === n, !m.isAncestorOrSelf(n) else {
                    throw CommitError("\(where_) setMask: layer \(maskID) cannot mask \(id) (it is the layer, has a superlayer, is a root, masks another layer or contains the layer)")
                }
                n.setMask(m)
            case .releaseImage(let id):
                guard let image = scene.images.removeValue(forKey: id) else {
                    throw CommitError("\(where_) releaseImage: unknown image id \(id)")
                }
                // Layers still showing it keep the mapping alive; the texture goes when the last one lets go.
                if !scene.nodes.values.contains(where: { $0.contents === image }) { releaseTexture(image.texture.id) }
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
                if let i = n.animations.firstIndex(where: { $0.key == key }) {
                    n.animations.remove(at: i)
                    stopped(n, key: key, finished: false, scene: scene)
                }
                n.animations.append(AttachedAnimation(key: key, spec: spec))
                if case .transition = spec.kind { n.transitionSources[key] = TransitionSource(old: transitionSources[id]) }
                n.animationTransaction[key] = commit.transactionID
                addedAnimations.append(AnimationRef(layer: id, key: key))
            case let .removeAnimation(id, key):
                let n = try node(id, scene, "\(where_) removeAnimation")
                if let i = n.animations.firstIndex(where: { $0.key == key }) {
                    n.animations.remove(at: i)
                    stopped(n, key: key, finished: false, scene: scene)
                }
            case .attachRoot(let id):
                let n = try node(id, scene, "\(where_) attachRoot")
                guard n.parent == nil else { throw CommitError("\(where_) attachRoot: layer \(id) has a superlayer") }
                if !n.isRoot { n.isRoot = true; scene.roots.append(n) }
            case .detachRoot(let id):
                let n = try node(id, scene, "\(where_) detachRoot")
                n.isRoot = false
                scene.roots.removeAll { $0 === n }
            case let .setRootOutput(id, output):
                try node(id, scene, "\(where_) setRootOutput").output = output
            }
        }
        if commit.wantsCompletion {
            // Animations already gone again (replaced in the same commit) count as finished.
            let outstanding = Set(addedAnimations.filter { ref in
                scene.nodes[ref.layer]?.animationTransaction[ref.key] == commit.transactionID
                    && scene.nodes[ref.layer]?.animations.contains { $0.key == ref.key } == true
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
        n.animations.removeAll()
        for key in keys { stopped(n, key: key, finished: false, scene: scene) }
    }

    private mutating func stopped(_ n: RenderNode, key: String, finished: Bool, scene: ClientScene) {
        events.append(contentsOf: AnimationLifecycle.stop(node: n, key: key, finished: finished, scene: scene))
    }
}
