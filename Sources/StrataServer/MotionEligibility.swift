import Foundation
import StrataCore
import StrataRender

/// The rules that decide whether a layer with animations moves with a motion slot (the GPU evaluates its
/// animations each frame) or is drawn with values the CPU evaluates: its `MotionVerdict`. Every reason is
/// made here (and by each kind's `LayerKindContent.motionRefusal`); the rules are asked in this order, each
/// answering with the first reason that applies (`MotionCPUReason`):
/// 1. the frame: the path is on and enough layers animate, and the layer's time is a shift of the frame's;
/// 2. `timing`, at evaluation: its time runs affinely and forwards, no transition, only slot properties
///    animate (then its presentation waits until something reads it);
/// 3. the plan (`MotionPlanner.plan`): each animation fits the GPU's records and the layer's values;
/// 4. `drawing` (`raster` for a rasterized layer), before anything is emitted: what the layer itself
///    draws can move with a slot (its kind answers for its own content);
/// 5. what its subtree draws can move too (the "under a slot" rules, and what `DrawList.append` finds
///    slots cannot move, `reason(for:)`). This is found by the builder's own code in a dry run, before
///    the layer is emitted (`MotionDecisions`); the real emission reads the decision.
/// The verdict is kept on the layer (`NodeMotion.verdict`) for `strata tree` and `strata stats`.
enum MotionEligibility {
    // MARK: 1. the frame

    /// Why no layer moves in a frame whose list has no slots: the path is off, or too few layers animate.
    static func frameOff(pathOn: Bool) -> MotionCPUReason { pathOn ? .fewAnimatedLayers : .pathOff }

    /// Why a layer in a replicator's copy cannot move: below a layer whose time cycles, a delayed copy's time
    /// is not a shift of the original's (`DrawListBuilder.copyShift` nil).
    static func copyTime(_ copyShift: Double?) -> MotionCPUReason? { copyShift == nil ? .timeNotAffine : nil }

    /// Drawn into a rasterized layer's bitmap or a replicator's repeated body (a list without slots), or a
    /// rasterized layer whose bitmap could not be made.
    static let drawnIntoBitmap = MotionCPUReason.drawnIntoBitmap

    // MARK: 2. timing

    /// Why `node`'s animations cannot be left to the GPU in this frame, or nil when they may (`clock`: its
    /// time in global time).
    static func timing(_ node: RenderNode, clock: SubtreeClock) -> MotionCPUReason? {
        if !clock.affine { return .timeNotAffine }
        if clock.rate < 0 { return .timeRunsBackwards }
        if showsTransition(node) { return .transition }
        return node.animationsOffSlots
    }

    /// The transition rule: a transition (CATransition) is attached to `node` or draws it in this frame.
    static func showsTransition(_ node: RenderNode) -> Bool { !node.transitionSources.isEmpty || node.activeTransition != nil }

    /// Why these animations cannot move with a slot whatever is drawn: one is a transition, or one changes
    /// a property slots do not animate (the channel table); nil when none.
    static func offSlots(_ animations: [AttachedAnimation]) -> MotionCPUReason? {
        var found: MotionCPUReason?
        for a in animations {
            if a.prepared.isTransition { return .transition }
            if !a.prepared.changedProperties.allSatisfy({ MotionSlots.Property($0) != nil }) { found = .propertyOffSlots }
        }
        return found
    }

    // MARK: 3. the plan

    /// Why `node` gets no plan before its animations are looked at one by one (`localRate`: its time's rate).
    static func planning(_ node: RenderNode) -> MotionCPUReason? {
        if node.animations.count > MotionSlots.maxAnimations { return .tooManyAnimations }
        if showsTransition(node) { return .transition }
        if node.timing.localRate < 0 { return .timeRunsBackwards }
        if node.animations.isEmpty { return .animationOffRecords }
        return nil
    }

    /// Its local time at the table's epoch cannot be found: its time is not an affine function of global time.
    static let noLocalEpoch = MotionCPUReason.timeNotAffine

    /// Why an animation whose leaves (a group's children, or itself) are `leaves` cannot take rows after
    /// `rowsBefore` others, on `node`.
    static func animation(_ leaves: [AnimationSpec], rowsBefore: Int, on node: RenderNode) -> MotionCPUReason? {
        // A child without a key path is a group in a group: the records take one level.
        guard leaves.allSatisfy({ $0.keyPath != nil }) else { return .animationOffRecords }
        guard leaves.allSatisfy({ $0.keyPath.map { MotionSlots.Property($0.property) != nil } ?? false }) else { return .propertyOffSlots }
        guard rowsBefore + leaves.count <= MotionSlots.maxAnimations else { return .tooManyAnimations }
        guard leaves.allSatisfy({ node.content.animationFits($0, node.model) }) else { return .valuesDoNotFit }
        return nil
    }

    /// An animation whose timing or values `GPUAnimationRecord` does not take.
    static let offRecords = MotionCPUReason.animationOffRecords

    // MARK: 4. what the layer itself draws

    /// Why `node`, drawn with values `p` and animated as `plan` says, cannot draw itself under a
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

    /// More slots nested above it than slots nest (`MotionSlots.maxDepth`).
    static let nestedTooDeep = MotionCPUReason.nestedTooDeep

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

    // MARK: 5. what is drawn under a slot

    /// A transition whose warp (Apple's private effects) composites where the list was built.
    static func warpedTransition(underSlot: Bool) -> MotionCPUReason? { underSlot ? .transition : nil }

    /// A one-sided layer under a slot, facing the viewer or not as the slot turns it: its background,
    /// contents and border are culled by layer.vert, but a bitmap or its kind's drawing cannot be.
    static func culled(underSlot: Bool, _ p: LayerModel, kindPieces: @autoclosure () -> Int) -> MotionCPUReason? {
        underSlot && !p.isDoubleSided && (p.shouldRasterize || kindPieces() > 0) ? .oneSided : nil
    }

    /// A still layer's shadow under a slot whose chain animates a transform: its blur would scale with it.
    static func shadowUnderSlot(_ list: DrawList, slot: Int32) -> MotionCPUReason? {
        list.motion?.transformAnimates[Int(slot)] == true ? .shadow : nil
    }

    /// A moving layer's shadow whose offset its slot animates, over slots made inside its shape: those
    /// would not move with the offset.
    static func shadowOffset(animates: Bool, slotsInside: Bool) -> MotionCPUReason? { animates && slotsInside ? .shadow : nil }

    /// Colour glyphs under a slot that animates the text's colour: they take only its alpha.
    static func colourGlyphs(fromSlot: Bool) -> MotionCPUReason? { fromSlot ? .kindContent : nil }

    /// The reason for what `DrawList.append` found it cannot move under a slot, or a rule's.
    static func reason(for refusal: SlotRefusal) -> MotionCPUReason {
        switch refusal {
        case .unmovableCommand: .drawing
        case .splitImage: .splitImage
        case .rule(let reason): reason
        }
    }

    /// Something in the subtree of a slot inside this one could not move: that slot failed, so this one does.
    static let refusedBelow = MotionCPUReason.drawing
}
