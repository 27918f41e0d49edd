import CStrataGL
import Foundation
import Strata
import StrataGL

/// GLKit's vertex attribute indices: where `GLKBaseEffect`'s shader reads each attribute.
public enum GLKVertexAttrib: GLint, Sendable {
    /// Vertex positions, attribute 0: transformed by the effect's projection × model-view matrix.
    case position = 0
    /// Vertex normals, attribute 1; `GLKBaseEffect` has no lighting here, so its shader does not read them.
    case normal = 1
    /// Vertex colours (r, g, b, a), attribute 2: each vertex's colour when this array is enabled.
    case color = 2
    /// First texture coordinates, attribute 3; `GLKBaseEffect` has no textures here, so its shader does not
    /// read them.
    case texCoord0 = 3
    /// Second texture coordinates, attribute 4; not read by `GLKBaseEffect`'s shader either.
    case texCoord1 = 4
}

/// The model-view and projection matrices an effect transforms positions by (both identity by default).
public final class GLKEffectPropertyTransform: @unchecked Sendable {
    /// Takes positions from model to eye space (default identity); applied before `projectionMatrix`.
    public var modelviewMatrix = GLKMatrix4Identity
    /// Takes eye-space positions to clip space (default identity); applied after `modelviewMatrix`.
    public var projectionMatrix = GLKMatrix4Identity
}

/// GLKit's GLKBaseEffect for unlit, untextured drawing (seed 004 D20): positions transformed by
/// `transform`, each vertex coloured by the `GLKVertexAttrib.color` array when it is enabled, else by
/// `constantColor` (when `useConstantColor`; else opaque white). Lighting, textures and fog are absent (no
/// such properties). `prepareToDraw()` binds its program (GLSL ES 1.00, so GLES 2 contexts run it) and
/// sets its uniforms, in the current context.
open class GLKBaseEffect: @unchecked Sendable {
    /// The matrices positions are transformed by: each vertex is drawn at projection × model-view × position,
    /// as of the next `prepareToDraw()`.
    public let transform = GLKEffectPropertyTransform()
    /// The colour (r, g, b, a; default opaque white) of vertices drawn with the colour array disabled, when
    /// `useConstantColor` is true (else they are opaque white); set as GL's value for that attribute by
    /// `prepareToDraw()`.
    public var constantColor = GLKVector4Make(1, 1, 1, 1)
    /// GL_TRUE by default.
    public var useConstantColor: GLboolean = GLboolean(GL_TRUE)
    /// A name for the effect, for debugging (default nil); stored only.
    public var label: String?

    private var program: GLuint = 0
    private var mvpLocation: GLint = -1
    /// The context the program was linked in: it is deleted only there.
    private weak var programContext: EAGLContext?

    /// An effect with identity matrices and an opaque white constant colour. Its shader program is compiled and
    /// linked by the first `prepareToDraw()`, in the context current then.
    public init() {}

    static let vertexSource = """
    attribute vec4 a_position;
    attribute vec4 a_color;
    uniform mat4 u_mvp;
    varying lowp vec4 v_color;
    void main() {
        gl_Position = u_mvp * a_position;
        v_color = a_color;
    }
    """
    static let fragmentSource = """
    varying lowp vec4 v_color;
    void main() {
        gl_FragColor = v_color;
    }
    """

    /// Binds the effect's program and sets its matrices and colour, for the draws that follow.
    open func prepareToDraw() {
        if program == 0 {
            guard let linked = Self.link() else { return }
            program = linked
            programContext = EAGLContext.current()
            mvpLocation = glGetUniformLocation(program, "u_mvp")
        }
        glUseProgram(program)
        var mvp = GLKMatrix4Multiply(transform.projectionMatrix, transform.modelviewMatrix).array
        glUniformMatrix4fv(mvpLocation, 1, GLboolean(GL_FALSE), &mvp)
        // The colour a vertex takes when the colour array is disabled (GL's generic attribute value).
        let c = useConstantColor != 0 ? constantColor : GLKVector4Make(1, 1, 1, 1)
        glVertexAttrib4f(GLuint(GLKVertexAttrib.color.rawValue), c.x, c.y, c.z, c.w)
    }

    private static func link() -> GLuint? {
        let program = glCreateProgram()
        do {
            let vertex = try ShaderCompiler.compile(GLenum(GL_VERTEX_SHADER), vertexSource, name: "vertex shader")
            let fragment: GLuint
            do { fragment = try ShaderCompiler.compile(GLenum(GL_FRAGMENT_SHADER), fragmentSource, name: "fragment shader") } catch {
                glDeleteShader(vertex)
                throw error
            }
            try ShaderCompiler.link(program, vertex: vertex, fragment: fragment, name: "program") { program in
                glBindAttribLocation(program, GLuint(GLKVertexAttrib.position.rawValue), "a_position")
                glBindAttribLocation(program, GLuint(GLKVertexAttrib.color.rawValue), "a_color")
            }
            return program
        } catch {
            StrataLog.logger.error("GLKBaseEffect: \(error)")
            glDeleteProgram(program)
            return nil
        }
    }

    deinit {
        // The program belongs to the context current when it was made; deleted only if that one is current
        // (otherwise it goes with that context).
        if program != 0, let context = programContext, EAGLContext.current() === context { glDeleteProgram(program) }
    }
}
