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
}

extension EmitterState: KindState {
    func advance(_ node: RenderNode, to time: Double) -> Bool {
        advance(values: node.presentation.emitter, to: time)
        return mayChange(at: time)
    }
}
