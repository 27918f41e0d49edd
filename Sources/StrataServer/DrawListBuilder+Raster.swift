import Foundation
import StrataCore
import StrataRender

extension DrawListBuilder {
    /// shouldRasterize: the layer drawn in its own space, scaled by rasterizationScale, into a draw list
    /// of its own, which the renderer turns into a bitmap and reuses while the list is unchanged.
    /// Returns the bitmap's content and where it lies in layer units; nil when the layer draws nothing
    /// or is too big for a bitmap (then it is drawn directly).
    func rasterized(_ node: RenderNode, ownContent: Bool, within list: inout DrawList) -> (content: RasterContent, rect: CGRect)? {
        bitmap(owner: node.rasterOwner, scale: node.presentation.rasterizationScale, within: &list) { plain, s, sub in
            plain.emitContent(node, matrix: .scale(s, s, 1), opacity: 1, ownContent: ownContent, into: &sub)
        }
    }

    /// A moving layer's shadow as a bitmap in the layer's own space (`emitContent`): the shadow group drawn
    /// at `MovingRasterScale.stepped` of the scale `matrix` shows the layer at, in its colour and opacity.
    /// The layer's opacity and a replicator's tint are applied when the bitmap is composited, so neither
    /// its place, its opacity nor its copy makes the bitmap again. nil when the shadow draws nothing or is too big for a bitmap.
    func movingShadow(_ node: RenderNode, _ p: LayerModel, matrix m: Transform3D, color: Color, ownContent: Bool,
                      within list: inout DrawList) -> (content: RasterContent, rect: CGRect)? {
        bitmap(owner: node.shadowBitmapOwner.id, scale: MovingRasterScale.stepped(Self.scale(of: m)), within: &list) { plain, s, sub in
            let shifted = Transform3D.translation(p.shadowOffset.width, p.shadowOffset.height, 0) * .scale(s, s, 1)
            sub.append(.beginGroup)
            if let path = p.shadowPath {
                sub.append(.path(matrix: shifted, path: path, color: .white, alpha: 1))
            } else {
                plain.emitBody(node, p, matrix: shifted, alpha: 1, ownContent: ownContent, animated: [], into: &sub)
            }
            sub.append(.endShadowGroup(color: color, alpha: min(1, p.shadowOpacity), sigma: max(0, p.shadowRadius) / 2 * s))
        }
    }

    /// A large text layer's drawing (over `keptTextGlyphs`) as a bitmap in the layer's space at the
    /// scale `matrix` shows it at (rounded up to a quarter octave while the layer may move), composited
    /// through `matrix`; made again only when the layout or its look changes, then a part a frame
    /// (`RasterContent.drawnInParts`, `Renderer.drawPart`) while the last one shows, so that a client's new
    /// 65,536-glyph string costs a frame a few thousand glyphs, not all of them. Inside another bitmap too
    /// (a deferred client's root): that one is drawn again when this one's new drawing is whole. nil for a
    /// scale that is not positive and finite, inside a replicator, and when the bitmap would be too big.
    func keptText(_ node: RenderNode, _ draw: TextDraw, matrix: Transform3D,
                  within list: inout DrawList) -> (content: RasterContent, rect: CGRect)? {
        // A replicator's copies may show it at as many scales: drawn directly there.
        guard replication == 1, let shown = draw.shownScale(matrix) else { return nil }
        let s = node.placementMayAnimate ? MovingRasterScale.stepped(shown) : shown
        let owner = node.textBitmapOwner(displayScale: list.displayScale)
        var inBitmap = draw
        inBitmap.matrix = .scale(s, s, 1)
        inBitmap.alpha = 1
        inBitmap.snaps = true
        // What the bitmap is made from: the drawing (its layout by number), the scale and the size limit.
        var h = Hasher()
        inBitmap.combine(into: &h)
        h.combine(bitmapAreaLimit)
        let key = h.finalize()
        if let kept = owner.kept, kept.key == key { return (kept.content, kept.rect) }
        let kept = bitmap(owner: owner.id, scale: s, within: &list) { _, _, sub in
            for part in inBitmap.parts(maxGlyphs: TextLayerContent.partGlyphs) { sub.append(.content(part)) }
        }
        kept?.content.drawnInParts = true
        kept?.content.startsEmpty = true
        owner.kept = kept.map { (key, $0.content, $0.rect) }
        return kept
    }

    /// A layer that draws through a group (a clip over sublayers or contents, a mask, or group opacity over
    /// sublayers) while it moves as a whole (`RenderNode.movesAsAWhole`) under an animation that may move
    /// it: a bitmap of it made in its own space at the scale `matrix` shows it at, rounded up to a quarter
    /// octave (`MovingRasterScale`), composited where it is each frame. Issue 28: a frame that moves a
    /// cached thing only recomposites it. The layer's opacity applies as the bitmap is composited, as group
    /// opacity does. nil when the layer is drawn directly: on the GPU path (its slots move it), inside
    /// another bitmap, when it draws no group or something in it changes, or when the bitmap cannot be made.
    func movingGroup(_ node: RenderNode, _ p: LayerModel, matrix m: Transform3D, opacity: CGFloat, ownContent: Bool,
                     within list: inout DrawList) -> (content: RasterContent, rect: CGRect)? {
        // Every layer of a CPU-path frame is asked: the cheap questions first. Only moved, not turned or
        // scaled (the bitmap is drawn 1:1, shifted by a fraction of a pixel at most).
        guard movingGroupBitmaps, list.currentSlot < 0, !drawsIntoBitmap,
              m.m11 == 1, m.m22 == 1, m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 == 1 else { return nil }
        let opacityGroup = opacity < 1 && p.allowsGroupOpacity && node.drawsSublayers
        let clipGroup = p.masksToBounds && (node.drawsSublayers || !node.shownContents(p).isEmpty || node.content.pieces(node) > 0)
        guard node.links.mask != nil || opacityGroup || clipGroup, node.placementMayAnimate, node.movesAsAWhole else { return nil }
        return bitmap(owner: node.rasterOwner, scale: 1, within: &list) { plain, s, sub in
            plain.emitContent(node, matrix: .scale(s, s, 1), opacity: 1, ownContent: ownContent, into: &sub)
        }
    }

    /// A bitmap the renderer keeps for `owner`: what `draw` emits into a list of its own at `scale` raster
    /// pixels per layer unit, untinted (a replicator's tint applies when it is composited), and where it
    /// lies in layer units. nil for a scale that is not positive and finite, and when the list draws
    /// nothing or is too big for a bitmap (over `RasterContent.maxSide`, or `bitmapAreaLimit` pixels).
    private func bitmap(owner: RasterOwner, scale s: CGFloat, within list: inout DrawList,
                        _ draw: (DrawListBuilder, CGFloat, inout DrawList) -> Void) -> (content: RasterContent, rect: CGRect)? {
        guard s > 0, s.isFinite else { return nil }
        var sub = list.part()
        defer { list.absorb(sub) }
        var plain = self
        plain.tint = .white
        plain.drawsIntoBitmap = true
        plain.visibleArea = nil // the bitmap's own space
        draw(plain, s, &sub)
        // A slice that stopped partway: its drawing is incomplete, and not worth measuring.
        if slicing?.interrupted == true { return nil }
        guard let content = RasterContent(owner: owner, list: sub), content.width * content.height <= bitmapAreaLimit else { return nil }
        let rect = CGRect(x: CGFloat(content.origin.x) / s, y: CGFloat(content.origin.y) / s,
                          width: CGFloat(content.width) / s, height: CGFloat(content.height) / s)
        return (content, rect)
    }

    /// A rasterized layer as a motion slot: its bitmap, made in its own space as on the CPU path, is one
    /// quad the slots place and fade. Only what the bitmap leaves out may animate (the layer's place and
    /// its opacity); anything else in it animating (its colours, bounds or shadow) changes the bitmap and
    /// keeps the layer on the CPU, as does a bitmap that cannot be made (then the layer is drawn directly).
    func emitMovingRaster(_ node: RenderNode, _ p: LayerModel, _ plan: MotionPlanner.Plan, _ motion: MotionPlanner,
                          parentToTarget: Transform3D, alpha: CGFloat, into list: inout DrawList) -> MotionEmission {
        if let reason = MotionEligibility.raster(p, plan) { return .cpu(reason) }
        if !plan.animatesOpacity && min(1, p.opacity) * alpha <= 0 { return .moved }
        guard let raster = rasterized(node, ownContent: true, within: &list) else { return .cpu(MotionEligibility.drawnIntoBitmap) }
        guard let slot = list.motion?.add(parent: list.currentSlot, model: node.model, opacity: node.model.opacity, outer: parentToTarget,
                                          inheritedAlpha: alpha, rows: plan.rows, rate: plan.rate, timeShift: copyShift ?? 0,
                                          scaleMayChange: plan.scaleMayChange) ?? nil
        else { return .cpu(MotionEligibility.nestedTooDeep) }
        motion.place(node, slot: slot)
        let outer = list.currentSlot
        list.currentSlot = slot
        list.append(.raster(matrix: .identity, rect: raster.rect, content: raster.content, alpha: 1, sampling: Self.sampling(p),
                            edges: p.allowsEdgeAntialiasing ? p.edgeAntialiasingMask : 0, tint: tint))
        list.currentSlot = outer
        return .moved
    }
}
