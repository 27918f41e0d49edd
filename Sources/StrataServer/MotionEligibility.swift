import Foundation
import StrataCore
import StrataRender

/// The rules that decide whether a layer with animations moves with a motion slot (the GPU evaluates its
/// animations each frame) or is drawn with values the CPU evaluates: its `MotionVerdict`. They are asked in
/// this order, each answering with the first reason that applies (`MotionCPUReason`):
/// 1. the frame: the path is on and enough layers animate (`Compositor.motionOff`);
/// 2. `timing`, at evaluation: its time runs affinely and forwards, no transition, only slot properties
///    animate (then its presentation waits until something reads it);
/// 3. `MotionPlanner.plan`: each animation fits the GPU's records and the layer's values;
/// 4. `drawing` (`raster` for a rasterized layer), before anything is emitted: what the layer itself
///    draws can move with a slot (its kind answers for its own content, `LayerKindContent.motionRefusal`);
/// 5. while its subtree is emitted: what lies below can move too (`DrawList.motionRefusal`). This is known
///    only by drawing it; the builder then takes back what it emitted (`emitMoving`).
/// The verdict is kept on the layer (`NodeMotion.verdict`) for `strata tree` and `strata stats`.
enum MotionEligibility {
    /// Step 2: why `node`'s animations cannot be left to the GPU in this frame, or nil when they may
    /// (`clock`: its time in global time).
    static func timing(_ node: RenderNode, clock: SubtreeClock) -> MotionCPUReason? {
        if !clock.affine { return .timeNotAffine }
        if clock.rate < 0 { return .timeRunsBackwards }
        if !node.transitionSources.isEmpty { return .transition }
        return node.animationsOffSlots
    }

    /// Step 4: why `node`, drawn with values `p` and animated as `plan` says, cannot draw itself under a
    /// slot, or nil. `tint`: the replicator copy's tint it is drawn with; `underAnimatedTransform`: a slot
    /// above it animates a transform (a shadow's blur would scale with it).
    static func drawing(_ node: RenderNode, _ p: LayerModel, _ plan: MotionPlanner.Plan, tint: Color, shapesMove: Bool,
                        underAnimatedTransform: Bool) -> MotionCPUReason? {
        if let reason = node.content.motionRefusal(node, shapesMove: shapesMove) { return reason }
        // A replicator's copy tints the colours drawn: the slot's animated ones would go untinted.
        if tint != .white, !plan.animated.isDisjoint(with: slotColors) { return .tintedColours }
        // A kind's own drawing cannot be culled by layer.vert while a one-sided layer faces away.
        if !p.isDoubleSided, node.content.pieces(node) > 0 { return .oneSided }
        if hasShadow(p, plan), !shadowMoves(p, plan, underAnimatedTransform: underAnimatedTransform) { return .shadow }
        // Animated bounds move the layer's own background, border and contents: a sublayer space flipped or
        // turned about them stays on the CPU, as does an animated anchor point with a sublayer transform about it.
        if (plan.animatesAnchor || plan.animated.contains(.bounds)) && p.hasSublayerSpace { return .sublayerSpace }
        return nil
    }

    /// Step 4 for a rasterized layer, which moves as one bitmap: nothing it draws in it may animate.
    static func raster(_ p: LayerModel, _ plan: MotionPlanner.Plan) -> MotionCPUReason? {
        if !plan.animated.isEmpty { return .drawnIntoBitmap }
        if !p.isDoubleSided { return .oneSided }
        if plan.animatesAnchor && p.hasSublayerSpace { return .sublayerSpace }
        return nil
    }

    /// Whether a shadow shows in some frame: its opacity and its colour's alpha are above 0 now or animate.
    static func hasShadow(_ p: LayerModel, _ plan: MotionPlanner.Plan) -> Bool {
        (plan.animated.contains(.shadowOpacity) || p.shadowOpacity > 0)
            && (plan.animated.contains(.shadowColor) || (p.shadowColor?.alpha ?? 0) > 0)
    }

    /// A shadow moves with the slot while its blur scales alike in every frame: no shadowPath (filled where
    /// the list is built), no transform animated here or in a slot above (the blur radius scales with it).
    /// A shape whose colours animate casts a shadow from them: not on the GPU.
    static func shadowMoves(_ p: LayerModel, _ plan: MotionPlanner.Plan, underAnimatedTransform: Bool) -> Bool {
        p.shadowPath == nil && !plan.rows.contains { $0.property.movesInDepth }
            && plan.animated.isDisjoint(with: [.fillColor, .strokeColor]) && !underAnimatedTransform
    }

    /// The colours a slot animates in place of the command's.
    static let slotColors: MotionRef.Fields = [.backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor]
}
