import CStrataGL
import StrataCore

/// Small helpers for the GLES C API (integer macros import as Int32; GL takes GLenum = UInt32).
@inline(__always) func e(_ v: Int32) -> GLenum { GLenum(v) }

public struct GLError: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Sets a mat4 uniform of the program in use to a row-vector matrix uploaded as is (its rows arrive as the
/// GLSL matrix's columns, so `M * v` in GLSL is v · m).
func setUniform(_ location: GLint, _ m: Transform3D) {
    let values = m.elements.map { GLfloat($0) }
    glUniformMatrix4fv(location, 1, GLboolean(GL_FALSE), values)
}

func checkGL(_ what: String) throws {
    let err = glGetError()
    if err != GLenum(GL_NO_ERROR) {
        throw GLError("\(what): GL error 0x\(String(err, radix: 16))")
    }
}
