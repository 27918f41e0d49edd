import CStrataGL

/// Compiling and linking GLES shaders, with the driver's log as the error: the one compiler the renderer's
/// programs (`StrataRender.ShaderProgram`) and an app's own GL (`StrataGLES.GLKBaseEffect`) share. Calls
/// need a current context.
public enum ShaderCompiler {
    /// What a shader or program's failure said, named by what it was compiling or linking.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A compiled shader of `type` (GL_VERTEX_SHADER, GL_FRAGMENT_SHADER) from `source`; `name` names it in
    /// the error.
    public static func compile(_ type: GLenum, _ source: String, name: String) throws(Failure) -> GLuint {
        let shader = glCreateShader(type)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var ok: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok != 0 else {
            let log = infoLog(shader, length: glGetShaderiv, text: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw Failure(description: "compile \(name): \(log)")
        }
        return shader
    }

    /// Links `program` from `vertex` and `fragment`, which are detached and deleted after (`prepare` runs
    /// before the link: attribute locations, transform feedback). The program is kept on failure: the
    /// caller deletes it.
    public static func link(_ program: GLuint, vertex: GLuint, fragment: GLuint, name: String,
                            prepare: (GLuint) -> Void = { _ in }) throws(Failure) {
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        prepare(program)
        glLinkProgram(program)
        glDetachShader(program, vertex)
        glDetachShader(program, fragment)
        glDeleteShader(vertex)
        glDeleteShader(fragment)
        var ok: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &ok)
        guard ok != 0 else {
            throw Failure(description: "link \(name): \(infoLog(program, length: glGetProgramiv, text: glGetProgramInfoLog))")
        }
    }

    /// A shader's or program's info log (`length`: glGetShaderiv or glGetProgramiv; `text`: the matching
    /// glGet…InfoLog) as a Swift string.
    static func infoLog(_ object: GLuint, length: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
                        text: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void) -> String {
        var count: GLint = 0
        length(object, GLenum(GL_INFO_LOG_LENGTH), &count)
        var log = [GLchar](repeating: 0, count: Int(max(count, 1)))
        text(object, GLsizei(log.count), nil, &log)
        return String(decoding: log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
