import CStrataGL
import Foundation
import StrataCore

/// Layer filters (docs/filters.md): a group composited through its `filters` (`endFilterGroup`: blurs as
/// `BlurPlan` draws them, then colour matrices) or through a blend mode (`endGroup` with `.mode`: a
/// `compositingFilter`, which reads a copy of what lies beneath it).
extension Renderer {
    /// A region of one texture: window pixels (x, y from the bottom-left) of a texture `size` big.
    struct TextureRegion {
        var texture: GLuint
        var rect: PixelRect
        var size: (width: Int, height: Int)

        /// The texel centres at its edges, in texture coordinates: what a pass reading it clamps to.
        var bounds: (Float, Float, Float, Float) {
            let w = Float(size.width), h = Float(size.height)
            return ((Float(rect.x) + 0.5) / w, (Float(rect.y) + 0.5) / h, (Float(rect.maxX) - 0.5) / w, (Float(rect.maxY) - 0.5) / h)
        }
    }

    /// Ends a filter group: its chain run over it (`run`), the last matrix (or none) applied as the result is
    /// composited onto the parent with `alpha`. The group was drawn over its region grown by the chain's reach.
    func compositeFiltered(_ targets: inout [GLuint], _ scissors: inout [PixelRect], chain: FilterChain, alpha: CGFloat,
                           keep: (key: Int, box: PixelRect)?, box: PixelRect?) throws {
        guard let groupRegion = scissors.last else { throw GLError("draw list ends a group that was not begun") }
        let (source, depth) = try popGroup(&targets, &scissors, box: box)
        let compositeScissor = box.map { scissors[scissors.count - 1].intersection($0) } ?? scissors[scissors.count - 1]
        let full = (width: physicalWidth, height: physicalHeight)
        let group = TextureRegion(texture: source.texture, rect: windowRect(groupRegion), size: full)
        let (current, _, last) = try run(chain, on: group, from: source.framebuffer, scratch: depth + 1, leavingLastMatrix: true)
        // The composite, onto the parent (or into a kept composite's texture).
        let parent = targets[targets.count - 1]
        glBindFramebuffer(e(GL_FRAMEBUFFER), parent)
        glViewport(0, 0, GLsizei(full.width), GLsizei(full.height))
        setScissor(compositeScissor)
        let program = try filterColor
        let f = Float(alpha)
        let result = current.texture
        try self.composite(keep, depth: depth + 3, targets, scissors, box: box ?? compositeScissor) {
            self.use(program.program)
            self.setColorUniforms(program, matrix: last)
            self.queue(BatchState(program: program.program, texture: result), self.compositeProjection, self.compositeRect,
                       uv: CGRect(x: 0, y: 0, width: 1, height: 1), color: (f, f, f, f), clipSpace: true)
            self.flush()
        }
        counters.offscreenPasses += 1
    }

    /// Runs `chain` over `source` (held by `framebuffer`'s texture) through scratch targets at `scratch` and
    /// the depth above it, alternately, so no pass reads what it writes: each blur as `BlurPlan` draws it, a
    /// colour matrix right after a blur applied in the blur's last pass, other matrices in passes of their own.
    /// With `leavingLastMatrix`, a matrix that ends the chain (after no blur) is returned instead, for the
    /// caller's composite to apply. Returns the result, the framebuffer holding it and that matrix.
    private func run(_ chain: FilterChain, on source: TextureRegion, from framebuffer: GLuint, scratch: Int,
                     leavingLastMatrix: Bool) throws -> (TextureRegion, GLuint, ColorMatrix) {
        var current = source, holder = framebuffer, depth = scratch
        var steps = chain.steps[...]
        while let step = steps.popFirst() {
            if case let .matrix(m) = step, steps.isEmpty, leavingLastMatrix { return (current, holder, m) }
            let out = try offscreen.target(depth: depth, width: source.size.width, height: source.size.height)
            depth = depth == scratch ? scratch + 1 : scratch
            holder = out.framebuffer
            switch step {
            case .blur(let sigma):
                var recolor: ColorMatrix?
                if case let .matrix(m)? = steps.first { recolor = m; steps.removeFirst() }
                current = try blur(current, plan: BlurPlan(sigma: Double(sigma)), into: out, recolor: recolor)
            case .matrix(let m):
                try drawColorPass(from: current, matrix: m, alpha: 1, into: out.framebuffer, scissor: current.rect)
                current = TextureRegion(texture: out.texture, rect: current.rect, size: source.size)
            }
        }
        return (current, holder, .identity)
    }

    /// Draws `source` through a colour matrix into `framebuffer` (the framebuffer's size) within `scissor` (window pixels).
    func drawColorPass(from source: TextureRegion, matrix: ColorMatrix, alpha: Float, into framebuffer: GLuint, scissor: PixelRect) throws {
        let program = try filterColor
        glBindFramebuffer(e(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(source.size.width), GLsizei(source.size.height))
        glScissor(GLint(scissor.x), GLint(scissor.y), GLsizei(scissor.width), GLsizei(scissor.height))
        glDisable(e(GL_BLEND))
        use(program.program)
        setColorUniforms(program, matrix: matrix)
        queue(BatchState(program: program.program, texture: source.texture), compositeProjection, compositeRect,
              uv: CGRect(x: 0, y: 0, width: 1, height: 1), color: (alpha, alpha, alpha, alpha), clipSpace: true)
        flush()
        glEnable(e(GL_BLEND))
        counters.offscreenPasses += 1
        counters.offscreenPixels += scissor.area
    }

    private func setColorUniforms(_ program: ShaderProgram, matrix: ColorMatrix) {
        setMatrixUniforms(program, matrix: matrix)
        glUniform2f(program.uniform("u_target"), GLfloat(physicalWidth), GLfloat(physicalHeight))
    }

    private func setMatrixUniforms(_ program: ShaderProgram, matrix: ColorMatrix) {
        // GLSL's mat4 is column-major: column k holds every row's coefficient k.
        var columns: [GLfloat] = []
        for k in 0..<4 { for r in 0..<4 { columns.append(matrix.rows[r][k]) } }
        glUniformMatrix4fv(program.uniform("u_matrix"), 1, GLboolean(GL_FALSE), &columns)
        glUniform4f(program.uniform("u_bias"), matrix.bias.x, matrix.bias.y, matrix.bias.z, matrix.bias.w)
    }

    /// Blurs `source` as `plan` says: halved `plan.levels` times, a separable Gaussian there, doubled back
    /// up; the result is written over the source's region of `out` (a target of the framebuffer's size).
    /// `recolor`: a colour matrix applied in the last pass (the one that follows the blur in its chain).
    func blur(_ source: TextureRegion, plan: BlurPlan, into out: ColorStencilTarget, recolor: ColorMatrix? = nil) throws -> TextureRegion {
        let full = (width: physicalWidth, height: physicalHeight)
        var current = source
        var regions = [source.rect]
        // Halvings: level n covers level n − 1's region, halved and rounded out.
        for n in stride(from: 1, through: plan.levels, by: 1) {
            let size = BlurLevels.size(full.width, full.height, level: n)
            let target = try blurLevels.target(level: n, index: 0, width: full.width, height: full.height)
            let r = regions[regions.count - 1]
            let rect = PixelRect(x: r.x >> 1, y: r.y >> 1, width: ((r.maxX + 1) >> 1) - (r.x >> 1), height: ((r.maxY + 1) >> 1) - (r.y >> 1))
            try resample(current, into: target.framebuffer, size: size, rect: rect, dstToSrc: (2 / Float(current.size.width), 2 / Float(current.size.height)))
            regions.append(rect)
            current = TextureRegion(texture: target.texture, rect: rect, size: size)
        }
        // The Gaussian, horizontally into the level's second target, vertically back.
        let smallest = plan.levels
        let kernel = ShadowKernel(sigma: plan.sigma)
        let pair: (ColorStencilTarget, ColorStencilTarget)
        if smallest == 0 {
            pair = (try blurLevels.target(level: 0, index: 0, width: full.width, height: full.height), out)
        } else {
            pair = (try blurLevels.target(level: smallest, index: 1, width: full.width, height: full.height),
                    try blurLevels.target(level: smallest, index: 0, width: full.width, height: full.height))
        }
        let size = current.size
        try gaussian(current, kernel: kernel, direction: (1, 0), into: pair.0.framebuffer)
        current = TextureRegion(texture: pair.0.texture, rect: current.rect, size: size)
        try gaussian(current, kernel: kernel, direction: (0, 1), into: pair.1.framebuffer, recolor: smallest == 0 ? recolor : nil)
        current = TextureRegion(texture: pair.1.texture, rect: current.rect, size: size)
        // Doublings back to full size, the last into `out`.
        for n in stride(from: smallest - 1, through: 0, by: -1) {
            let size = n == 0 ? full : BlurLevels.size(full.width, full.height, level: n)
            let target = n == 0 ? out : try blurLevels.target(level: n, index: 0, width: full.width, height: full.height)
            try resample(current, into: target.framebuffer, size: size, rect: regions[n],
                         dstToSrc: (0.5 / Float(current.size.width), 0.5 / Float(current.size.height)), recolor: n == 0 ? recolor : nil)
            current = TextureRegion(texture: target.texture, rect: regions[n], size: size)
        }
        return current
    }

    /// One pass of filter_blur.frag: `source` resampled (no taps) into `framebuffer` over `rect`.
    private func resample(_ source: TextureRegion, into framebuffer: GLuint, size: (width: Int, height: Int), rect: PixelRect,
                          dstToSrc: (Float, Float), recolor: ColorMatrix? = nil) throws {
        try blurPass(source, into: framebuffer, size: size, rect: rect, dstToSrc: dstToSrc, step: (0, 0), weights: [1], recolor: recolor)
    }

    private func gaussian(_ source: TextureRegion, kernel: ShadowKernel, direction: (Float, Float), into framebuffer: GLuint,
                          recolor: ColorMatrix? = nil) throws {
        let w = Float(source.size.width), h = Float(source.size.height)
        let stride = Float(kernel.stride)
        try blurPass(source, into: framebuffer, size: source.size, rect: source.rect, dstToSrc: (1 / w, 1 / h),
                     step: (direction.0 * stride / w, direction.1 * stride / h), weights: kernel.weights, recolor: recolor)
    }

    private func blurPass(_ source: TextureRegion, into framebuffer: GLuint, size: (width: Int, height: Int), rect: PixelRect,
                          dstToSrc: (Float, Float), step: (Float, Float), weights: [Double], recolor: ColorMatrix?) throws {
        let program = try filterBlur
        flush()
        glBindFramebuffer(e(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
        glScissor(GLint(rect.x), GLint(rect.y), GLsizei(rect.width), GLsizei(rect.height))
        glDisable(e(GL_BLEND))
        use(program.program)
        var w = weights.map { GLfloat($0) } + [GLfloat](repeating: 0, count: max(0, 65 - weights.count))
        glUniform1fv(program.uniform("u_weights"), 65, &w)
        glUniform1i(program.uniform("u_taps"), GLint(weights.count - 1))
        glUniform2f(program.uniform("u_dstToSrc"), dstToSrc.0, dstToSrc.1)
        glUniform2f(program.uniform("u_step"), step.0, step.1)
        let b = source.bounds
        glUniform4f(program.uniform("u_bounds"), b.0, b.1, b.2, b.3)
        glUniform1i(program.uniform("u_recolor"), recolor == nil ? 0 : 1)
        if let recolor { setMatrixUniforms(program, matrix: recolor) }
        queue(BatchState(program: program.program, texture: source.texture, sampler: samplers.sampler(min: .linear, mag: .linear)),
              compositeProjection, compositeRect, uv: CGRect(x: 0, y: 0, width: 1, height: 1), color: (1, 1, 1, 1), clipSpace: true)
        flush()
        glEnable(e(GL_BLEND))
        counters.offscreenPasses += 1
        counters.offscreenPixels += rect.area
    }

    /// Ends a group composited through a blend mode: what lies beneath it within the composite is copied,
    /// and the group and that copy are combined (filter_blend.frag) in place of the parent's pixels.
    func compositeBlended(_ targets: inout [GLuint], _ scissors: inout [PixelRect], mode: FilterType, alpha: CGFloat,
                          box: PixelRect?, motion: MotionRef) throws {
        let (source, depth) = try popGroup(&targets, &scissors, box: box)
        let compositeScissor = box.map { scissors[scissors.count - 1].intersection($0) } ?? scissors[scissors.count - 1]
        let window = windowRect(compositeScissor)
        guard window.width > 0, window.height > 0 else { return }
        // The backdrop: the parent's pixels under the composite, copied from the bound framebuffer.
        let backdrop = try offscreen.target(depth: depth + 1, width: physicalWidth, height: physicalHeight)
        copyInPlace(window, from: targets[targets.count - 1], into: backdrop.texture)
        let program = try filterBlend
        use(program.program)
        glUniform2f(program.uniform("u_target"), GLfloat(physicalWidth), GLfloat(physicalHeight))
        glUniform1i(program.uniform("u_mode"), GLint(mode.rawValue) - GLint(FilterType.multiplyBlendMode.rawValue))
        glActiveTexture(e(GL_TEXTURE1))
        glBindTexture(e(GL_TEXTURE_2D), backdrop.texture)
        glActiveTexture(e(GL_TEXTURE0))
        glDisable(e(GL_BLEND))
        let f = Float(alpha)
        queue(BatchState(program: program.program, texture: source.texture), compositeProjection, compositeRect,
              uv: CGRect(x: 0, y: 0, width: 1, height: 1), color: (f, f, f, f), clipSpace: true, motion: motion)
        flush()
        glEnable(e(GL_BLEND))
        counters.offscreenPasses += 1
        counters.offscreenPixels += window.area
    }
}

extension Renderer {
    /// A backdrop (`backgroundFilters`): the target's pixels around the shape (within the pass's scissor, all
    /// drawn by now: `DamageTracker.coveringBackdrops` makes a repaint that touches it take all it reads)
    /// copied, filtered, and drawn within the (rounded) shape, anti-aliased, as a masksToBounds clip is.
    /// `depth`: the group nesting the pass is at (scratch targets start above it).
    /// `key`: the backdrop's `DrawListAnalysis.backdropKeys` entry, when it may be kept (`BackdropCache`): a kept
    /// one is composited as it is; one filtered over all its box is kept.
    func drawBackdrop(matrix: Transform3D, rect: CGRect, radius: CGFloat, corners: UInt8, chain: FilterChain, alpha: CGFloat,
                      box: PixelRect, target: GLuint, depth: Int, scissor: PixelRect, key: Int?) throws {
        flush()
        let full = (width: physicalWidth, height: physicalHeight)
        if let key, let kept = backdrops.entry(key, width: full.width, height: full.height, rotation: rotation, frame: frame) {
            counters.compositesKept += 1
            return try compositeBackdrop(kept.texture, matrix: matrix, rect: rect, radius: radius, corners: corners, alpha: alpha,
                                         target: target, scissor: scissor)
        }
        let reads = box.grown(by: chain.reach).intersection(scissor)
        let window = windowRect(reads)
        guard window.width > 0, window.height > 0 else { return }
        let copy = try offscreen.target(depth: depth + 1, width: full.width, height: full.height)
        copyInPlace(window, from: target, into: copy.texture)
        let (current, resultFramebuffer, _) = try run(chain, on: TextureRegion(texture: copy.texture, rect: window, size: full),
                                                      from: copy.framebuffer, scratch: depth + 2, leavingLastMatrix: false)
        // Kept when all its box was filtered here (what a repaint touching it takes, unless it was kept).
        let placed = box.intersection(PixelRect(x: origin.x, y: origin.y, width: width, height: height))
        if let key, scissor.intersection(placed) == placed, let keep = try backdrops.store(key, width: full.width, height: full.height, rotation: rotation, frame: frame) {
            copyInPlace(windowRect(placed), from: resultFramebuffer, into: keep.texture)
        }
        try compositeBackdrop(current.texture, matrix: matrix, rect: rect, radius: radius, corners: corners, alpha: alpha,
                              target: target, scissor: scissor)
    }

    /// Copies `window` (window pixels) of `framebuffer` into the same place of `texture` (of the framebuffer's
    /// size). The framebuffer is bound first: a target made just before binds its own.
    private func copyInPlace(_ window: PixelRect, from framebuffer: GLuint, into texture: GLuint) {
        glBindFramebuffer(e(GL_FRAMEBUFFER), framebuffer)
        glBindTexture(e(GL_TEXTURE_2D), texture)
        glCopyTexSubImage2D(e(GL_TEXTURE_2D), 0, GLint(window.x), GLint(window.y), GLint(window.x), GLint(window.y),
                            GLsizei(window.width), GLsizei(window.height))
        bound.texture = 0
    }

    /// For the damage tracker's plan (`Compositor`): whether the filtered backdrop of `key` is kept for a
    /// target of `width` × `height` turned by `rotation` (the output the plan is for, not the last pass's).
    public func keepsBackdrop(_ key: Int, width: Int, height: Int, rotation: Int) -> Bool {
        let physical = rotation % 180 == 0 ? (width, height) : (height, width)
        return backdrops.contains(key, width: physical.0, height: physical.1, rotation: rotation)
    }

    /// A filtered backdrop (`texture`, at window places) drawn within the layer's rounded bounds.
    private func compositeBackdrop(_ texture: GLuint, matrix: Transform3D, rect: CGRect, radius: CGFloat, corners: UInt8, alpha: CGFloat,
                                   target: GLuint, scissor: PixelRect) throws {
        glBindFramebuffer(e(GL_FRAMEBUFFER), target)
        glViewport(0, 0, GLsizei(physicalWidth), GLsizei(physicalHeight))
        setScissor(scissor)
        let program = try clip
        let f = Float(alpha)
        queue(BatchState(program: program.program, texture: texture), matrix, rect, uv: CGRect(x: 0, y: 0, width: 1, height: 1),
              color: (f, f, f, f), radii: Self.radii(Self.clampRadius(radius, rect), corners),
              params: (Float(Self.pixelInLayerUnits(matrix)), 0, 0, 0))
        flush()
        counters.offscreenPasses += 1
    }
}
