import Foundation
import StrataCore
import StrataRender

/// Turns the presentation tree into back-to-front draw commands: per layer its background, then its
/// contents, then what its kind draws (`LayerKindContent`), then its sublayers (by default sorted by
/// zPosition then index, each flattened into the layer's plane; the kind may place them otherwise).
/// A layer with opacity < 1 whose pieces overlap (sublayers, or background plus contents) is drawn as an
/// offscreen group so the opacity applies to the composited result, as in Core Animation. A layer with a
/// running transition draws its old and new appearance as `TransitionFrame` says.
struct DrawListBuilder {
    /// Multiplies the red, green and blue of everything drawn (a replicator's instance colour; white
    /// elsewhere). Its alpha is carried by the inherited opacity instead.
    var tint = Color.white
    /// Whether the list is a bitmap's (shouldRasterize): a moving shadow inside it is not a bitmap of its own.
    var drawsIntoBitmap = false
    /// The most pixels one kept bitmap (shouldRasterize, a moving shadow) may hold; a larger one is drawn
    /// directly each frame (`bitmapAreaLimit(width:height:)`).
    var bitmapAreaLimit = Int.max
    /// Core Animation keeps rasterized layers within 2.5 times the screen's size; one bitmap here may hold
    /// 2.5 times the output's pixels (a layer rasterized at a huge `rasterizationScale` would otherwise
    /// take llvmpipe seconds to draw, every time its content changes).
    static func bitmapAreaLimit(width: Int, height: Int) -> Int { width * height * 5 / 2 }
    /// The least blur (σ, target pixels) a moving layer's shadow is drawn from a bitmap with (`movingShadow`).
    static let movingShadowMinimumSigma: CGFloat = 2
    /// How many copies the enclosing replicators make of what is being built (1 outside any): nested
    /// replicators multiply, and together they draw at most `ValueRule.maxInstances` copies of a layer.
    var replication = 1
    /// Set while a deferred client's roots are made a slice at a time between frames.
    var slicing: RootSlicing?
    /// How many host layers' contexts enclose what is being built (`HostLayerContent`): bounded by
    /// `ContextRegistry.maxNesting`, whatever the registry's checks let through.
    var hostingDepth = 0
    /// Where building hosted trees is timed, under render budgets (`Compositor.buildDrawList`).
    var hostedCosts: HostedCosts?
    /// Gives layers whose animations the GPU evaluates their motion slots (nil: none do), for the frame's
    /// own list (`DrawList.tracksMotion`).
    var motion: MotionPlanner?
    /// Whether shapes may move with motion slots (`Compositor.shapesMoveOnTheGPU`).
    var shapesMove = true
    /// Whether moving groups are drawn from bitmaps (`Compositor.movingGroupsFromBitmaps`).
    var movingGroupBitmaps = true
    /// Why no layer moves with a slot in this frame, where `motion` is nil (the path is off, or too few
    /// layers animate): the verdict of every animated layer drawn.
    var motionOff = MotionEligibility.frameOff(pathOn: false)
    /// Where text layers get their layouts (`Compositor.textLayouts`; nil: laid out while building).
    var textLayouts: TextLayoutService?
    /// Text of more glyphs than this is drawn from a bitmap kept while its layout and look stay
    /// (`keptText`), as Core Animation draws a text layer into its backing store once: compositing it is
    /// one quad, where drawing 65,536 glyphs took llvmpipe 66–89 ms every frame something under or over it
    /// moved (issue 27).
    var keptTextGlyphs = 2048
    /// Clients whose updates the render budgets defer: their roots are drawn as bitmaps (as with
    /// shouldRasterize), made again only when what they show changes, which is at most every n-th frame.
    var deferredClients: Set<UInt32> = []
    /// Those of them whose roots show what they showed last frame (nothing of theirs applied, nothing
    /// animating in the root): drawn from the bitmap kept on the root, without building its commands.
    var stillDeferredClients: Set<UInt32> = []
    /// How far behind its layers' own time the replicator copy being built runs, in the time of the layer
    /// being emitted's superlayer (copy k: k × instanceDelay, scaled by the speeds of the layers between);
    /// a slot there runs as far behind. 0 outside replicators; nil below a layer whose time cycles, where a
    /// delayed copy's time is not a shift of the original's (its layers stay on the CPU).
    var copyShift: Double? = 0

    /// Inside a scissor clip, where what is built can still show (target pixels): a sublayer whose whole
    /// subtree draws outside it is not built (`culls`). nil outside scissor clips, and where drawing outside
    /// the clip can still show: in a shadow's shape (its blur reaches in), in a transition's appearance (a
    /// warp samples all of it), in a bitmap's own list (its own space).
    var visibleArea: PixelRect?
    /// Whether sublayers outside the clip they are in are left out (`culls`): `Compositor.cullsOutsideClips`.
    var cullsOutsideClips = true

    /// The most commands a frame's list takes from replicators (a bound on nested replicators'
    /// multiplying copies: the list stops growing there).
    static let maxCommands = 2_000_000
    /// The frame's target time and its target's size in pixels (a tiled layer plans its tiles from them).
    var frameTime: Double = 0
    var targetSize = CGSize(width: 0, height: 0)

    /// `color` with the tint's red, green and blue multiplied in.
    func tinted(_ color: Color) -> Color {
        tint == .white ? color : Color(red: color.red * tint.red, green: color.green * tint.green, blue: color.blue * tint.blue, alpha: color.alpha)
    }

    /// Appends the roots at `list.displayScale` target pixels per point.
    func build(roots: [RenderNode], into list: inout DrawList) {
        let s = list.displayScale
        let root: Transform3D = s == 1 ? .identity : .scale(s, s, 1)
        for node in roots { emit(node, parentToTarget: root, into: &list) }
    }

    /// `alpha`: the opacity inherited from ancestors that did not composite as a group (1 under a group).
    func emit(_ node: RenderNode, parentToTarget: Transform3D, alpha: CGFloat = 1, into list: inout DrawList) {
        // In a delayed copy the shift is carried into the layer's own time.
        if let shift = copyShift, shift != 0 {
            let timing = node.model.timing
            let own = timing.cycles ? nil : shift * timing.speed
            if own != shift {
                var inner = self
                inner.copyShift = own
                inner.emitInOwnTime(node, parentToTarget: parentToTarget, alpha: alpha, into: &list)
                return
            }
        }
        emitInOwnTime(node, parentToTarget: parentToTarget, alpha: alpha, into: &list)
    }

    /// `emit` with `copyShift` in the node's own time.
    func emitInOwnTime(_ node: RenderNode, parentToTarget: Transform3D, alpha: CGFloat, into list: inout DrawList) {
        if node.timing.isActive, list.tracksMotion || list.watchesCPUAnimation {
            if list.tracksMotion, let motion {
                switch emitMotion(node, motion, parentToTarget: parentToTarget, alpha: alpha, into: &list) {
                case .moved:
                    node.motion.verdict = .gpu
                    return
                case .refused(let reason):
                    // Only in a dry run, under a slot that cannot move either: not drawn there.
                    node.motion.verdict = .cpu(reason)
                    if list.currentSlot >= 0 { return }
                case .cpu(let reason):
                    node.motion.verdict = .cpu(reason)
                }
            } else if !node.animations.isEmpty {
                node.motion.verdict = .cpu(MotionEligibility.drawnIntoBitmap)
            }
            // Drawn with the values evaluated on the CPU for this frame (also inside a rasterized layer's
            // bitmap or a replicator's body): a later frame needs them again.
            if MotionPlanner.isAnimating(node, replicated: replication > 1) { list.cpuAnimating = true }
        } else if node.timing.isActive, !node.animations.isEmpty {
            // Its own timing's reason where it has one (it would stay on the CPU in any frame).
            node.motion.verdict = .cpu(node.motion.timingRefusal ?? motionOff)
        }
        if let running = node.activeTransition {
            emitTransition(node, running.transition, progress: running.progress,
                           old: node.transitionSources[running.key]?.old, parentToTarget: parentToTarget, alpha: alpha, into: &list)
        } else {
            emitLayer(node, pre: .identity, parentToTarget: parentToTarget, alpha: alpha, into: &list)
        }
    }

    /// `m` drawing into the layer's plane: a point's z is dropped before it (sublayers, a mask).
    static func flattened(_ m: Transform3D) -> Transform3D {
        var f = m
        f.m31 = 0; f.m32 = 0; f.m33 = 0; f.m34 = 0
        return f
    }

    /// How a matrix scales areas of the layer's plane, as a length: a shadow's blur radius grows with it.
    static func scale(of m: Transform3D) -> CGFloat { sqrt(abs(m.m11 * m.m22 - m.m12 * m.m21)) }

    /// The old and new appearance of `node`, each moved by its piece's transform in the layer's own space;
    /// a fade sums old · (1 − p) and new · p in a group before compositing; a warp (`TransitionWarp`)
    /// composites the two groups through it.
    func emitTransition(_ node: RenderNode, _ transition: Transition, progress: Double, old: RenderNode?,
                                         parentToTarget: Transform3D, alpha: CGFloat, into list: inout DrawList) {
        // A warp samples each appearance whole, a piece may move it into view: nothing of them is culled.
        guard visibleArea == nil else {
            var whole = self
            whole.visibleArea = nil
            whole.emitTransition(node, transition, progress: progress, old: old, parentToTarget: parentToTarget, alpha: alpha, into: &list)
            return
        }
        let frame = TransitionFrame(transition, progress: progress, bounds: node.presentation.bounds)
        if let warp = frame.warp {
            // Apple's private effects: each appearance drawn whole into a group, then both composited
            // through the warp, in the layer's plane. The composite stays where the list was built: under
            // a motion slot the layer moving it goes back to the CPU.
            if let reason = MotionEligibility.warpedTransition(underSlot: list.currentSlot >= 0) { list.motionRefusal = .rule(reason) }
            list.append(.beginGroup)
            if let old { emitLayer(old, pre: .identity, parentToTarget: parentToTarget, alpha: 1, into: &list) }
            list.append(.beginGroup)
            emitLayer(node, pre: .identity, parentToTarget: parentToTarget, alpha: 1, into: &list)
            list.append(.endTransitionGroups(warp: warp, matrix: node.presentation.localToParent * parentToTarget, alpha: alpha))
            return
        }
        if let weight = frame.crossfade {
            list.append(.beginGroup)
            if let old {
                list.append(.beginGroup)
                emitLayer(old, pre: .identity, parentToTarget: parentToTarget, alpha: 1, into: &list)
                list.append(.endGroup(alpha: CGFloat(1 - weight), blend: .over))
            }
            list.append(.beginGroup)
            emitLayer(node, pre: .identity, parentToTarget: parentToTarget, alpha: 1, into: &list)
            list.append(.endGroup(alpha: CGFloat(weight), blend: .add))
            list.append(.endGroup(alpha: alpha, blend: .over))
            return
        }
        for piece in frame.pieces {
            switch piece.source {
            case .old: if let old { emitLayer(old, pre: piece.transform, parentToTarget: parentToTarget, alpha: alpha, into: &list) }
            case .new: emitLayer(node, pre: piece.transform, parentToTarget: parentToTarget, alpha: alpha, into: &list)
            }
        }
    }

    /// One layer and its subtree; `pre` acts in the layer's own coordinates before its geometry. Its
    /// shadow, if it has one, is drawn first (beneath it). `alpha` is the opacity inherited from
    /// ancestors that are not composited as groups: it multiplies this layer's own.
    func emitLayer(_ node: RenderNode, pre: Transform3D, parentToTarget: Transform3D, alpha inherited: CGFloat,
                           into list: inout DrawList) {
        let p = node.presentation
        let opacity = min(1, p.opacity) * inherited
        guard !p.isHidden, opacity > 0 else { return }
        let m = pre * p.localToParent * parentToTarget
        guard node.content.drawsLayer else {
            node.content.appendSublayers(node, matrix: m, alpha: opacity, builder: self, into: &list)
            return
        }
        // Under a motion slot `m` is relative to the slot: which side faces the viewer is decided each frame by
        // layer.vert for the layer's own background, contents and border (`cullsBackFace`); a kind's drawing
        // and a bitmap cannot be culled there.
        let culled = !p.isDoubleSided && list.currentSlot >= 0
        if let reason = MotionEligibility.culled(underSlot: list.currentSlot >= 0, p, kindPieces: node.content.pieces(node)) { list.motionRefusal = .rule(reason) }
        let ownContent = p.isDoubleSided || culled || Self.facesViewer(p.bounds, m)
        let client = node.links.isRoot && !deferredClients.isEmpty ? node.owner?.clientID : nil
        let deferredRoot = client.map(deferredClients.contains) ?? false
        if !deferredRoot, node.rootBitmap != nil { node.rootBitmap = nil }
        // A deferred client's still root that shows what it showed: its kept bitmap, nothing built.
        let kept = deferredRoot && node.timing.activeInSubtree == 0 && client.map(stillDeferredClients.contains) == true ? node.rootBitmap : nil
        if let raster = kept ?? (p.shouldRasterize || deferredRoot ? rasterized(node, ownContent: ownContent, within: &list) : nil) {
            if deferredRoot {
                node.rootBitmap = raster
                // Its new drawing may be made a part a frame while the last one shows (`Renderer.drawPart`).
                raster.content.drawnInParts = true
            }
            // The bitmap (shadow and mask included) is composited with the layer's opacity, which is not
            // rasterized, and sampled with its filters.
            let edges = p.allowsEdgeAntialiasing ? p.edgeAntialiasingMask : 0
            list.append(.raster(matrix: m, rect: raster.rect, content: raster.content, alpha: opacity,
                                         sampling: Self.sampling(p), edges: edges, tint: tint))
            return
        }
        if let moving = movingGroup(node, p, matrix: m, opacity: opacity, ownContent: ownContent, within: &list) {
            list.append(.raster(matrix: m, rect: moving.rect, content: moving.content, alpha: opacity,
                                sampling: Sampling(), edges: 0, tint: tint))
            return
        }
        emitContent(node, matrix: m, opacity: opacity, ownContent: ownContent, cull: culled, into: &list)
    }

    /// A layer's shadow, mask, background, contents, sublayers and border through `matrix`, with
    /// `opacity` (its own times what it inherits) applied as a group or passed down.
    /// `cull`: the layer's own pieces are culled by layer.vert while it faces away (one-sided, under a slot).
    func emitContent(_ node: RenderNode, matrix m: Transform3D, opacity: CGFloat, ownContent: Bool, cull: Bool = false,
                     into list: inout DrawList) {
        // Its backgroundFilters read what lies beneath it: outside the groups a mask or a blend mode draws it in.
        // (Read by property: copying a layer's values costs more than what is read here.)
        let mode = Self.blendMode(node.presentation.compositingFilter)
        if node.links.mask != nil || mode != nil, !node.presentation.backgroundFilters.isEmpty {
            emitBackdrop(node.presentation, matrix: m, opacity: opacity, into: &list)
        }
        // A compositingFilter: the layer's whole drawing is a group blended with what lies beneath it.
        guard let mode else {
            return emitUnblendedContent(node, matrix: m, opacity: opacity, ownContent: ownContent, cull: cull, into: &list)
        }
        list.append(.beginGroup)
        emitUnblendedContent(node, matrix: m, opacity: opacity, ownContent: ownContent, cull: cull, into: &list)
        list.append(.endGroup(alpha: 1, blend: .mode(mode)))
        if list.currentSlot >= 0 { list.motionRefusal = .rule(.filters) }
    }

    /// `emitContent` without the layer's blend mode.
    private func emitUnblendedContent(_ node: RenderNode, matrix m: Transform3D, opacity: CGFloat, ownContent: Bool, cull: Bool,
                                      into list: inout DrawList) {
        let p = node.presentation
        let own: MotionRef.Modes = cull ? .cullsBackFace : []
        // A mask keeps only what lies under its alpha: the layer's drawing and its shadow alike. The
        // layer (shadow first) draws offscreen, its mask (in the layer's coordinates) into the next target,
        // and the drawing is kept where the mask's alpha is (the opacity applies to the result).
        if node.links.mask != nil { list.append(.beginGroup) }
        if p.shadowOpacity > 0, let color = p.shadowColor, color.alpha > 0 {
            // The shadow's shape is the alpha of the layer's background, contents and sublayers, moved by
            // shadowOffset in the layer's coordinates; σ = shadowRadius / 2, scaled to target pixels.
            // With masksToBounds the shadow is clipped to the (rounded) bounds like everything else.
            let shifted = Transform3D.translation(p.shadowOffset.width, p.shadowOffset.height, 0) * m
            // Under a motion slot `m` ends in the slot's space: the blur scales with the slots' matrices too,
            // which must then not animate.
            var full = m
            if list.currentSlot >= 0 {
                if let reason = MotionEligibility.shadowUnderSlot(list, slot: list.currentSlot) { list.motionRefusal = .rule(reason) }
                full = m * slotToTarget(list.currentSlot, list)
            }
            let scale = Self.scale(of: full)
            let clip = p.masksToBounds ? Self.beginClip(p, m, into: &list) : nil
            let shadowAlpha = node.links.mask != nil ? 1 : opacity
            if list.currentSlot < 0, !drawsIntoBitmap, node.links.mask == nil, max(0, p.shadowRadius) / 2 * scale >= Self.movingShadowMinimumSigma,
               node.placementMayAnimate, let bitmap = movingShadow(node, p, matrix: m, color: color, ownContent: ownContent, within: &list) {
                // While an animation may move or scale the layer, its shadow is a bitmap made in the layer's
                // space and moved with it: made again only when the shadow itself changes. Only a blur wide
                // enough that sampling the bitmap between pixels changes nothing visible (σ ≥ 2 pixels);
                // a sharper shadow is drawn exactly each frame. A replicator's tint applies as it is
                // composited, so its copies share one bitmap.
                list.append(.raster(matrix: m, rect: bitmap.rect, content: bitmap.content, alpha: shadowAlpha,
                                    sampling: Sampling(), edges: 0, tint: tint))
            } else {
                list.append(.beginGroup)
                if let path = p.shadowPath {
                    // shadowPath: the path filled replaces the alpha of the layer's drawing.
                    list.append(.path(matrix: shifted, path: path, color: .white, alpha: 1))
                } else {
                    // Its blur reaches into a clip from outside it: nothing of the shape is culled.
                    var shape = self
                    shape.visibleArea = nil
                    shape.emitBody(node, p, matrix: shifted, alpha: 1, ownContent: ownContent, modes: own, into: &list)
                }
                list.append(.endShadowGroup(color: tinted(color), alpha: min(1, p.shadowOpacity) * shadowAlpha,
                                                     sigma: max(0, p.shadowRadius) / 2 * scale))
            }
            if let clip { Self.endClip(clip, p, m, into: &list) }
        }
        if node.links.mask == nil, !p.backgroundFilters.isEmpty, Self.blendMode(p.compositingFilter) == nil {
            emitBackdrop(p, matrix: m, opacity: opacity, into: &list)
        }
        let pieces = Self.pieces(of: node, values: p, ownContent: ownContent)
        if let mask = node.links.mask {
            emitFilteredBody(node, p, matrix: m, alpha: 1, ownContent: ownContent, modes: own, into: &list)
            list.append(.beginGroup)
            emit(mask, parentToTarget: Self.flattened(m), into: &list)
            list.append(.endMaskedGroups(alpha: opacity))
            return
        }
        // Overlapping pieces under an opacity are composited once, as a group (unless allowsGroupOpacity
        // is false). Without a group the opacity passes down to each piece (sublayers inherit it).
        // A filtered body is a group already, composited with the opacity.
        let group = (opacity < 1 || Self.dimmedBySlots(list)) && pieces > 1 && p.allowsGroupOpacity && p.filters.isEmpty
        if group { list.append(.beginGroup) }
        emitFilteredBody(node, p, matrix: m, alpha: group ? 1 : opacity, ownContent: ownContent, modes: own, into: &list)
        if group { list.append(.endGroup(alpha: opacity)) }
    }

    /// The sublayers flattened into the layer's plane, in painter's order (zPosition, then index): every
    /// kind's default placement.
    func emitFlattenedSublayers(_ node: RenderNode, matrix m: Transform3D, alpha: CGFloat, into list: inout DrawList) {
        let p = node.drawnValues
        guard !node.links.sublayers.isEmpty else { return }
        // Sublayers render into this layer's plane: after the sublayer transform (which may add
        // perspective), drop their z before this layer's transform.
        let flattened = Self.flattened(m)
        // sublayerToLocal includes geometryFlipped's flip of the sublayers' space.
        let base = p.hasSublayerSpace ? p.sublayerToLocal * flattened : flattened
        emitInPaintersOrder(node.links.sublayers.array, parentToTarget: base, alpha: alpha, into: &list)
    }

    /// Sublayers through `base` (their superlayer's sublayer space → target), sorted by zPosition then index.
    func emitInPaintersOrder(_ sublayers: [RenderNode], parentToTarget base: Transform3D, alpha: CGFloat, into list: inout DrawList) {
        guard let first = sublayers.first else { return }
        // Usually every sibling shares one zPosition: draw in index order without sorting a copy.
        let z = first.drawnZPosition
        if sublayers.allSatisfy({ $0.drawnZPosition == z }) {
            if list.tracksMotion { motion?.noteSiblings(sublayers, order: nil) }
            for child in sublayers where !culls(child, parentToTarget: base, &list) {
                emitSublayer(child, parentToTarget: base, alpha: alpha, into: &list)
            }
        } else {
            let order = PaintersOrder.indices(zPositions: sublayers.map(\.drawnZPosition))
            if list.tracksMotion { motion?.noteSiblings(sublayers, order: order) }
            for i in order where !culls(sublayers[i], parentToTarget: base, &list) {
                emitSublayer(sublayers[i], parentToTarget: base, alpha: alpha, into: &list)
            }
        }
    }

    /// A sublayer, or, while roots are made in slices (`RootSlicing`), the commands an earlier slice made
    /// for it; nothing once the slice's time is up.
    private func emitSublayer(_ child: RenderNode, parentToTarget base: Transform3D, alpha: CGFloat, into list: inout DrawList) {
        guard let slicing, replication == 1, list.motion == nil else {
            emit(child, parentToTarget: base, alpha: alpha, into: &list)
            return
        }
        if let made = slicing.commands(of: child) {
            for command in made { list.append(command) }
            return
        }
        guard !slicing.shouldStop() else { return }
        let start = list.commands.count
        emit(child, parentToTarget: base, alpha: alpha, into: &list)
        // A layer that left work for later or animates on the CPU is not kept: the making that takes it
        // must see the list's flag (it builds the whole list instead).
        if !list.deferredWork, !list.cpuAnimating { slicing.keep(list.commands[start...], of: child) }
    }
}

extension DrawListBuilder {
    /// How many separately drawn pieces a layer has (background, border, contents, its kind's content,
    /// sublayers): with more than one, an opacity below 1 composites them as a group. `p`: the values it is
    /// drawn with (its caller's copy: copying a layer's values costs more than what is read here).
    static func pieces(of node: RenderNode, values p: LayerModel, ownContent: Bool = true) -> Int {
        let hasBackground = (p.backgroundColor?.alpha ?? 0) > 0
        let hasBorder = p.borderWidth > 0 && (p.borderColor?.alpha ?? 0) > 0
        return (hasBackground ? 1 : 0) + (hasBorder ? 1 : 0) + (node.shownContents(p).isEmpty ? 0 : 1) + node.drawnSublayerCount
            + (ownContent ? node.content.pieces(node) : 0)
    }
}
