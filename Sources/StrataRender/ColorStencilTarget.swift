import CStrataGL

/// A framebuffer drawing into an RGBA8 texture, with an 8-bit stencil for path fills, cleared once when
/// made (PathFill leaves it zero after each fill). Group targets and rasterized layers' bitmaps are these.
final class ColorStencilTarget {
    private(set) var framebuffer: GLuint = 0
    private(set) var texture: GLuint = 0
    private var stencil: GLuint = 0
    let width: Int, height: Int

    /// `filter`: how the texture is sampled when composited (GL_NEAREST for group targets, whose pixels
    /// map one to one; GL_LINEAR for bitmaps drawn transformed). Edges clamp: a shadow blur reads past
    /// them, and repeat would wrap the far edge's pixels in.
    init(width: Int, height: Int, filter: GLint, what: String) throws {
        self.width = width
        self.height = height
        texture = Self.makeTexture(width: width, height: height, filter: filter)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(e(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(e(GL_FRAMEBUFFER), e(GL_COLOR_ATTACHMENT0), e(GL_TEXTURE_2D), texture, 0)
        glGenRenderbuffers(1, &stencil)
        glBindRenderbuffer(e(GL_RENDERBUFFER), stencil)
        glRenderbufferStorage(e(GL_RENDERBUFFER), e(GL_STENCIL_INDEX8), GLsizei(width), GLsizei(height))
        glFramebufferRenderbuffer(e(GL_FRAMEBUFFER), e(GL_STENCIL_ATTACHMENT), e(GL_RENDERBUFFER), stencil)
        guard glCheckFramebufferStatus(e(GL_FRAMEBUFFER)) == e(GL_FRAMEBUFFER_COMPLETE) else {
            throw GLError("\(what) framebuffer incomplete (\(width)x\(height))")
        }
        // All of it: targets are made mid-frame, while the renderer's scissor limits clears.
        let scissored = glIsEnabled(e(GL_SCISSOR_TEST)) == GLboolean(GL_TRUE)
        glDisable(e(GL_SCISSOR_TEST))
        glClearStencil(0)
        glClear(e(GL_STENCIL_BUFFER_BIT))
        if scissored { glEnable(e(GL_SCISSOR_TEST)) }
    }

    /// The target `slot` keeps when it is `width` × `height`, else a new one (sampled NEAREST) put there: a
    /// scratch target kept between frames while they ask for the same size.
    static func kept(_ slot: inout ColorStencilTarget?, width: Int, height: Int, what: String) throws -> ColorStencilTarget {
        if let kept = slot, kept.width == width, kept.height == height { return kept }
        slot = nil
        let made = try ColorStencilTarget(width: width, height: height, filter: GL_NEAREST, what: what)
        slot = made
        return made
    }

    /// An RGBA8 texture of `width` × `height` texels, contents undefined, sampled with `filter`, clamped at
    /// its edges; left bound.
    static func makeTexture(width: Int, height: Int, filter: GLint) -> GLuint {
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(e(GL_TEXTURE_2D), texture)
        glTexImage2D(e(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, e(GL_RGBA), e(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MIN_FILTER), filter)
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MAG_FILTER), filter)
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        return texture
    }

    deinit {
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteRenderbuffers(1, &stencil)
        glDeleteTextures(1, &texture)
    }
}
