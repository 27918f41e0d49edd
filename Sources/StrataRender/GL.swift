import CStrataGL

/// Small helpers for the GLES C API (integer macros import as Int32; GL takes GLenum = UInt32).
@inline(__always) func e(_ v: Int32) -> GLenum { GLenum(v) }

public struct GLError: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

func checkGL(_ what: String) throws {
    let err = glGetError()
    if err != GLenum(GL_NO_ERROR) {
        throw GLError("\(what): GL error 0x\(String(err, radix: 16))")
    }
}

/// A NUL-terminated GL info log as a Swift string.
func glString(_ buf: [GLchar]) -> String {
    String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
