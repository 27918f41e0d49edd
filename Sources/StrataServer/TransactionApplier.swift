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
    /// Fills an image's whole texture from tightly packed pixels (a delivered tile), making it if needed.
    var fillTexture: (TextureImage, UnsafeRawPointer) -> Void = { _, _ in }
    /// Layers the applied commit queued drawable frames for.
    var queuedDrawables: [RenderNode] = []
    /// What the committing client may hold.
    var quotas = ClientQuotas()
    /// Frozen copies, taken before the commit, of layers it adds transitions to (see `Compositor`).
    var transitionSources: [LayerID: TransitionSource] = [:]

    /// Events produced while applying (sent to the committing client).
    var events: [ServerMessage] = []
    /// Every live context (remote layer hosting; nil: hosting operations change nothing, offline).
    var contexts: ContextRegistry?
    /// The time the commit is applied (monotonic seconds; hosting's restart window reads it).
    var now = 0.0
    /// Where the commit asked key focus to go (`focusHosted`): a client and its layer (0: none), the last asked.
    var focusRequest: (client: UInt32, layer: LayerID)?
    /// Hosting's messages, to the committing client or others, sent after `events`.
    var foreignEvents: AddressedMessages = []

    init(nextImageUID: @escaping () -> UInt64, releaseTexture: @escaping (UInt64) -> Void) {
        self.nextImageUID = nextImageUID
        self.releaseTexture = releaseTexture
    }

    func node(_ id: LayerID, _ scene: ClientScene, _ op: @autoclosure () -> String) throws -> RenderNode {
        guard let n = scene.nodes[id] else { throw CommitError("\(op()): unknown layer id \(id)") }
        return n
    }

    /// Where an operation is in its commit, for messages: "operation 3". Formatted only when a message
    /// is made (for each of 100,000 operations it would cost more than applying them).
    struct Place: CustomStringConvertible {
        let index: Int
        var description: String { "operation \(index)" }
    }

    /// The commit being applied: its scene, its descriptors, and what its operations share.
    struct Applying {
        let scene: ClientScene
        let mappings: [CountedMapping]
        let transactionID: UInt64
        /// Descriptors an image or buffer was defined from: its copy-on-write mapping is that one's own.
        var claimed: Set<Int> = []
        /// Buffers this commit read pixels from: each is released to the client once the commit is applied.
        var usedBuffers: [BufferID] = []
        /// Layers this commit queued drawable frames for (`Compositor.latchDrawables` shows them).
        var queuedDrawables: [RenderNode] = []
        var addedAnimations: [AnimationRef] = []
        var usage: ClientUsage { scene.usage }

        /// Descriptor `index` for `op`; one an image or buffer of this commit claimed already, or (unless
        /// `reusable`) one the client could still write, is refused.
        func mapping(_ index: UInt16, _ op: @autoclosure () -> String, reusable: Bool = false) throws -> CountedMapping {
            guard Int(index) < mappings.count else {
                throw CommitError("\(op()): fd index \(index) but \(mappings.count) descriptors arrived")
            }
            guard !claimed.contains(Int(index)) else {
                throw CommitError("\(op()): fd index \(index) already defines an image or a buffer in this commit")
            }
            let m = mappings[Int(index)]
            // Pixels the client could still change must not become an image's: those come sealed against writing.
            guard reusable || !m.buffer.isReusable else {
                throw CommitError("\(op()): fd index \(index) is a memfd not sealed against writing (only defineBuffer takes one)")
            }
            return m
        }
    }

    /// Applies `commit`, whose descriptors arrived mapped as `mappings` (in order): each operation by its
    /// handler (+Layers, +Images, +Animations), then the buffers it read are released and its completion
    /// is reported or left pending on its animations.
    mutating func apply(_ commit: Commit, mappings: [CountedMapping], to scene: ClientScene) throws {
        var c = Applying(scene: scene, mappings: mappings, transactionID: commit.transactionID)
        for (index, op) in commit.operations.enumerated() {
            try apply(op, at: Place(index: index), in: &c)
        }
        // The pixels are copied: the client may fill these buffers again.
        events.append(contentsOf: c.usedBuffers.map { .bufferReleased($0) })
        queuedDrawables = c.queuedDrawables
        if commit.wantsCompletion {
            // Animations already gone again (replaced in the same commit) count as finished.
            let outstanding = Set(c.addedAnimations.filter { ref in
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

    private mutating func apply(_ op: LayerOperation, at w: Place, in c: inout Applying) throws {
        switch op {
        case let .createLayer(id, kind): try createLayer(id, kind: kind, at: w, in: c)
        case .releaseLayer(let id): try releaseLayer(id, at: w, in: c)
        case let .setProperty(id, property, value): try setProperty(id, property, value, at: w, in: c)
        case let .insertSublayer(parentID, childID, index): try insertSublayer(childID, under: parentID, at: index, place: w, in: c)
        case .removeFromSuperlayer(let id): try node(id, c.scene, "\(w) removeFromSuperlayer").removeFromParent()
        case let .setMask(id, maskID): try setMask(maskID, of: id, at: w, in: c)
        case .attachRoot(let id): try attachRoot(id, at: w, in: c)
        case .detachRoot(let id):
            let n = try node(id, c.scene, "\(w) detachRoot")
            if n.links.isRoot { c.scene.roots.remove(n); n.links.isRoot = false }
            // A root a shell hosted: detached, it leaves its context waiting (the app took it off screen).
            if let context = n.links.exportedAs, context.ofRoot { contextLayerGone(n, context) }
        case let .setRootOutput(id, output): try node(id, c.scene, "\(w) setRootOutput").links.output = output
        case let .defineImage(id, width, height, fdIndex, format):
            try defineImage(id, width: width, height: height, fdIndex: fdIndex, format: format, at: w, in: &c)
        case let .updateImage(id, x, y, width, height, fdIndex): try updateImage(id, x: x, y: y, width: width, height: height, fdIndex: fdIndex, at: w, in: c)
        case let .defineBuffer(id, fdIndex): try defineBuffer(id, fdIndex: fdIndex, at: w, in: &c)
        case let .updateImageFromBuffer(id, x, y, width, height, bufferID, offset):
            try updateImage(id, x: x, y: y, width: width, height: height, from: bufferID, offset: offset, at: w, in: &c)
        case .releaseBuffer(let id):
            guard c.scene.buffers.removeValue(forKey: id) != nil else { throw CommitError("\(w) releaseBuffer: unknown buffer id \(id)") }
        case let .presentDrawable(id, bufferID, width, height, format, presentAt):
            try presentDrawable(bufferID, width: width, height: height, format: format, presentAt: presentAt, to: id, at: w, in: &c)
        case .discardDrawables(let id): try discardDrawables(of: id, at: w, in: c)
        case let .invalidateTiles(id, rect, generation): try invalidateTiles(id, rect: rect, generation: generation, at: w, in: c)
        case let .deliverTile(id, key, generation, width, height, source):
            try deliverTile(id, key, generation: generation, width: width, height: height, source: source, at: w, in: &c)
        case .releaseImage(let id): try releaseImage(id, at: w, in: c)
        case let .setContents(layerID, imageID): try setContents(imageID, of: layerID, at: w, in: c)
        case let .addAnimation(id, key, spec): try addAnimation(spec, key: key, to: id, at: w, in: &c)
        case let .removeAnimation(id, key):
            let n = try node(id, c.scene, "\(w) removeAnimation")
            if n.detachAnimation(key: key) { stopped(n, key: key, finished: false, scene: c.scene) }
        case let .setContextLayer(token, layer): try setContextLayer(token, layer: layer, at: w, in: c)
        case .revokeContext(let token): try revokeContext(token, at: w, in: c)
        case let .hostContext(layer, token, replayed): try hostContext(token, on: layer, replayed: replayed, at: w, in: c)
        case .focusHosted(let layer): try focusHosted(layer, at: w, in: c)
        }
    }

    mutating func stopAll(_ n: RenderNode, scene: ClientScene) {
        let keys = n.animations.map(\.key)
        n.detachAnimations { _ in true }
        for key in keys { stopped(n, key: key, finished: false, scene: scene) }
    }

    mutating func stopped(_ n: RenderNode, key: String, finished: Bool, scene: ClientScene) {
        events.append(contentsOf: AnimationLifecycle.stop(node: n, key: key, finished: finished, scene: scene))
    }
}
