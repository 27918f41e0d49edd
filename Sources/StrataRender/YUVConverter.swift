import CStrataGL
import Foundation
import StrataCore

/// How a YUV frame's planes lie in memory (docs/drawables.md): NV12 (luma, then interleaved Cb, Cr) or
/// I420 (luma, Cb, Cr), every plane's rows packed, chroma sides rounded up.
public enum YUVLayout: Sendable { case nv12, i420 }

/// Converts a YUV 4:2:0 frame into an RGBA texture on the GPU (`yuv.frag`): the planes are uploaded into
/// one-channel (and, for NV12's chroma, two-channel) textures kept between frames of one size, then one
/// pass draws the RGB into the target texture through a framebuffer of its own.
final class YUVConverter {
    private let program: ShaderProgram
    private var planes: [GLuint] = [0, 0, 0]
    private var planeSizes: [(Int, Int, GLenum)] = [(0, 0, 0), (0, 0, 0), (0, 0, 0)]
    private var framebuffer: GLuint = 0

    init(cache: ProgramBinaryCache?) throws {
        program = try ShaderProgram(vertex: "yuv.vert", fragment: "yuv.frag",
                                    uniformNames: ["u_luma", "u_chroma", "u_chromaV", "u_interleaved", "u_size", "u_offset", "u_scale", "u_matrix"],
                                    cache: cache)
        glGenTextures(3, &planes)
        glGenFramebuffers(1, &framebuffer)
    }

    deinit {
        glDeleteTextures(3, planes)
        glDeleteFramebuffers(1, &framebuffer)
    }

    /// Draws the frame at `source` (`width` × `height`, `layout`) into `target`, a texture of that size.
    func convert(into target: GLuint, width: Int, height: Int, from source: UnsafeRawPointer, layout: YUVLayout,
                 matrix: YUVConversion.Matrix, fullRange: Bool) throws {
        let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
        glPixelStorei(e(GL_UNPACK_ALIGNMENT), 1)
        defer { glPixelStorei(e(GL_UNPACK_ALIGNMENT), 4) }
        upload(0, width, height, e(GL_R8), e(GL_RED), source)
        switch layout {
        case .nv12:
            upload(1, cw, ch, e(GL_RG8), e(GL_RG), source + width * height)
        case .i420:
            upload(1, cw, ch, e(GL_R8), e(GL_RED), source + width * height)
            upload(2, cw, ch, e(GL_R8), e(GL_RED), source + width * height + cw * ch)
        }
        glBindFramebuffer(e(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(e(GL_FRAMEBUFFER), e(GL_COLOR_ATTACHMENT0), e(GL_TEXTURE_2D), target, 0)
        guard glCheckFramebufferStatus(e(GL_FRAMEBUFFER)) == e(GL_FRAMEBUFFER_COMPLETE) else {
            throw GLError("YUV conversion: the \(width)x\(height) target is not renderable")
        }
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glDisable(e(GL_BLEND))
        glDisable(e(GL_SCISSOR_TEST))
        glUseProgram(program.program)
        glBindVertexArray(0) // no attributes: the vertices come from gl_VertexID
        for unit in 0..<3 {
            glActiveTexture(e(GL_TEXTURE0) + GLenum(unit))
            glBindTexture(e(GL_TEXTURE_2D), planes[unit])
            glBindSampler(GLuint(unit), 0)
        }
        glActiveTexture(e(GL_TEXTURE0))
        glUniform1i(program.uniform("u_luma"), 0)
        glUniform1i(program.uniform("u_chroma"), 1)
        glUniform1i(program.uniform("u_chromaV"), 2)
        glUniform1i(program.uniform("u_interleaved"), layout == .nv12 ? 1 : 0)
        glUniform2f(program.uniform("u_size"), GLfloat(width), GLfloat(height))
        let (o, s) = YUVConversion.offsetAndScale(fullRange: fullRange)
        glUniform3f(program.uniform("u_offset"), GLfloat(o.0), GLfloat(o.1), GLfloat(o.2))
        glUniform3f(program.uniform("u_scale"), GLfloat(s.0), GLfloat(s.1), GLfloat(s.2))
        let k = YUVConversion.coefficients(matrix)
        // Column-major: the columns are Y's, Cb's and Cr's weights in R, G, B.
        let m: [GLfloat] = [1, 1, 1, 0, GLfloat(k.ug), GLfloat(k.ub), GLfloat(k.vr), GLfloat(k.vg), 0]
        glUniformMatrix3fv(program.uniform("u_matrix"), 1, GLboolean(GL_FALSE), m)
        glDrawArrays(e(GL_TRIANGLES), 0, 3)
        glFramebufferTexture2D(e(GL_FRAMEBUFFER), e(GL_COLOR_ATTACHMENT0), e(GL_TEXTURE_2D), 0, 0)
        try checkGL("YUV conversion")
    }

    /// Fills plane texture `index` (`width` × `height` of `format`), reallocating it when its size changed.
    private func upload(_ index: Int, _ width: Int, _ height: Int, _ internalFormat: GLenum, _ format: GLenum, _ pixels: UnsafeRawPointer) {
        glBindTexture(e(GL_TEXTURE_2D), planes[index])
        if planeSizes[index] != (width, height, internalFormat) {
            glTexImage2D(e(GL_TEXTURE_2D), 0, GLint(internalFormat), GLsizei(width), GLsizei(height), 0, format, e(GL_UNSIGNED_BYTE), pixels)
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
            planeSizes[index] = (width, height, internalFormat)
        } else {
            glTexSubImage2D(e(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), format, e(GL_UNSIGNED_BYTE), pixels)
        }
    }
}
