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
final class RenderNode {
    let id: LayerID
    var model = LayerModel()
    /// Recomputed in place each frame (no per-frame allocation of presentation copies).
    var presentation = LayerModel()
    var contents: ServerImage?
    var animations: [AttachedAnimation] = []
    /// Keys whose start has been reported.
    var startedKeys: Set<String> = []
    /// Keys whose end has been reported (animations kept after completion by isRemovedOnCompletion = false).
    var finishedKeys: Set<String> = []
    /// Transaction that added each animation, for completion tracking.
    var animationTransaction: [String: UInt64] = [:]
    weak var parent: RenderNode?
    var sublayers: [RenderNode] = []
    var isRoot = false
    /// A CATransformLayer: sublayers are drawn in its 3D space, depth-sorted, and it draws nothing itself.
    var isTransformLayer = false
    /// The layer whose subtree's alpha masks this one (in this layer's coordinates), and the layer this
    /// one masks.
    var mask: RenderNode?
    weak var masking: RenderNode?
    /// The frame in which this node was last evaluated as part of an attached tree, and the output that
    /// frame was for ("" for `Compositor.advance`).
    var evaluatedFrame: UInt64 = 0
    var evaluatedOutput = ""
    /// For a root: the output it shows on ("": the primary output).
    var output = ""
    /// The old appearance of each transition attached to this node (by animation key): a frozen copy of
    /// the subtree as it was on screen before the commit that added it; nil when it wasn't there.
    var transitionSources: [String: TransitionSource] = [:]
    /// The transition drawing this node in the current frame (set by evaluation).
    var activeTransition: (key: String, transition: Transition, progress: Double)?

    /// The time spaces from global media time down to this node (its ancestors' and its own timing).
    var timeSpace: TimeSpace {
        var chain: [LayerTiming] = []
        var n: RenderNode? = self
        while let c = n { chain.append(c.model.timing); n = c.parent }
        return TimeSpace(chain: chain.reversed())
    }

    init(id: LayerID) { self.id = id }

    var isAncestorOrSelf: (RenderNode) -> Bool {
        { [unowned self] other in
            var n: RenderNode? = other
            while let c = n { if c === self { return true }; n = c.parent }
            return false
        }
    }

    /// A detached copy of this subtree as presented now: presentation values become the model, contents
    /// are shared, animations and transitions are left behind.
    func frozenCopy() -> RenderNode {
        let copy = RenderNode(id: id)
        copy.isTransformLayer = isTransformLayer
        copy.model = presentation
        copy.presentation = presentation
        copy.contents = contents
        copy.sublayers = sublayers.map { sub in
            let s = sub.frozenCopy()
            s.parent = copy
            return s
        }
        copy.mask = mask?.frozenCopy()
        return copy
    }

    /// Every image this subtree shows.
    var subtreeImages: [ServerImage] {
        (contents.map { [$0] } ?? []) + sublayers.flatMap(\.subtreeImages) + (mask?.subtreeImages ?? [])
    }

    func removeFromParent() {
        if let p = parent { p.sublayers.removeAll { $0 === self } }
        parent = nil
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
