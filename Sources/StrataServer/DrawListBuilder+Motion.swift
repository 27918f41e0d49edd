import Foundation
import StrataCore
import StrataRender

/// Emitting layers that move with a motion slot: their drawing relative to the slot's space, with the values
/// the GPU animates taken from the slot, and their shadows.
extension DrawListBuilder {
    /// What became of a layer offered to the GPU path.
    enum MotionEmission: Equatable {
        /// Drawn under its own slot (or nothing to draw in this frame: hidden, transparent).
        case moved
        /// Nothing emitted: it is drawn with CPU-evaluated values, for the reason.
        case cpu(MotionCPUReason)
        /// Only in a dry run: its subtree cannot move. Under another slot that one cannot either, and this
        /// layer is not drawn there (the dry run's list is thrown away).
        case refused(MotionCPUReason)
    }

    /// Offers animated `node` to the GPU path: asks `MotionEligibility`'s rules, from the frame's and the
    /// timing found at evaluation to the plan, then the decision made for it before it is emitted
    /// (`MotionDecisions`), and emits it under a slot when they allow.
    func emitMotion(_ node: RenderNode, _ motion: MotionPlanner, parentToTarget: Transform3D, alpha: CGFloat,
                    into list: inout DrawList) -> MotionEmission {
        if let reason = MotionEligibility.copyTime(copyShift) { return .cpu(reason) }
        if let reason = node.motion.timingRefusal { return .cpu(reason) }
        let decisions = motion.decisions
        if let reason = decisions.refusal(of: node) { return .cpu(reason) }
        let plan: MotionPlanner.Plan
        switch motion.plan(node) {
        case .cpu(let reason): return .cpu(reason)
        case .plan(let made): plan = made
        }
        if decisions.recording {
            let entry = decisions.open(node)
            let outcome = emitMoving(node, plan, motion, parentToTarget: parentToTarget, alpha: alpha, into: &list)
            decisions.close(entry, outcome)
            return outcome
        }
        if decisions.replaying {
            // Inside a layer decided to move: every animated layer below it was decided with it.
            switch decisions.take(node) {
            case .moves: return emitMoving(node, plan, motion, parentToTarget: parentToTarget, alpha: alpha, into: &list)
            case .cpu(let reason): return .cpu(reason)
            case nil:
                assertionFailure("motion decisions: the emission met layer \(node.id) where the dry run did not")
                return .cpu(MotionEligibility.refusedBelow)
            }
        }
        decide(node, plan, motion, parentToTarget: parentToTarget, alpha: alpha, list: list)
        decisions.beginReplay()
        defer { decisions.endReplay() }
        switch decisions.take(node) {
        case .moves: return emitMoving(node, plan, motion, parentToTarget: parentToTarget, alpha: alpha, into: &list)
        case .cpu(let reason): return .cpu(reason)
        case nil: return .cpu(MotionEligibility.refusedBelow) // never: the dry run's first entry is its own
        }
    }

    /// The dry run: `node` and its subtree emitted as `emitMoving` would, into a list thrown away, each
    /// animated layer met recording its decision (`MotionDecisions`).
    private func decide(_ node: RenderNode, _ plan: MotionPlanner.Plan, _ motion: MotionPlanner, parentToTarget: Transform3D,
                        alpha: CGFloat, list: DrawList) {
        var scratch = list.scratch()
        motion.probing {
            motion.decisions.beginRecording()
            let entry = motion.decisions.open(node)
            let outcome = emitMoving(node, plan, motion, parentToTarget: parentToTarget, alpha: alpha, into: &scratch)
            motion.decisions.close(entry, outcome)
            motion.decisions.endRecording()
        }
    }

    /// `node` as a motion slot: its own drawing and its subtree are emitted relative to the slot's space
    /// (the GPU evaluates the slot's animations and places them each frame), its opacity and, when
    /// animated, its background colour come from the slot. Emits nothing when the layer itself cannot
    /// move (`MotionEligibility.drawing`). In a dry run it also finds whether its subtree can
    /// (`DrawList.motionRefusal`); the real emission was decided by then. A rasterized layer is one quad
    /// (`emitMovingRaster`).
    func emitMoving(_ node: RenderNode, _ plan: MotionPlanner.Plan, _ motion: MotionPlanner, parentToTarget: Transform3D,
                    alpha: CGFloat, into list: inout DrawList) -> MotionEmission {
        let p = node.drawnValues
        guard !p.isHidden else { return .moved }
        if p.shouldRasterize, node.content.drawsLayer {
            return emitMovingRaster(node, p, plan, motion, parentToTarget: parentToTarget, alpha: alpha, into: &list)
        }
        let parent = list.currentSlot
        let underAnimatedTransform = parent >= 0 && list.motion?.transformAnimates[Int(parent)] == true
        if let reason = MotionEligibility.drawing(node, p, plan, tint: tint, shapesMove: shapesMove, underAnimatedTransform: underAnimatedTransform) {
            return .cpu(reason)
        }
        let hasShadow = MotionEligibility.hasShadow(p, plan)
        let opacity = min(1, p.opacity) * alpha
        if !plan.animatesOpacity && opacity <= 0 { return .moved }
        let mask = node.links.mask
        let group = Self.needsGroup(node, p, plan, opacity: opacity, list)
        // A static opacity over a group is the group's composite's; otherwise the slot carries it (with what
        // it inherits): into each quad, or, over a group it animates or a mask, into the composite, which
        // begins under the slot and so takes its alpha (the quads inside take none of it).
        let staticGroup = group && !plan.animatesOpacity
        let groupAlpha = staticGroup ? opacity : 1
        guard let slot = list.motion?.add(parent: parent, model: node.model, opacity: staticGroup ? 1 : node.model.opacity, outer: parentToTarget,
                                          inheritedAlpha: staticGroup ? 1 : alpha, rows: plan.rows, rate: plan.rate,
                                          timeShift: copyShift ?? 0, scaleMayChange: plan.scaleMayChange) ?? nil
        else { return .cpu(MotionEligibility.nestedTooDeep) }
        motion.place(node, slot: slot)
        let outer = (slot: list.currentSlot, refusal: list.motionRefusal)
        list.currentSlot = slot
        list.motionRefusal = nil
        if mask != nil { list.append(.beginGroup) }
        // A one-sided layer's own pieces are culled by layer.vert while it faces away.
        let cull: MotionRef.Modes = p.isDoubleSided ? [] : .cullsBackFace
        if hasShadow {
            emitMovingShadow(node, p, plan, slot: slot, groupOpacity: groupAlpha, cull: cull, into: &list)
        }
        if group { list.append(.beginGroup) }
        emitBody(node, p, matrix: .identity, alpha: 1, animated: plan.animated, modes: cull, into: &list)
        if group { list.append(.endGroup(alpha: groupAlpha)) }
        if let mask {
            // In the layer's coordinates, its z dropped (as emitContent draws it): it moves with the slot.
            list.append(.beginGroup)
            emit(mask, parentToTarget: Self.flattened(.identity), into: &list)
            list.append(.endMaskedGroups(alpha: 1))
        }
        let refusal = list.motionRefusal.map(MotionEligibility.reason(for:))
        list.currentSlot = outer.slot
        list.motionRefusal = outer.refusal
        guard let refusal else { return .moved }
        // Only a dry run finds something that cannot move: the real emission was decided with it. Should they
        // ever differ (a defect), the layer stays under its slot as decided, nothing emitted taken back.
        guard motion.decisions.recording else {
            assertionFailure("motion decisions: layer \(node.id) was decided to move, but \(refusal) cannot")
            return .moved
        }
        // Under another slot, what made this one fail fails that one too.
        if outer.slot >= 0 { list.motionRefusal = .rule(MotionEligibility.refusedBelow) }
        return .refused(refusal)
    }

    /// Whether a layer moving with a slot draws its pieces as a group: several pieces (those the slot may
    /// show that its values now leave out count too) under an opacity below 1 now or in some frame. A mask
    /// makes the layer's drawing (shadow included) a group of its own, composited through the mask's
    /// alpha: no other group is needed.
    static func needsGroup(_ node: RenderNode, _ p: LayerModel, _ plan: MotionPlanner.Plan, opacity: CGFloat, _ list: DrawList) -> Bool {
        guard node.links.mask == nil, p.allowsGroupOpacity, plan.animatesOpacity || opacity < 1 || dimmedBySlots(list) else { return false }
        let background = plan.animated.contains(.backgroundColor) && (p.backgroundColor?.alpha ?? 0) == 0 ? 1 : 0
        let hasBorder = p.borderWidth > 0 && (p.borderColor?.alpha ?? 0) > 0
        let border = !hasBorder && !plan.animated.isDisjoint(with: [.borderWidth, .borderColor]) ? 1 : 0
        return pieces(of: node, values: p) + background + border > 1
    }

    /// `node`'s shadow as emitContent draws it, in its slot's space: its composite takes the slots' alphas
    /// (a group's opacity, static, is `groupOpacity`), and from the slot the shadow's opacity, colour and
    /// radius where they animate. An animated offset moves the shape's quads in layer.vert; a slot made
    /// inside that shape would not move with it, so the layer then stays on the CPU (found in its dry run).
    func emitMovingShadow(_ node: RenderNode, _ p: LayerModel, _ plan: MotionPlanner.Plan, slot: Int32, groupOpacity: CGFloat,
                                  cull: MotionRef.Modes, into list: inout DrawList) {
        let animated = plan.animated
        let color = animated.contains(.shadowColor) ? Color.white : p.shadowColor ?? .clear
        let opacity = animated.contains(.shadowOpacity) ? 1 : min(1, p.shadowOpacity)
        let scale = Self.scale(of: slotToTarget(slot, list))
        // With an animated radius the command's σ is per unit of radius / 2 (layer.vert multiplies it in).
        let sigma = animated.contains(.shadowRadius) ? scale : max(0, p.shadowRadius) / 2 * scale
        let offsetAnimates = animated.contains(.shadowOffset)
        let slotsBefore = list.motion?.count ?? 0
        list.append(.beginGroup)
        if offsetAnimates { list.shadowOffsetSlot = slot }
        emitBody(node, p, matrix: offsetAnimates ? .identity : .translation(p.shadowOffset.width, p.shadowOffset.height, 0), alpha: 1,
                 animated: animated, modes: cull, into: &list)
        list.shadowOffsetSlot = -1
        if let reason = MotionEligibility.shadowOffset(animates: offsetAnimates, slotsInside: (list.motion?.count ?? 0) > slotsBefore) {
            list.motionRefusal = .rule(reason)
        }
        list.append(.endShadowGroup(color: tinted(color), alpha: opacity * groupOpacity, sigma: sigma), slotFields: animated)
    }

    /// Slot `slot`'s layer space → target pixels with the values this list is built with (worked out only
    /// for shadows and shapes: up the chain of slots, each its layer's matrix and its `outer`).
    func slotToTarget(_ slot: Int32, _ list: DrawList) -> Transform3D {
        guard slot >= 0, let slots = list.motion, let placed = motion?.placed, Int(slot) < placed.count else { return .identity }
        let s = Int(slot)
        return placed[s].drawnValues.localToParent * slots.outers[s] * slotToTarget(slots.parents[s], list)
    }

    /// Whether the slots above what is appended now may dim it in some frame: an opacity the slots carry
    /// is not passed down as an inherited alpha, so a layer of several pieces must be a group for it.
    static func dimmedBySlots(_ list: DrawList) -> Bool {
        guard list.currentSlot >= 0, let slots = list.motion else { return false }
        return slots.alphaMayDim[Int(list.currentSlot)]
    }
}
