import Foundation
import StrataCore
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
        /// Animations with beginTime relative to scene time 0.
        public var animations: [AttachedAnimation]
        public var sublayers: [Layer]
        /// The layer's class (`"class": "shape"`; `"transformLayer": true` is a transform layer).
        public var kind: LayerKind = .layer
        /// The layer's mask (`"mask": LAYER`): none or one layer, in this layer's coordinates and time.
        public var mask: [Layer] = []
    }

    public static let formatVersion = 1
    public var size: (width: Int, height: Int)?
    public var background: Color
    public var layers: [Layer]
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

    /// Presentation value of `keyPath` on layer `id` at scene time `t`: the layer's model and animations
    /// after the changes up to `t`, evaluated at the layer's local time (its ancestors' and its own
    /// beginTime/speed/timeOffset applied to `t`) with the core-model code the server uses.
    public func sample(layer id: String, keyPath: String, at t: Double) throws -> AnimatableValue {
        let states = states(at: t)
        guard let state = states[id] else { throw SceneError("no layer with id \"\(id)\" in the scene") }
        let kp: LayerKeyPath
        do { kp = try LayerKeyPath(parsing: keyPath) } catch { throw SceneError("\(error)") }
        // An inactive layer time (outside a cycling layer's active interval, no fill) shows the model.
        guard let local = Self.timeSpace(of: id, parents: parents, states: states).activeLocal(fromGlobal: t) else {
            return state.model[kp]
        }
        return Presentation.apply(state.animations, to: state.model, at: local)[kp]
    }
}
