import CStrataGL
import Foundation
import StrataCore
import StrataDisplay
@testable import StrataRender

/// A GL context (a 1×1 HeadlessDisplay's) with an RGBA8 target of its own and a CoverageFill, with GL
/// set up as the renderer sets it (blending on, premultiplied over). Pixels are read in window rows
/// (row 0 at the bottom), the coordinates CoverageFill takes.
final class CoverageCanvas {
    private let display: HeadlessDisplay
    var coverage: CoverageFill?
    private(set) var framebuffer: GLuint = 0
    private var renderbuffer: GLuint = 0
    private(set) var width = 0, height = 0

    init(width: Int = 64, height: Int = 64, maxEdges: Int = CoverageFill.defaultMaxEdges,
         extensions: Set<String>? = nil) throws {
        display = try HeadlessDisplay(width: 1, height: 1)
        coverage = try CoverageFill(cache: nil, maxEdges: maxEdges, extensions: extensions)
        resize(width: width, height: height)
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
    }

    deinit {
        // GL objects go while this context is current (a test's thread may hold another one later).
        try? display.makeCurrent()
        coverage = nil
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteRenderbuffers(1, &renderbuffer)
        display.releaseCurrent()
    }

    /// Every use makes this canvas's context current first: a test may hold several canvases.
    private func current() { try? display.makeCurrent() }

    var full: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// A new target of this size, cleared to transparent.
    func resize(width: Int, height: Int) {
        current()
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteRenderbuffers(1, &renderbuffer)
        self.width = width
        self.height = height
        glGenRenderbuffers(1, &renderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), renderbuffer)
        clear(0, 0, 0, 0)
    }

    /// Clears the whole target to a premultiplied colour (scissor off, then on again as fills leave it).
    func clear(_ r: Float, _ g: Float, _ b: Float, _ a: Float) {
        current()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(r, g, b, a)
        glClear(GLenum(GL_COLOR_BUFFER_BIT))
    }

    func fill(_ polygons: [[CGPoint]], rule: FillRule = .nonZero, color: (Float, Float, Float, Float) = (1, 1, 1, 1),
              scissor: PixelRect? = nil) throws {
        guard let coverage else { return }
        current()
        try coverage.fill(polygons, rule: rule, color: color, framebuffer: framebuffer, width: width, height: height,
                          scissor: scissor ?? full)
    }

    func read() -> CoveragePixels {
        current()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBytes {
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        return CoveragePixels(width: width, height: height, bytes: bytes)
    }
}

/// An RGBA8 read-back in window rows: (x, y) with y up from the bottom row.
struct CoveragePixels: Equatable {
    let width: Int, height: Int
    let bytes: [UInt8]

    subscript(x: Int, y: Int) -> [Int] {
        let i = (y * width + x) * 4
        return (0..<4).map { Int(bytes[i + $0]) }
    }

    func alpha(_ x: Int, _ y: Int) -> Int { Int(bytes[(y * width + x) * 4 + 3]) }

    /// The alphas of row `y` at the columns `xs`.
    func alphas(row y: Int, _ xs: Range<Int>) -> [Int] { xs.map { alpha($0, y) } }

    /// Σ alpha / 255: the covered area in pixels for an opaque colour.
    var coveredArea: Double {
        stride(from: 3, to: bytes.count, by: 4).reduce(0.0) { $0 + Double(bytes[$1]) } / 255
    }

    /// The pixels (x, y) for which `test` holds.
    func positions(where test: ([Int]) -> Bool) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for y in 0..<height { for x in 0..<width where test(self[x, y]) { out.append((x, y)) } }
        return out
    }
}

/// A closed rectangle from (x0, y0) to (x1, y1), counter-clockwise in window pixels (y up) unless `clockwise`.
func coverageRect(_ x0: CGFloat, _ y0: CGFloat, _ x1: CGFloat, _ y1: CGFloat, clockwise: Bool = false) -> [CGPoint] {
    let ccw = [CGPoint(x: x0, y: y0), CGPoint(x: x1, y: y0), CGPoint(x: x1, y: y1), CGPoint(x: x0, y: y1)]
    return clockwise ? ccw.reversed() : ccw
}

/// The shoelace area of a closed polygon (absolute).
func polygonArea(_ p: [CGPoint]) -> Double {
    var twice = 0.0
    for i in p.indices {
        let a = p[i], b = p[(i + 1) % p.count]
        twice += Double(a.x * b.y - b.x * a.y)
    }
    return abs(twice) / 2
}
