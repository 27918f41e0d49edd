import CStrataGL
import Foundation
import StrataCore

/// Anti-aliased polygon fills by exact area coverage on the GPU (CAShapeLayer fills and strokes), the
/// signed-area accumulation font rasterisers use:
/// 1. `CoverageEdges` clips the edges to the region (the polygons' bounding box grown by a pixel, within
///    the scissor) on the CPU;
/// 2. the region of a float accumulation target (`CoverageAccumulation`) is cleared to 0, and every edge
///    is drawn as one instance of one instanced draw, adding (blend ONE, ONE) to each pixel right of it
///    the signed area of the pixel lying right of the edge within its rows (coverage_edges.frag). A
///    pixel's sum A is its area-weighted winding number;
/// 3. one quad over the region reads A at its own pixel and composites `color` × coverage over the
///    framebuffer (non-zero: min(|A|, 1); even-odd: 1 − |1 − (|A| mod 2)|), coverage_cover.frag.
/// Exact for any polygon up to float rounding: no sampling pattern, no stencil, no multisampling.
///
/// Create and call it only on the thread with the context current. It expects the renderer's state on
/// entry: depth, stencil and cull-face tests off, colour writes on, blend equation FUNC_ADD. On every
/// return (also when it draws nothing, and when it throws) GL is left as:
/// - `framebuffer` bound (GL_FRAMEBUFFER), viewport 0, 0, width × height;
/// - GL_SCISSOR_TEST enabled, the scissor box = `scissor`;
/// - GL_BLEND enabled, glBlendFunc(ONE, ONE_MINUS_SRC_ALPHA);
/// - as it found them: the program, vertex array, GL_ARRAY_BUFFER binding, the active texture unit, and
///   texture unit 0's GL_TEXTURE_2D and sampler bindings (so a renderer's binding cache stays true).
/// The clear colour is not touched (the accumulation target is cleared with glClearBufferfv).
final class CoverageFill {
    /// Polygon points (edges) one fill takes at most: 1 Mi, so at most 2 Mi clipped pieces, 32 MiB of
    /// instance data. A fill with more draws the polygons that fit, in order, and leaves the rest out
    /// whole (`CoverageEdges`).
    static let defaultMaxEdges = 1 << 20

    /// The accumulation format this context allows (nil: none, and `fill` throws).
    let format: CoverageFormat?
    let maxEdges: Int
    private let edgesProgram: ShaderProgram
    private let coverProgram: ShaderProgram
    private let edgesViewport: GLint, edgesRegion: GLint
    private let coverViewport: GLint, coverRegion: GLint, coverColor: GLint, coverEvenOdd: GLint
    private var vao: GLuint = 0
    private var instanceBuffer: GLuint = 0
    private var edges = CoverageEdges()
    private var accumulation: CoverageAccumulation?

    /// The accumulation target, `width` × `height` (made on first use), for fills that place their edges
    /// on the GPU (`MovingCoverage`). Throws when the context has no float format to accumulate in.
    func accumulationTarget(width: Int, height: Int) throws -> CoverageAccumulation {
        guard let format else { throw GLError(CoverageFormat.requirement) }
        let target = accumulation ?? CoverageAccumulation(format: format)
        accumulation = target
        try target.ensure(width: width, height: height)
        return target
    }

    /// Compiles (or loads from `cache`) both programs once. `extensions` replaces the context's
    /// extension list when choosing the accumulation format (tests force the fallbacks with it).
    convenience init(cache: ProgramBinaryCache?, maxEdges: Int = CoverageFill.defaultMaxEdges, extensions: Set<String>? = nil) throws {
        try self.init(edges: try ShaderProgram(material: .coverageEdges, cache: cache),
                      cover: try ShaderProgram(material: .coverageCover, cache: cache), maxEdges: maxEdges, extensions: extensions)
    }

    /// Uses the two materials' programs (compiled once, with every other material, by the renderer).
    init(edges: ShaderProgram, cover: ShaderProgram, maxEdges: Int = CoverageFill.defaultMaxEdges, extensions: Set<String>? = nil) throws {
        format = CoverageFormat.choose(extensions: extensions ?? CoverageFormat.contextExtensions())
        self.maxEdges = max(0, maxEdges)
        edgesProgram = edges
        coverProgram = cover
        edgesViewport = edgesProgram.uniform("u_viewport")
        edgesRegion = edgesProgram.uniform("u_region")
        coverViewport = coverProgram.uniform("u_viewport")
        coverRegion = coverProgram.uniform("u_region")
        coverColor = coverProgram.uniform("u_color")
        coverEvenOdd = coverProgram.uniform("u_evenOdd")

        let saved = CoverageBindings.save()
        defer { saved.restore() }
        glGenVertexArrays(1, &vao)
        glBindVertexArray(vao)
        glGenBuffers(1, &instanceBuffer)
        glBindBuffer(e(GL_ARRAY_BUFFER), instanceBuffer)
        // Location 0: one edge (x0, y0, x1, y1) per instance; the quad's corners come from gl_VertexID.
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 4, e(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glVertexAttribDivisor(0, 1)
        try checkGL("coverage fill set-up")
    }

    deinit {
        glDeleteBuffers(1, &instanceBuffer)
        glDeleteVertexArrays(1, &vao)
    }

    /// Fills `polygons` (each implicitly closed; window pixels of `framebuffer`, x right, y up from its
    /// bottom edge as gl_FragCoord, pixel (i, j) covering [i, i+1] × [j, j+1]) by `rule`, in the
    /// premultiplied `color` (r, g, b, a) composited over the framebuffer, only inside `scissor` (window
    /// pixels, as glScissor: x, y is its bottom-left). `framebuffer` is `width` × `height`. Polygons with a
    /// non-finite point are skipped. Throws when the context has no float format to accumulate in.
    func fill(_ polygons: [[CGPoint]], rule: FillRule, color: (Float, Float, Float, Float),
              framebuffer: GLuint, width: Int, height: Int, scissor: PixelRect) throws {
        let saved = CoverageBindings.save()
        defer {
            saved.restore()
            // The renderer's state, also after an early return: the caller's target, scissor and blending.
            glBindFramebuffer(e(GL_FRAMEBUFFER), framebuffer)
            glViewport(0, 0, GLsizei(width), GLsizei(height))
            glEnable(e(GL_SCISSOR_TEST))
            glScissor(GLint(scissor.x), GLint(scissor.y), GLsizei(scissor.width), GLsizei(scissor.height))
            glEnable(e(GL_BLEND))
            glBlendFunc(e(GL_ONE), e(GL_ONE_MINUS_SRC_ALPHA))
        }
        guard let format else { throw GLError(CoverageFormat.requirement) }
        guard width > 0, height > 0, color != (0, 0, 0, 0) else { return }
        let clip = scissor.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        let region = edges.build(polygons, maxEdges: maxEdges, clip: clip)
        guard !region.isEmpty, edges.count > 0 else { return }
        let target = accumulation ?? CoverageAccumulation(format: format)
        accumulation = target
        glActiveTexture(e(GL_TEXTURE0))
        try target.ensure(width: width, height: height)

        // Pass 1: the region's sums, from 0.
        glBindFramebuffer(e(GL_FRAMEBUFFER), target.framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glEnable(e(GL_SCISSOR_TEST))
        glScissor(GLint(region.x), GLint(region.y), GLsizei(region.width), GLsizei(region.height))
        var zero: [GLfloat] = [0, 0, 0, 0]
        glClearBufferfv(e(GL_COLOR), 0, &zero)
        glEnable(e(GL_BLEND))
        glBlendFunc(e(GL_ONE), e(GL_ONE))
        let viewport = (GLfloat(width), GLfloat(height))
        let bounds = (GLfloat(region.x), GLfloat(region.y), GLfloat(region.maxX), GLfloat(region.maxY))
        glUseProgram(edgesProgram.program)
        glUniform2f(edgesViewport, viewport.0, viewport.1)
        glUniform4f(edgesRegion, bounds.0, bounds.1, bounds.2, bounds.3)
        glBindVertexArray(vao)
        glBindBuffer(e(GL_ARRAY_BUFFER), instanceBuffer)
        // A new data store each time (orphaning): GL may still be reading the previous fill's edges.
        edges.data.withUnsafeBytes { glBufferData(e(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, e(GL_STREAM_DRAW)) }
        glDrawArraysInstanced(e(GL_TRIANGLE_STRIP), 0, 4, GLsizei(edges.count))

        // Pass 2: coverage into the caller's framebuffer. The edge array stays bound: the cover program
        // reads no attributes.
        glBindFramebuffer(e(GL_FRAMEBUFFER), framebuffer)
        glScissor(GLint(scissor.x), GLint(scissor.y), GLsizei(scissor.width), GLsizei(scissor.height))
        glBlendFunc(e(GL_ONE), e(GL_ONE_MINUS_SRC_ALPHA))
        glUseProgram(coverProgram.program)
        glUniform2f(coverViewport, viewport.0, viewport.1)
        glUniform4f(coverRegion, bounds.0, bounds.1, bounds.2, bounds.3)
        glUniform4f(coverColor, color.0, color.1, color.2, color.3)
        glUniform1i(coverEvenOdd, rule == .evenOdd ? 1 : 0)
        glBindTexture(e(GL_TEXTURE_2D), target.texture)
        glBindSampler(0, 0) // texelFetch reads the texture's own state: no sampler's filter may make it incomplete
        glDrawArrays(e(GL_TRIANGLE_STRIP), 0, 4)
    }
}

/// The bindings CoverageFill changes and puts back (see its contract).
struct CoverageBindings {
    var program: GLint = 0, vertexArray: GLint = 0, arrayBuffer: GLint = 0
    var activeTexture: GLint = 0, texture0: GLint = 0, sampler0: GLint = 0

    static func save() -> CoverageBindings {
        var b = CoverageBindings()
        glGetIntegerv(e(GL_CURRENT_PROGRAM), &b.program)
        glGetIntegerv(e(GL_VERTEX_ARRAY_BINDING), &b.vertexArray)
        glGetIntegerv(e(GL_ARRAY_BUFFER_BINDING), &b.arrayBuffer)
        glGetIntegerv(e(GL_ACTIVE_TEXTURE), &b.activeTexture)
        glActiveTexture(e(GL_TEXTURE0))
        glGetIntegerv(e(GL_TEXTURE_BINDING_2D), &b.texture0)
        glGetIntegerv(e(GL_SAMPLER_BINDING), &b.sampler0)
        return b
    }

    func restore() {
        glUseProgram(GLuint(program))
        glBindVertexArray(GLuint(vertexArray))
        glBindBuffer(e(GL_ARRAY_BUFFER), GLuint(arrayBuffer))
        glActiveTexture(e(GL_TEXTURE0))
        glBindTexture(e(GL_TEXTURE_2D), GLuint(texture0))
        glBindSampler(0, GLuint(sampler0))
        glActiveTexture(GLenum(activeTexture))
    }
}
