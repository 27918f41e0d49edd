import CStrataGL
import StrataCore

/// GL sampler objects for the contents filters: one per minification × magnification pair, bound to
/// texture unit 0 for contents draws (group composites keep their textures' own nearest sampling).
final class ContentsSamplers {
    private var samplers: [GLuint] = []

    init() {
        for minFilter in ContentsFilter.allCases {
            for magFilter in ContentsFilter.allCases {
                var s: GLuint = 0
                glGenSamplers(1, &s)
                let min: GLint = switch minFilter {
                case .linear: GL_LINEAR
                case .nearest: GL_NEAREST
                case .trilinear: GL_LINEAR_MIPMAP_LINEAR
                }
                glSamplerParameteri(s, e(GL_TEXTURE_MIN_FILTER), min)
                glSamplerParameteri(s, e(GL_TEXTURE_MAG_FILTER), magFilter == .nearest ? GL_NEAREST : GL_LINEAR)
                glSamplerParameteri(s, e(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
                glSamplerParameteri(s, e(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
                samplers.append(s)
            }
        }
    }

    func sampler(min: ContentsFilter, mag: ContentsFilter) -> GLuint {
        samplers[Int(min.rawValue) * ContentsFilter.allCases.count + Int(mag.rawValue)]
    }

    deinit { glDeleteSamplers(GLsizei(samplers.count), samplers) }
}
