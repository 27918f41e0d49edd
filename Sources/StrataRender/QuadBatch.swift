import CStrataGL
import Foundation
import StrataCore

/// Per-instance quads for `layer.vert`: every layer draw is one instance, and consecutive instances
/// that share a program, texture and sampler go to GL as one instanced draw call. GL rasterizes the
/// instances of a draw in order, so painter's order and blending are exactly as with separate draws.
final class QuadBatch {
    /// Floats per instance: mvp (16), rect (4), uvRect (4), color (4), radii (4), params (4), motion (4).
    static let floatsPerInstance = 40
    private var vao: GLuint = 0
    private var unitBuffer: GLuint = 0
    private var instanceBuffer: GLuint = 0
    private var data: [GLfloat] = []
    private(set) var count = 0
    /// Whether a queued quad moves with a motion slot (its program then needs this pass's projection).
    private(set) var hasMotion = false

    init() {
        glGenVertexArrays(1, &vao)
        glBindVertexArray(vao)
        let unit: [GLfloat] = [0, 0, 1, 0, 0, 1, 1, 1]
        glGenBuffers(1, &unitBuffer)
        glBindBuffer(e(GL_ARRAY_BUFFER), unitBuffer)
        unit.withUnsafeBytes { glBufferData(e(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, e(GL_STATIC_DRAW)) }
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, e(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glGenBuffers(1, &instanceBuffer)
        glBindBuffer(e(GL_ARRAY_BUFFER), instanceBuffer)
        for location in 1...10 {
            glEnableVertexAttribArray(GLuint(location))
            glVertexAttribDivisor(GLuint(location), 1)
        }
        pointAttributes(stride: GLsizei(Self.floatsPerInstance * MemoryLayout<GLfloat>.size), firstInstance: 0)
        data.reserveCapacity(Self.floatsPerInstance * 256)
    }

    /// A recording of a whole pass's batches (`Renderer`'s replay of lists that only move on the GPU):
    /// while `isRecording`, `record` keeps each batch's instances instead of drawing them; `play` draws
    /// them all from one buffer uploaded once, and again on later frames while the recording stands.
    struct RecordedBatch {
        var state: Renderer.BatchState
        var hasMotion: Bool
        var first: Int
        var count: Int
    }
    private(set) var recorded: [RecordedBatch] = []
    private var recordedData: [GLfloat] = []
    private var recordedBuffer: GLuint = 0
    var isRecording = false

    deinit {
        glDeleteBuffers(1, &recordedBuffer)
        glDeleteBuffers(1, &instanceBuffer)
        glDeleteBuffers(1, &unitBuffer)
        glDeleteVertexArrays(1, &vao)
    }

    /// Binds the quad vertex array (once per frame: nothing else in the renderer uses another).
    func bind() { glBindVertexArray(vao) }

    /// Adds one quad: `rect` in layer units under `mvp` (layer → clip space), `uv` across it, and the
    /// fragment shader's per-quad values (`color` premultiplied; `params` x: anti-aliasing reach in layer
    /// units, y: border width, z: 1 to fade the rectangle's edges). With a motion slot (`motion.slot` ≥ 0)
    /// `m` maps layer units to that slot's space and layer.vert does the rest.
    func append(mvp m: Transform3D, rect: CGRect, uv: CGRect, color: (Float, Float, Float, Float),
                radii: (Float, Float, Float, Float) = (0, 0, 0, 0), params: (Float, Float, Float, Float) = (0, 0, 0, 0),
                motion: MotionRef = .none) {
        let start = data.count
        // Grow once, then write the instance's floats in place (36 separate appends cost more than the
        // quad's maths with thousands of quads a frame).
        data.append(contentsOf: repeatElement(0, count: Self.floatsPerInstance))
        data.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let p = base + start
            p[0] = Float(m.m11); p[1] = Float(m.m12); p[2] = Float(m.m13); p[3] = Float(m.m14)
            p[4] = Float(m.m21); p[5] = Float(m.m22); p[6] = Float(m.m23); p[7] = Float(m.m24)
            p[8] = Float(m.m31); p[9] = Float(m.m32); p[10] = Float(m.m33); p[11] = Float(m.m34)
            p[12] = Float(m.m41); p[13] = Float(m.m42); p[14] = Float(m.m43); p[15] = Float(m.m44)
            p[16] = Float(rect.origin.x); p[17] = Float(rect.origin.y); p[18] = Float(rect.size.width); p[19] = Float(rect.size.height)
            p[20] = Float(uv.origin.x); p[21] = Float(uv.origin.y); p[22] = Float(uv.size.width); p[23] = Float(uv.size.height)
            p[24] = color.0; p[25] = color.1; p[26] = color.2; p[27] = color.3
            p[28] = radii.0; p[29] = radii.1; p[30] = radii.2; p[31] = radii.3
            p[32] = params.0; p[33] = params.1; p[34] = params.2; p[35] = params.3
            // The motion attribute is integers (layer.vert's ivec4): their bits, not their values as floats,
            // so every field bit arrives exactly.
            p[36] = Float(bitPattern: UInt32(bitPattern: motion.slot)); p[37] = Float(bitPattern: motion.fields.rawValue | motion.modes.rawValue)
            p[38] = Float(bitPattern: UInt32(bitPattern: motion.alphaFrom)); p[39] = Float(bitPattern: UInt32(bitPattern: motion.alphaStop))
        }
        if motion.slot >= 0 { hasMotion = true }
        count += 1
    }

    /// Starts a recording (forgetting the last).
    func beginRecording() {
        isRecording = true
        recorded.removeAll(keepingCapacity: true)
        recordedData.removeAll(keepingCapacity: true)
    }

    /// Keeps the queued quads as one batch of the recording, to be drawn with `state`.
    func record(_ state: Renderer.BatchState) {
        guard count > 0 else { return }
        recorded.append(RecordedBatch(state: state, hasMotion: hasMotion, first: recordedData.count / Self.floatsPerInstance, count: count))
        recordedData.append(contentsOf: data)
        data.removeAll(keepingCapacity: true)
        count = 0
        hasMotion = false
    }

    /// Ends the recording and uploads its instances once.
    func finishRecording() {
        isRecording = false
        if recordedBuffer == 0 { glGenBuffers(1, &recordedBuffer) }
        glBindBuffer(e(GL_ARRAY_BUFFER), recordedBuffer)
        recordedData.withUnsafeBytes { glBufferData(e(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, e(GL_STATIC_DRAW)) }
        recordedData.removeAll()
    }

    /// Draws the recording's batches in order, `prepare` binding each one's state first. Returns the draws.
    func play(_ prepare: (RecordedBatch) -> Void) -> Int {
        let stride = GLsizei(Self.floatsPerInstance * MemoryLayout<GLfloat>.size)
        glBindBuffer(e(GL_ARRAY_BUFFER), recordedBuffer)
        for batch in recorded {
            prepare(batch)
            pointAttributes(stride: stride, firstInstance: batch.first)
            glDrawArraysInstanced(e(GL_TRIANGLE_STRIP), 0, 4, GLsizei(batch.count))
        }
        glBindBuffer(e(GL_ARRAY_BUFFER), instanceBuffer)
        pointAttributes(stride: stride, firstInstance: 0)
        return recorded.count
    }

    /// Points the instance attributes at the bound buffer from instance `first` on (GLES 3.0 has no base
    /// instance): locations 1–4 the matrix's columns; 5–9 rect, uvRect, color, radii, params; 10 the
    /// motion slot, what comes from it and whose alphas apply (MotionRef). Four floats each, but for the
    /// motion's four 32-bit integers.
    private func pointAttributes(stride: GLsizei, firstInstance first: Int) {
        let base = first * Self.floatsPerInstance * MemoryLayout<GLfloat>.size
        for location in 1...9 {
            glVertexAttribPointer(GLuint(location), 4, e(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: base + (location - 1) * 4 * MemoryLayout<GLfloat>.size))
        }
        glVertexAttribIPointer(10, 4, e(GL_INT), stride, UnsafeRawPointer(bitPattern: base + 9 * 4 * MemoryLayout<GLfloat>.size))
    }

    /// Draws the queued quads as one instanced draw with the currently bound program and textures.
    /// Returns whether there was anything to draw.
    @discardableResult
    func draw() -> Bool {
        guard count > 0 else { return false }
        glBindBuffer(e(GL_ARRAY_BUFFER), instanceBuffer)
        // A new data store each time (orphaning): GL may still be reading the previous one.
        data.withUnsafeBytes { glBufferData(e(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, e(GL_STREAM_DRAW)) }
        glDrawArraysInstanced(e(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
        data.removeAll(keepingCapacity: true)
        count = 0
        hasMotion = false
        return true
    }
}
