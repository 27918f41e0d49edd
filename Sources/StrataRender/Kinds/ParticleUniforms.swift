import CStrataGL
import Foundation
import StrataCore

/// The uniforms particle.glsl evaluates a particle from (their layout is in its header): the layer's
/// values, a top-level cell's, a run's first index, age and rate, and for a sub-cell each generation of its
/// chain below the top-level cell (`Level`). Shared by `EmitterDraw` (drawing) and
/// `ParticleGPUEvaluator` (reading back), so both evaluate from the same numbers. Values are rounded to
/// float once here; times arrive relative to the frame (`run`).
enum ParticleUniforms {
    static let names = ["u_ids", "u_layer", "u_cell", "u_runIds", "u_runs", "u_sub", "u_subWindow", "u_subIds"]

    /// Runs of births one draw covers (particle.glsl's RUNS_PER_DRAW, generated from this): a rate that
    /// changes every frame makes a run a frame, and a cell's runs go out this many to a draw.
    static let runsPerDraw = 16

    /// u_layer[0…2]: centre and preservesDepth, size, multipliers.
    static func layer(_ l: EmitterModel) -> [GLfloat] {
        [l.emitterPosition.x, l.emitterPosition.y, l.emitterZPosition, l.preservesDepth ? 1 : 0,
         l.emitterSize.width, l.emitterSize.height, l.emitterDepth, 0,
         l.lifetime, l.velocity, l.scale, l.spin].map { GLfloat($0) }
    }

    /// u_cell[0…6].
    static func cell(_ c: EmitterCellModel) -> [GLfloat] {
        [c.lifetime, c.lifetimeRange, c.velocity, c.velocityRange,
         c.emissionLongitude, c.emissionLatitude, c.emissionRange, c.spinRange,
         c.xAcceleration, c.yAcceleration, c.zAcceleration, 0,
         c.scale, c.scaleRange, c.scaleSpeed, c.spin,
         c.color.red, c.color.green, c.color.blue, c.color.alpha,
         c.redRange, c.greenRange, c.blueRange, c.alphaRange,
         c.redSpeed, c.greenSpeed, c.blueSpeed, c.alphaSpeed].map { GLfloat($0) }
    }

    /// u_runs[r]: the age of the run's first particle at `time`, formed in double (an absolute layer time in
    /// float would lose the milliseconds after a few hours), and its rate.
    static func run(_ r: EmitterFrame.Run, time: Double) -> [GLfloat] {
        [GLfloat(time - r.firstBirth), GLfloat(r.rate), 0, 0]
    }

    /// u_ids: seed, cell id, the draw's number of runs, shape + 256 × mode.
    static func ids(_ l: EmitterModel, cellID: UInt32, runs: Int) -> [GLuint] {
        [l.seed, cellID, GLuint(runs), GLuint(l.emitterShape.rawValue) | GLuint(l.emitterMode.rawValue) << 8]
    }

    /// u_subWindow[l]: a sub-cell's emission window in its parent's age (the upper end may be infinite),
    /// its rate (the layer's birthRate does not scale it) and its horizon.
    static func subWindow(_ sub: EmitterCellModel, layer: EmitterModel) -> [GLfloat] {
        let w = sub.emissionWindow
        return [GLfloat(w.lower), GLfloat(w.upper), GLfloat(sub.birthRate), GLfloat(ParticleEvaluator.horizon(layer, cell: sub))]
    }

    /// Instances per particle of `parent` for its sub-cell `sub` (one level of a chain): a bound on how many of its sub-particles can be
    /// candidates at once (`ParticleEvaluator.subCandidates`: at most ⌈horizon · rate⌉ + 1, one more for
    /// float floors), and on how many its window holds in the longest parent life. 0: it emits none.
    static func slots(_ sub: EmitterCellModel, parent: EmitterCellModel, layer: EmitterModel) -> Int {
        let rate = Double(sub.birthRate), w = sub.emissionWindow
        guard sub.isEnabled, rate > 0, rate.isFinite else { return 0 }
        let longestLife = max(0, Double(abs(parent.lifetime) + abs(parent.lifetimeRange)) * Double(abs(layer.lifetime)))
        let lower = max(0, w.lower), upper = min(w.upper, longestLife)
        guard lower < upper else { return 0 }
        let bound = min((ParticleEvaluator.horizon(layer, cell: sub) * rate).rounded(.up) + 2, ((upper - lower) * rate).rounded(.up))
        return bound.isFinite ? Int(min(bound, Double(EmitterSystem.maxParticles))) : EmitterSystem.maxParticles
    }

    /// Whether a run has particles the shader can place (a positive, finite rate).
    static func drawable(_ r: EmitterFrame.Run) -> Bool { r.count > 0 && r.rate > 0 && r.rate.isFinite && r.firstBirth.isFinite }

    /// Most instances of one cell's draws in a frame: the CPU's own bound on a frame's particles.
    static let maxInstances = EmitterSystem.maxParticles
    /// Most generations below a top-level cell the shader evaluates (u_sub holds three levels).
    static let maxSubLevels = EmitterCellModel.maxDepth - 1

    /// One generation of a sub-cell's chain: the sub-cell, its id and its slots per particle of the level
    /// above (`slots`).
    struct Level: Equatable {
        var cell: EmitterCellModel
        var id: UInt32
        var slots: Int
    }

    /// Instances per top-level particle of a chain (the product of its slots), nil past `maxInstances`.
    static func perParent(_ levels: [Level]) -> Int? {
        var product = 1
        for level in levels {
            let (p, overflow) = product.multipliedReportingOverflow(by: max(1, level.slots))
            guard !overflow, p <= maxInstances else { return nil }
            product = p
        }
        return product
    }

    /// The runs a cell's draws cover, `perParent` instances per top-level particle, at most `budget`
    /// instances in all: the newest runs first, a run that does not fit keeping its newest particles (a run
    /// of the last `n`, its first birth moved on by the skipped ones, formed in double), the older runs
    /// dropped. In generation order.
    static func capped(_ runs: [EmitterFrame.Run], perParent: Int, budget: Int = maxInstances) -> [EmitterFrame.Run] {
        var left = budget, out: [EmitterFrame.Run] = []
        for r in runs.reversed() where r.count > 0 {
            let parents = min(Int(r.count), left / max(1, perParent))
            guard parents > 0 else { break }
            let skip = Int(r.count) - parents
            out.append(EmitterFrame.Run(firstIndex: r.firstIndex &+ UInt32(skip), count: UInt32(parents),
                                        firstBirth: r.firstBirth + Double(skip) / r.rate, rate: r.rate))
            left -= parents * max(1, perParent)
        }
        return out.reversed()
    }

    /// Instances of one (capped) run's draw: `perParent` per top-level particle.
    static func instances(_ r: EmitterFrame.Run, perParent: Int = 1) -> Int { Int(r.count) * max(1, perParent) }

    // Setters for the program in use.
    static func setLayer(_ p: ShaderProgram, _ values: [GLfloat]) {
        glUniform4fv(p.uniform("u_layer"), GLsizei(values.count / 4), values)
    }

    static func setCell(_ p: ShaderProgram, _ values: [GLfloat]) {
        glUniform4fv(p.uniform("u_cell"), GLsizei(values.count / 4), values)
    }

    /// Makes the draws that follow a sub-cell's, `levels` the chain from the top-level cell's sub-cell down
    /// to it (at most `maxSubLevels`), or with none a top-level cell's.
    static func setChain(_ p: ShaderProgram, _ levels: [Level], layer: EmitterModel) {
        let used = levels.prefix(maxSubLevels)
        var ids = [GLuint](repeating: 0, count: 4 * maxSubLevels)
        var values = [GLfloat](repeating: 0, count: 28 * maxSubLevels), windows = [GLfloat](repeating: 0, count: 4 * maxSubLevels)
        for (l, level) in used.enumerated() {
            values.replaceSubrange(28 * l ..< 28 * (l + 1), with: cell(level.cell))
            windows.replaceSubrange(4 * l ..< 4 * (l + 1), with: subWindow(level.cell, layer: layer))
            ids[4 * l] = level.id
            ids[4 * l + 1] = GLuint(max(1, min(level.slots, maxInstances)))
        }
        ids[2] = GLuint(used.count)
        glUniform4uiv(p.uniform("u_subIds"), GLsizei(maxSubLevels), ids)
        guard !used.isEmpty else { return }
        glUniform4fv(p.uniform("u_sub"), GLsizei(7 * maxSubLevels), values)
        glUniform4fv(p.uniform("u_subWindow"), GLsizei(maxSubLevels), windows)
    }

    /// Makes the draws that follow cover `runs` (at most `runsPerDraw`, in index order); returns their
    /// top-level particles, the draw's offsets 0 ..< that.
    @discardableResult
    static func setRuns(_ p: ShaderProgram, _ runs: ArraySlice<EmitterFrame.Run>, time: Double, layer: EmitterModel, cellID: UInt32) -> Int {
        let used = runs.prefix(runsPerDraw)
        var runIds = [GLuint](repeating: 0, count: 4 * runsPerDraw), values = [GLfloat](repeating: 0, count: 4 * runsPerDraw)
        var offset = 0
        for (i, r) in used.enumerated() {
            runIds[4 * i] = r.firstIndex
            runIds[4 * i + 1] = GLuint(offset)
            values.replaceSubrange(4 * i ..< 4 * (i + 1), with: run(r, time: time))
            offset += Int(r.count)
        }
        let ids = ids(layer, cellID: cellID, runs: used.count)
        glUniform4ui(p.uniform("u_ids"), ids[0], ids[1], ids[2], ids[3])
        glUniform4uiv(p.uniform("u_runIds"), GLsizei(runsPerDraw), runIds)
        glUniform4fv(p.uniform("u_runs"), GLsizei(runsPerDraw), values)
        return offset
    }
}
