import CStrataGL
import StrataShaders

/// A linked GLES program with its uniform locations looked up once. Quad geometry and per-quad values
/// come from `QuadBatch`'s instance attributes (locations fixed in `layer.vert`), not uniforms.
final class ShaderProgram {
    let program: GLuint
    private var uniforms: [String: GLint] = [:]

    init(vertex: String, fragment: String, uniformNames: [String]) throws {
        let vs = try Self.compile(e(GL_VERTEX_SHADER), try ShaderSources.load(vertex), name: vertex)
        let fs = try Self.compile(e(GL_FRAGMENT_SHADER), try ShaderSources.load(fragment), name: fragment)
        program = glCreateProgram()
        glAttachShader(program, vs)
        glAttachShader(program, fs)
        glLinkProgram(program)
        glDeleteShader(vs)
        glDeleteShader(fs)
        var ok: GLint = 0
        glGetProgramiv(program, e(GL_LINK_STATUS), &ok)
        guard ok != 0 else { throw GLError("link \(vertex)+\(fragment): \(Self.log(program: program))") }
        for name in uniformNames { uniforms[name] = glGetUniformLocation(program, name) }
    }

    func uniform(_ name: String) -> GLint { uniforms[name] ?? -1 }

    private static func compile(_ type: GLenum, _ source: String, name: String) throws -> GLuint {
        let shader = glCreateShader(type)
        source.withCString { ptr in
            var p: UnsafePointer<GLchar>? = ptr
            glShaderSource(shader, 1, &p, nil)
        }
        glCompileShader(shader)
        var ok: GLint = 0
        glGetShaderiv(shader, e(GL_COMPILE_STATUS), &ok)
        guard ok != 0 else {
            var len: GLint = 0
            glGetShaderiv(shader, e(GL_INFO_LOG_LENGTH), &len)
            var buf = [GLchar](repeating: 0, count: Int(max(len, 1)))
            glGetShaderInfoLog(shader, len, nil, &buf)
            glDeleteShader(shader)
            throw GLError("compile \(name): \(glString(buf))")
        }
        return shader
    }

    private static func log(program: GLuint) -> String {
        var len: GLint = 0
        glGetProgramiv(program, e(GL_INFO_LOG_LENGTH), &len)
        var buf = [GLchar](repeating: 0, count: Int(max(len, 1)))
        glGetProgramInfoLog(program, len, nil, &buf)
        return glString(buf)
    }

    deinit { glDeleteProgram(program) }
}
