import CStrataGL
import Foundation
import StrataCore

/// The group composites that need more than one texture or pass (shadows and masks), and composites kept
/// as textures (`CompositeCache`).
extension Renderer {
    /// Ends a shadow group: blurs its alpha horizontally into the next free target, then vertically onto
    /// the parent, tinted with the shadow colour. Both passes sample at texel centres (the group textures
    /// filter NEAREST). The group was drawn over its box within its parent's region, grown by the blur's
    /// reach, so every pixel the passes read for the region they write is right.
    /// `motion`: the alphas of the motion slots the shadow's layer moves with, multiplied in as it is
    /// composited, and what of the shadow its slot animates (`MotionRef.Fields.shadowComposite`): then
    /// layer.vert takes those from the slot, and `sigma` is the blur's σ per unit of radius / 2.
    /// `keep`: the group was drawn over its whole box, and the blurred shadow is kept under that key
    /// (`keepComposite`).
    func compositeShadow(_ targets: inout [GLuint], _ scissors: inout [PixelRect], color: Color, alpha: CGFloat, sigma: CGFloat,
                         motion: MotionRef = .none, keep: (key: Int, box: PixelRect)? = nil,
                         box: PixelRect? = nil) throws {
        guard let groupRegion = scissors.last else { throw GLError("draw list ends a group that was not begun") }
        let blur = try self.blur
        let (source, depth) = try popGroup(&targets, &scissors, box: box)
        let parent = targets[targets.count - 1]
        let scratch = try offscreen.target(depth: depth + 1, width: physicalWidth, height: physicalHeight)
        // An animated radius: both passes make the kernel from the slot's (params.w ≥ 0); else it is given here.
        let animatedRadius = motion.fields.contains(.shadowRadius)
        let kernel = ShadowKernel(sigma: animatedRadius ? 0 : Double(sigma))
        let params: (Float, Float, Float, Float) = (0, 0, 0, animatedRadius ? Float(sigma) : -1)
        let radiusOnly = animatedRadius ? MotionRef(slot: motion.slot, fields: .shadowRadius, modes: .valuesOnly) : .none
        let full = compositeRect
        let flippedUV = CGRect(x: 0, y: 1, width: 1, height: -1)
        use(blur.program)
        var weights = kernel.weights.map { GLfloat($0) } + [GLfloat](repeating: 0, count: 65 - kernel.weights.count)
        glUniform1fv(blur.uniform("u_weights"), 65, &weights)
        glUniform1i(blur.uniform("u_taps"), GLint(kernel.weights.count - 1))
        // Horizontal: group texture → scratch, over the group's region (cleared: blending adds).
        glBindFramebuffer(e(GL_FRAMEBUFFER), scratch.framebuffer)
        setScissor(groupRegion)
        glClearColor(0, 0, 0, 0)
        glClear(e(GL_COLOR_BUFFER_BIT))
        glUniform2f(blur.uniform("u_step"), GLfloat(kernel.stride / Double(physicalWidth)), 0)
        glUniform2f(blur.uniform("u_texel"), GLfloat(1 / Double(physicalWidth)), 0)
        glUniform4f(blur.uniform("u_tint"), 1, 1, 1, 1)
        queue(BatchState(program: blur.program, texture: source.texture), compositeProjection, full, uv: flippedUV, color: (1, 1, 1, 1),
              params: params, clipSpace: true, motion: radiusOnly)
        flush()
        counters.offscreenPasses += 1
        counters.offscreenPixels += groupRegion.area
        // Vertical: scratch → parent, in the shadow colour (premultiplied); or into a texture that is kept.
        let composite = box.map { scissors[scissors.count - 1].intersection($0) } ?? scissors[scissors.count - 1]
        let blurred = keep?.box ?? composite
        let a = GLfloat(color.alpha * alpha)
        let vertical = {
            glUniform2f(blur.uniform("u_step"), 0, GLfloat(kernel.stride / Double(self.physicalHeight)))
            glUniform2f(blur.uniform("u_texel"), 0, GLfloat(1 / Double(self.physicalHeight)))
            glUniform4f(blur.uniform("u_tint"), GLfloat(color.red) * a, GLfloat(color.green) * a, GLfloat(color.blue) * a, a)
            self.queue(BatchState(program: blur.program, texture: scratch.texture), self.compositeProjection, full, uv: flippedUV,
                       color: (1, 1, 1, 1), params: params, clipSpace: true, motion: motion)
            self.flush()
        }
        if let keep {
            try keepComposite(keep, depth: depth + 2, parent: parent, scissor: composite, vertical)
        } else {
            glBindFramebuffer(e(GL_FRAMEBUFFER), parent)
            setScissor(composite)
            vertical()
        }
        counters.shadowBlurs += 1
        counters.offscreenPixels += blurred.area
    }

    /// Draws a kept composite (`CompositeCache`) over `box`, the target pixels it was made for.
    func compositeKept(_ entry: CompositeCache.Entry, box: PixelRect, counted: Bool = true) {
        // Composite space: target pixels unturned, framebuffer pixels (+y down) when the output is turned.
        let rect: CGRect
        if rotation == 0 {
            rect = CGRect(x: box.x, y: box.y, width: box.width, height: box.height)
        } else {
            let w = windowRect(box)
            rect = CGRect(x: w.x, y: physicalHeight - w.maxY, width: w.width, height: w.height)
        }
        // The texture's rows run bottom-up, as the framebuffer's it was copied from.
        queue(BatchState(program: textured.program, texture: entry.texture), compositeProjection, rect,
              uv: CGRect(x: 0, y: 1, width: 1, height: -1), color: (1, 1, 1, 1), clipSpace: true)
        if counted { counters.compositesKept += 1 }
    }

    /// A group's composite as `CompositeCache` keeps it: its key, the target pixels the composite covers, and
    /// whether they are all on the target (only then can the composite be drawn whole and kept).
    struct GroupKey {
        let key: Int
        let box: PixelRect
        let whole: Bool
    }

    /// The key of the group that `begin` opens in `list` when its composite can be kept (`CompositeCache`):
    /// every command in it relative to its box (`RelativeGroupKey`: the composite follows content moved by
    /// whole pixels), and the pass's target. A group the target's edge cuts is keyed by its uncut box, which
    /// its composite is drawn over when identical content on the target has made one. On a turned output,
    /// or when a command cannot be taken relative to the box, every command's own key (its values and its
    /// groups') and the box itself. nil for a mask's half (kept with its layer's group), an additive group
    /// and a transition's pair.
    func groupKey(_ list: DrawList, _ a: DrawListAnalysis, _ begin: Int) -> GroupKey? {
        let end = a.groupEnd[begin]
        guard !a.isMaskHalf[begin], end > begin else { return nil }
        // An additive group's composite, and a blend mode's, depend on what lies beneath it.
        if case .endGroup(_, .add) = list.commands[end] { return nil }
        if case .endGroup(_, .mode) = list.commands[end] { return nil }
        // A transition's composite changes every frame it runs.
        if case .endTransitionGroups = list.commands[end] { return nil }
        var h = Hasher()
        h.combine(rotation); h.combine(origin.x); h.combine(origin.y); h.combine(width); h.combine(height)
        let commands = list.commands[begin...end]
        var box = a.boxes[begin]
        if rotation == 0, let relative = RelativeGroupKey.key(commands, box: box) {
            let target = PixelRect(x: origin.x, y: origin.y, width: width, height: height)
            guard box.x == target.x || box.y == target.y || box.maxX == target.maxX || box.maxY == target.maxY else {
                // Off the edges, the blur reads nothing of the group past the target's edge even where its reach
                // crosses it (the group's content lies a blur's reach inside its box): the composite is the same
                // wherever the content is, and identical content whole pixels apart shares it.
                h.combine(relative)
                return GroupKey(key: h.finalize(), box: box, whole: true)
            }
            // At an edge: keyed by its uncut box, and kept whole through `keepUncut` when the edge cuts it. A
            // group whose uncut box is not known is not kept: the texture's clamping repeats the edge's pixels
            // into its blur, so its composite depends on where it is.
            guard let uncut = RelativeGroupKey.uncutBox(commands), uncut.intersection(target) == box,
                  let relativeUncut = uncut == box ? relative : RelativeGroupKey.key(commands, box: uncut) else { return nil }
            h.combine(relativeUncut)
            box = uncut
            return GroupKey(key: h.finalize(), box: box, whole: box == a.boxes[begin])
        }
        h.combine(box)
        for k in a.keys[begin...end] { h.combine(k) }
        return GroupKey(key: h.finalize(), box: box, whole: true)
    }

    /// The composite of the group that `begin` opens, which the target's edge cuts, drawn whole and kept under
    /// `key.key`: content scrolling in over the edge then shows the composite it has wholly on the target, frame
    /// after frame (and one kept composite serves it all the way in). It is drawn as a pass of its own into a
    /// target of the pass's size, moved so that its uncut box (`key.box`), and what its blur reads around it,
    /// lie on it at the place nearest its own: the same arithmetic as on the target, so the kept composite is
    /// the one a whole group draws there. Only at the pass's top level (the pass's group targets
    /// are free); afterwards the interrupted pass (into `resume`, within `scissor`) carries on. nil when the
    /// box is larger than the target or the cache has no room for it.
    func keepUncut(_ list: DrawList, _ a: DrawListAnalysis, _ begin: Int, key: GroupKey, resume: GLuint,
                   scissor: PixelRect) throws -> CompositeCache.Entry? {
        let box = key.box, end = a.groupEnd[begin], reach = a.reach[begin]
        guard rotation == 0, box.width + 2 * reach <= width, box.height + 2 * reach <= height,
              let entry = compositeCache.store(key.key, width: box.width, height: box.height, frame: frame) else { return nil }
        flush()
        var group = list.part()
        group.clearColor = Color(red: 0, green: 0, blue: 0, alpha: 0)
        group.commands = Array(list.commands[begin...end])
        // Where the box lands in the target: the place nearest its own where all the blur reads is on it.
        let placed = (x: min(max(box.x, origin.x + reach), origin.x + width - box.width - reach),
                      y: min(max(box.y, origin.y + reach), origin.y + height - box.height - reach))
        let shift = (x: box.x - placed.x, y: box.y - placed.y)
        let target = try ColorStencilTarget.kept(&uncutTarget, width: width, height: height, what: "group cut by the edge")
        let saved = (width, height, origin, projection, offscreen, rotation, compositeProjection)
        let subOrigin = (x: origin.x + shift.x, y: origin.y + shift.y)
        try drawPass(group, DrawListAnalysis(group, target: PixelRect(x: subOrigin.x, y: subOrigin.y, width: width, height: height)),
                     repaint: box, framebuffer: target.framebuffer, width: width, height: height, origin: subOrigin)
        (width, height, origin, projection, offscreen, rotation, compositeProjection) = saved
        // The target's rows run bottom-up, as a kept composite's do (`keepComposite`).
        glBindFramebuffer(e(GL_FRAMEBUFFER), target.framebuffer)
        glBindTexture(e(GL_TEXTURE_2D), entry.texture)
        glCopyTexSubImage2D(e(GL_TEXTURE_2D), 0, 0, 0, GLint(placed.x - origin.x), GLint(origin.y + height - (placed.y + box.height)),
                            GLsizei(box.width), GLsizei(box.height))
        counters.offscreenPasses += 1
        beginFrame(resume)
        setScissor(scissor)
        return entry
    }

    /// Draws a group's composite (what `composite` queues) into the offscreen target at `depth` over
    /// `keep.box` instead of the parent, keeps it under `keep.key`, and draws the kept texture onto
    /// `parent` within `scissor`. Without room in the cache, the composite is drawn onto the parent.
    func keepComposite(_ keep: (key: Int, box: PixelRect), depth: Int, parent: GLuint, scissor: PixelRect,
                       _ composite: () throws -> Void) throws {
        let w = windowRect(keep.box)
        guard let entry = compositeCache.store(keep.key, width: w.width, height: w.height, frame: frame) else {
            glBindFramebuffer(e(GL_FRAMEBUFFER), parent)
            setScissor(scissor)
            try composite()
            return
        }
        let result = try offscreen.target(depth: depth, width: physicalWidth, height: physicalHeight)
        glBindFramebuffer(e(GL_FRAMEBUFFER), result.framebuffer)
        setScissor(keep.box)
        glClearColor(0, 0, 0, 0)
        glClear(e(GL_COLOR_BUFFER_BIT))
        try composite()
        flush()
        counters.offscreenPasses += 1
        glBindTexture(e(GL_TEXTURE_2D), entry.texture)
        glCopyTexSubImage2D(e(GL_TEXTURE_2D), 0, 0, 0, GLint(w.x), GLint(w.y), GLsizei(w.width), GLsizei(w.height))
        bound.texture = entry.texture
        glBindFramebuffer(e(GL_FRAMEBUFFER), parent)
        setScissor(scissor)
        compositeKept(entry, box: keep.box, counted: false)
    }

    /// Ends a layer's group and its mask's group: the layer's drawing times the mask's alpha, times `alpha`.
    /// `keep`: the pair was drawn whole to be kept (`keepComposite`).
    func compositeMasked(_ targets: inout [GLuint], _ scissors: inout [PixelRect], alpha: CGFloat, motion: MotionRef = .none,
                         box: PixelRect? = nil, keep: (key: Int, box: PixelRect)? = nil) throws {
        guard targets.count > 2, scissors.count > 2 else { throw GLError("draw list ends mask groups that were not begun") }
        let masked = try self.masked
        flush()
        let depth = targets.count - 3
        targets.removeLast(2)
        scissors.removeLast(2)
        let content = try offscreen.target(depth: depth, width: physicalWidth, height: physicalHeight)
        let mask = try offscreen.target(depth: depth + 1, width: physicalWidth, height: physicalHeight)
        let scissor = box.map { scissors[scissors.count - 1].intersection($0) } ?? scissors[scissors.count - 1]
        glBindFramebuffer(e(GL_FRAMEBUFFER), targets[targets.count - 1])
        setScissor(scissor)
        let f = Float(alpha)
        let draw = {
            glActiveTexture(e(GL_TEXTURE1))
            glBindTexture(e(GL_TEXTURE_2D), mask.texture)
            glActiveTexture(e(GL_TEXTURE0))
            self.queue(BatchState(program: masked.program, texture: content.texture), self.compositeProjection,
                       self.compositeRect, uv: CGRect(x: 0, y: 0, width: 1, height: 1),
                       color: (f, f, f, f), clipSpace: true, motion: motion)
            self.flush() // unit 1 holds this mask only for this draw
        }
        if let keep {
            try keepComposite(keep, depth: depth + 2, parent: targets[targets.count - 1], scissor: scissor, draw)
        } else {
            draw()
        }
    }
}
