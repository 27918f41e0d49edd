import Foundation
import StrataCore
import StrataProtocol
import StrataRender

/// A node's animations: attached and detached (with the client's usage), and the presentation they give
/// at a time, through the scene's lane table when it holds them all.
extension RenderNode {
    /// Whether this layer's drawing in its own space stays the same from frame to frame: nothing inside
    /// it (sublayers, mask) animates, no transition runs on it, and its own animations only move, turn,
    /// scale or fade it as a whole. A moving group is then drawn from a bitmap (`movingGroup`).
    var movesAsAWhole: Bool {
        guard transitionSources.isEmpty, activeTransition == nil, timing.activeInSubtree == (timing.isActive ? 1 : 0) else { return false }
        return animations.allSatisfy { $0.prepared.changedProperties.allSatisfy(Self.wholeLayerProperties.contains) }
    }

    /// The properties an animation may change while the layer's drawing in its own space stays the same.
    static let wholeLayerProperties: Set<LayerProperty> = [.position, .anchorPoint, .anchorPointZ, .transform, .zPosition, .opacity]

    /// Whether an animation is attached under `key`, in O(1).
    func hasAnimation(_ key: String) -> Bool { animationBytes[key] != nil }

    /// Attaches `animation`, whose key must not be attached already.
    func attach(_ animation: AttachedAnimation) {
        let bytes = MemoryEstimate.bytes(of: animation.spec)
        animationBytes[animation.key] = bytes
        if let usage = scene?.usage {
            usage.animations += 1
            usage.modelBytes += bytes
        }
        animations.append(animation)
    }

    /// Detaches every animation `leaves` picks, in one pass.
    func detachAnimations(where leaves: (AttachedAnimation) -> Bool) {
        var kept: [AttachedAnimation] = []
        kept.reserveCapacity(animations.count)
        for a in animations {
            guard leaves(a) else { kept.append(a); continue }
            let bytes = animationBytes.removeValue(forKey: a.key) ?? 0
            if let usage = scene?.usage {
                usage.animations -= 1
                usage.modelBytes -= bytes
            }
        }
        if kept.count != animations.count { animations = kept }
    }

    /// Detaches the animation under `key`; false when none is attached under it.
    @discardableResult
    func detachAnimation(key: String) -> Bool {
        guard hasAnimation(key) else { return false }
        detachAnimations { $0.key == key }
        return true
    }

    /// The presentation at local time `time`: the model with the animations applied, now. Through the
    /// scene's lane table when the animations are all ones it holds (the same values, found faster).
    func present(at time: Double) {
        pendingLocalTime = nil
        if laneBlockIsStale { makeLaneBlock() }
        if let block = laneBlock, let lanes = scene?.lanes {
            if valuesHoldModel {
                lanes.resetTargets(of: block, in: &values, from: model)
            } else {
                values = model
                valuesHoldModel = true
            }
            lanes.apply(block, onto: &values, at: time)
        } else {
            values = model
            valuesHoldModel = false
            Presentation.apply(animations, onto: &values, at: time)
        }
    }

    /// The presented zPosition at local time `time`, evaluating only the animations that change it (a frame
    /// that reuses its draw list checks its siblings' order with it).
    func zPosition(at time: Double) -> CGFloat {
        guard animatesZPosition else { return model.zPosition }
        return Presentation.apply(zAnimations, to: model, at: time).zPosition
    }

    func makeLaneBlock() {
        laneBlockIsStale = false
        valuesHoldModel = false
        guard let lanes = scene?.lanes else { return }
        if let old = laneBlock { lanes.release(old) }
        laneBlock = animations.isEmpty ? nil : lanes.add(animations.map(\.prepared))
    }

    /// Leaves the presentation at local time `time` to be evaluated when it is first read (a layer the GPU
    /// will likely animate is not read at all on the CPU in most frames).
    func deferPresentation(at time: Double) {
        pendingLocalTime = time
    }

    func resolvePresentation() {
        if let time = pendingLocalTime { present(at: time) }
    }
}
