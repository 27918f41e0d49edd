import CStrataGL
import Foundation
import StrataCore

/// Coverage fills whose outline the GPU places, and trims, each frame (`MovingShapeDraw`: a shape under
/// a motion slot): CoverageFill's three steps with the edges' ends worked out in the vertex stage
/// (`coverage_moving_edges.vert`: the outline in `OutlineTexels`, the slots' matrices from the motion
/// pass's state texture), so the draw list holding it is reused while the slots move it. The region is
/// the outline's box placed this frame, so it is cleared by a quad (`coverage_moving_cover.vert` with
/// `coverage_zero.frag`) rather than a scissored clear. Same GL contract as CoverageFill; the outline's
/// texture is left bound on unit `unit`.
final class MovingCoverage {
    /// The outline texture's unit (0: the accumulation target while covering; 2: the motion state).
    static let unit: GLint = 3
    private let edges: ShaderProgram, cover: ShaderProgram, clear: ShaderProgram
    private var vao: GLuint = 0
    /// Uploaded outlines by key, with the frame they were last drawn in.
    private var textures: [UInt64: (texture: GLuint, frame: UInt64)] = [:]

    private static let placementUniforms = ["u_motion", "u_inner", "u_projection", "u_slot", "u_trimFromSlot", "u_trim", "u_viewport",
                                            "u_bounds", "u_scissor"]

    init(cache: ProgramBinaryCache?) throws {
        edges = try ShaderProgram(vertex: "coverage_moving_edges.vert", fragment: "coverage_edges.frag",
                                  uniformNames: Self.placementUniforms + ["u_outline", "u_bases", "u_length", "u_half"], cache: cache)
        cover = try ShaderProgram(vertex: "coverage_moving_cover.vert", fragment: "coverage_cover.frag",
                                  uniformNames: Self.placementUniforms + ["u_grow", "u_accumulation", "u_color", "u_evenOdd", "u_alphaFrom",
                                                                          "u_alphaStop"], cache: cache)
        clear = try ShaderProgram(vertex: "coverage_moving_cover.vert", fragment: "coverage_zero.frag",
                                  uniformNames: Self.placementUniforms + ["u_grow", "u_alphaFrom", "u_alphaStop"], cache: cache)
        glGenVertexArrays(1, &vao)
    }

    deinit {
        for t in textures.values { var id = t.texture; glDeleteTextures(1, &id) }
        glDeleteVertexArrays(1, &vao)
    }

    /// Where and how an outline is drawn this frame.
    struct Placement {
        /// Layer → its slot's space (target pixels when `motion.slot` < 0).
        var inner: Transform3D
        var projection: Transform3D
        var motion: MotionRef
        /// The trim when the slot does not animate it (`MotionRef.Fields.strokeTrim`).
        var trim: (start: Float, end: Float)
        /// Window pixels (y up), as glScissor.
        var scissor: PixelRect
        var width: Int, height: Int
    }

    /// Fills `outline` (uploaded once under `key` while drawn in consecutive frames) by `rule` in the
    /// premultiplied `color` times the alphas of the slots `placement.motion` names, over `framebuffer`.
    func fill(_ outline: OutlineTexels, key: UInt64, frame: UInt64, rule: FillRule, color: (Float, Float, Float, Float),
              placement: Placement, coverage: CoverageFill, framebuffer: GLuint) throws {
        let saved = CoverageBindings.save()
        defer {
            saved.restore()
            glBindFramebuffer(e(GL_FRAMEBUFFER), framebuffer)
            glViewport(0, 0, GLsizei(placement.width), GLsizei(placement.height))
            glEnable(e(GL_SCISSOR_TEST))
            let s = placement.scissor
            glScissor(GLint(s.x), GLint(s.y), GLsizei(s.width), GLsizei(s.height))
            glEnable(e(GL_BLEND))
            glBlendFunc(e(GL_ONE), e(GL_ONE_MINUS_SRC_ALPHA))
        }
        guard outline.pointCount > 0, placement.width > 0, placement.height > 0, !placement.scissor.isEmpty else { return }
        let target = try coverage.accumulationTarget(width: placement.width, height: placement.height)
        glActiveTexture(e(GL_TEXTURE0) + GLenum(Self.unit))
        try bindOutline(outline, key: key, frame: frame)
        glActiveTexture(e(GL_TEXTURE0))
        glBindVertexArray(vao)

        // 1: the region's sums to 0, by a quad a pixel wider than any pass's region.
        glBindFramebuffer(e(GL_FRAMEBUFFER), target.framebuffer)
        glViewport(0, 0, GLsizei(placement.width), GLsizei(placement.height))
        glEnable(e(GL_SCISSOR_TEST))
        let s = placement.scissor
        glScissor(GLint(s.x), GLint(s.y), GLsizei(s.width), GLsizei(s.height))
        glDisable(e(GL_BLEND))
        setPlacement(clear, outline, placement)
        glUniform1f(clear.uniform("u_grow"), 1)
        glDrawArrays(e(GL_TRIANGLE_STRIP), 0, 4)

        // 2: every edge's signed areas added.
        glEnable(e(GL_BLEND))
        glBlendFunc(e(GL_ONE), e(GL_ONE))
        setPlacement(edges, outline, placement)
        glUniform1i(edges.uniform("u_outline"), Self.unit)
        glUniform3i(edges.uniform("u_bases"), outline.bases.points, outline.bases.pieces, outline.bases.vertices)
        glUniform1f(edges.uniform("u_length"), outline.length)
        glUniform1f(edges.uniform("u_half"), outline.half)
        glDrawArraysInstanced(e(GL_TRIANGLE_STRIP), 0, 4, GLsizei(outline.pointCount))

        // 3: coverage into the caller's framebuffer.
        glBindFramebuffer(e(GL_FRAMEBUFFER), framebuffer)
        glBlendFunc(e(GL_ONE), e(GL_ONE_MINUS_SRC_ALPHA))
        setPlacement(cover, outline, placement)
        glUniform1f(cover.uniform("u_grow"), 0)
        glUniform1i(cover.uniform("u_accumulation"), 0)
        glUniform4f(cover.uniform("u_color"), color.0, color.1, color.2, color.3)
        glUniform1i(cover.uniform("u_evenOdd"), rule == .evenOdd ? 1 : 0)
        glUniform1i(cover.uniform("u_alphaFrom"), placement.motion.alphaFrom)
        glUniform1i(cover.uniform("u_alphaStop"), placement.motion.alphaStop)
        glBindTexture(e(GL_TEXTURE_2D), target.texture)
        glBindSampler(0, 0)
        glDrawArrays(e(GL_TRIANGLE_STRIP), 0, 4)
        try checkGL("moving coverage fill")
    }

    /// The uniforms every pass shares: where the outline lands and its trim.
    private func setPlacement(_ p: ShaderProgram, _ outline: OutlineTexels, _ placement: Placement) {
        glUseProgram(p.program)
        glUniform1i(p.uniform("u_motion"), MotionPass.unit)
        glUniformMatrix4fv(p.uniform("u_inner"), 1, GLboolean(GL_FALSE), Self.floats(placement.inner))
        glUniformMatrix4fv(p.uniform("u_projection"), 1, GLboolean(GL_FALSE), Self.floats(placement.projection))
        glUniform1i(p.uniform("u_slot"), placement.motion.slot)
        glUniform1i(p.uniform("u_trimFromSlot"), placement.motion.fields.contains(.strokeTrim) ? 1 : 0)
        glUniform2f(p.uniform("u_trim"), placement.trim.start, placement.trim.end)
        glUniform2f(p.uniform("u_viewport"), GLfloat(placement.width), GLfloat(placement.height))
        let b = outline.bounds
        glUniform4f(p.uniform("u_bounds"), GLfloat(b.minX), GLfloat(b.minY), GLfloat(b.maxX), GLfloat(b.maxY))
        let s = placement.scissor
        glUniform4f(p.uniform("u_scissor"), GLfloat(s.x), GLfloat(s.y), GLfloat(s.maxX), GLfloat(s.maxY))
    }

    /// Binds the outline's texture on the active unit, uploading it when it is not resident; forgets
    /// outlines not drawn in the last two frames.
    private func bindOutline(_ outline: OutlineTexels, key: UInt64, frame: UInt64) throws {
        if let t = textures[key] {
            glBindTexture(e(GL_TEXTURE_2D), t.texture)
            textures[key] = (t.texture, frame)
            return
        }
        for (k, t) in textures where t.frame + 2 < frame {
            var id = t.texture
            glDeleteTextures(1, &id)
            textures[k] = nil
        }
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(e(GL_TEXTURE_2D), texture)
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        outline.paddedData.withUnsafeBytes {
            glTexImage2D(e(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(OutlineTexels.width), GLsizei(max(1, outline.rows)), 0, e(GL_RGBA), e(GL_FLOAT),
                         $0.baseAddress)
        }
        textures[key] = (texture, frame)
        try checkGL("outline upload")
    }

    static func floats(_ m: Transform3D) -> [GLfloat] {
        [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44].map { GLfloat($0) }
    }
}
