import CStrataGL

/// The one-channel float format CoverageFill adds edge areas into. Additive blending into it needs the
/// format to be colour-renderable and blendable: R32F with GL_EXT_color_buffer_float and
/// GL_EXT_float_blend (32-bit float blending is not core GLES 3); otherwise R16F, which either
/// colour-buffer extension makes renderable and which blends without one (half floats keep 11 bits:
/// about 1/2048 of a pixel's area near 1, below one 8-bit step).
enum CoverageFormat: Equatable, Sendable {
    case r32f, r16f

    /// The best format the extensions allow; nil when no float format can be drawn into.
    static func choose(extensions: Set<String>) -> CoverageFormat? {
        let float = extensions.contains("GL_EXT_color_buffer_float")
        if float, extensions.contains("GL_EXT_float_blend") { return .r32f }
        if float || extensions.contains("GL_EXT_color_buffer_half_float") { return .r16f }
        return nil
    }

    /// What is missing when `choose` finds nothing (for the error a fill throws).
    static let requirement = "coverage fill needs GL_EXT_color_buffer_half_float (or GL_EXT_color_buffer_float) "
        + "to accumulate coverage in a float target; the driver offers neither"

    /// The current context's extensions.
    static func contextExtensions() -> Set<String> {
        var count: GLint = 0
        glGetIntegerv(e(GL_NUM_EXTENSIONS), &count)
        var names = Set<String>()
        for i in 0..<max(count, 0) {
            if let s = glGetStringi(e(GL_EXTENSIONS), GLuint(i)) { names.insert(String(cString: s)) }
        }
        return names
    }

    var internalFormat: GLenum { e(self == .r32f ? GL_R32F : GL_R16F) }
}

/// CoverageFill's accumulation target: a float texture of the framebuffer's size (so a pixel's sum is
/// read back at its own gl_FragCoord) bound to a framebuffer of its own. Made on first use, kept while
/// the size stays, made again when it changes. Touches the GL_TEXTURE_2D binding of the active unit and
/// the framebuffer binding when it (re)makes them; CoverageFill puts both back.
final class CoverageAccumulation {
    let format: CoverageFormat
    private(set) var framebuffer: GLuint = 0
    private(set) var texture: GLuint = 0
    private(set) var width = 0, height = 0

    init(format: CoverageFormat) { self.format = format }

    deinit { release() }

    /// Makes the target `width` × `height` unless it already is.
    func ensure(width: Int, height: Int) throws {
        guard width != self.width || height != self.height || texture == 0 else { return }
        release()
        glGenTextures(1, &texture)
        glBindTexture(e(GL_TEXTURE_2D), texture)
        // Immutable, one level: complete for texelFetch whatever the filters.
        glTexStorage2D(e(GL_TEXTURE_2D), 1, format.internalFormat, GLsizei(width), GLsizei(height))
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(e(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(e(GL_FRAMEBUFFER), e(GL_COLOR_ATTACHMENT0), e(GL_TEXTURE_2D), texture, 0)
        let status = glCheckFramebufferStatus(e(GL_FRAMEBUFFER))
        guard status == e(GL_FRAMEBUFFER_COMPLETE) else {
            release()
            throw GLError("coverage accumulation target \(format) \(width)x\(height) incomplete (0x\(String(status, radix: 16)))")
        }
        self.width = width
        self.height = height
    }

    private func release() {
        if framebuffer != 0 { glDeleteFramebuffers(1, &framebuffer) }
        if texture != 0 { glDeleteTextures(1, &texture) }
        framebuffer = 0
        texture = 0
        width = 0
        height = 0
    }
}
