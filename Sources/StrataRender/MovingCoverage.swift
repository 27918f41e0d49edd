import CStrataGL
import Foundation
import StrataCore

/// Coverage fills whose outline the GPU places, and trims, each frame (`MovingShapeDraw`: a shape under
/// a motion slot): CoverageFill's steps with the edges worked out on the GPU, so the draw list holding
/// it is reused while the slots move it. First a transform-feedback pass (`coverage_moving_outline.vert`,
/// one vertex per outline point: the outline in `OutlineTexels`, the slots' matrices from the motion
/// pass's state texture) captures each point in window pixels with its region, once (at the corners of
/// the quads of the two edges it ends it would be eight times: on llvmpipe, where the vertex stage runs
/// on one CPU thread, that was most of the frame); the edge pass (`coverage_moving_edges.vert`) reads
/// consecutive points as instance data. The
/// region is the outline's box placed this frame, so it is cleared by a quad (`coverage_moving_cover.vert`
/// with `coverage_zero.frag`) rather than a scissored clear. Same GL contract as CoverageFill (the
/// transform-feedback binding is left unbound); the outline's texture is left bound on unit `unit`.
final class MovingCoverage {
    /// The outline texture's unit (0: the accumulation target while covering; 2: the motion state).
    static let unit: GLint = 3
    private let outlineProgram: ShaderProgram, edges: ShaderProgram, cover: ShaderProgram, clear: ShaderProgram
    /// The edge pass's vertex array (the captured edges as instance data), and one with no arrays for
    /// the other passes (the capture must not also be a source of the draw writing it).
    private var vao: GLuint = 0, bare: GLuint = 0
    /// The captured points (32 bytes each: point, region), the edge pass's instance data.
    private var captured: GLuint = 0
    /// Uploaded outlines by key, with the frame they were last drawn in.
    private var textures: [UInt64: (texture: GLuint, frame: UInt64, bytes: Int)] = [:]

    private static let placementUniforms = ["u_motion", "u_inner", "u_projection", "u_slot", "u_shadowOffset", "u_viewport",
                                            "u_bounds", "u_scissor"]

    init(cache: ProgramBinaryCache?) throws {
        outlineProgram = try ShaderProgram(vertex: "coverage_moving_outline.vert", fragment: "animation_eval.frag",
                                           uniformNames: Self.placementUniforms + ["u_outline", "u_bases", "u_length", "u_half"], cache: cache,
                                           feedback: ["v_point", "v_region"])
        edges = try ShaderProgram(vertex: "coverage_moving_edges.vert", fragment: "coverage_edges.frag", uniformNames: ["u_viewport"], cache: cache)
        cover = try ShaderProgram(vertex: "coverage_moving_cover.vert", fragment: "coverage_cover.frag",
                                  uniformNames: Self.placementUniforms + ["u_grow", "u_accumulation", "u_color", "u_evenOdd", "u_alphaFrom", "u_colorState",
                                                                          "u_alphaStop"], cache: cache)
        clear = try ShaderProgram(vertex: "coverage_moving_cover.vert", fragment: "coverage_zero.frag",
                                  uniformNames: Self.placementUniforms + ["u_grow", "u_alphaFrom", "u_alphaStop"], cache: cache)
        let saved = CoverageBindings.save()
        defer { saved.restore() }
        glGenVertexArrays(1, &vao)
        glGenVertexArrays(1, &bare)
        glGenBuffers(1, &captured)
        glBindVertexArray(vao)
        glBindBuffer(e(GL_ARRAY_BUFFER), captured)
        // Instance i: point i, its region, and point i + 1 (the next captured record).
        for location in 0..<3 {
            glEnableVertexAttribArray(GLuint(location))
            glVertexAttribPointer(GLuint(location), 4, e(GL_FLOAT), GLboolean(GL_FALSE), 32, UnsafeRawPointer(bitPattern: location * 16))
            glVertexAttribDivisor(GLuint(location), 1)
        }
        try checkGL("moving coverage set-up")
    }

    deinit {
        for t in textures.values { var id = t.texture; glDeleteTextures(1, &id) }
        glDeleteBuffers(1, &captured)
        glDeleteVertexArrays(1, &vao)
        glDeleteVertexArrays(1, &bare)
    }

    /// Where and how an outline is drawn this frame.
    struct Placement {
        /// Layer → its slot's space (target pixels when `motion.slot` < 0).
        var inner: Transform3D
        var projection: Transform3D
        var motion: MotionRef
        /// Window pixels (y up), as glScissor.
        var scissor: PixelRect
        var width: Int, height: Int
    }

    /// Fills `outline` (uploaded once under `key` while drawn in consecutive frames) by `rule` in the
    /// premultiplied `color` times the alphas of the slots `placement.motion` names, over `framebuffer`;
    /// times, with a `colorState` (the state texel of an animated fill or stroke colour), that colour.
    /// Kept whole (over 60 lines): the GL passes of one fill in the order they run, sharing their state.
    func fill(_ outline: OutlineTexels, key: UInt64, frame: UInt64, rule: FillRule, color: (Float, Float, Float, Float),
              colorState: Int32 = -1, placement: Placement, coverage: CoverageFill, framebuffer: GLuint) throws {
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
        let transient = try bindOutline(outline, key: key, frame: frame)
        glActiveTexture(e(GL_TEXTURE0))
        // GL deletes it once the draws below that read it are done.
        defer { if var id = transient { glDeleteTextures(1, &id) } }
        glBindVertexArray(bare)

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

        // 2: the edges this frame, captured; then every edge's signed areas added.
        let bytes = outline.pointCount * 32
        glBindBuffer(e(GL_ARRAY_BUFFER), captured)
        // A new data store for every fill (orphaning): the previous fill's edge pass may still read the old
        // one, and capturing into it would wait for that (on llvmpipe, most of a frame of many shapes).
        glBufferData(e(GL_ARRAY_BUFFER), bytes, nil, e(GL_STREAM_COPY))
        setPlacement(outlineProgram, outline, placement)
        glUniform1i(outlineProgram.uniform("u_outline"), Self.unit)
        glUniform3i(outlineProgram.uniform("u_bases"), outline.bases.points, outline.bases.pieces, outline.bases.vertices)
        glUniform1f(outlineProgram.uniform("u_length"), outline.length)
        glUniform1f(outlineProgram.uniform("u_half"), outline.half)
        FeedbackCapture.points(outline.pointCount, into: captured, bytes: bytes)
        glEnable(e(GL_BLEND))
        glBlendFunc(e(GL_ONE), e(GL_ONE))
        glBindVertexArray(vao)
        glUseProgram(edges.program)
        glUniform2f(edges.uniform("u_viewport"), GLfloat(placement.width), GLfloat(placement.height))
        glDrawArraysInstanced(e(GL_TRIANGLE_STRIP), 0, 4, GLsizei(outline.pointCount - 1))

        // 3: coverage into the caller's framebuffer.
        glBindVertexArray(bare)
        glBindFramebuffer(e(GL_FRAMEBUFFER), framebuffer)
        glBlendFunc(e(GL_ONE), e(GL_ONE_MINUS_SRC_ALPHA))
        setPlacement(cover, outline, placement)
        glUniform1f(cover.uniform("u_grow"), 0)
        glUniform1i(cover.uniform("u_accumulation"), 0)
        glUniform4f(cover.uniform("u_color"), color.0, color.1, color.2, color.3)
        glUniform1i(cover.uniform("u_evenOdd"), rule == .evenOdd ? 1 : 0)
        glUniform1i(cover.uniform("u_alphaFrom"), placement.motion.alphaFrom)
        glUniform1i(cover.uniform("u_alphaStop"), placement.motion.alphaStop)
        glUniform1i(cover.uniform("u_colorState"), colorState)
        glBindTexture(e(GL_TEXTURE_2D), target.texture)
        glBindSampler(0, 0)
        glDrawArrays(e(GL_TRIANGLE_STRIP), 0, 4)
        try checkGL("moving coverage fill")
    }

    /// The uniforms every pass shares: where the outline lands.
    private func setPlacement(_ p: ShaderProgram, _ outline: OutlineTexels, _ placement: Placement) {
        glUseProgram(p.program)
        glUniform1i(p.uniform("u_motion"), MotionPass.unit)
        setUniform(p.uniform("u_inner"), placement.inner)
        setUniform(p.uniform("u_projection"), placement.projection)
        glUniform1i(p.uniform("u_slot"), placement.motion.slot)
        glUniform1i(p.uniform("u_shadowOffset"), placement.motion.fields.contains(.shadowOffset) ? 1 : 0)
        glUniform2f(p.uniform("u_viewport"), GLfloat(placement.width), GLfloat(placement.height))
        let b = outline.bounds
        glUniform4f(p.uniform("u_bounds"), GLfloat(b.minX), GLfloat(b.minY), GLfloat(b.maxX), GLfloat(b.maxY))
        let s = placement.scissor
        glUniform4f(p.uniform("u_scissor"), GLfloat(s.x), GLfloat(s.y), GLfloat(s.maxX), GLfloat(s.maxY))
    }

    /// Binds the outline's texture on the active unit, uploading it when it is not resident, and returns
    /// a texture to delete once drawn (nil when it stays resident). Forgets outlines not drawn in the last
    /// two frames; outlines past `maxResidentBytes` (many large shapes at once, from hostile clients too)
    /// evict those not drawn in this frame, and beyond that are uploaded for the one draw.
    private func bindOutline(_ outline: OutlineTexels, key: UInt64, frame: UInt64) throws -> GLuint? {
        if let t = textures[key] {
            glBindTexture(e(GL_TEXTURE_2D), t.texture)
            textures[key] = (t.texture, frame, t.bytes)
            return nil
        }
        let bytes = OutlineTexels.width * max(1, outline.rows) * 16
        evict { $0.frame + 2 < frame }
        if residentBytes + bytes > Self.maxResidentBytes { evict { $0.frame < frame } }
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(e(GL_TEXTURE_2D), texture)
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        outline.paddedData.withUnsafeBytes {
            glTexImage2D(e(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(OutlineTexels.width), GLsizei(max(1, outline.rows)), 0, e(GL_RGBA), e(GL_FLOAT),
                         $0.baseAddress)
        }
        try checkGL("outline upload")
        guard residentBytes + bytes <= Self.maxResidentBytes else { return texture }
        textures[key] = (texture, frame, bytes)
        residentBytes += bytes
        return nil
    }

    /// The most bytes of outlines kept resident between frames.
    static let maxResidentBytes = 128 << 20
    private var residentBytes = 0

    /// Bytes of outlines kept between frames.
    var keptBytes: Int { residentBytes }

    /// Gives every kept outline back (memory pressure); each is uploaded again when drawn.
    func releaseKept() { evict { _ in true } }

    private func evict(where stale: ((texture: GLuint, frame: UInt64, bytes: Int)) -> Bool) {
        for (k, t) in textures where stale(t) {
            var id = t.texture
            glDeleteTextures(1, &id)
            residentBytes -= t.bytes
            textures[k] = nil
        }
    }
}
