import CStrataGL
import Foundation
import StrataCore

/// Moving scrolled pixels on the framebuffer (`ScrollCopy`): blitted out to a scratch target and back
/// further on. Two blits, because a framebuffer's blit onto itself is undefined where the rectangles
/// overlap; blits rather than a drawn quad, because a software rasteriser copies them as memory (llvmpipe
/// took 7 ms to draw the 1280×700 quad, and under 1 ms to blit it).
extension Renderer {
    /// Copies `copy.source` of `framebuffer` (which holds the last frame, unturned, `height` rows) to
    /// `copy.destination`.
    func scrollCopy(_ copy: ScrollCopy, framebuffer: GLuint, height: Int) throws {
        let source = copy.source, destination = copy.destination
        guard !source.isEmpty else { return }
        flush()
        let scratch = try ColorStencilTarget.kept(&scrollTarget, width: source.width, height: source.height, what: "scroll copy")
        // Blits are scissored: the whole rectangles are copied.
        glDisable(e(GL_SCISSOR_TEST))
        // GL's rows run bottom-up: a rectangle's bottom row is window row height − maxY.
        glBindFramebuffer(e(GL_READ_FRAMEBUFFER), framebuffer)
        glBindFramebuffer(e(GL_DRAW_FRAMEBUFFER), scratch.framebuffer)
        glBlitFramebuffer(GLint(source.x), GLint(height - source.maxY), GLint(source.maxX), GLint(height - source.y),
                          0, 0, GLint(source.width), GLint(source.height), GLbitfield(GL_COLOR_BUFFER_BIT), e(GL_NEAREST))
        glBindFramebuffer(e(GL_READ_FRAMEBUFFER), scratch.framebuffer)
        glBindFramebuffer(e(GL_DRAW_FRAMEBUFFER), framebuffer)
        glBlitFramebuffer(0, 0, GLint(source.width), GLint(source.height),
                          GLint(destination.x), GLint(height - destination.maxY), GLint(destination.maxX), GLint(height - destination.y),
                          GLbitfield(GL_COLOR_BUFFER_BIT), e(GL_NEAREST))
        glBindFramebuffer(e(GL_FRAMEBUFFER), framebuffer)
        counters.scrollCopiedPixels = destination.area
        try checkGL("scroll copy")
    }
}
