import CStrataGL
import Foundation
import StrataCore

extension Renderer {
    /// Queues one quad for `state`; quads queued for another state are drawn first. `matrix` maps layer
    /// units to target pixels (or to clip space when `clipSpace`).
    /// A quad that moves with a motion slot (`motion.slot` ≥ 0) keeps `matrix` relative to the slot:
    /// layer.vert places it.
    func queue(_ state: BatchState, _ matrix: Transform3D, _ rect: CGRect, uv: CGRect, color: (Float, Float, Float, Float),
               radii: (Float, Float, Float, Float) = (0, 0, 0, 0), params: (Float, Float, Float, Float) = (0, 0, 0, 0),
               clipSpace: Bool = false, motion: MotionRef = .none) {
        if state != batchState { flush() }
        batchState = state
        // A quad the slots place leaves the projection to layer.vert; one they only give values to does not.
        let placed = motion.slot >= 0 && !motion.modes.contains(.valuesOnly)
        quads.append(mvp: clipSpace || placed ? matrix : matrix * projection, rect: rect, uv: uv, color: color, radii: radii,
                     params: params, motion: motion)
    }

    /// Queues a quad command (`fill`, `shape`, `image`; nothing for others), its matrix followed by `outer`,
    /// its alpha times `alpha` and its colours' red, green and blue times `tint` (a replicator's copy).
    /// `motion`: how the motion slots move it (`DrawList.commandMotion`).
    func queueQuad(_ command: DrawCommand, outer: Transform3D? = nil, tint: Color = .white, alpha extra: CGFloat = 1, motion: MotionRef = .none) {
        func through(_ m: Transform3D) -> Transform3D { outer.map { m * $0 } ?? m }
        // A colour the slot animates replaces the command's (layer.vert multiplies it in).
        let slotColored = !motion.fields.isDisjoint(with: [.backgroundColor, .borderColor])
        func tinted(_ c: Color) -> Color {
            tint == .white ? c : Color(red: c.red * tint.red, green: c.green * tint.green, blue: c.blue * tint.blue, alpha: c.alpha)
        }
        switch command {
        case let .fill(matrix, rect, color, alpha, edges):
            // A plain rectangle is the shape with no rounded corners and no border.
            queueShape(through(matrix), rect, radius: 0, corners: 0, border: 0, color: slotColored ? .white : tinted(color),
                       alpha: alpha * extra, edges: edges, motion: motion)
        case let .shape(matrix, rect, radius, corners, border, color, alpha, edges):
            queueShape(through(matrix), rect, radius: Self.clampRadius(radius, rect), corners: corners, border: border,
                       color: slotColored ? .white : tinted(color), alpha: alpha * extra, edges: edges, motion: motion)
        case let .image(matrix, rect, image, uv, alpha, sampling, edges, imageTint):
            let a = alpha * extra
            // Contents the slot places may have no size as built and some as animated.
            guard a > 0, motion.fields.contains(.bounds) || motion.modes.contains(.contentsPlacement) || (rect.width != 0 && rect.height != 0) else { return }
            if textures.isSplit(image) {
                queueSplitImage(image, through(matrix), rect, uv: uv, alpha: a, sampling: sampling, edges: edges,
                                tint: tint == .white ? imageTint : tinted(imageTint), motion: motion)
                return
            }
            let uploads = textures.uploadCount
            let texture = textures.texture(for: image)
            if textures.uploadCount != uploads { bound.texture = texture } // the upload bound it
            if sampling.minFilter == .trilinear, textures.ensureMipmaps(image) { bound.texture = texture } // it bound it
            let m = through(matrix)
            // Contents placed in the slot's bounds carry how (layer.vert reads a_radii; texture.frag has no corners).
            let p = motion.placement
            queue(BatchState(program: textured.program, texture: texture, sampler: samplers.sampler(min: sampling.minFilter, mag: sampling.magFilter)),
                  m, rect, uv: uv, color: Self.tinted(a, tint == .white ? imageTint : tinted(imageTint)), radii: (p.x, p.y, p.z, p.w),
                  params: Self.textureParams(m, edges: edges, sampling: sampling), motion: motion)
        default:
            return
        }
    }

    /// An image larger than the texture limit: one quad per tile it crosses (`TextureTiling.pieces`), each
    /// from its tile's texture, abutting without seams. A slot may move the pieces (their rectangles are in
    /// the layer's units) but not re-place them: `DrawList.append` takes a layer whose bounds or contents
    /// placement animate on the GPU back to the CPU when its image is split.
    func queueSplitImage(_ image: any TextureSource, _ m: Transform3D, _ rect: CGRect, uv: CGRect, alpha: CGFloat, sampling: Sampling,
                         edges: UInt8, tint: Color, motion: MotionRef) {
        guard let pixels = image as? TextureImage, let grid = textures.grid(for: pixels) else { return }
        if sampling.minFilter == .trilinear { _ = textures.ensureMipmaps(image) }
        bound.texture = 0 // the upload or the mipmaps may have bound a tile
        let sampler = samplers.sampler(min: sampling.minFilter, mag: sampling.magFilter)
        for piece in grid.tiling.pieces(rect: rect, uv: uv, edges: edges) {
            queue(BatchState(program: textured.program, texture: grid.textures[piece.tile], sampler: sampler), m, piece.rect,
                  uv: piece.uv, color: Self.tinted(alpha, tint), params: Self.textureParams(m, edges: piece.edges, sampling: sampling),
                  motion: motion)
        }
    }

    /// A (rounded) rectangle or its border ring, anti-aliased over a pixel outside it.
    /// Values the quad's motion slot animates (`motion.fields`) are layer.vert's to fill in: the rounded
    /// corners are then given as 1s for it to multiply by the radius.
    func queueShape(_ matrix: Transform3D, _ rect: CGRect, radius: CGFloat, corners: UInt8, border: CGFloat, color: Color, alpha: CGFloat,
                    edges: UInt8, motion: MotionRef = .none) {
        let a = color.alpha * alpha
        guard a > 0, motion.fields.contains(.bounds) || (rect.width > 0 && rect.height > 0) else { return }
        queue(BatchState(program: rounded.program), matrix, rect, uv: CGRect(x: 0, y: 0, width: 1, height: 1),
              color: (Float(color.red * a), Float(color.green * a), Float(color.blue * a), Float(a)),
              radii: motion.fields.contains(.cornerRadius) ? Self.radii(1, corners) : Self.radii(radius, corners),
              params: (Float(Self.pixelInLayerUnits(matrix)), Float(max(0, border)), 0, Float(edges)), motion: motion)
    }

    /// Draws the queued quads with their state bound: before anything that changes GL state the queued
    /// quads must not see (framebuffer, blending, uniforms, texture contents).
    func flush() {
        guard quads.count > 0 else { return }
        if quads.isRecording {
            quads.record(batchState)
            return
        }
        bind(batchState, motion: quads.hasMotion)
        if quads.draw() { counters.drawCalls += 1 }
    }

    /// Binds `state`; with `motion` (quads moving with a slot: fills, shapes, images, glyphs and clips, which leave
    /// the projection to layer.vert) also the pass's projection.
    func bind(_ state: BatchState, motion: Bool) {
        bind(state)
        guard motion, let p = [rounded, textured, programs.linked(.glyph), programs.linked(.clip)]
            .first(where: { $0?.program == state.program }) ?? nil
        else { return }
        setProjection(p)
    }

    /// Gives `p` (bound) the pass's projection as `u_projection`, unless it holds it already: a program keeps
    /// its uniforms, and setting one makes the driver upload the program's constants again at its next draw
    /// (it was set before every batch that moves with a slot).
    func setProjection(_ p: ShaderProgram) {
        if projectionsSet[p.program] == projection { return }
        setUniform(p.uniform("u_projection"), projection)
        projectionsSet[p.program] = projection
    }

    /// Counts a coverage fill's work: its accumulation pass and its two draws.
    func countCoverageFill() {
        counters.drawCalls += 2
        counters.offscreenPasses += 1
    }

    /// Forgets what is bound (program, texture, sampler), after a draw that bound GL state of its own:
    /// the next batch binds its state again.
    func invalidateBindings() {
        bound = BatchState()
    }

    func use(_ program: GLuint) {
        if program != bound.program { glUseProgram(program); bound.program = program }
    }

    func bind(_ s: BatchState) {
        use(s.program)
        if s.texture != bound.texture { glBindTexture(e(GL_TEXTURE_2D), s.texture); bound.texture = s.texture }
        if s.sampler != bound.sampler { glBindSampler(0, s.sampler); bound.sampler = s.sampler }
    }
}
