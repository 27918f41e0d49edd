import CStrataGL
import Foundation
import StrataCore

/// The uniforms particle.glsl evaluates a particle from (their layout is in its header): the layer's
/// values, a cell's, and a run's first index, age and rate. Shared by `EmitterDraw` (drawing) and
/// `ParticleGPUEvaluator` (reading back), so both evaluate from the same numbers. Values are rounded to
/// float once here; times arrive relative to the frame (`run`).
enum ParticleUniforms {
    static let names = ["u_ids", "u_layer", "u_cell", "u_run"]

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

    /// Whether a run has particles the shader can place (a positive, finite rate).
    static func drawable(_ r: EmitterFrame.Run) -> Bool { r.count > 0 && r.rate > 0 && r.rate.isFinite && r.firstBirth.isFinite }

    /// Most instances of one run's draw: the CPU's own bound on a frame's particles.
    static func instances(_ r: EmitterFrame.Run) -> Int { min(Int(r.count), EmitterSystem.maxParticles) }

    // Setters for the program in use.
    static func setLayer(_ p: ShaderProgram, _ values: [GLfloat]) {
        glUniform4fv(p.uniform("u_layer"), GLsizei(values.count / 4), values)
    }

    static func setCell(_ p: ShaderProgram, _ values: [GLfloat]) {
        glUniform4fv(p.uniform("u_cell"), GLsizei(values.count / 4), values)
    }

    static func setRun(_ p: ShaderProgram, _ r: EmitterFrame.Run, time: Double, layer: EmitterModel, cellID: UInt32) {
        let ids = ids(layer, cellID: cellID, firstIndex: r.firstIndex), run = run(r, time: time)
        glUniform4ui(p.uniform("u_ids"), ids[0], ids[1], ids[2], ids[3])
        glUniform4f(p.uniform("u_run"), run[0], run[1], run[2], run[3])
    }
}
