import CStrataGL
import Foundation
import StrataCore

/// The uniforms particle.glsl evaluates a particle from (their layout is in its header): the layer's
/// values, a cell's, and a run's first index, age and rate. Shared by `EmitterDraw` (drawing) and
/// `ParticleGPUEvaluator` (reading back), so both evaluate from the same numbers. Values are rounded to
/// float once here; times arrive relative to the frame (`run`).
enum ParticleUniforms {
    static let names = ["u_ids", "u_layer", "u_cell", "u_run", "u_sub", "u_subWindow", "u_subIds"]

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

    /// u_run: the age of the run's first particle at `time`, formed in double (an absolute layer time in
    /// float would lose the milliseconds after a few hours), and its rate.
    static func run(_ r: EmitterFrame.Run, time: Double) -> [GLfloat] {
        [GLfloat(time - r.firstBirth), GLfloat(r.rate), 0, 0]
    }

    /// u_ids: seed, cell id, the run's first index, shape + 256 × mode.
    static func ids(_ l: EmitterModel, cellID: UInt32, firstIndex: UInt32) -> [GLuint] {
        [l.seed, cellID, firstIndex, GLuint(l.emitterShape.rawValue) | GLuint(l.emitterMode.rawValue) << 8]
    }

    /// u_subWindow: the sub-cell's emission window in its parent's age (the upper end may be infinite),
    /// its rate (the layer's birthRate does not scale it) and its horizon.
    static func subWindow(_ sub: EmitterCellModel, layer: EmitterModel) -> [GLfloat] {
        let w = sub.emissionWindow
        return [GLfloat(w.lower), GLfloat(w.upper), GLfloat(sub.birthRate), GLfloat(ParticleEvaluator.horizon(layer, cell: sub))]
    }

    /// Instances per parent particle in a sub-cell's draw: a bound on how many of its sub-particles can be
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

    /// Most instances of one run's draw (`slots` per particle for a sub-cell's): at most the CPU's own
    /// bound on a frame's particles.
    static func instances(_ r: EmitterFrame.Run, slots: Int = 1) -> Int {
        min(Int(r.count) * max(1, slots), EmitterSystem.maxParticles)
    }

    // Setters for the program in use.
    static func setLayer(_ p: ShaderProgram, _ values: [GLfloat]) {
        glUniform4fv(p.uniform("u_layer"), GLsizei(values.count / 4), values)
    }

    static func setCell(_ p: ShaderProgram, _ values: [GLfloat]) {
        glUniform4fv(p.uniform("u_cell"), GLsizei(values.count / 4), values)
    }

    /// Makes the draws that follow a sub-cell's (`sub` with `slots` per parent particle) or, with nil, a
    /// top-level cell's.
    static func setSub(_ p: ShaderProgram, _ sub: (cell: EmitterCellModel, id: UInt32, slots: Int)?, layer: EmitterModel) {
        guard let sub else {
            glUniform4ui(p.uniform("u_subIds"), 0, 0, 0, 0)
            return
        }
        glUniform4fv(p.uniform("u_sub"), 7, cell(sub.cell))
        glUniform4fv(p.uniform("u_subWindow"), 1, subWindow(sub.cell, layer: layer))
        glUniform4ui(p.uniform("u_subIds"), sub.id, GLuint(sub.slots), 1, 0)
    }

    static func setRun(_ p: ShaderProgram, _ r: EmitterFrame.Run, time: Double, layer: EmitterModel, cellID: UInt32) {
        let ids = ids(layer, cellID: cellID, firstIndex: r.firstIndex), run = run(r, time: time)
        glUniform4ui(p.uniform("u_ids"), ids[0], ids[1], ids[2], ids[3])
        glUniform4f(p.uniform("u_run"), run[0], run[1], run[2], run[3])
    }
}
