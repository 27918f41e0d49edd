import Foundation
import StrataCore
import StrataProtocol

/// A commit's operations on layers: creating and releasing them, their properties, the tree (sublayers,
/// masks, roots), each checked against the layer's kind, the tree's rules and the client's quotas.
extension TransactionApplier {
    func createLayer(_ id: LayerID, kind: LayerKind, at w: Place, in c: Applying) throws {
        guard c.scene.nodes[id] == nil else { throw CommitError("\(w) createLayer: layer id \(id) already exists") }
        guard c.scene.nodes.count + c.usage.copiedLayers < quotas.layers else {
            throw QuotaExceeded(key: "client-max-layers", limit: quotas.layers,
                                detail: "\(w) createLayer \(id), with \(c.usage.copiedLayers) held by transitions' copies")
        }
        let n = RenderNode(id: id, kind: kind, scene: c.scene)
        c.scene.nodes[id] = n
        if let state = n.content.makeState() {
            n.kindState = state
            n.refreshActivity()
        }
    }

    mutating func releaseLayer(_ id: LayerID, at w: Place, in c: Applying) throws {
        let scene = c.scene
        let n = try node(id, scene, "\(w) releaseLayer")
        stopAll(n, scene: scene)
        let sources = n.transitionSources.values.flatMap { $0.old?.subtreeImages ?? [] }
        let shown = n.contents
        let kindImages = n.kindState?.release(scene: scene) ?? []
        if n.links.isRoot { scene.roots.remove(n); n.links.isRoot = false }
        releaseHosting(of: n)
        n.unlinkForRelease()
        scene.nodes[id] = nil
        // Images only a transition's old appearance, or this layer, still showed.
        for image in sources + [shown].compactMap({ $0 }) + kindImages where !scene.holds(image) {
            releaseTexture(image.texture.id)
        }
    }

    func setProperty(_ id: LayerID, _ property: LayerProperty, _ value: AnimatableValue, at w: Place, in c: Applying) throws {
        let n = try node(id, c.scene, "\(w) setProperty")
        guard property.isCarried(by: n.kind) else {
            throw CommitError("\(w) setProperty: layer \(id) is a \(n.kind.className), which has no \(property.name)")
        }
        guard property.travelsAsProperty else {
            throw CommitError("\(w) setProperty: \(property.name) of layer \(id) is set by setContents (an image the client defines), not as a value")
        }
        let growth = n.valueBytesChange(property, to: value)
        if growth > 0, c.usage.modelBytes + growth > quotas.modelBytes {
            throw QuotaExceeded(key: "client-model-bytes", limit: quotas.modelBytes,
                                detail: "\(w) setProperty \(property.name) of layer \(id) needs \(growth) more bytes, \(c.usage.modelBytes) held")
        }
        if let state = n.kindState {
            // What the kind keeps (an emitter's particles and cell images) takes the value first.
            let dropped = try state.willSet(property, to: value, on: n, scene: c.scene, quotas: quotas,
                                            what: "\(w) setProperty \(property.name) of layer \(id)")
            for image in dropped where !c.scene.holds(image) { releaseTexture(image.texture.id) }
        }
        n.setModel(property, value)
    }

    func insertSublayer(_ childID: LayerID, under parentID: LayerID, at index: UInt32, place w: Place, in c: Applying) throws {
        let parent = try node(parentID, c.scene, "\(w) insertSublayer")
        let child = try node(childID, c.scene, "\(w) insertSublayer")
        if let problem = parent.linkProblem(adding: child) {
            throw CommitError("\(w) insertSublayer: \(childID) under \(parentID): \(problem)")
        }
        if child.links.isRoot { throw CommitError("\(w) insertSublayer: layer \(childID) is attached as a root") }
        if child.links.masking != nil { throw CommitError("\(w) insertSublayer: layer \(childID) is another layer's mask") }
        if child.links.exportedAs != nil { throw CommitError("\(w) insertSublayer: layer \(childID) is the layer of a context (it is shown by a host layer)") }
        let count = parent.links.sublayers.count - (child.links.parent === parent ? 1 : 0)
        guard Int(index) <= count else {
            throw CommitError("\(w) insertSublayer: index \(index) beyond \(count) sublayers")
        }
        parent.insert(child, at: Int(index))
    }

    func setMask(_ maskID: LayerID, of id: LayerID, at w: Place, in c: Applying) throws {
        let n = try node(id, c.scene, "\(w) setMask")
        n.setMask(nil)
        guard maskID != 0 else { return }
        let m = try node(maskID, c.scene, "\(w) setMask")
        guard m.links.parent == nil, !m.links.isRoot, m.links.masking == nil, m.links.exportedAs == nil else {
            throw CommitError("\(w) setMask: layer \(maskID) cannot mask \(id) (it has a superlayer, is a root, masks another layer or is a context's layer)")
        }
        if let problem = n.linkProblem(adding: m) {
            throw CommitError("\(w) setMask: \(maskID) as the mask of \(id): \(problem)")
        }
        n.setMask(m)
    }

    func attachRoot(_ id: LayerID, at w: Place, in c: Applying) throws {
        let n = try node(id, c.scene, "\(w) attachRoot")
        if n.links.isRoot { return }
        guard n.links.parent == nil, n.links.masking == nil, n.links.exportedAs == nil else {
            throw CommitError("\(w) attachRoot: layer \(id) has a superlayer, masks another layer or is a context's layer")
        }
        if !n.links.isRoot { n.links.isRoot = true; c.scene.roots.insert(n, at: c.scene.roots.count) }
    }
}
