import CStrataGL
import Foundation
import StrataCore

/// The group composites that need more than one texture or pass: shadows and masks.
extension Renderer {
    /// Ends a shadow group: blurs its alpha horizontally into the next free target, then vertically onto
    /// the parent, tinted with the shadow colour. Both passes sample at texel centres (the group textures
    /// filter NEAREST). The group was drawn over its parent's region grown by the blur's reach, so every
    /// pixel the passes read in the parent's region is right.
    /// `motion`: the alphas of the motion slots the shadow's layer moves with, multiplied in as it is
    /// composited, and what of the shadow its slot animates (`MotionRef.Fields.shadowComposite`): then
    /// layer.vert takes those from the slot, and `sigma` is the blur's σ per unit of radius / 2.
    /// `throughTexture` (frames without motion slots): the vertical pass draws into a texture composited
    /// onto the parent; `keep`: the group was drawn over its whole box, and the blurred shadow is kept
    /// under that key (`ShadowCache`).
    func compositeShadow(_ targets: inout [GLuint], _ scissors: inout [PixelRect], color: Color, alpha: CGFloat, sigma: CGFloat,
                         motion: MotionRef = .none, throughTexture: Bool = false, keep: (key: Int, box: PixelRect)? = nil,
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
        let radiusOnly = animatedRadius ? MotionRef(slot: motion.slot, fields: [.valuesOnly, .shadowRadius]) : .none
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
        // Vertical: scratch → parent, in the shadow colour (premultiplied). On the CPU path it goes through a
        // texture first (`result`, over transparent: the blurred shadow itself), composited as a kept
        // shadow is, so a shadow drawn now and one drawn from the cache are the same pixels.
        let composite = box.map { scissors[scissors.count - 1].intersection($0) } ?? scissors[scissors.count - 1]
        let result = throughTexture ? try offscreen.target(depth: depth + 2, width: physicalWidth, height: physicalHeight) : nil
        let blurred = keep?.box ?? composite
        glBindFramebuffer(e(GL_FRAMEBUFFER), result?.framebuffer ?? parent)
        setScissor(blurred)
        if result != nil {
            glClearColor(0, 0, 0, 0)
            glClear(e(GL_COLOR_BUFFER_BIT))
        }
        let a = GLfloat(color.alpha * alpha)
        glUniform2f(blur.uniform("u_step"), 0, GLfloat(kernel.stride / Double(physicalHeight)))
        glUniform2f(blur.uniform("u_texel"), 0, GLfloat(1 / Double(physicalHeight)))
        glUniform4f(blur.uniform("u_tint"), GLfloat(color.red) * a, GLfloat(color.green) * a, GLfloat(color.blue) * a, a)
        queue(BatchState(program: blur.program, texture: scratch.texture), compositeProjection, full, uv: flippedUV, color: (1, 1, 1, 1),
              params: params, clipSpace: true, motion: motion)
        flush()
        counters.shadowBlurs += 1
        counters.offscreenPixels += blurred.area
        guard let result else { return }
        counters.offscreenPasses += 1
        if let keep, case let w = windowRect(keep.box), let entry = shadowCache.store(keep.key, width: w.width, height: w.height, frame: frame) {
            // `result` is bound: its pixels under the shadow's box become the kept texture.
            glBindTexture(e(GL_TEXTURE_2D), entry.texture)
            glCopyTexSubImage2D(e(GL_TEXTURE_2D), 0, 0, 0, GLint(w.x), GLint(w.y), GLsizei(w.width), GLsizei(w.height))
            bound.texture = entry.texture
            glBindFramebuffer(e(GL_FRAMEBUFFER), parent)
            setScissor(composite)
            compositeKeptShadow(entry, box: keep.box, counted: false)
            return
        }
        glBindFramebuffer(e(GL_FRAMEBUFFER), parent)
        setScissor(composite)
        queue(BatchState(program: textured.program, texture: result.texture), compositeProjection, compositeRect, uv: flippedUV,
              color: (1, 1, 1, 1), clipSpace: true)
    }

    /// Draws a kept shadow (`ShadowCache`) over `box`, the target pixels it was blurred for.
    func compositeKeptShadow(_ entry: ShadowCache.Entry, box: PixelRect, counted: Bool = true) {
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
        if counted { counters.shadowsKept += 1 }
    }

    /// The key of the shadow group that `begin` opens in `list`: every command in it (each command's key
    /// holds its values and its groups'), its box and the pass's target; nil for any other group.
    func shadowKey(_ list: DrawList, _ a: DrawListAnalysis, _ begin: Int) -> Int? {
        let end = a.groupEnd[begin]
        guard !a.isMaskHalf[begin], end > begin, case .endShadowGroup = list.commands[end] else { return nil }
        var h = Hasher()
        h.combine(a.boxes[begin])
        h.combine(rotation); h.combine(origin.x); h.combine(origin.y); h.combine(width); h.combine(height)
        for k in a.keys[begin...end] { h.combine(k) }
        return h.finalize()
    }

    /// Ends a layer's group and its mask's group: the layer's drawing times the mask's alpha, times `alpha`.
    func compositeMasked(_ targets: inout [GLuint], _ scissors: inout [PixelRect], alpha: CGFloat, motion: MotionRef = .none,
                         box: PixelRect? = nil) throws {
        guard targets.count > 2, scissors.count > 2 else { throw GLError("draw list ends mask groups that were not begun") }
        let masked = try self.masked
        flush()
        let depth = targets.count - 3
        targets.removeLast(2)
        scissors.removeLast(2)
        let content = try offscreen.target(depth: depth, width: physicalWidth, height: physicalHeight)
        let mask = try offscreen.target(depth: depth + 1, width: physicalWidth, height: physicalHeight)
        glBindFramebuffer(e(GL_FRAMEBUFFER), targets[targets.count - 1])
        setScissor(box.map { scissors[scissors.count - 1].intersection($0) } ?? scissors[scissors.count - 1])
        glActiveTexture(e(GL_TEXTURE1))
        glBindTexture(e(GL_TEXTURE_2D), mask.texture)
        glActiveTexture(e(GL_TEXTURE0))
        let f = Float(alpha)
        queue(BatchState(program: masked.program, texture: content.texture), compositeProjection,
              compositeRect, uv: CGRect(x: 0, y: 0, width: 1, height: 1),
              color: (f, f, f, f), clipSpace: true, motion: motion)
        flush() // unit 1 holds this mask only for this draw
    }
}
