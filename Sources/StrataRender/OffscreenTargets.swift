import CStrataGL

/// Transparent render targets of the frame's size for group opacity, pooled by nesting depth. Each has an
/// 8-bit stencil buffer, cleared once when made, for path fills (PathFill leaves it zero after each fill).
final class OffscreenTargets {
    struct Target { var framebuffer: GLuint; var texture: GLuint; var stencil: GLuint = 0 }
    private var pool: [Target] = []
    private var width = 0, height = 0

    func target(depth: Int, width: Int, height: Int) throws -> Target {
        if width != self.width || height != self.height { releaseAll(); self.width = width; self.height = height }
        while pool.count <= depth {
            var tex: GLuint = 0, fbo: GLuint = 0
            glGenTextures(1, &tex)
            glBindTexture(e(GL_TEXTURE_2D), tex)
            glTexImage2D(e(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, e(GL_RGBA), e(GL_UNSIGNED_BYTE), nil)
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            // A shadow blur reads past the target's edges: repeat would wrap the far edge's pixels in.
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
            glGenFramebuffers(1, &fbo)
            glBindFramebuffer(e(GL_FRAMEBUFFER), fbo)
            glFramebufferTexture2D(e(GL_FRAMEBUFFER), e(GL_COLOR_ATTACHMENT0), e(GL_TEXTURE_2D), tex, 0)
            var stencil: GLuint = 0
            glGenRenderbuffers(1, &stencil)
            glBindRenderbuffer(e(GL_RENDERBUFFER), stencil)
            glRenderbufferStorage(e(GL_RENDERBUFFER), e(GL_STENCIL_INDEX8), GLsizei(width), GLsizei(height))
            glFramebufferRenderbuffer(e(GL_FRAMEBUFFER), e(GL_STENCIL_ATTACHMENT), e(GL_RENDERBUFFER), stencil)
            guard glCheckFramebufferStatus(e(GL_FRAMEBUFFER)) == e(GL_FRAMEBUFFER_COMPLETE) else {
                throw GLError("offscreen group framebuffer incomplete")
            }
            // All of it: targets are made mid-frame, while the renderer's scissor limits clears.
            let scissored = glIsEnabled(e(GL_SCISSOR_TEST)) == GLboolean(GL_TRUE)
            glDisable(e(GL_SCISSOR_TEST))
            glClearStencil(0)
            glClear(e(GL_STENCIL_BUFFER_BIT))
            if scissored { glEnable(e(GL_SCISSOR_TEST)) }
            pool.append(Target(framebuffer: fbo, texture: tex, stencil: stencil))
        }
        return pool[depth]
    }

    func releaseAll() {
        for var t in pool {
            glDeleteFramebuffers(1, &t.framebuffer)
            glDeleteTextures(1, &t.texture)
            glDeleteRenderbuffers(1, &t.stencil)
        }
        pool.removeAll()
    }

    deinit { releaseAll() }
}
