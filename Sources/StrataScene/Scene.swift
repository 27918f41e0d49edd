import Foundation
import StrataCore
import StrataProtocol
import StrataPNG

/// A parsed scene file (format version 1, docs/scene-format.md): a layer tree with Core Animation
/// property names, key-path setters and animations whose beginTime is relative to the commit.
public struct Scene {
    public struct Layer {
        /// The id as written in the file (string or integer), and the numeric id used on the wire.
        public let id: String
        public let wireID: UInt64
        public var model: LayerModel
        public var contents: RGBAImage?
        /// The file `contents` was read from, as the scene names it.
        public var contentsFile: String?
        /// Animations with beginTime relative to scene time 0.
        public var animations: [AttachedAnimation]
        public var sublayers: [Layer]
        /// The layer's class (`"class": "shape"`; `"transformLayer": true` is a transform layer).
        public var kind: LayerKind = .layer
        /// The layer's mask (`"mask": LAYER`): none or one layer, in this layer's coordinates and time.
        public var mask: [Layer] = []
        /// An emitter's cells' contents, by the image id its cells name (`EmitterCellModel.contentsImage`).
        public var cellImages: [(id: UInt64, image: RGBAImage)] = []
        /// A host layer's context (`"contextToken"`): another app's tree a running server shows under it.
        public var contextToken: ContextToken?
    }

    /// An image a `contents` animation names: its id on the wire, its file as the scene names it, and its pixels.
    public struct NamedImage {
        public let id: UInt64
        public let file: String
        let path: String
        public let image: RGBAImage
    }

    public static let formatVersion = 1
    /// The frame's size in pixels.
    public var size: (width: Int, height: Int)?
    /// The screen's pixels per layer point (a 2× screen is 2): layers are drawn that much larger, and text
    /// layers make their glyphs at their contentsScale relative to it, as on a Retina screen.
    public var scale: CGFloat = 1
    public var background: Color
    public var layers: [Layer]
    /// The images `contents` animations name (defined before any layer; a layer's own contents image has the
    /// layer's wire id).
    public var animationImages: [NamedImage] = []
    /// Scheduled model changes (implicit animations), in file order.
    public var changes: [SceneChange] = []

    /// Layers by id, depth first.
    public var allLayers: [Layer] {
        var out: [Layer] = []
        func walk(_ l: Layer) { out.append(l); l.sublayers.forEach(walk); l.mask.forEach(walk) }
        layers.forEach(walk)
        return out
    }

    public func layer(id: String) -> Layer? { allLayers.first { $0.id == id } }

    /// A sampled value's JSON (`strata sample`): as `SceneValues.json`, with images named by their files.
    public func json(_ v: AnimatableValue, keyPath: String) -> Any {
        guard case .image(let c) = v else { return SceneValues.json(v, keyPath: keyPath) }
        return SceneValues.imageJSON(c) { id -> Any in imageFile(id).map { $0 as Any } ?? Double(id) }
    }

    /// The file an image id was read from, as the scene names it: a layer's contents or an animation's image.
    public func imageFile(_ id: UInt64) -> String? {
        animationImages.first { $0.id == id }?.file ?? allLayers.first { $0.wireID == id && $0.contents != nil }?.contentsFile
    }

    /// Presentation value of `keyPath` on layer `id` at scene time `t`: the layer's model and animations
    /// after the changes up to `t`, evaluated at the layer's local time (its ancestors' and its own
    /// beginTime/speed/timeOffset applied to `t`) with the core-model code the server uses.
    /// `instance`: which copy of the nearest replicator above the layer to sample (0, the original, by
    /// default): copy k sees the layer's animations k × that replicator's instanceDelay later.
    public func sample(layer id: String, keyPath: String, at t: Double, instance: Int = 0) throws -> AnimatableValue {
        let states = states(at: t)
        guard let state = states[id] else { throw SceneError("no layer with id \"\(id)\" in the scene") }
        let kp: LayerKeyPath
        do { kp = try LayerKeyPath(parsing: keyPath) } catch { throw SceneError("\(error)") }
        guard kp.property.isCarried(by: state.model.kind) else {
            throw SceneError("layer \"\(id)\" is a \(state.model.kind.className), which has no \(kp.property.name)")
        }
        // An inactive layer time (outside a cycling layer's active interval, no fill) shows the model.
        guard let local = try localTime(of: id, at: t, instance: instance, states: states) else { return state.model[kp] }
        var animations = state.animations
        if instance != 0 {
            // An animation removed on completion leaves the layer, and so every copy, when the original's
            // run ends, as the server detaches it: a delayed copy still running then shows the model.
            let original = try localTime(of: id, at: t, instance: 0, states: states)
            animations.removeAll { a in a.spec.isRemovedOnCompletion && original.map { a.timing.phase(at: $0) == .after } == true }
        }
        return Presentation.apply(animations, to: state.model, at: local)[kp]
    }

    /// The local time of layer `id`'s animations at scene time `t`, as copy `instance` of the nearest
    /// replicator above it shows it; nil when its time is inactive.
    func localTime(of id: String, at t: Double, instance: Int, states: [String: LayerState]) throws -> Double? {
        let parents = self.parents
        var chain: [String] = []
        var current: String? = id
        while let c = current { chain.insert(c, at: 0); current = parents[c] }
        let timings = chain.map { states[$0]?.model.timing ?? LayerTiming() }
        guard instance != 0 else { return TimeSpace(chain: timings).activeLocal(fromGlobal: t) }
        // The copies of the nearest replicator above (not the layer itself) shift its sublayers' time.
        guard let r = chain.dropLast().lastIndex(where: { states[$0]?.model.kind == .replicator }), let replicator = states[chain[r]] else {
            throw SceneError("layer \"\(id)\" is inside no replicator: there is no copy \(instance)")
        }
        let count = Int(replicator.model.replicator.instanceCount)
        guard instance >= 0, instance < count else {
            throw SceneError("replicator \"\(chain[r])\" draws \(count) copies: there is no copy \(instance)")
        }
        guard let above = TimeSpace(chain: Array(timings[...r])).activeLocal(fromGlobal: t) else { return nil }
        let delayed = above - Double(replicator.model.replicator.instanceDelay) * Double(instance)
        return TimeSpace(chain: Array(timings[(r + 1)...])).activeLocal(fromGlobal: delayed)
    }
}
