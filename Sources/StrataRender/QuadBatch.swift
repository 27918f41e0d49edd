import CStrataGL
import Foundation
import StrataCore

/// Per-instance quads for `layer.vert`: every layer draw is one instance, and consecutive instances
/// that share a program, texture and sampler go to GL as one instanced draw call. GL rasterizes the
/// instances of a draw in order, so painter's order and blending are exactly as with separate draws.
final class QuadBatch {
    /// Floats per instance: mvp (16), rect (4), uvRect (4), color (4), radii (4), params (4).
    static let floatsPerInstance = 36
    private var vao: GLuint = 0
    private var unitBuffer: GLuint = 0
    private var instanceBuffer: GLuint = 0
    private var data: [GLfloat] = []
    private(set) var count = 0

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
        let stride = GLsizei(Self.floatsPerInstance * MemoryLayout<GLfloat>.size)
        // Locations 1–4: the matrix's columns; 5–9: rect, uvRect, color, radii, params.
        for location in 1...9 {
            glEnableVertexAttribArray(GLuint(location))
            glVertexAttribPointer(GLuint(location), 4, e(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: (location - 1) * 4 * MemoryLayout<GLfloat>.size))
            glVertexAttribDivisor(GLuint(location), 1)
        }
        data.reserveCapacity(Self.floatsPerInstance * 256)
    }

    deinit {
        glDeleteBuffers(1, &instanceBuffer)
        glDeleteBuffers(1, &unitBuffer)
        glDeleteVertexArrays(1, &vao)
    }

    /// Binds the quad vertex array (once per frame: nothing else in the renderer uses another).
    func bind() { glBindVertexArray(vao) }

    /// Adds one quad: `rect` in layer units under `mvp` (layer → clip space), `uv` across it, and the
    /// fragment shader's per-quad values (`color` premultiplied; `params` x: anti-aliasing reach in layer
    /// units, y: border width, z: 1 to fade the rectangle's edges).
    func append(mvp m: Transform3D, rect: CGRect, uv: CGRect, color: (Float, Float, Float, Float),
                radii: (Float, Float, Float, Float) = (0, 0, 0, 0), params: (Float, Float, Float, Float) = (0, 0, 0, 0)) {
        data.append(Float(m.m11)); data.append(Float(m.m12)); data.append(Float(m.m13)); data.append(Float(m.m14))
        data.append(Float(m.m21)); data.append(Float(m.m22)); data.append(Float(m.m23)); data.append(Float(m.m24))
        data.append(Float(m.m31)); data.append(Float(m.m32)); data.append(Float(m.m33)); data.append(Float(m.m34))
        data.append(Float(m.m41)); data.append(Float(m.m42)); data.append(Float(m.m43)); data.append(Float(m.m44))
        data.append(Float(rect.origin.x)); data.append(Float(rect.origin.y))
        data.append(Float(rect.size.width)); data.append(Float(rect.size.height))
        data.append(Float(uv.origin.x)); data.append(Float(uv.origin.y)); data.append(Float(uv.size.width)); data.append(Float(uv.size.height))
        data.append(color.0); data.append(color.1); data.append(color.2); data.append(color.3)
        data.append(radii.0); data.append(radii.1); data.append(radii.2); data.append(radii.3)
        data.append(params.0); data.append(params.1); data.append(params.2); data.append(params.3)
        count += 1
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
        return true
    }
}
