import CStrataGL
import Foundation

/// Linked shader programs kept on disk as driver binaries (glGetProgramBinary), so a restart loads them
/// instead of compiling GLSL. One file per program, named by a hash of both shaders' sources and the
/// driver's renderer and version strings, so a changed shader or driver never loads a stale binary. A
/// file the driver rejects (corrupt, or from another driver build) is recompiled and rewritten.
public final class ProgramBinaryCache {
    public let directory: URL
    /// Programs loaded from the cache, and problems met (a write that failed, a rejected binary).
    public private(set) var loaded = 0
    public private(set) var problems: [String] = []
    private static let magic: [UInt8] = Array("STRATAPB".utf8)

    public init(directory: URL) {
        self.directory = directory
    }

    /// The cache file for a program from these sources on the current context's driver.
    func fileURL(vertex: String, fragment: String) -> URL {
        let driver = [GL_RENDERER, GL_VERSION].map { name -> String in
            guard let s = glGetString(e(name)) else { return "" }
            return String(cString: s)
        }.joined(separator: "\n")
        let key = Self.fnv1a([vertex, fragment, driver].joined(separator: "\u{0}"))
        return directory.appendingPathComponent(String(format: "program-%016llx.bin", key))
    }

    /// Loads the binary into `program`; true when the driver accepted it and it linked.
    func load(into program: GLuint, from url: URL, name: String) -> Bool {
        guard let data = try? Data(contentsOf: url) else { return false } // not cached yet
        let bytes = [UInt8](data)
        guard bytes.count > 12, Array(bytes[0..<8]) == Self.magic else {
            problems.append("\(url.lastPathComponent): not a program binary; recompiling \(name)")
            return false
        }
        let format = GLenum(bytes[8]) | GLenum(bytes[9]) << 8 | GLenum(bytes[10]) << 16 | GLenum(bytes[11]) << 24
        bytes.withUnsafeBytes { raw in
            glProgramBinary(program, format, raw.baseAddress.map { $0 + 12 }, GLsizei(bytes.count - 12))
        }
        var ok: GLint = 0
        glGetProgramiv(program, e(GL_LINK_STATUS), &ok)
        _ = glGetError() // an unknown format is GL_INVALID_ENUM: recompiled below
        guard ok != 0 else {
            problems.append("\(url.lastPathComponent): the driver rejected the binary; recompiling \(name)")
            return false
        }
        loaded += 1
        return true
    }

    /// Writes a linked program's binary (atomically: a reader never sees half a file).
    func store(_ program: GLuint, to url: URL, name: String) {
        var length: GLint = 0
        glGetProgramiv(program, e(GL_PROGRAM_BINARY_LENGTH), &length)
        guard length > 0 else {
            problems.append("\(name): the driver offers no binary to cache")
            return
        }
        var binary = [UInt8](repeating: 0, count: Int(length))
        var written: GLsizei = 0
        var format: GLenum = 0
        binary.withUnsafeMutableBytes { glGetProgramBinary(program, length, &written, &format, $0.baseAddress) }
        guard glGetError() == GLenum(GL_NO_ERROR), written > 0 else {
            problems.append("\(name): glGetProgramBinary failed")
            return
        }
        var file = Self.magic
        file += [UInt8(format & 0xFF), UInt8(format >> 8 & 0xFF), UInt8(format >> 16 & 0xFF), UInt8(format >> 24 & 0xFF)]
        file += binary.prefix(Int(written))
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(file).write(to: url, options: .atomic)
        } catch {
            problems.append("\(name): cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    /// 64-bit FNV-1a: a stable hash (Swift's Hasher is seeded per process).
    static func fnv1a(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return h
    }
}
