import Foundation
import StrataCore

/// A scheduled model change: at scene time `time`, set properties of one layer inside a transaction.
/// As in Core Animation, each changed animatable property gets the implicit animation from the value on
/// screen at that moment, unless `disableActions` is set.
public struct SceneChange {
    public var time: Double
    public var layer: String
    public var values: [(LayerKeyPath, AnimatableValue)]
    public var duration: Double?
    public var timingFunction: TimingFunction?
    public var disableActions: Bool
    /// A CATransition added with the change (under the key "transition"), its beginTime relative to the change.
    public var transition: AnimationSpec? = nil
}

/// A change with its effects worked out: whole property values set and implicit animations added
/// (beginTime in scene time).
public struct ResolvedChange {
    public var time: Double
    public var layerID: String
    public var wireID: UInt64
    public var sets: [(LayerProperty, AnimatableValue)]
    public var animations: [AttachedAnimation]
}

extension Scene {
    /// Model and animations of one layer after every change up to `time`.
    public struct LayerState {
        public var model: LayerModel
        public var animations: [AttachedAnimation]
    }

    /// Each layer's superlayer id (roots are absent).
    var parents: [String: String] {
        var out: [String: String] = [:]
        // A mask runs in the time of the layer it masks, as a sublayer does.
        func walk(_ l: Layer) { for c in l.sublayers + l.mask { out[c.id] = l.id; walk(c) } }
        layers.forEach(walk)
        return out
    }

    /// The time spaces from scene time down to layer `id`, from the given layer states.
    static func timeSpace(of id: String, parents: [String: String], states: [String: LayerState]) -> TimeSpace {
        var chain: [LayerTiming] = []
        var current: String? = id
        while let c = current {
            chain.append(states[c]?.model.timing ?? LayerTiming())
            current = parents[c]
        }
        return TimeSpace(chain: chain.reversed())
    }

    /// Applies changes in time order (file order for equal times), computing each implicit animation's
    /// fromValue as the presentation value at the moment of the change, and its beginTime in the layer's
    /// own time space.
    public func resolvedChanges() -> [ResolvedChange] {
        var states = Dictionary(uniqueKeysWithValues: allLayers.map { ($0.id, LayerState(model: $0.model, animations: $0.animations)) })
        let wire = Dictionary(uniqueKeysWithValues: allLayers.map { ($0.id, $0.wireID) })
        let parents = self.parents
        var out: [ResolvedChange] = []
        for change in changes.enumerated().sorted(by: { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }).map(\.element) {
            guard var state = states[change.layer], let wireID = wire[change.layer] else { continue }
            let space = Self.timeSpace(of: change.layer, parents: parents, states: states)
            let local = space.local(fromGlobal: change.time)
            let onScreen = space.activeLocal(fromGlobal: change.time).map {
                Presentation.apply(state.animations, to: state.model, at: $0)
            } ?? state.model
            var resolved = ResolvedChange(time: change.time, layerID: change.layer, wireID: wireID, sets: [], animations: [])
            for (kp, value) in change.values {
                let property = kp.property
                let whole = kp.set(value, in: state.model[property])
                let changed = whole != state.model[property]
                state.model[property] = whole
                resolved.sets.append((property, whole))
                guard changed, !change.disableActions, ImplicitAction.animates(property, from: onScreen[property], to: whole) else { continue }
                let action = ImplicitAction.animation(for: property, from: onScreen[property],
                                                      duration: change.duration ?? MediaTiming.defaultDuration,
                                                      timingFunction: change.timingFunction, beginTime: local)
                state.animations.removeAll { $0.key == action.key }
                state.animations.append(action)
                resolved.animations.removeAll { $0.key == action.key }
                resolved.animations.append(action)
            }
            if var transition = change.transition {
                transition.timing.beginTime += local
                let added = AttachedAnimation(key: "transition", spec: transition)
                state.animations.removeAll { $0.key == added.key }
                state.animations.append(added)
                resolved.animations.removeAll { $0.key == added.key }
                resolved.animations.append(added)
            }
            states[change.layer] = state
            out.append(resolved)
        }
        return out
    }

    /// Every layer's state at scene time `t`, with every change at or before `t` applied.
    public func states(at t: Double) -> [String: LayerState] {
        var states = Dictionary(uniqueKeysWithValues: allLayers.map { ($0.id, LayerState(model: $0.model, animations: $0.animations)) })
        for change in resolvedChanges() where change.time <= t {
            guard var state = states[change.layerID] else { continue }
            for (p, v) in change.sets { state.model[p] = v }
            for a in change.animations {
                state.animations.removeAll { $0.key == a.key }
                state.animations.append(a)
            }
            states[change.layerID] = state
        }
        return states
    }

    /// The state of layer `id` at scene time `t`.
    public func state(of id: String, at t: Double) -> LayerState? { states(at: t)[id] }
}
