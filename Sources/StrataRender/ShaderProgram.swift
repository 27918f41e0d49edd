import CStrataGL
import Foundation
import StrataGL
import StrataShaders

/// A linked GLES program with its uniform locations looked up once. Quad geometry and per-quad values
/// come from `QuadBatch`'s instance attributes (locations fixed in `layer.vert`), not uniforms.
final class ShaderProgram {
    let program: GLuint
    private var uniforms: [String: GLint] = [:]

    /// Links `vertex` + `fragment` (names under Shaders/glsl), loading the linked binary from `cache`
    /// when it holds one for these sources and this driver, and storing it there otherwise. `feedback`
    /// names the vertex outputs captured by transform feedback, interleaved, in order.
    init(vertex: String, fragment: String, uniformNames: [String], cache: ProgramBinaryCache? = nil, feedback: [String] = []) throws {
        let generated = MotionLayout.generatedIncludes
        let vertexSource = try ShaderSources.load(vertex, generated: generated), fragmentSource = try ShaderSources.load(fragment, generated: generated)
        program = glCreateProgram()
        let name = "\(vertex)+\(fragment)"
        let file = cache?.fileURL(vertex: vertexSource, fragment: fragmentSource)
        if let cache, let file, cache.load(into: program, from: file, name: name) {
            // Linked from the cached binary.
        } else {
            do {
                let vs = try ShaderCompiler.compile(e(GL_VERTEX_SHADER), vertexSource, name: vertex)
                let fs: GLuint
                do { fs = try ShaderCompiler.compile(e(GL_FRAGMENT_SHADER), fragmentSource, name: fragment) } catch {
                    glDeleteShader(vs)
                    throw error
                }
                try ShaderCompiler.link(program, vertex: vs, fragment: fs, name: name) { program in
                    if cache != nil { glProgramParameteri(program, e(GL_PROGRAM_BINARY_RETRIEVABLE_HINT), GL_TRUE) }
                    if !feedback.isEmpty { Self.captureFeedback(feedback, of: program) }
                }
            } catch {
                throw GLError("\(error)")
            }
            if let cache, let file { cache.store(program, to: file, name: name) }
        }
        for name in uniformNames { uniforms[name] = glGetUniformLocation(program, name) }
    }

    func uniform(_ name: String) -> GLint { uniforms[name] ?? -1 }

    private static func captureFeedback(_ names: [String], of program: GLuint) {
        let cNames = names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        var pointers = cNames.map { UnsafePointer<GLchar>($0) }
        glTransformFeedbackVaryings(program, GLsizei(pointers.count), &pointers, e(GL_INTERLEAVED_ATTRIBS))
    }

    deinit { glDeleteProgram(program) }
}
