import Foundation
import StrataCore
import StrataRender

/// CAReplicatorLayer: the server draws its sublayers `instanceCount` times. Copy k is moved by
/// `instanceTransform` applied k times, about the centre of the layer's bounds; its colours are multiplied
/// by `instanceColor` plus k times the offsets (each channel clamped to 0…1; the alpha multiplies the
/// copy's opacity); and its animations run k × `instanceDelay` later. Copies are flattened into the
/// replicator's plane, or with `preservesDepth` keep their z through the replicator's transform (drawn in
/// index order, not sorted by depth among themselves). No layer is copied: each copy is the same
/// subtree drawn again, so a copy costs its draw commands and, with a delay, the evaluation of the
/// subtree's animated layers.
struct ReplicatorLayerContent: LayerKindContent {
    /// How much later the last copy runs than the first (negative for a negative delay): what the frame
    /// schedule widens animations by.
    func timeSpread(_ node: RenderNode) -> Double {
        let r = node.presentation.replicator
        return Double(r.instanceDelay) * Double(max(0, Self.count(r) - 1))
    }

    /// Copies in step show one evaluation of the sublayers (1); delayed ones each their own.
    func copies(_ node: RenderNode) -> Int {
        let r = node.presentation.replicator
        return r.instanceDelay == 0 ? 1 : max(1, Self.count(r))
    }

    /// The copies drawn: the whole part of the (possibly animating) count, within 0…maxInstances.
    static func count(_ r: ReplicatorModel) -> Int { r.drawnCount }

    func appendSublayers(_ node: RenderNode, matrix m: Transform3D, alpha: CGFloat, builder: DrawListBuilder, into list: inout DrawList) {
        let p = node.presentation, r = p.replicator
        // Nested replicators multiply their counts; the copies of any layer stop at maxInstances in all.
        let count = min(Self.count(r), ValueRule.maxInstances / max(1, builder.replication))
        guard count > 0, !node.links.sublayers.isEmpty else { return }
        let sublayers = node.links.sublayers.array
        let centre = CGPoint(x: p.bounds.midX, y: p.bounds.midY)
        let step = Transform3D.translation(-centre.x, -centre.y, 0) * r.instanceTransform * Transform3D.translation(centre.x, centre.y, 0)
        let toTarget = r.preservesDepth ? m : DrawListBuilder.flattened(m)
        let sublayerSpace = p.hasSublayerSpace ? p.sublayerToLocal : Transform3D.identity
        let animatedBelow = node.timing.activeInSubtree > (node.timing.isActive ? 1 : 0)
        let delayed = r.instanceDelay != 0 && animatedBelow
        // With motion slots the copies are built one by one, so that the slots can move them: under a slot
        // (a repeated body cannot move with it), or with animated layers below (each copy's their own slots).
        let slotted = list.tracksMotion && (list.currentSlot >= 0 || animatedBelow)
        // The repeated quads take a copy's alpha one by one; drawn separately, a sublayer of several
        // pieces under that alpha composites them as a group. Repeat only where the two agree.
        if !delayed, !slotted, count > 1, Self.repeatable(sublayers),
           Self.neverGrouped(sublayers) || !(0..<count).contains(where: { alpha * Self.tint(r, $0, builder.tint).1 < 1 }) {
            // Every copy shows the same presentation: build the sublayers' drawing once and repeat it.
            var body = list.part()
            var plain = builder
            plain.tint = .white
            plain.replication = builder.replication * count
            plain.emitInPaintersOrder(sublayers, parentToTarget: sublayerSpace, alpha: 1, into: &body)
            list.absorb(body)
            var copies: [ReplicatedDraw.Copy] = []
            copies.reserveCapacity(count)
            var instance = Transform3D.identity
            for k in 0..<count {
                let (tint, a) = Self.tint(r, k, builder.tint)
                copies.append(ReplicatedDraw.Copy(matrix: instance * toTarget, tint: tint, alpha: alpha * a))
                instance = instance * step
            }
            if let draw = ReplicatedDraw(body: body.commands, copies: copies) {
                list.append(.content(draw))
                return
            }
        }
        var shifted = DelayedPresentations()
        defer { shifted.restore() }
        var instance = Transform3D.identity
        for k in 0..<count {
            defer { instance = instance * step }
            let (tint, a) = Self.tint(r, k, builder.tint)
            guard a > 0 else { continue }
            var copy = builder
            copy.tint = tint
            copy.replication = builder.replication * count
            // Copy k's slots run k × instanceDelay behind (in this layer's time: its sublayers' parent time).
            copy.copyShift = builder.copyShift.map { $0 + Double(r.instanceDelay) * Double(k) }
            if delayed { shifted.evaluate(node, delay: Double(r.instanceDelay) * Double(k)) }
            copy.emitInPaintersOrder(sublayers, parentToTarget: sublayerSpace * instance * toTarget, alpha: alpha * a, into: &list)
            // Guard against nested replicators multiplying without bound: the list stops growing here.
            if list.commands.count > DrawListBuilder.maxCommands { break }
        }
    }
}

extension ReplicatorLayerContent {
    /// Copy k's colour multiplier (`ReplicatorModel.instanceTint`, times the tint already applying) and alpha.
    static func tint(_ r: ReplicatorModel, _ k: Int, _ outer: Color) -> (Color, CGFloat) {
        let (own, alpha) = r.instanceTint(k)
        return (Color(red: outer.red * own.red, green: outer.green * own.green, blue: outer.blue * own.blue, alpha: 1), alpha)
    }

    /// Whether the sublayers' drawing can be built once for every copy: nothing in them depends on where
    /// a copy lands (single-sided layers judge which way they face, rasterized ones keep a bitmap per layer)
    /// or needs more than plain quads (shadows, masks, transitions). `ReplicatedDraw` then checks the quads.
    static func repeatable(_ nodes: some Sequence<RenderNode>) -> Bool {
        nodes.allSatisfy { n in
            let p = n.presentation
            return p.isDoubleSided && !p.shouldRasterize && p.shadowOpacity <= 0 && n.links.mask == nil && n.activeTransition == nil
                && n.content.drawsLayer && repeatable(n.links.sublayers)
        }
    }

    /// Whether no layer in these subtrees would composite as a group under an inherited opacity below 1:
    /// each has at most one piece (`DrawListBuilder.pieces`) or does not
    /// allow group opacity. Then a copy's alpha may multiply each quad instead.
    static func neverGrouped(_ nodes: some Sequence<RenderNode>) -> Bool {
        nodes.allSatisfy { n in
            let p = n.presentation
            return (DrawListBuilder.pieces(of: n, values: p) <= 1 || !p.allowsGroupOpacity) && neverGrouped(n.links.sublayers)
        }
    }
}

/// The presentations of a replicator's animated descendants for one delayed copy, and the frame's own,
/// put back afterwards.
struct DelayedPresentations {
    private var saved: [(RenderNode, LayerModel)] = []

    /// Evaluates the animated layers below `replicator` as its copy delayed by `delay` (local seconds)
    /// shows them: their local times from the replicator's own, less the delay.
    mutating func evaluate(_ replicator: RenderNode, delay: Double) {
        guard let time = replicator.timing.localTime else { return }
        for child in replicator.links.sublayers where child.timing.activeInSubtree > 0 { walk(child, parentTime: time - delay) }
    }

    private mutating func walk(_ node: RenderNode, parentTime: Double?) {
        let local = parentTime.flatMap { node.model.timing.activeLocal(fromParent: $0) }
        if node.timing.isActive, !node.animations.isEmpty {
            if !saved.contains(where: { $0.0 === node }) { saved.append((node, node.presentation)) }
            if let local { node.present(at: local) } else { node.presentation = node.model }
        }
        for sub in node.links.sublayers where sub.timing.activeInSubtree > 0 { walk(sub, parentTime: local) }
        if let mask = node.links.mask, mask.timing.activeInSubtree > 0 { walk(mask, parentTime: local) }
    }

    /// Puts back the frame's presentations.
    func restore() {
        for (node, presentation) in saved { node.presentation = presentation }
    }
}
