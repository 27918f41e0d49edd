import CStrataGL
import Foundation
import StrataCore

/// A CAEmitterLayer's particles (`DrawCommand.content`): per cell with contents, one instanced draw per
/// run of candidate particles (`EmitterFrame.Run`), each instance a particle evaluated in the
/// vertex stage (particle.vert, particle.glsl) from the layer's and cell's values, its index and its age.
/// So the CPU's work per frame is O(cells + runs), never O(particles). A run is its own draw, not an entry
/// of a uniform array: runs are few (one per rate change within a lifetime), and the shader then needs no
/// search for the run an instance falls in.
///
/// A sub-cell of any generation (up to `EmitterCellModel.maxDepth` levels) is drawn over its top-level
/// ancestor's runs: for a cell d − 1 generations below, instance = (top-level particle, slot₂, …, slot_d) in
/// mixed radix, slot_k the k-th generation's candidate sub-particle of the particle above it
/// (`ParticleUniforms.slots` per particle at each level), the chain evaluated parent by parent in the shader.
/// A slot that holds no particle at some generation (its parent unborn, or the slot past the parent's
/// candidates or window) is a degenerate quad, and so are all its descendants; a dead parent still places
/// the sub-particles that outlive it, as on the CPU. One layer's draws make at most
/// `ParticleUniforms.maxInstances` (2²⁰) instances a frame, its cells sharing them in id order (a hostile
/// animated rate cannot multiply them by its cells): each cell's newest runs, and the newest particles of
/// the run that crosses the cap, are kept (`ParticleUniforms.capped`); a chain needing more than that for
/// one top-level particle is not drawn. Order: cells in id order, each run's particles by index, a
/// sub-cell's by top-level particle then each generation's j (generation order); oldestLast reverses all of it (cells, runs and
/// instances), oldestFirst and backToFront keep generation order (births ascend within a top-level cell;
/// depth is not sorted). Additive blends (ONE, ONE), every other mode source-over.
public struct EmitterDraw: ContentDraw {
    /// Layer coordinates → target pixels.
    public var matrix: Transform3D
    public var frame: EmitterFrame
    public var alpha: CGFloat
    /// Multiplies red, green and blue (a replicator's copy).
    public var tint: Color

    public init(matrix: Transform3D, frame: EmitterFrame, alpha: CGFloat, tint: Color = .white) {
        self.matrix = matrix; self.frame = frame; self.alpha = alpha; self.tint = tint
        drawnCells = Self.drawnCells(frame)
    }

    /// How a cell's particles are reached: the top-level cell whose runs its draws follow, the generations
    /// below it down to the cell (empty for a top-level cell) and the instances per top-level particle.
    struct Chain {
        var top: EmitterFrame.Cell
        var levels: [ParticleUniforms.Level]
        var perParent: Int
        /// The cells above the drawn one, the top-level cell first.
        var ancestors: [EmitterCellModel]
    }

    /// The chain of `c` in `frame`: nil where the cell or an ancestor is disabled or missing, it lies deeper
    /// than `EmitterCellModel.maxDepth`, a generation bears no sub-particle (0 slots), or one top-level
    /// particle alone would need more than `ParticleUniforms.maxInstances` instances.
    static func chain(of c: EmitterFrame.Cell, in frame: EmitterFrame) -> Chain? {
        let byID = Dictionary(frame.cells.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        guard c.cell.isEnabled else { return nil }
        var line = [c]
        while let parentID = line[0].parentID {
            guard line.count < EmitterCellModel.maxDepth, let parent = byID[parentID], parent.cell.isEnabled else { return nil }
            line.insert(parent, at: 0)
        }
        let levels = zip(line, line.dropFirst()).map { parent, sub in
            ParticleUniforms.Level(cell: sub.cell, id: sub.id, slots: ParticleUniforms.slots(sub.cell, parent: parent.cell, layer: frame.layer))
        }
        guard levels.allSatisfy({ $0.slots > 0 }), let perParent = ParticleUniforms.perParent(levels) else { return nil }
        return Chain(top: line[0], levels: levels, perParent: perParent, ancestors: line.dropLast().map(\.cell))
    }

    /// A cell that draws: enabled, with contents of some size, its chain drawable (`chain(of:in:)`) and its
    /// top-level ancestor holding a run the shader can place.
    struct DrawnCell {
        var entry: EmitterFrame.Cell
        var texture: any TextureSource
        /// The contents' size in layer units (pixels ÷ contentsScale).
        var size: CGSize
        var chain: Chain
        /// The top-level cell's runs the shader can place, capped (`ParticleUniforms.capped`).
        var runs: [EmitterFrame.Run]
    }

    /// The cells drawn, in id order, every generation (up to `EmitterCellModel.maxDepth`): found once, when
    /// the draw is made.
    let drawnCells: [DrawnCell]

    /// `frame`'s cells that draw, the layer's instances at most `ParticleUniforms.maxInstances` in all: the
    /// cells in id order share them, each its newest runs first.
    static func drawnCells(_ frame: EmitterFrame) -> [DrawnCell] {
        var left = ParticleUniforms.maxInstances
        return frame.cells.compactMap { c in
            guard left > 0, let texture = c.texture, c.cell.contentsScale > 0 else { return nil }
            let size = CGSize(width: CGFloat(texture.width) / c.cell.contentsScale, height: CGFloat(texture.height) / c.cell.contentsScale)
            guard size.width > 0, size.height > 0, let chain = chain(of: c, in: frame) else { return nil }
            let runs = ParticleUniforms.capped(chain.top.runs.filter(ParticleUniforms.drawable), perParent: chain.perParent, budget: left)
            guard !runs.isEmpty else { return nil }
            left -= runs.reduce(0) { $0 + ParticleUniforms.instances($1, perParent: chain.perParent) }
            return DrawnCell(entry: c, texture: texture, size: size, chain: chain, runs: runs)
        }
    }

    public func box(within target: PixelRect) -> PixelRect {
        let cells = drawnCells, l = frame.layer
        guard alpha > 0, !cells.isEmpty else { return .empty }
        // Under perspective, or where a particle's z reaches the target's x and y, take the whole target.
        guard matrix.m14 == 0, matrix.m24 == 0, matrix.m34 == 0 else { return target }
        if l.preservesDepth, matrix.m31 != 0 || matrix.m32 != 0 { return target }
        let reach = cells.map { Self.reach($0, l) }.max() ?? 0
        let half = Self.shapeHalfExtent(l)
        let rect = CGRect(x: l.emitterPosition.x - half.width - reach, y: l.emitterPosition.y - half.height - reach,
                          width: 2 * (half.width + reach), height: 2 * (half.height + reach))
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { return target }
        return PixelRect.covering(rect, matrix, margin: DrawListAnalysis.margin, within: target)
    }

    /// How far from the emitter's shape any particle of `c` can reach (layer units): its flight (and every
    /// ancestor's before it) plus its largest quad's half-diagonal.
    static func reach(_ c: DrawnCell, _ l: EmitterModel) -> CGFloat {
        let cell = c.entry.cell
        let life = max(0, (abs(cell.lifetime) + abs(cell.lifetimeRange)) * abs(l.lifetime))
        let scale = (abs(cell.scale) + abs(cell.scaleRange) + abs(cell.scaleSpeed) * life) * abs(l.scale)
        let halfDiagonal = 0.5 * (c.size.width * c.size.width + c.size.height * c.size.height).squareRoot() * scale
        return c.chain.ancestors.reduce(flight(cell, l)) { $0 + flight($1, l) } + halfDiagonal
    }

    /// The farthest a particle of `cell` travels: max speed × max lifetime + ½|a|·max lifetime².
    static func flight(_ cell: EmitterCellModel, _ l: EmitterModel) -> CGFloat {
        let life = max(0, (abs(cell.lifetime) + abs(cell.lifetimeRange)) * abs(l.lifetime))
        let speed = (abs(cell.velocity) + abs(cell.velocityRange)) * abs(l.velocity)
        let a = (cell.xAcceleration * cell.xAcceleration + cell.yAcceleration * cell.yAcceleration
            + cell.zAcceleration * cell.zAcceleration).squareRoot()
        return speed * life + 0.5 * a * life * life
    }

    /// Half the emitter shape's extent along x and y around emitterPosition.
    static func shapeHalfExtent(_ l: EmitterModel) -> CGSize {
        let w = abs(l.emitterSize.width) / 2, h = abs(l.emitterSize.height) / 2
        switch l.emitterShape {
        case .point: return .zero
        case .line: return CGSize(width: w, height: 0)
        case .rectangle, .cuboid: return CGSize(width: w, height: h)
        case .circle, .sphere: return CGSize(width: w, height: w)
        }
    }

    public func combine(into h: inout Hasher) {
        h.combine(matrix); h.combine(alpha); h.combine(tint)
        // Particles move every frame: the time is part of what is drawn.
        h.combine(frame.time)
        h.combine(ParticleUniforms.layer(frame.layer)); h.combine(frame.layer.seed)
        h.combine(frame.layer.emitterShape); h.combine(frame.layer.emitterMode); h.combine(frame.layer.renderMode)
        for c in drawnCells {
            let cell = c.entry.cell
            h.combine(c.entry.id); h.combine(c.chain.top.id); h.combine(ParticleUniforms.cell(c.chain.top.cell))
            for level in c.chain.levels {
                h.combine(level.id); h.combine(level.slots); h.combine(ParticleUniforms.cell(level.cell))
                h.combine(ParticleUniforms.subWindow(level.cell, layer: frame.layer))
            }
            h.combine(c.texture.id); h.combine(c.texture.version); h.combine(c.size.width); h.combine(c.size.height)
            h.combine(cell.contentsRect.origin.x); h.combine(cell.contentsRect.origin.y)
            h.combine(cell.contentsRect.width); h.combine(cell.contentsRect.height)
            h.combine(cell.minificationFilter); h.combine(cell.magnificationFilter)
            for r in c.runs {
                h.combine(r.firstIndex); h.combine(r.count); h.combine(r.firstBirth); h.combine(r.rate)
            }
        }
    }

    public var drawCost: Int {
        max(1, drawnCells.reduce(0) { c, cell in c + cell.runs.reduce(0) { $0 + ParticleUniforms.instances($1, perParent: cell.chain.perParent) } })
    }

    public func draw(in renderer: Renderer, framebuffer: GLuint, scissor: PixelRect) throws {
        var cells = drawnCells
        guard alpha > 0, !cells.isEmpty else { return }
        let reversed = frame.layer.renderMode == .oldestLast
        if reversed { cells.reverse() }
        renderer.flush()
        let program = try renderer.program(.particle)
        renderer.use(program.program)
        setUniform(program.uniform("u_mvp"), matrix * renderer.projection)
        let tinted = Renderer.tinted(alpha, tint)
        glUniform4f(program.uniform("u_tint"), tinted.0, tinted.1, tinted.2, tinted.3)
        ParticleUniforms.setLayer(program, ParticleUniforms.layer(frame.layer))
        let additive = frame.layer.renderMode == .additive
        if additive { glBlendFunc(e(GL_ONE), e(GL_ONE)) }
        // Instances need no vertex attributes: the default vertex array has none enabled.
        glBindVertexArray(0)
        glActiveTexture(e(GL_TEXTURE0))
        for c in cells { drawCell(c, program: program, renderer: renderer, reversed: reversed) }
        if additive { glBlendFunc(e(GL_ONE), e(GL_ONE_MINUS_SRC_ALPHA)) }
        renderer.quads.bind()
        renderer.invalidateBindings()
    }

    /// One draw per `ParticleUniforms.runsPerDraw` runs of the cell (of its top-level ancestor for a
    /// sub-cell), its texture and sampler bound (the program in use).
    private func drawCell(_ c: DrawnCell, program: ShaderProgram, renderer: Renderer, reversed: Bool) {
        let cell = c.entry.cell
        // A particle is one textured quad: an image beyond what one GL texture holds cannot be one (layer
        // contents are split into tiles instead). Counted, not drawn.
        guard c.texture.width <= renderer.glTextureLimit, c.texture.height <= renderer.glTextureLimit else {
            renderer.counters.cellImagesOverLimit += 1
            return
        }
        let texture = renderer.textures.texture(for: c.texture)
        if cell.minificationFilter == .trilinear { renderer.textures.ensureMipmaps(c.texture) }
        glBindTexture(e(GL_TEXTURE_2D), texture)
        glBindSampler(0, renderer.samplers.sampler(min: cell.minificationFilter, mag: cell.magnificationFilter))
        // A sub-cell's draw evaluates its top-level ancestor from u_cell, each generation below from u_sub.
        ParticleUniforms.setCell(program, ParticleUniforms.cell(c.chain.top.cell))
        ParticleUniforms.setChain(program, c.chain.levels, layer: frame.layer)
        glUniform4f(program.uniform("u_quad"), GLfloat(c.size.width), GLfloat(c.size.height), 0, 0)
        let r = cell.contentsRect
        glUniform4f(program.uniform("u_contentsRect"), GLfloat(r.minX), GLfloat(r.minY), GLfloat(r.width), GLfloat(r.height))
        // Runs go out `runsPerDraw` to a draw, in index order; oldestLast draws the groups, and the
        // instances in each, newest first.
        let groups = stride(from: 0, to: c.runs.count, by: ParticleUniforms.runsPerDraw).map {
            c.runs[$0 ..< min($0 + ParticleUniforms.runsPerDraw, c.runs.count)]
        }
        for group in reversed ? groups.reversed() : groups {
            let parents = ParticleUniforms.setRuns(program, group, time: frame.time, layer: frame.layer, cellID: c.chain.top.id)
            let count = parents * max(1, c.chain.perParent)
            glUniform4i(program.uniform("u_order"), reversed ? 1 : 0, GLint(count), 0, 0)
            glDrawArraysInstanced(e(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
            renderer.counters.drawCalls += 1
        }
    }
}
