import Foundation
import StrataCore
import StrataProtocol
import StrataRender

/// Pixels a client shared through a memfd, kept mapped while any layer may show them.
final class ServerImage {
    let buffer: SharedPixelBuffer
    let texture: TextureImage

    init(buffer: SharedPixelBuffer, width: Int, height: Int, uniqueID: UInt64) {
        self.buffer = buffer
        self.texture = TextureImage(id: uniqueID, width: width, height: height, pixels: UnsafeRawPointer(buffer.base), owner: buffer)
    }

    /// Copies a rectangle of new pixels (rows of width·4 bytes) into the server's copy of the image;
    /// the caller has checked that the rectangle lies inside it and that `source` holds it.
    func write(_ source: UnsafeRawPointer, x: Int, y: Int, width: Int, height: Int) {
        let stride = texture.width * 4
        for row in 0..<height {
            (buffer.base + (y + row) * stride + x * 4).copyMemory(from: source + row * width * 4, byteCount: width * 4)
        }
    }
}

/// One layer in the server's retained render tree.
///
/// Only layers that animate are evaluated each frame: a node is *active* while it has animations or a
/// transition's old appearance, and `activeInSubtree` counts the active nodes in its subtree (its mask's
/// included), so evaluation walks only the branches that lead to them. Every other node's presentation
/// is its model, kept so as the model changes. The links (sublayers, parent, mask) change only through
/// the methods below, which keep the counts.
final class RenderNode {
    let id: LayerID
    let kind: LayerKind
    /// How this node's kind draws (Kinds/): found once, from the kind.
    let content: any LayerKindContent
    var model: LayerModel
    /// Recomputed in place each frame while the node is active; the model otherwise.
    var presentation: LayerModel
    var contents: ServerImage?
    var animations: [AttachedAnimation] = [] { didSet { refreshActivity() } }
    /// Keys whose start has been reported.
    var startedKeys: Set<String> = []
    /// Keys whose end has been reported (animations kept after completion by isRemovedOnCompletion = false).
    var finishedKeys: Set<String> = []
    /// Transaction that added each animation, for completion tracking.
    var animationTransaction: [String: UInt64] = [:]
    private(set) weak var parent: RenderNode?
    private(set) var sublayers: [RenderNode] = []
    var isRoot = false
    /// The layer whose subtree's alpha masks this one (in this layer's coordinates), and the layer this
    /// one masks.
    private(set) var mask: RenderNode?
    private(set) weak var masking: RenderNode?
    /// The frame in which this node was last evaluated as part of an attached tree, and the output that
    /// frame was for ("" for `Compositor.advance`).
    var evaluatedFrame: UInt64 = 0
    var evaluatedOutput = ""
    /// For a root: the output it shows on ("": the primary output).
    var output = ""
    /// The old appearance of each transition attached to this node (by animation key): a frozen copy of
    /// the subtree as it was on screen before the commit that added it; nil when it wasn't there.
    var transitionSources: [String: TransitionSource] = [:] { didSet { refreshActivity() } }
    /// The transition drawing this node in the current frame (set by evaluation).
    var activeTransition: (key: String, transition: Transition, progress: Double)?
    /// Whether this node has animations or transition sources, and how many such nodes its subtree holds.
    private(set) var isActive = false
    private(set) var activeInSubtree = 0
    /// The scene whose `activeNodes` lists this node while it is active (nil for frozen copies).
    private weak var scene: ClientScene?
    /// The local time of this node's animations in the frame being evaluated (nil: inactive time).
    var localTime: Double?

    /// The time spaces from global media time down to this node (its ancestors' and its own timing).
    var timeSpace: TimeSpace {
        var chain: [LayerTiming] = []
        var n: RenderNode? = self
        while let c = n { chain.append(c.model.timing); n = c.parent }
        return TimeSpace(chain: chain.reversed())
    }

    init(id: LayerID, kind: LayerKind = .layer, scene: ClientScene? = nil) {
        self.id = id
        self.kind = kind
        content = KindContents.content(for: kind)
        model = LayerModel(kind: kind)
        presentation = model
        self.scene = scene
    }

    var isAncestorOrSelf: (RenderNode) -> Bool {
        { [unowned self] other in
            var n: RenderNode? = other
            while let c = n { if c === self { return true }; n = c.parent }
            return false
        }
    }

    /// Sets a model value; an inactive node's presentation follows at once.
    func setModel(_ property: LayerProperty, _ value: AnimatableValue) {
        model[property] = value
        if !isActive { presentation = model }
    }

    /// Inserts `child` (detached from any parent first) at `index`.
    func insert(_ child: RenderNode, at index: Int) {
        child.removeFromParent()
        sublayers.insert(child, at: index)
        child.parent = self
        if child.activeInSubtree > 0 { adjustActive(by: child.activeInSubtree) }
    }

    func removeFromParent() {
        guard let p = parent else { return }
        if activeInSubtree > 0 { p.adjustActive(by: -activeInSubtree) }
        p.sublayers.removeAll { $0 === self }
        parent = nil
    }

    /// Makes `m` this node's mask (nil removes the mask).
    func setMask(_ m: RenderNode?) {
        if let old = mask {
            if old.activeInSubtree > 0 { adjustActive(by: -old.activeInSubtree) }
            old.masking = nil
        }
        mask = m
        if let m {
            m.masking = self
            if m.activeInSubtree > 0 { adjustActive(by: m.activeInSubtree) }
        }
    }

    /// Unlinks a node being released: from its parent, its mask, the layer it masks and its sublayers
    /// (which become detached layers of the client).
    func unlinkForRelease() {
        animations.removeAll()
        transitionSources.removeAll()
        removeFromParent()
        masking?.setMask(nil)
        setMask(nil)
        for child in sublayers { child.parent = nil }
        sublayers.removeAll()
    }

    private func refreshActivity() {
        let now = !animations.isEmpty || !transitionSources.isEmpty
        guard now != isActive else { return }
        isActive = now
        scene?.activeNodes[ObjectIdentifier(self)] = now ? self : nil
        adjustActive(by: now ? 1 : -1)
        if !now {
            presentation = model
            activeTransition = nil
            localTime = nil
        }
    }

    /// Adds `delta` to the active count of this node and every node above it (a mask counts into the
    /// layer it masks, whose time it runs in).
    private func adjustActive(by delta: Int) {
        var n: RenderNode? = self
        while let c = n {
            c.activeInSubtree += delta
            n = c.parent ?? c.masking
        }
    }

    /// A detached copy of this subtree as presented now: presentation values become the model, contents
    /// are shared, animations and transitions are left behind.
    func frozenCopy() -> RenderNode {
        let copy = RenderNode(id: id, kind: kind)
        copy.model = presentation
        copy.presentation = presentation
        copy.contents = contents
        for sub in sublayers { copy.insert(sub.frozenCopy(), at: copy.sublayers.count) }
        copy.setMask(mask?.frozenCopy())
        return copy
    }

    /// Every image this subtree shows.
    var subtreeImages: [ServerImage] {
        (contents.map { [$0] } ?? []) + sublayers.flatMap(\.subtreeImages) + (mask?.subtreeImages ?? [])
    }
}

/// A transition's old appearance (nil: the layer was not on screen, so nothing old is drawn).
struct TransitionSource {
    let old: RenderNode?
}

/// Everything one client has committed: its layers, images, roots and outstanding completions.
final class ClientScene {
    let clientID: UInt32
    var nodes: [LayerID: RenderNode] = [:]
    /// The nodes with animations or transition sources (see `RenderNode.isActive`).
    var activeNodes: [ObjectIdentifier: RenderNode] = [:]
    var images: [ImageID: ServerImage] = [:]
    var roots: [RenderNode] = []
    /// Transactions waiting for their animations: transaction id → outstanding "layer/key" references.
    var pendingCompletions: [UInt64: Set<AnimationRef>] = [:]

    init(clientID: UInt32) { self.clientID = clientID }

    /// Whether the client still defines `image` or a layer shows it (its texture must stay).
    func holds(_ image: ServerImage) -> Bool {
        images.values.contains { $0 === image } || nodes.values.contains { $0.contents === image }
    }
}

struct AnimationRef: Hashable {
    let layer: LayerID
    let key: String
}
