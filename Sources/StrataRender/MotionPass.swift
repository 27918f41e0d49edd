import CStrataGL
import Foundation
import StrataCore

/// The frame's motion pass: evaluates every motion slot's animations on the GPU (`motion_slots.vert`,
/// one vertex per slot, captured by transform feedback: GLES 3.0 core, where a compute pass would need
/// 3.1) and copies the result, through the pixel-unpack binding and without a CPU round trip, into the
/// state texture `layer.vert` reads on texture unit `unit`. The slots' rows are uploaded only when the
/// draw list was rebuilt; a frame that reuses its list only sets the time and draws one batch of points.
/// GL thread only.
final class MotionPass {
    /// The texture unit of the state texture (GL_TEXTURE2: units 0 and 1 are the quads' own textures).
    static let unit: GLint = 2
    /// Texels per slot in the state texture (`MotionLayout.StateTexel`), and slots to a texture row: the
    /// captured states in order are the texture's texels in order.
    static let stateTexels = MotionLayout.stateTexels
    static let statesPerLine = MotionLayout.statesPerLine
    private let program: ShaderProgram
    private var slotData: GLuint = 0
    private var state: GLuint = 0
    private var feedback: GLuint = 0
    private var vao: GLuint = 0
    private var capacity = 0
    private var uploadedVersion: SIMD2<UInt64>?

    init(cache: ProgramBinaryCache?) throws {
        program = try ShaderProgram(vertex: "motion_slots.vert", fragment: "animation_eval.frag",
                                    uniformNames: ["u_records", "u_slotData", "u_time"], cache: cache,
                                    feedback: MotionLayout.StateTexel.allCases.map(\.varying))
        glGenTextures(1, &slotData)
        glGenTextures(1, &state)
        glGenBuffers(1, &feedback)
        glGenVertexArrays(1, &vao)
        for t in [slotData, state] {
            glBindTexture(e(GL_TEXTURE_2D), t)
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        }
        glBindTexture(e(GL_TEXTURE_2D), 0)
    }

    deinit {
        glDeleteTextures(1, &slotData)
        glDeleteTextures(1, &state)
        glDeleteBuffers(1, &feedback)
        glDeleteVertexArrays(1, &vao)
    }

    /// Evaluates `slots` at frame time `time` with the animation records of `table`, leaving the state
    /// texture bound on `unit` for the frame's quads.
    func run(_ slots: MotionSlots, table: AnimationTable, time: Double) throws {
        guard slots.count > 0 else { return }
        let shaderTime = try table.prepare(forTime: time)
        var maxSize: GLint = 0
        glGetIntegerv(e(GL_MAX_TEXTURE_SIZE), &maxSize)
        let most = Int(maxSize) * MotionSlots.slotsPerLine
        guard slots.count <= most else { throw GLError("\(slots.count) motion slots exceed the texture's \(most)") }
        let stateLines = (slots.count + Self.statesPerLine - 1) / Self.statesPerLine
        if slots.count > capacity {
            capacity = min(most, max(Self.statesPerLine, capacity * 2, slots.count))
            capacity = (capacity + Self.statesPerLine - 1) / Self.statesPerLine * Self.statesPerLine
            glBindTexture(e(GL_TEXTURE_2D), state)
            glTexImage2D(e(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(Self.stateTexels * Self.statesPerLine), GLsizei(capacity / Self.statesPerLine),
                         0, e(GL_RGBA), e(GL_FLOAT), nil)
            glBindBuffer(e(GL_TRANSFORM_FEEDBACK_BUFFER), feedback)
            glBufferData(e(GL_TRANSFORM_FEEDBACK_BUFFER), capacity * Self.stateTexels * 16, nil, e(GL_DYNAMIC_COPY))
            glBindBuffer(e(GL_TRANSFORM_FEEDBACK_BUFFER), 0)
            uploadedVersion = nil
        }
        glActiveTexture(e(GL_TEXTURE1))
        glBindTexture(e(GL_TEXTURE_2D), slotData)
        if uploadedVersion != slots.uploadKey {
            slots.paddedData.withUnsafeBytes {
                glTexImage2D(e(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(MotionSlots.texelsPerSlot * MotionSlots.slotsPerLine), GLsizei(slots.lines), 0,
                             e(GL_RGBA), e(GL_FLOAT), $0.baseAddress)
            }
            uploadedVersion = slots.uploadKey
        }
        glActiveTexture(e(GL_TEXTURE0))
        glBindTexture(e(GL_TEXTURE_2D), table.texture)

        glUseProgram(program.program)
        glUniform1i(program.uniform("u_records"), 0)
        glUniform1i(program.uniform("u_slotData"), 1)
        glUniform1f(program.uniform("u_time"), shaderTime)
        glBindVertexArray(vao)
        FeedbackCapture.points(slots.count, into: feedback)

        // The captured rows become the state texture's rows, copied on the GPU.
        glActiveTexture(e(GL_TEXTURE2))
        glBindTexture(e(GL_TEXTURE_2D), state)
        glBindBuffer(e(GL_PIXEL_UNPACK_BUFFER), feedback)
        // Whole lines: the buffer holds `capacity` states (a multiple of a line); those past the slots are unused.
        glTexSubImage2D(e(GL_TEXTURE_2D), 0, 0, 0, GLsizei(Self.stateTexels * Self.statesPerLine), GLsizei(stateLines), e(GL_RGBA), e(GL_FLOAT), nil)
        glBindBuffer(e(GL_PIXEL_UNPACK_BUFFER), 0)
        glActiveTexture(e(GL_TEXTURE0))
        glUseProgram(0)
        try checkGL("motion pass")
    }
}
