import StrataCore
import StrataProtocol

/// The fuzz client's idea of its own session on the server: which layers and images exist and how the
/// layers hang together, kept by applying each generated operation as the server would. It lets the
/// generator choose ids and shapes the server accepts (or, on purpose, ones it must refuse). After the
/// server ends the session, the client starts over with an empty model.
public struct SessionModel {
    public struct Layer {
        public var kind: LayerKind
        public var parent: LayerID?
        public var children: [LayerID] = []
        public var mask: LayerID?
        /// The layer this one masks.
        public var masking: LayerID?
        public var isRoot = false
        public var animationKeys: [String] = []
        /// The layer of one of the client's contexts: never a sublayer, root or mask while it is.
        public var isContextLayer = false
    }

    /// The layer each of the client's contexts shows.
    public private(set) var contextLayers: [ContextToken: LayerID] = [:]

    public struct Image {
        public var width: UInt32
        public var height: UInt32
        /// Set when its pixels came in an unsealed memfd the client may shrink later.
        public var unsealedSlot: Int?
    }

    public private(set) var layers: [LayerID: Layer] = [:]
    public private(set) var images: [ImageID: Image] = [:]
    public private(set) var layerIDs: [LayerID] = []
    /// Where each layer id sits in `layerIDs` (removal by swapping with the last, in O(1)).
    private var slot: [LayerID: Int] = [:]
    public private(set) var imageIDs: [ImageID] = []
    /// Reusable pixel buffers defined (`defineBuffer`), with their sizes in bytes.
    public private(set) var buffers: [BufferID: Int] = [:]
    /// Buffers a `presentDrawable` named: the server holds each until its commit is applied, so the client
    /// presents a buffer once (a second present may come before the release and break the session).
    public private(set) var presentedBuffers: Set<BufferID> = []
    /// Sizes of the reusable buffers a commit being built sends, by descriptor index (set by the generator).
    public var bufferSizes: [Int: Int] = [:]
    public private(set) var roots: [LayerID] = []
    private var nextID: UInt64 = 1

    public init() {}

    public var layerCount: Int { layers.count }

    public mutating func freshID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
    }

    /// The layer's container: its superlayer, or the layer it masks (the server walks both when it looks
    /// for ancestors and when it evaluates).
    public func container(_ id: LayerID) -> LayerID? { layers[id].flatMap { $0.parent ?? $0.masking } }

    /// Whether `a` is `b` or contains it through sublayers and masks.
    public func isAncestorOrSelf(_ a: LayerID, of b: LayerID) -> Bool {
        var n: LayerID? = b
        var steps = 0
        while let c = n, steps <= layers.count {
            if c == a { return true }
            n = container(c)
            steps += 1
        }
        return false
    }

    /// Depth of `id` below its topmost container.
    public func depth(_ id: LayerID) -> Int {
        var d = 0
        var n = container(id)
        while let c = n, d <= layers.count { d += 1; n = container(c) }
        return d
    }

    /// Whether the server would accept `op` as the next operation (the rules of docs/protocol.md 5.1).
    public func accepts(_ op: LayerOperation) -> Bool {
        switch op {
        case let .createLayer(id, _): return layers[id] == nil
        case .releaseLayer(let id), .removeFromSuperlayer(let id), .detachRoot(let id), .setRootOutput(let id, _), .discardDrawables(let id),
             .removeAnimation(let id, _), .setProperty(let id, _, _):
            // The wire refuses non-finite numbers and values outside the property's rule while decoding.
            if case let .setProperty(_, p, v) = op, let l = layers[id] {
                // `contents` is set by setContents, never as a value.
                return p.isCarried(by: l.kind) && p.travelsAsProperty && v.isFinite && p.rangeError(v) == nil
            }
            return layers[id] != nil
        case let .insertSublayer(parent, child, index):
            guard let p = layers[parent], let c = layers[child] else { return false }
            let count = p.children.count - (c.parent == parent ? 1 : 0)
            return !isAncestorOrSelf(child, of: parent) && !c.isRoot && c.masking == nil && !c.isContextLayer && Int(index) <= count
        case let .defineImage(id, w, h, _, _):
            return images[id] == nil && (1...UInt32(WireFormat.maxImageSide)).contains(w) && (1...UInt32(WireFormat.maxImageSide)).contains(h)
        case let .updateImage(id, x, y, w, h, _):
            guard let i = images[id] else { return false }
            return w > 0 && h > 0 && UInt64(x) + UInt64(w) <= UInt64(i.width) && UInt64(y) + UInt64(h) <= UInt64(i.height)
        case .releaseImage(let id): return images[id] != nil
        case let .setContents(id, image): return layers[id] != nil && (image == 0 || images[image] != nil)
        case let .setMask(id, mask):
            guard layers[id] != nil else { return false }
            guard mask != 0 else { return true }
            guard let m = layers[mask] else { return false }
            return mask != id && m.parent == nil && !m.isRoot && !m.isContextLayer && (m.masking == nil || m.masking == id) && !isAncestorOrSelf(mask, of: id)
        case let .addAnimation(id, _, spec):
            guard let l = layers[id] else { return false }
            // A `contents` animation names images the client defines.
            return spec.keyPaths.allSatisfy { $0.property.isCarried(by: l.kind) } && spec.contentsImages.allSatisfy { images[$0] != nil }
        case .attachRoot(let id): return layers[id].map { $0.parent == nil && !$0.isContextLayer } ?? false
        case .defineBuffer(let id, _): return buffers[id] == nil && buffers.count < WireFormat.maxBuffers
        case .releaseBuffer(let id): return buffers[id] != nil
        case let .updateImageFromBuffer(id, x, y, w, h, buffer, offset):
            guard let i = images[id], let size = buffers[buffer] else { return false }
            return w > 0 && h > 0 && UInt64(x) + UInt64(w) <= UInt64(i.width) && UInt64(y) + UInt64(h) <= UInt64(i.height)
                && Int(offset) + Int(w) * Int(h) * 4 <= size
        case let .presentDrawable(id, buffer, w, h, format, _):
            guard layers[id] != nil, let size = buffers[buffer] else { return false }
            return (1...16384).contains(w) && (1...16384).contains(h) && format.byteCount(width: Int(w), height: Int(h)) <= size
        case let .invalidateTiles(id, _, _): return layers[id]?.kind == .tiled
        case let .deliverTile(id, _, _, w, h, source):
            // A tile the server did not ask for is dropped, not refused: only its form is checked.
            guard layers[id]?.kind == .tiled, (1...4096).contains(w), (1...4096).contains(h) else { return false }
            if case let .buffer(buffer, offset) = source { return buffers[buffer].map { Int(offset) + Int(w) * Int(h) * 4 <= $0 } ?? false }
            return true
        // The model holds no contexts: a token is never one of its own. Hosting a token it does not know is
        // refused by an event, the session kept.
        // Tokens are the client's (`FuzzClient+Hosting` sends only its own to these two).
        case let .setContextLayer(token, id):
            return id == 0 || contextLayers[token] == id || layers[id].map { $0.parent == nil && !$0.isRoot && $0.masking == nil && !$0.isContextLayer } ?? false
        case .revokeContext: return true
        case let .hostContext(id, _, _): return layers[id]?.kind == .host
        case .focusHosted(let id): return id == 0 || layers[id]?.kind == .host
        }
    }

    /// Applies `op` as the server would (call only for accepted operations, or after deciding to break the
    /// session: the model is then discarded anyway).
    public mutating func apply(_ op: LayerOperation, unsealedSlot: Int? = nil) {
        switch op {
        case let .createLayer(id, kind):
            layers[id] = Layer(kind: kind)
            slot[id] = layerIDs.count
            layerIDs.append(id)
        case .releaseLayer(let id):
            guard let l = layers[id] else { return }
            detach(id)
            if let owner = l.masking { layers[owner]?.mask = nil }
            if let m = l.mask { layers[m]?.masking = nil }
            for c in l.children { layers[c]?.parent = nil }
            if l.isRoot { roots.removeAll { $0 == id } }
            if l.isContextLayer { contextLayers = contextLayers.filter { $0.value != id } }
            layers[id] = nil
            if let i = slot.removeValue(forKey: id) {
                let last = layerIDs.removeLast()
                if i < layerIDs.count { layerIDs[i] = last; slot[last] = i }
            }
        case let .insertSublayer(parent, child, index):
            detach(child)
            guard let count = layers[parent]?.children.count else { return }
            // In place: copying the parent out would copy its sublayer list on every insert.
            layers[parent]?.children.insert(child, at: min(Int(index), count))
            layers[child]?.parent = parent
        case .removeFromSuperlayer(let id): detach(id)
        case let .defineImage(id, w, h, _, _):
            images[id] = Image(width: w, height: h, unsealedSlot: unsealedSlot)
            imageIDs.append(id)
        case .releaseImage(let id):
            images[id] = nil
            imageIDs.removeAll { $0 == id }
        case let .defineBuffer(id, fd): buffers[id] = bufferSizes[Int(fd)] ?? 0
        case .releaseBuffer(let id): buffers[id] = nil
        case .updateImageFromBuffer: break
        case let .presentDrawable(_, buffer, _, _, _, _): presentedBuffers.insert(buffer)
        case let .setMask(id, mask):
            if let old = layers[id]?.mask { layers[old]?.masking = nil }
            layers[id]?.mask = mask == 0 ? nil : mask
            if mask != 0 { layers[mask]?.masking = id }
        case let .addAnimation(id, key, _):
            if layers[id]?.animationKeys.contains(key) == false { layers[id]?.animationKeys.append(key) }
        case let .removeAnimation(id, key): layers[id]?.animationKeys.removeAll { $0 == key }
        case .attachRoot(let id):
            if layers[id]?.isRoot == false { layers[id]?.isRoot = true; roots.append(id) }
        case .detachRoot(let id):
            layers[id]?.isRoot = false
            roots.removeAll { $0 == id }
        case .setProperty, .setContents, .updateImage, .setRootOutput, .discardDrawables, .invalidateTiles, .deliverTile,
             .hostContext, .focusHosted: break
        case let .setContextLayer(token, id):
            if let old = contextLayers.removeValue(forKey: token) { layers[old]?.isContextLayer = false }
            if id != 0, layers[id] != nil { layers[id]?.isContextLayer = true; contextLayers[token] = id }
        case .revokeContext(let token):
            if let old = contextLayers.removeValue(forKey: token) { layers[old]?.isContextLayer = false }
        }
    }

    /// Removes every sublayer of `parent` in the model at once (the wide-parent family does this with one
    /// operation per child; walking the list per child would make the client quadratic too).
    public mutating func dropChildren(of parent: LayerID) {
        for c in layers[parent]?.children ?? [] { layers[c]?.parent = nil }
        layers[parent]?.children = []
    }

    private mutating func detach(_ id: LayerID) {
        guard let p = layers[id]?.parent else { return }
        layers[p]?.children.removeAll { $0 == id }
        layers[id]?.parent = nil
    }
}
