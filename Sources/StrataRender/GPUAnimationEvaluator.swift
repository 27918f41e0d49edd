import CStrataGL
import Foundation
import StrataCore

/// Evaluates packed animations (`GPUAnimationRecord`) on the GPU with the vertex stage
/// (`animation.glsl`), one per vertex, captured by transform feedback (GLES 3.0 core, so every driver
/// Strata runs on has it; a compute pass would need GLES 3.1). What the GPU animation path computes, read
/// back: the tests check it against `Presentation.apply`. GL thread only.
public final class GPUAnimationEvaluator {
    private let program: ShaderProgram
    /// The records of the list-taking methods (the table-taking one reads the table's texture).
    private var records: GLuint = 0
    private var rowBuffer: GLuint = 0
    private var vao: GLuint = 0
    private var beneathBuffer: GLuint = 0
    private var feedbackBuffer: GLuint = 0

    public init() throws {
        program = try ShaderProgram(vertex: "animation_eval.vert", fragment: "animation_eval.frag",
                                    uniformNames: ["u_records", "u_time"], feedback: ["v_value", "v_row2", "v_row3", "v_row4", "v_valid"])
        glGenTextures(1, &records)
        glGenVertexArrays(1, &vao)
        glGenBuffers(1, &rowBuffer)
        glGenBuffers(1, &beneathBuffer)
        glGenBuffers(1, &feedbackBuffer)
    }

    deinit {
        glDeleteTextures(1, &records)
        glDeleteVertexArrays(1, &vao)
        glDeleteBuffers(1, &rowBuffer)
        glDeleteBuffers(1, &beneathBuffer)
        glDeleteBuffers(1, &feedbackBuffer)
    }

    /// The value of each record at `time` (seconds after the records' epoch) over the value beneath it
    /// (`beneath[i]`), or nil where the animation has no effect then.
    public func evaluate(_ list: [GPUAnimationRecord], beneath: [SIMD4<Float>], at time: Float) throws -> [SIMD4<Float>?] {
        try evaluateRows(list, beneath: beneath, at: time).map { $0?[0] }
    }

    /// The transform each record (of a whole transform, or of a component of the transform beneath, given
    /// as rows) presents at `time`: its four rows, or nil where it has no effect then.
    public func evaluateTransforms(_ list: [GPUAnimationRecord], beneath: [[SIMD4<Float>]]? = nil, at time: Float) throws -> [[SIMD4<Float>]?] {
        let identity: [SIMD4<Float>] = [SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)]
        return try evaluateRows(list, beneath: beneath ?? Array(repeating: identity, count: list.count), at: time)
    }

    /// Four rows per record (a vector value is the first), nil where it has no effect.
    private func evaluateRows(_ list: [GPUAnimationRecord], beneath vectors: [SIMD4<Float>], at time: Float) throws -> [[SIMD4<Float>]?] {
        try evaluateRows(list, beneath: vectors.map { [$0, .zero, .zero, .zero] }, at: time)
    }

    private func evaluateRows(_ list: [GPUAnimationRecord], beneath: [[SIMD4<Float>]], at time: Float) throws -> [[SIMD4<Float>]?] {
        guard !list.isEmpty else { return [] }
        var maxSize: GLint = 0
        glGetIntegerv(e(GL_MAX_TEXTURE_SIZE), &maxSize)
        let perLine = GPUAnimationRecord.recordsPerLine, lines = (list.count + perLine - 1) / perLine
        guard lines <= Int(maxSize) else { throw GLError("\(list.count) animation records exceed the texture's \(Int(maxSize) * perLine)") }
        glBindTexture(e(GL_TEXTURE_2D), records)
        // Whole lines (the last padded), in the table's layout.
        let texels = list.flatMap(\.floats) + [Float](repeating: 0, count: (lines * perLine - list.count) * GPUAnimationRecord.texelsPerRecord * 4)
        texels.withUnsafeBytes {
            glTexImage2D(e(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(GPUAnimationRecord.texelsPerRecord * perLine), GLsizei(lines), 0,
                         e(GL_RGBA), e(GL_FLOAT), $0.baseAddress)
        }
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        return try evaluate(texture: records, rows: (0..<list.count).map(Int32.init), beneath: beneath, at: time)
    }

    /// Rows of `table` at `time` (a frame time on the monotonic clock), over the transforms or vectors
    /// beneath them (four rows each; a vector is the first): what the GPU path presents, read back.
    public func evaluate(_ table: AnimationTable, rows: [Int32], beneath: [[SIMD4<Float>]], at time: Double) throws -> [[SIMD4<Float>]?] {
        let t = try table.prepare(forTime: time)
        return try evaluate(texture: table.texture, rows: rows, beneath: beneath, at: t)
    }

    private func evaluate(texture: GLuint, rows: [Int32], beneath: [[SIMD4<Float>]], at time: Float) throws -> [[SIMD4<Float>]?] {
        precondition(rows.count == beneath.count && beneath.allSatisfy { $0.count == 4 }, "four rows beneath each record")
        guard !rows.isEmpty else { return [] }
        glBindTexture(e(GL_TEXTURE_2D), texture)
        glBindVertexArray(vao)
        glBindBuffer(e(GL_ARRAY_BUFFER), beneathBuffer)
        beneath.flatMap { $0 }.withUnsafeBytes { glBufferData(e(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, e(GL_STREAM_DRAW)) }
        for row in 0..<4 {
            glEnableVertexAttribArray(GLuint(row))
            glVertexAttribPointer(GLuint(row), 4, e(GL_FLOAT), GLboolean(GL_FALSE), 64, UnsafeRawPointer(bitPattern: row * 16))
        }
        glBindBuffer(e(GL_ARRAY_BUFFER), rowBuffer)
        rows.withUnsafeBytes { glBufferData(e(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, e(GL_STREAM_DRAW)) }
        glEnableVertexAttribArray(4)
        glVertexAttribIPointer(4, 1, e(GL_INT), 4, nil)

        // v_value, v_row2…4 (4 floats each) and v_valid (1), interleaved.
        let stride = 17
        glBindBuffer(e(GL_TRANSFORM_FEEDBACK_BUFFER), feedbackBuffer)
        glBufferData(e(GL_TRANSFORM_FEEDBACK_BUFFER), rows.count * stride * 4, nil, e(GL_STREAM_READ))
        glBindBufferBase(e(GL_TRANSFORM_FEEDBACK_BUFFER), 0, feedbackBuffer)

        glUseProgram(program.program)
        glActiveTexture(e(GL_TEXTURE0))
        glUniform1i(program.uniform("u_records"), 0)
        glUniform1f(program.uniform("u_time"), time)
        glEnable(e(GL_RASTERIZER_DISCARD))
        glBeginTransformFeedback(e(GL_POINTS))
        glDrawArrays(e(GL_POINTS), 0, GLsizei(rows.count))
        glEndTransformFeedback()
        glDisable(e(GL_RASTERIZER_DISCARD))

        var out: [[SIMD4<Float>]?] = []
        guard let mapped = glMapBufferRange(e(GL_TRANSFORM_FEEDBACK_BUFFER), 0, rows.count * stride * 4, GLbitfield(GL_MAP_READ_BIT)) else {
            throw GLError("mapping the transform feedback buffer failed (GL error \(glGetError()))")
        }
        let floats = mapped.bindMemory(to: Float.self, capacity: rows.count * stride)
        for i in 0..<rows.count {
            let f = floats + i * stride
            out.append(f[16] > 0.5 ? (0..<4).map { r in SIMD4(f[r * 4], f[r * 4 + 1], f[r * 4 + 2], f[r * 4 + 3]) } : nil)
        }
        glUnmapBuffer(e(GL_TRANSFORM_FEEDBACK_BUFFER))
        glBindBufferBase(e(GL_TRANSFORM_FEEDBACK_BUFFER), 0, 0)
        glBindVertexArray(0)
        return out
    }
}
