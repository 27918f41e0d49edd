import CStrataGL
import Foundation
import StrataCore

/// Fills a path (nonzero winding) on the GPU by stencil-then-cover, for `DrawCommand.path` (shadowPath):
/// 1. the path is flattened to polygons in layer units fine enough for `tolerance` target pixels;
/// 2. each polygon is drawn as a triangle fan into the stencil only, front faces incrementing and back
///    faces decrementing (wrapping), so a pixel's stencil ends up as its winding number mod 256;
/// 3. a rectangle covering the path in target pixels is drawn in the colour where the stencil is not 0,
///    zeroing the stencil as it goes, so the stencil is all zero again for the next path.
/// The target must have a stencil buffer that is zero outside fills (OffscreenTargets clears it once when
/// it makes one). Edges are not anti-aliased: a pixel is in when its centre is (shadows blur them anyway).
///
/// Draws with its own program and vertex array, and puts back the program, vertex array and array
/// buffer it found, so the renderer's state (and any state cache it keeps) is unchanged afterwards.
final class PathFill {
    /// How far (in target pixels) the flattened polygon may stray from the curves.
    static let tolerance: CGFloat = 0.25

    private let program: ShaderProgram
    private let color: GLint
    private let mvp: GLint
    private var vao: GLuint = 0
    private var vbo: GLuint = 0
    /// Reused between fills so a frame's paths do not allocate.
    private var vertices: [GLfloat] = []

    init(program: ShaderProgram) throws {
        self.program = program
        color = program.uniform("u_color")
        mvp = program.uniform("u_mvp")
        var previous: GLint = 0
        glGetIntegerv(e(GL_VERTEX_ARRAY_BINDING), &previous)
        glGenVertexArrays(1, &vao)
        glBindVertexArray(vao)
        glGenBuffers(1, &vbo)
        glBindBuffer(e(GL_ARRAY_BUFFER), vbo)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, e(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glBindVertexArray(GLuint(previous))
        try checkGL("path fill set-up")
    }

    deinit {
        glDeleteBuffers(1, &vbo)
        glDeleteVertexArrays(1, &vao)
    }

    /// Fills `path` (layer-local) under `matrix` (layer-local → target pixels) with straight-alpha `color`
    /// times `alpha`, into the bound framebuffer, which covers `target` (in target pixels); `projection`
    /// maps target pixels to clip space. Throws when the framebuffer has no stencil buffer.
    func fill(_ path: Path, matrix: Transform3D, projection: Transform3D, target: CGRect,
              color c: Color, alpha: CGFloat) throws {
        let a = c.alpha * alpha
        guard a > 0, target.width > 0, target.height > 0 else { return }
        try Self.requireStencil()
        let polygons = path.fillPolygons(tolerance: Self.tolerance, scale: Self.pixelScale(matrix, path.boundingBox))
        guard !polygons.isEmpty, let cover = Self.coverRect(polygons, matrix, target: target) else { return }

        vertices.removeAll(keepingCapacity: true)
        var fans: [(first: GLint, count: GLsizei)] = []
        for polygon in polygons {
            fans.append((GLint(vertices.count / 2), GLsizei(polygon.count)))
            for p in polygon { vertices.append(GLfloat(p.x)); vertices.append(GLfloat(p.y)) }
        }
        let coverFirst = GLint(vertices.count / 2)
        vertices += [GLfloat(cover.minX), GLfloat(cover.minY), GLfloat(cover.maxX), GLfloat(cover.minY),
                     GLfloat(cover.maxX), GLfloat(cover.maxY), GLfloat(cover.minX), GLfloat(cover.maxY)]

        var previousProgram: GLint = 0, previousArray: GLint = 0, previousBuffer: GLint = 0
        glGetIntegerv(e(GL_CURRENT_PROGRAM), &previousProgram)
        glGetIntegerv(e(GL_VERTEX_ARRAY_BINDING), &previousArray)
        glGetIntegerv(e(GL_ARRAY_BUFFER_BINDING), &previousBuffer)
        defer {
            glUseProgram(GLuint(previousProgram))
            glBindVertexArray(GLuint(previousArray))
            glBindBuffer(e(GL_ARRAY_BUFFER), GLuint(previousBuffer))
        }
        glUseProgram(program.program)
        glBindVertexArray(vao)
        glBindBuffer(e(GL_ARRAY_BUFFER), vbo)
        vertices.withUnsafeBytes { glBufferData(e(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, e(GL_STREAM_DRAW)) }

        // Stencil pass: winding numbers, no colour.
        glEnable(e(GL_STENCIL_TEST))
        glStencilMask(0xFF)
        glColorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE))
        glStencilFunc(e(GL_ALWAYS), 0, 0xFF)
        glStencilOpSeparate(e(GL_FRONT), e(GL_KEEP), e(GL_KEEP), e(GL_INCR_WRAP))
        glStencilOpSeparate(e(GL_BACK), e(GL_KEEP), e(GL_KEEP), e(GL_DECR_WRAP))
        setMatrix(matrix * projection)
        for fan in fans { glDrawArrays(e(GL_TRIANGLE_FAN), fan.first, fan.count) }

        // Cover pass: colour where the winding number is not 0, and the stencil back to 0 there.
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        glStencilFunc(e(GL_NOTEQUAL), 0, 0xFF)
        glStencilOp(e(GL_ZERO), e(GL_ZERO), e(GL_ZERO))
        setMatrix(projection)
        glUniform4f(color, GLfloat(c.red * a), GLfloat(c.green * a), GLfloat(c.blue * a), GLfloat(a))
        glDrawArrays(e(GL_TRIANGLE_FAN), coverFirst, 4)
        glStencilOp(e(GL_KEEP), e(GL_KEEP), e(GL_KEEP))
        glDisable(e(GL_STENCIL_TEST))
    }

    private func setMatrix(_ m: Transform3D) { setUniform(mvp, m) }

    /// Stencil-then-cover needs a stencil buffer: without one every fan would pass and the whole cover
    /// rectangle would be filled.
    private static func requireStencil() throws {
        var type: GLint = 0
        glGetFramebufferAttachmentParameteriv(e(GL_FRAMEBUFFER), e(GL_STENCIL_ATTACHMENT),
                                              e(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), &type)
        guard type != GL_NONE else { throw GLError("path fill: the render target has no stencil buffer") }
    }

    /// The most one layer unit stretches to in target pixels over `bounds`: the larger singular value of
    /// the matrix's linear part, divided by the smallest perspective w at the corners (an estimate under
    /// perspective, exact for affine matrices).
    static func pixelScale(_ m: Transform3D, _ bounds: CGRect) -> CGFloat {
        // Largest singular value of [[m11, m12], [m21, m22]] (row vectors): √ of the larger eigenvalue of AᵀA.
        let a = m.m11 * m.m11 + m.m12 * m.m12, b = m.m11 * m.m21 + m.m12 * m.m22, d = m.m21 * m.m21 + m.m22 * m.m22
        let sigma = ((a + d) / 2 + (((a - d) / 2) * ((a - d) / 2) + b * b).squareRoot()).squareRoot()
        var w: CGFloat = 1
        if !bounds.isNull, m.m14 != 0 || m.m24 != 0 || m.m44 != 1 {
            let corners = [(bounds.minX, bounds.minY), (bounds.maxX, bounds.minY), (bounds.minX, bounds.maxY), (bounds.maxX, bounds.maxY)]
            let ws = corners.map { $0.0 * m.m14 + $0.1 * m.m24 + m.m44 }
            if let least = ws.min(), least > 0 { w = least }
        }
        let s = sigma / w
        return s.isFinite ? s : 1
    }

    /// The target pixels the fans can touch, grown by a pixel and clipped to the target: where the cover
    /// pass must clear the stencil. The whole target when a point is at or behind the eye (w ≤ 0); nil
    /// when nothing of the path is inside the target.
    static func coverRect(_ polygons: [[CGPoint]], _ m: Transform3D, target: CGRect) -> CGRect? {
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for polygon in polygons {
            for p in polygon {
                let w = p.x * m.m14 + p.y * m.m24 + m.m44
                guard w > 0 else { return target }
                let x = (p.x * m.m11 + p.y * m.m21 + m.m41) / w, y = (p.x * m.m12 + p.y * m.m22 + m.m42) / w
                guard x.isFinite, y.isFinite else { return target }
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        let x0 = max(target.minX, (minX - 1).rounded(.down)), y0 = max(target.minY, (minY - 1).rounded(.down))
        let x1 = min(target.maxX, (maxX + 1).rounded(.up)), y1 = min(target.maxY, (maxY + 1).rounded(.up))
        guard x1 > x0, y1 > y0 else { return nil }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
