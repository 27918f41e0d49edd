import Foundation
import StrataCore

/// What a kind keeps on the server between frames for a layer whose drawing changes on its own, with no
/// commit and no animation (an emitter's particles): made by its `LayerKindContent` when the layer is
/// created, advanced at every evaluation of the layer's time. A layer with such state is evaluated every
/// frame as an animated one is (`RenderNode.refreshActivity`).
protocol KindState: AnyObject {
    /// Advances to the layer's local `time` with its presented values; true while its drawing may still
    /// change without a commit (frames must go on).
    func advance(_ node: RenderNode, to time: Double) -> Bool
    /// Takes a new model value of the layer before it is set (`what`: the operation, for messages): checks
    /// what it would hold against the client's quotas and resolves what it names in the client's scene;
    /// returns images it no longer shows (released by the caller unless something else holds them).
    func willSet(_ property: LayerProperty, to value: AnimatableValue, on node: RenderNode, scene: ClientScene,
                 quotas: ClientQuotas, what: String) throws -> [ServerImage]
    /// The layer is released: gives back what it counted into the client's usage and the images it showed.
    func release(scene: ClientScene) -> [ServerImage]
}

extension EmitterState: KindState {
    func advance(_ node: RenderNode, to time: Double) -> Bool {
        advance(values: node.presentation.emitter, to: time)
        return mayChange(at: time)
    }

    /// Cells, `birthRate` and `lifetime` bound the particles alive (`client-max-particles`); the cells' images
    /// are resolved now, so an unknown id is this commit's error.
    func willSet(_ property: LayerProperty, to value: AnimatableValue, on node: RenderNode, scene: ClientScene,
                 quotas: ClientQuotas, what: String) throws -> [ServerImage] {
        guard [.emitterCells, .birthRate, .lifetime].contains(property) else { return [] }
        var next = node.model
        next[property] = value
        let after = Int(min(next.emitter.particleBound, 1e15)), usage = scene.usage
        if after > particleBound, usage.particles - particleBound + after > quotas.particles {
            throw QuotaExceeded(key: "client-max-particles", limit: quotas.particles,
                                detail: "\(what) keeps up to \(after) particles alive, \(usage.particles) held")
        }
        guard property == .emitterCells, case let .emitterCells(cells) = value else {
            usage.particles += after - particleBound
            particleBound = after
            return []
        }
        let dropped: [ServerImage]
        do { dropped = try setImages(for: cells, in: scene.images) } catch let e as CommitError { throw CommitError("\(what): \(e.message)") }
        usage.particles += after - particleBound
        particleBound = after
        return dropped
    }

    func release(scene: ClientScene) -> [ServerImage] {
        scene.usage.particles -= particleBound
        particleBound = 0
        return releaseImages()
    }
}
