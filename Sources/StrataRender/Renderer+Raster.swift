import CStrataGL
import Foundation
import StrataCore

/// A rasterized layer's bitmap: a texture it is drawn into, reused while its content key is unchanged.
final class RasterBitmap {
    var texture: GLuint = 0
    var framebuffer: GLuint = 0
    var stencil: GLuint = 0
    var width = 0, height = 0
    var key: Int?
    var lastUsed: UInt64 = 0
    var mipmapsCurrent = false

    /// A bitmap of the given size, with a stencil for path fills.
    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        glGenTextures(1, &texture)
        glBindTexture(e(GL_TEXTURE_2D), texture)
        glTexImage2D(e(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, e(GL_RGBA), e(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(e(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(e(GL_FRAMEBUFFER), e(GL_COLOR_ATTACHMENT0), e(GL_TEXTURE_2D), texture, 0)
        glGenRenderbuffers(1, &stencil)
        glBindRenderbuffer(e(GL_RENDERBUFFER), stencil)
        glRenderbufferStorage(e(GL_RENDERBUFFER), e(GL_STENCIL_INDEX8), GLsizei(width), GLsizei(height))
        glFramebufferRenderbuffer(e(GL_FRAMEBUFFER), e(GL_STENCIL_ATTACHMENT), e(GL_RENDERBUFFER), stencil)
        guard glCheckFramebufferStatus(e(GL_FRAMEBUFFER)) == e(GL_FRAMEBUFFER_COMPLETE) else {
            throw GLError("rasterized layer bitmap framebuffer incomplete (\(width)x\(height))")
        }
        let scissored = glIsEnabled(e(GL_SCISSOR_TEST)) == GLboolean(GL_TRUE)
        glDisable(e(GL_SCISSOR_TEST))
        glClearStencil(0)
        glClear(e(GL_STENCIL_BUFFER_BIT))
        if scissored { glEnable(e(GL_SCISSOR_TEST)) }
    }

    deinit {
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteRenderbuffers(1, &stencil)
        glDeleteTextures(1, &texture)
    }
}

extension Renderer {
    /// The group targets for passes of this size.
    func pool(width: Int, height: Int) -> OffscreenTargets {
        let key = width << 20 | height
        if let p = pools[key] { return p }
        let p = OffscreenTargets()
        pools[key] = p
        return p
    }

    /// The bitmap holding `content`, drawn now unless the owner's bitmap already holds it. Drawing it is
    /// a pass of its own; afterwards the interrupted pass (into `resume`, limited to `scissor`) carries on.
    func raster(_ content: RasterContent, resume: GLuint, scissor: PixelRect) throws -> RasterBitmap {
        if let existing = rasters[content.owner], existing.width == content.width, existing.height == content.height,
           existing.key == content.key {
            existing.lastUsed = frame
            return existing
        }
        // Queued quads belong to the interrupted pass: draw them before any binding changes.
        flush()
        let bitmap: RasterBitmap
        if let existing = rasters[content.owner], existing.width == content.width, existing.height == content.height {
            bitmap = existing
        } else {
            bitmap = try RasterBitmap(width: content.width, height: content.height)
            rasters[content.owner] = bitmap
        }
        bitmap.lastUsed = frame
        let saved = (width, height, origin, projection, offscreen)
        var list = content.list
        list.clearColor = Color(red: 0, green: 0, blue: 0, alpha: 0)
        let whole = PixelRect(x: content.origin.x, y: content.origin.y, width: content.width, height: content.height)
        try drawPass(list, content.analysis, repaint: whole, framebuffer: bitmap.framebuffer,
                     width: content.width, height: content.height, origin: content.origin)
        counters.offscreenPasses += 1
        bitmap.key = content.key
        bitmap.mipmapsCurrent = false
        // Back to the interrupted pass: its target, size, projection and state.
        (width, height, origin, projection, offscreen) = saved
        beginFrame(resume)
        setScissor(scissor)
        return bitmap
    }

    /// Keeps the bitmaps of every rasterized layer in the frame, drawn this time or not (outside the
    /// repaint region it is skipped, but still on screen).
    func markRasters(_ list: DrawList) {
        for command in list.commands {
            guard case let .raster(_, _, content, _, _, _, _) = command else { continue }
            rasters[content.owner]?.lastUsed = frame
            markRasters(content.list)
        }
    }

    /// Frees bitmaps of layers not in this frame, and group targets of sizes no pass used.
    func releaseUnusedTargets() {
        for (owner, bitmap) in rasters where bitmap.lastUsed != frame { rasters[owner] = nil }
        let used = Set([width << 20 | height] + rasters.values.map { $0.width << 20 | $0.height })
        for key in pools.keys where !used.contains(key) { pools[key] = nil }
    }
}
