import CStrataGL
import Foundation
import StrataDisplay
import StrataKMS

/// Scanout surfaces in offscreen framebuffers (EGL surfaceless, llvmpipe), standing in for GBM: each
/// surface has `bufferCount` buffers with DRM-style framebuffer ids; a finished buffer stays locked until
/// released, and what each framebuffer holds can be read back, so tests see what a flip put on screen.
final class OffscreenScanout: ScanoutSurfaceFactory {
    let display: EGLDisplay
    let context: EGLContext
    private var nextID: UInt32 = 100
    /// Weak: a surface keeps its factory (and the context) alive, not the other way round.
    private var made: [() -> OffscreenScanoutSurface?] = []
    var surfaces: [OffscreenScanoutSurface] { made.compactMap { $0() } }

    init() throws {
        (display, context) = try EGLSurfaceless.makeContext()
    }

    deinit {
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroyContext(display, context)
    }

    func makeCurrentWithoutSurface() throws {
        guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else { throw DisplayError("eglMakeCurrent failed") }
    }

    func makeSurface(width: Int, height: Int) throws -> ScanoutSurface {
        try makeCurrentWithoutSurface()
        let surface = try OffscreenScanoutSurface(factory: self, width: width, height: height, firstID: nextID)
        nextID += 10
        made.append { [weak surface] in surface }
        return surface
    }

    /// The surface holding framebuffer `id`, and the RGBA pixel at (x, y) from the top of that buffer.
    func pixel(_ id: UInt32, x: Int, y: Int) throws -> [UInt8] {
        guard let s = surfaces.first(where: { $0.owns(id) }) else { throw DisplayError("no framebuffer \(id)") }
        return try s.pixel(id, x: x, y: y)
    }
}

final class OffscreenScanoutSurface: ScanoutSurface {
    static let bufferCount = 2
    let width: Int
    let height: Int
    private let factory: OffscreenScanout
    private var fbos: [GLuint]
    private var renderbuffers: [GLuint]
    private let ids: [UInt32]
    private var locked: Set<Int> = []
    private var drawnAtFrame: [Int]
    private var frame = 0
    private var back = 0
    private var lastFinished: Int?

    init(factory: OffscreenScanout, width: Int, height: Int, firstID: UInt32) throws {
        self.factory = factory
        self.width = width
        self.height = height
        ids = (0..<Self.bufferCount).map { firstID + UInt32($0) }
        fbos = [GLuint](repeating: 0, count: Self.bufferCount)
        renderbuffers = [GLuint](repeating: 0, count: Self.bufferCount)
        drawnAtFrame = [Int](repeating: 0, count: Self.bufferCount)
        glGenFramebuffers(GLsizei(Self.bufferCount), &fbos)
        glGenRenderbuffers(GLsizei(Self.bufferCount), &renderbuffers)
        for i in 0..<Self.bufferCount {
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffers[i])
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbos[i])
            glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), renderbuffers[i])
        }
    }

    deinit {
        if (try? factory.makeCurrentWithoutSurface()) != nil {
            glDeleteFramebuffers(GLsizei(Self.bufferCount), &fbos)
            glDeleteRenderbuffers(GLsizei(Self.bufferCount), &renderbuffers)
        }
    }

    func owns(_ id: UInt32) -> Bool { ids.contains(id) }
    var lockedCount: Int { locked.count }

    func makeCurrent() throws { try factory.makeCurrentWithoutSurface() }
    var framebuffer: GLuint { fbos[back] }
    var bufferAge: Int { drawnAtFrame[back] == 0 ? 0 : frame + 1 - drawnAtFrame[back] }

    func finishFrame() throws -> ScanoutFrame {
        glFinish()
        frame += 1
        drawnAtFrame[back] = frame
        locked.insert(back)
        lastFinished = back
        let finished = ids[back]
        // The next buffer to draw: one not locked for scanout (GBM would run out the same way).
        if let free = (0..<Self.bufferCount).first(where: { !locked.contains($0) }) { back = free }
        return ScanoutFrame(framebuffer: finished)
    }

    func release(_ framebuffer: UInt32) {
        guard let i = ids.firstIndex(of: framebuffer) else { return }
        locked.remove(i)
        if locked.contains(back) { back = i }
    }

    func readPixels() throws -> (width: Int, height: Int, pixels: [UInt8]) {
        guard let i = lastFinished else { throw DisplayError("nothing finished yet") }
        return (width, height, try read(i))
    }

    func pixel(_ id: UInt32, x: Int, y: Int) throws -> [UInt8] {
        guard let i = ids.firstIndex(of: id) else { throw DisplayError("no framebuffer \(id)") }
        let p = try read(i)
        let o = (y * width + x) * 4
        return Array(p[o..<o + 4])
    }

    private func read(_ i: Int) throws -> [UInt8] {
        try makeCurrent()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbos[i])
        var raw = [UInt8](repeating: 0, count: width * height * 4)
        raw.withUnsafeMutableBytes { glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress) }
        // GL rows run bottom-up.
        var out = [UInt8](repeating: 0, count: raw.count)
        let stride = width * 4
        for y in 0..<height { out[y * stride..<(y + 1) * stride] = raw[(height - 1 - y) * stride..<(height - y) * stride] }
        return out
    }
}
