import CStrataGL
import Foundation

/// Renders offscreen into an RGBA8 framebuffer object through EGL surfaceless (Mesa llvmpipe on CI,
/// any GPU elsewhere), paced by a virtual vblank at a fixed refresh rate. A set of one output.
public final class HeadlessDisplay: DisplayBackend, DisplaySet {
    /// Its one output's name.
    public static let outputName = "headless"
    public let name = HeadlessDisplay.outputName
    public var backendName: String { name }
    public var outputs: [DisplayBackend] { [self] }
    public var darkReason: String? { nil }
    public func makeCurrentWithoutOutput() throws { try makeCurrent() }
    public let width: Int
    public let height: Int
    public let refreshInterval: Double
    private let display: EGLDisplay
    private let context: EGLContext
    private var fbo: GLuint = 0
    private var colorBuffer: GLuint = 0
    /// Phase origin of the virtual vblank grid.
    private let epoch: Double

    public let rotation: Int
    /// The framebuffer's size: the layer space's, swapped when turned 90° or 270°.
    private var physicalWidth: Int { rotation % 180 == 0 ? width : height }
    private var physicalHeight: Int { rotation % 180 == 0 ? height : width }

    public init(width: Int, height: Int, refreshRate: Double = 60, epoch: Double = 0, rotation: Int = 0) throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw DisplayError("headless size \(width)x\(height) out of range (1…16384)")
        }
        guard refreshRate > 0, refreshRate <= 1000 else { throw DisplayError("refresh rate \(refreshRate) out of range (0…1000]") }
        guard [0, 90, 180, 270].contains(rotation) else { throw DisplayError("rotation must be 0, 90, 180 or 270, not \(rotation)") }
        self.width = width
        self.height = height
        self.rotation = rotation
        self.refreshInterval = 1 / refreshRate
        self.epoch = epoch
        (display, context) = try EGLSurfaceless.makeContext()
        try makeCurrent()
        glGenRenderbuffers(1, &colorBuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorBuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(physicalWidth), GLsizei(physicalHeight))
        glGenFramebuffers(1, &fbo)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), colorBuffer)
        guard glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw DisplayError("headless framebuffer incomplete")
        }
    }

    deinit {
        if eglMakeCurrent(display, nil, nil, context) == EGL_TRUE {
            glDeleteFramebuffers(1, &fbo)
            glDeleteRenderbuffers(1, &colorBuffer)
        }
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroyContext(display, context)
    }

    public func makeCurrent() throws {
        guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else {
            throw DisplayError("eglMakeCurrent failed: 0x\(String(eglGetError(), radix: 16))")
        }
    }

    /// Releases the context from the calling thread (so another thread may take it).
    public func releaseCurrent() { eglMakeCurrent(display, nil, nil, nil) }

    public var framebuffer: GLuint { fbo }

    /// One renderbuffer, drawn into every frame: it always holds the previous frame.
    public var bufferAge: Int { 1 }

    public func present(targetTime: Double) throws -> PresentOutcome {
        // Offscreen: the frame is complete once GL has executed it, and shows at its virtual vblank.
        glFinish()
        return .shownAtTarget
    }

    public var eventFD: Int32? { nil }
    public var state: DisplayState { .ready }
    public func abandonFlip() {}
    public func handleEvents(now: Double) throws -> [DisplayEvent] { [] }

    public func nextVBlank(after time: Double) -> Double {
        let n = ((time - epoch) / refreshInterval).rounded(.down) + 1
        return epoch + n * refreshInterval
    }

    public func readPixels() throws -> (width: Int, height: Int, pixels: [UInt8]) {
        let width = physicalWidth, height = physicalHeight
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        var raw = [UInt8](repeating: 0, count: width * height * 4)
        raw.withUnsafeMutableBytes { glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress) }
        let err = glGetError()
        guard err == GLenum(GL_NO_ERROR) else { throw DisplayError("glReadPixels: GL error 0x\(String(err, radix: 16))") }
        // GL rows run bottom-up; return top-down.
        let stride = width * 4
        var out = [UInt8](repeating: 0, count: raw.count)
        for y in 0..<height {
            let src = (height - 1 - y) * stride
            out.replaceSubrange(y * stride..<(y + 1) * stride, with: raw[src..<src + stride])
        }
        return (width, height, out)
    }
}
