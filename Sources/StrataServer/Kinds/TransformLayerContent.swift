import Foundation
import StrataCore
import StrataRender

/// CATransformLayer: its sublayers share its 3D space. Nothing is flattened at this level, nested
/// transform layers add their sublayers to the same space, and everything is drawn far to near by the
/// depth of each layer's centre (Core Animation's painter's order for transform layers). The transform
/// layer draws none of its own background, contents, border or shadow.
struct TransformLayerContent: LayerKindContent {
    var drawsLayer: Bool { false }

    func appendSublayers(_ node: RenderNode, matrix m: Transform3D, alpha: CGFloat, builder: DrawListBuilder, into list: inout DrawList) {
        var items: [(node: RenderNode, parentToTarget: Transform3D, space: Transform3D, alpha: CGFloat, depth: CGFloat, order: Int)] = []
        // `toTarget` draws; `toSpace` measures depth in the transform layer's parent space, where z is
        // still intact (further up, a flattening layer has already dropped it).
        // `a`: the opacity of the transform layers down to here (they draw nothing of their own, so
        // their opacity passes to their sublayers).
        func collect(_ n: RenderNode, _ toTarget: Transform3D, _ toSpace: Transform3D, _ a: CGFloat) {
            let stl = n.presentation.hasSublayerSpace ? n.presentation.sublayerToLocal : nil
            let base = stl.map { $0 * toTarget } ?? toTarget
            let space = stl.map { $0 * toSpace } ?? toSpace
            for child in n.links.sublayers where !child.presentation.isHidden {
                let cp = child.presentation
                if !child.content.drawsLayer {
                    // Its animations reach its sublayers only through this list's matrices: drawn from the
                    // CPU's values, which a later frame needs again.
                    if list.tracksMotion, MotionPlanner.isAnimating(child, replicated: false) { list.cpuAnimating = true }
                    collect(child, cp.localToParent * base, cp.localToParent * space, a * min(1, max(0, cp.opacity)))
                } else {
                    items.append((child, base, space, a, PaintersOrder.depth(of: cp.bounds, toSpace: cp.localToParent * space), items.count))
                }
            }
        }
        collect(node, m, node.presentation.localToParent, alpha)
        items.sort { PaintersOrder.precedes(($0.depth, $0.order), ($1.depth, $1.order)) }
        // A sublayer the GPU may move changes its depth too: a frame reusing the list checks the order.
        if list.tracksMotion, let motion = builder.motion, items.contains(where: { $0.node.timing.isActive }) {
            motion.noteDepthOrder(items.map { ($0.node, $0.space, $0.order) })
        }
        for item in items { builder.emit(item.node, parentToTarget: item.parentToTarget, alpha: item.alpha, into: &list) }
    }
}
