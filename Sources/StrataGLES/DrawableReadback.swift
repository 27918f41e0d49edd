import CStrataGL
import Foundation
import Strata

/// Reads a frame the app rendered back into a drawable slot (docs/drawables.md): blitted upside down into a
/// renderbuffer of its own (GL's rows run bottom to top, a layer's top to bottom), then `glReadPixels` into
/// the slot's shared memory. On the GPU the flip is a blit; the read-back is the one copy the CPU makes.
/// The app's framebuffer and renderbuffer bindings are restored. One per context, used on its thread.
final class DrawableReadback {
    private var sourceFramebuffer: GLuint = 0
    private var flipFramebuffer: GLuint = 0
    private var flipRenderbuffer: GLuint = 0
    private var flipSize = (width: 0, height: 0)

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads `renderbuffer` (the slot's size) into `slot`.
    func read(renderbuffer: GLuint, into slot: DrawableRing.Slot) throws {
        try withSavedBindings {
            if sourceFramebuffer == 0 { glGenFramebuffers(1, &sourceFramebuffer) }
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), sourceFramebuffer)
            glFramebufferRenderbuffer(GLenum(GL_READ_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), renderbuffer)
            defer {
                // The app's renderbuffer is its own: not left attached to a framebuffer of ours.
                glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), sourceFramebuffer)
                glFramebufferRenderbuffer(GLenum(GL_READ_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), 0)
            }
            try flipAndRead(into: slot)
        }
    }

    /// Reads the colour attachment of `framebuffer` (the slot's size) into `slot`.
    func read(framebuffer: GLuint, into slot: DrawableRing.Slot) throws {
        try withSavedBindings {
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
            try flipAndRead(into: slot)
        }
    }

    /// With the source bound for reading: blit it flipped into the flip renderbuffer, read that.
    private func flipAndRead(into slot: DrawableRing.Slot) throws {
        while glGetError() != GLenum(GL_NO_ERROR) {}
        let (w, h) = (GLint(slot.width), GLint(slot.height))
        try ensureFlipTarget(width: slot.width, height: slot.height)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), flipFramebuffer)
        glBlitFramebuffer(0, 0, w, h, 0, h, w, 0, GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), flipFramebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        glReadPixels(0, 0, w, h, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), slot.buffer.base)
        let error = glGetError()
        guard error == GLenum(GL_NO_ERROR) else { throw Failure(description: "read-back of \(w)x\(h): GL error 0x\(String(error, radix: 16))") }
    }

    private func ensureFlipTarget(width: Int, height: Int) throws {
        if flipFramebuffer == 0 {
            glGenFramebuffers(1, &flipFramebuffer)
            glGenRenderbuffers(1, &flipRenderbuffer)
        }
        guard flipSize != (width, height) else { return }
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), flipRenderbuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), flipFramebuffer)
        glFramebufferRenderbuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), flipRenderbuffer)
        guard glCheckFramebufferStatus(GLenum(GL_DRAW_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            flipSize = (0, 0)
            throw Failure(description: "the \(width)x\(height) read-back framebuffer is incomplete")
        }
        flipSize = (width, height)
    }

    /// Runs `body`, then binds again the framebuffers and renderbuffer the app had bound.
    private func withSavedBindings(_ body: () throws -> Void) throws {
        var read: GLint = 0, draw: GLint = 0, renderbuffer: GLint = 0
        glGetIntegerv(GLenum(GL_READ_FRAMEBUFFER_BINDING), &read)
        glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &draw)
        glGetIntegerv(GLenum(GL_RENDERBUFFER_BINDING), &renderbuffer)
        defer {
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(read))
            glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint(draw))
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), GLuint(renderbuffer))
        }
        try body()
    }
}
