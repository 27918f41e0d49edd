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
        /// A top-level particle's offset in its run; a sub-particle's j (nil: a slot of its chain holds none).
        public var index: Int?
        /// Its random key (`ParticleRandom.key`: its identity with the cell id); nil where `index` is.
        public var key: UInt32?
    }

    private let program: ShaderProgram
    private var vao: GLuint = 0
    private var feedbackBuffer: GLuint = 0
    /// Floats per particle: v_position, v_state, v_color, v_index (j and the key's halves).
    private static let stride = 16

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

    /// The particles of run `run` of `frame.cells[cell]`'s top-level ancestor at `frame.time`, in instance
    /// order: what that run's draw evaluates, `perParent` instances per top-level particle for a sub-cell of
    /// any generation (`EmitterDraw.chain`). The run is capped alone (`ParticleUniforms.capped`); empty
    /// where the cell's chain draws nothing.
    public func evaluate(_ frame: EmitterFrame, cell: Int, run: Int) throws -> [Sample] {
        guard let chain = EmitterDraw.chain(of: frame.cells[cell], in: frame), run < chain.top.runs.count,
              ParticleUniforms.drawable(chain.top.runs[run]),
              let r = ParticleUniforms.capped([chain.top.runs[run]], perParent: chain.perParent).first else { return [] }
        let count = ParticleUniforms.instances(r, perParent: chain.perParent), bytes = count * Self.stride * 4
        glUseProgram(program.program)
        ParticleUniforms.setLayer(program, ParticleUniforms.layer(frame.layer))
        ParticleUniforms.setCell(program, ParticleUniforms.cell(chain.top.cell))
        ParticleUniforms.setChain(program, chain.levels, layer: frame.layer)
        ParticleUniforms.setRuns(program, [r][...], time: frame.time, layer: frame.layer, cellID: chain.top.id)
        return try capture(count: count, bytes: bytes)
    }

    /// Instances per top-level particle of `frame.cells[cell]`'s draws (1 for a top-level cell; nil where it
    /// draws nothing).
    public func instancesPerParticle(_ frame: EmitterFrame, cell: Int) -> Int? {
        EmitterDraw.chain(of: frame.cells[cell], in: frame)?.perParent
    }

    /// Draws `count` points with the program's uniforms set and reads their outputs back.
    private func capture(count: Int, bytes: Int) throws -> [Sample] {
        glBindVertexArray(vao)
        glBindBuffer(e(GL_TRANSFORM_FEEDBACK_BUFFER), feedbackBuffer)
        glBufferData(e(GL_TRANSFORM_FEEDBACK_BUFFER), bytes, nil, e(GL_STREAM_READ))
        FeedbackCapture.points(count, into: feedbackBuffer)
        // Unbinding the indexed binding unbinds the generic one too: bound again to be read.
        glBindBuffer(e(GL_TRANSFORM_FEEDBACK_BUFFER), feedbackBuffer)
        defer {
            glBindBuffer(e(GL_TRANSFORM_FEEDBACK_BUFFER), 0)
            glBindVertexArray(0)
        }
        guard let mapped = glMapBufferRange(e(GL_TRANSFORM_FEEDBACK_BUFFER), 0, bytes, GLbitfield(GL_MAP_READ_BIT)) else {
            throw GLError("mapping the transform feedback buffer failed (GL error \(glGetError()))")
        }
        let f = mapped.bindMemory(to: Float.self, capacity: count * Self.stride)
        let out = (0..<count).map { i in
            let p = f + i * Self.stride
            return Sample(alive: p[3] > 0.5, age: p[4], lifetime: p[5], position: SIMD3(p[0], p[1], p[2]), scale: p[6], spin: p[7],
                          color: SIMD4(p[8], p[9], p[10], p[11]), index: p[12] < 0 ? nil : Int(p[12]),
                          key: p[12] < 0 ? nil : UInt32(p[13]) << 16 | UInt32(p[14]))
        }
        glUnmapBuffer(e(GL_TRANSFORM_FEEDBACK_BUFFER))
        return out
    }
}
