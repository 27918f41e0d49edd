import CStrataGL
import Foundation
import StrataCore

/// What the vertex stage computes for each particle an `EmitterDraw` draws, read back: particle_eval.vert
/// runs particle.glsl with the uniforms `EmitterDraw` sets, one particle per vertex, into transform feedback.
/// The tests check it against `ParticleEvaluator`. GL thread only.
public final class ParticleGPUEvaluator {
    /// One particle as the GPU evaluated it.
    public struct Sample: Equatable, Sendable {
        public var alive: Bool
        public var age: Float
        public var lifetime: Float
        public var position: SIMD3<Float>
        public var scale: Float
        public var spin: Float
        /// Straight, each channel clamped to 0…1.
        public var color: SIMD4<Float>
        /// A top-level particle's offset in its run; a sub-particle's j (nil: the slot holds none).
        public var index: Int?
    }

    private let program: ShaderProgram
    private var vao: GLuint = 0
    private var feedbackBuffer: GLuint = 0
    /// Floats per particle: v_position, v_state, v_color, v_index.
    private static let stride = 13

    public init() throws {
        program = try ShaderProgram(vertex: "particle_eval.vert", fragment: "animation_eval.frag", uniformNames: ParticleUniforms.names,
                                    feedback: ["v_position", "v_state", "v_color", "v_index"])
        glGenVertexArrays(1, &vao)
        glGenBuffers(1, &feedbackBuffer)
    }

    deinit {
        glDeleteVertexArrays(1, &vao)
        glDeleteBuffers(1, &feedbackBuffer)
    }

    /// The particles of run `run` of `frame.cells[cell]` at `frame.time`, in instance order: what that run's
    /// draw evaluates. For a sub-cell, `run` is its parent's and there are `slots` instances per parent
    /// particle (`EmitterDraw`'s bound).
    public func evaluate(_ frame: EmitterFrame, cell: Int, run: Int) throws -> [Sample] {
        let c = frame.cells[cell]
        let parent = c.parentID.flatMap { id in frame.cells.first { $0.id == id } }
        let owner = parent ?? c, r = owner.runs[run]
        let slots = parent.map { ParticleUniforms.slots(c.cell, parent: $0.cell, layer: frame.layer) } ?? 1
        guard ParticleUniforms.drawable(r), slots > 0 else { return [] }
        let count = ParticleUniforms.instances(r, slots: slots), bytes = count * Self.stride * 4
        glUseProgram(program.program)
        ParticleUniforms.setLayer(program, ParticleUniforms.layer(frame.layer))
        ParticleUniforms.setCell(program, ParticleUniforms.cell(owner.cell))
        ParticleUniforms.setSub(program, parent.map { _ in (c.cell, c.id, slots) }, layer: frame.layer)
        ParticleUniforms.setRun(program, r, time: frame.time, layer: frame.layer, cellID: owner.id)
        return try capture(count: count, bytes: bytes)
    }

    /// Draws `count` points with the program's uniforms set and reads their outputs back.
    private func capture(count: Int, bytes: Int) throws -> [Sample] {
        glBindVertexArray(vao)
        glBindBuffer(e(GL_TRANSFORM_FEEDBACK_BUFFER), feedbackBuffer)
        glBufferData(e(GL_TRANSFORM_FEEDBACK_BUFFER), bytes, nil, e(GL_STREAM_READ))
        glBindBufferBase(e(GL_TRANSFORM_FEEDBACK_BUFFER), 0, feedbackBuffer)
        glEnable(e(GL_RASTERIZER_DISCARD))
        glBeginTransformFeedback(e(GL_POINTS))
        glDrawArrays(e(GL_POINTS), 0, GLsizei(count))
        glEndTransformFeedback()
        glDisable(e(GL_RASTERIZER_DISCARD))
        defer {
            glBindBufferBase(e(GL_TRANSFORM_FEEDBACK_BUFFER), 0, 0)
            glBindVertexArray(0)
        }
        guard let mapped = glMapBufferRange(e(GL_TRANSFORM_FEEDBACK_BUFFER), 0, bytes, GLbitfield(GL_MAP_READ_BIT)) else {
            throw GLError("mapping the transform feedback buffer failed (GL error \(glGetError()))")
        }
        let f = mapped.bindMemory(to: Float.self, capacity: count * Self.stride)
        let out = (0..<count).map { i in
            let p = f + i * Self.stride
            return Sample(alive: p[3] > 0.5, age: p[4], lifetime: p[5], position: SIMD3(p[0], p[1], p[2]), scale: p[6], spin: p[7],
                          color: SIMD4(p[8], p[9], p[10], p[11]), index: p[12] < 0 ? nil : Int(p[12]))
        }
        glUnmapBuffer(e(GL_TRANSFORM_FEEDBACK_BUFFER))
        return out
    }
}
