import Foundation
import StrataCore
import StrataRender

/// CAEmitterLayer: its particles above its background and contents, below its sublayers, each cell's
/// drawn instanced on the GPU (`EmitterDraw`) from the layer's `EmitterState` advanced at evaluation.
struct EmitterLayerContent: LayerKindContent {
    func pieces(_ node: RenderNode) -> Int { node.model.emitter.emitterCells.isEmpty ? 0 : 1 }

    func appendContent(_ node: RenderNode, matrix: Transform3D, alpha: CGFloat, tint: Color, motion: KindMotion, into list: inout DrawList) {
        guard let time = node.timing.localTime ?? node.emitterState?.system?.time,
              let frame = node.emitterState?.frame(values: node.presentation.emitter, at: time), !frame.cells.isEmpty else { return }
        list.append(.content(EmitterDraw(matrix: matrix, frame: frame, alpha: alpha, tint: tint)))
    }

    /// Its particles move on their own: evaluated every frame while any may live.
    func makeState() -> KindState? { EmitterState() }

    /// Its particles are drawn where the layer is each frame: the layer itself stays on the CPU path.
    func motionRefusal(_ node: RenderNode, shapesMove: Bool) -> MotionCPUReason? { .kindContent }
}
