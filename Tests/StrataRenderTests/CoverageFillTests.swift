import CStrataGL
import Foundation
import StrataCore
@testable import StrataRender
import Testing

/// CoverageFill: polygons filled by exact area coverage on the GPU, read back from an RGBA8 target on
/// llvmpipe. Coverage c becomes round(255 · c) per channel (0.5 → 128, 0.25 → 64).
@Suite struct CoverageFillTests {
    @Test func aPixelAlignedRectangleIsOpaqueInsideAndUntouchedOutside() throws {
        let canvas = try CoverageCanvas()
        try canvas.fill([coverageRect(10, 10, 30, 20)])
        let px = canvas.read()
        let inside = px.positions { $0 == [255, 255, 255, 255] }
        #expect(inside.count == 200)
        #expect(inside.allSatisfy { (10..<30).contains($0.0) && (10..<20).contains($0.1) })
        #expect(px.positions { $0 != [255, 255, 255, 255] && $0 != [0, 0, 0, 0] }.isEmpty)
    }

    @Test func fractionalEdgesCoverTheirShareOfAPixel() throws {
        let canvas = try CoverageCanvas()
        // x 10.5 … 20.25: column 10 is half covered (127.5 → 128), column 20 a quarter (63.75 → 64).
        try canvas.fill([coverageRect(10.5, 5, 20.25, 15)])
        let px = canvas.read()
        for y in 5..<15 {
            #expect(px.alphas(row: y, 8..<23) == [0, 0, 128] + Array(repeating: 255, count: 9) + [64, 0, 0], "row \(y)")
        }
        #expect(px.alphas(row: 4, 0..<64).allSatisfy { $0 == 0 })
        #expect(px.alphas(row: 15, 0..<64).allSatisfy { $0 == 0 })
        #expect(px[10, 8] == [128, 128, 128, 128]) // premultiplied white at half coverage
        // Both orientations give the same pixels (only |A| counts).
        let clockwise = try CoverageCanvas()
        try clockwise.fill([coverageRect(10.5, 5, 20.25, 15, clockwise: true)])
        #expect(clockwise.read() == px)
    }

    @Test func slantedEdgesCoverTheirExactArea() throws {
        // An edge two pixels wide within one row, (10, 10) → (12, 11): left of it, pixel 10 keeps
        // ∫ min(2t, 1) dt = 0.75 (191.25 → 191) and pixel 11 ∫ clamp(2t − 1, 0, 1) dt = 0.25 (64); a
        // point sample or the midpoint rule would give 1 and 0.
        let steep = try Self.filled([[CGPoint(x: 10, y: 10), CGPoint(x: 12, y: 11), CGPoint(x: 10, y: 11)]])
        #expect(steep.alphas(row: 10, 9..<13) == [0, 191, 64, 0])
        #expect(steep.coveredArea == 1) // 191 + 64 = 255: the triangle's area exactly
        // A nearly horizontal edge, 60 pixels across one row: column i keeps 1 − i/60 (255 − 4.25 i; the
        // columns where that ends in .5 are left out, as rounding may go either way there).
        let shallow = try Self.filled([[CGPoint(x: 0.5, y: 10), CGPoint(x: 60.5, y: 11), CGPoint(x: 0.5, y: 11)]])
        let columns = (1..<60).filter { $0 % 4 != 2 }
        #expect(columns.map { shallow.alpha($0, 10) } == columns.map { Int((255 - 4.25 * Double($0)).rounded()) })
    }

    @Test func aTrianglesCoverageAddsUpToItsArea() throws {
        let canvas = try CoverageCanvas()
        let triangle = [CGPoint(x: 5.3, y: 4.1), CGPoint(x: 50.7, y: 12.9), CGPoint(x: 20.2, y: 40.6)]
        try canvas.fill([triangle])
        let px = canvas.read()
        let area = polygonArea(triangle)
        #expect(abs(px.coveredArea - area) / area < 0.005, "\(px.coveredArea) vs \(area)")
        // Anti-aliased: the slanted edges leave partly covered pixels, the inside is solid.
        #expect(px.positions { $0[3] > 0 && $0[3] < 255 }.count > 60)
        #expect(px.alpha(25, 15) == 255)
        #expect(px.alpha(45, 30) == 0)
    }

    @Test func aCircleOf256PointsAddsUpToItsPolygonsArea() throws {
        let canvas = try CoverageCanvas()
        let n = 256, r = 20.0
        let circle = (0..<n).map { i in
            let t = 2 * Double.pi * Double(i) / Double(n)
            return CGPoint(x: 32.3 + r * cos(t), y: 31.7 + r * sin(t))
        }
        try canvas.fill([circle])
        let px = canvas.read()
        let area = 0.5 * Double(n) * r * r * sin(2 * Double.pi / Double(n))
        #expect(abs(polygonArea(circle) - area) < 1e-9)
        #expect(abs(px.coveredArea - area) / area < 0.005, "\(px.coveredArea) vs \(area)")
        #expect(px.alpha(32, 31) == 255)
        #expect(px.alpha(32, 53) == 0)   // above the top (y 51.7)
        #expect(px.alpha(32, 51) > 0 && px.alpha(32, 51) < 255) // the top row, partly covered
    }

    @Test func overlappingSquaresNonZeroFillsOnceEvenOddLeavesTheOverlap() throws {
        let squares = [coverageRect(10, 10, 30, 30), coverageRect(20, 20, 40, 40)]
        let nonZero = try CoverageCanvas()
        try nonZero.fill(squares, rule: .nonZero)
        let n = nonZero.read()
        #expect(n[25, 25] == [255, 255, 255, 255]) // winding 2, filled once: no over-brightening
        #expect(n[15, 15] == [255, 255, 255, 255])
        #expect(n[35, 35] == [255, 255, 255, 255])
        #expect(n.coveredArea == 700)
        let evenOdd = try CoverageCanvas()
        try evenOdd.fill(squares, rule: .evenOdd)
        let o = evenOdd.read()
        #expect(o[25, 25] == [0, 0, 0, 0])
        #expect(o[15, 15] == [255, 255, 255, 255])
        #expect(o[35, 35] == [255, 255, 255, 255])
        #expect(o.coveredArea == 600)
    }

    @Test func anOppositelyWoundInnerSquareIsAHoleUnderNonZero() throws {
        let outer = coverageRect(10, 10, 50, 50), inner = coverageRect(20.5, 20, 40, 40, clockwise: true)
        let canvas = try CoverageCanvas()
        try canvas.fill([outer, inner], rule: .nonZero)
        let px = canvas.read()
        #expect(px[30, 30] == [0, 0, 0, 0])
        #expect(px[15, 30] == [255, 255, 255, 255])
        #expect(px.alphas(row: 30, 18..<23) == [255, 255, 128, 0, 0]) // the hole's half-covered edge
        // Wound the same way, non-zero fills the inside (winding 2); even-odd still leaves a hole.
        let same = [outer, coverageRect(20.5, 20, 40, 40)]
        let filled = try CoverageCanvas()
        try filled.fill(same, rule: .nonZero)
        #expect(filled.read()[30, 30] == [255, 255, 255, 255])
        #expect(filled.read().coveredArea == 1600)
        let holed = try CoverageFillTests.filled(same, rule: .evenOdd)
        #expect(holed == px)
    }

    @Test func theColourIsPremultipliedAndCompositedOver() throws {
        let canvas = try CoverageCanvas()
        try canvas.fill([coverageRect(10, 10, 20, 20)], color: (0.5, 0, 0, 0.5))
        #expect(canvas.read()[15, 15] == [128, 0, 0, 128])
        // Over opaque blue: the red, plus blue · (1 − alpha). llvmpipe blends 8-bit targets in 8 bits: the
        // source alpha is 128 first, so blue keeps 255 · (255 − 128) / 255 = 127 (not 127.5 → 128).
        canvas.clear(0, 0, 1, 1)
        try canvas.fill([coverageRect(10.5, 10, 20, 20)], color: (0.5, 0, 0, 0.5))
        let px = canvas.read()
        #expect(px[15, 15] == [128, 0, 127, 255])
        #expect(px[10, 15] == [64, 0, 191, 255]) // half covered: alpha 64, blue 255 − 64
        #expect(px[5, 15] == [0, 0, 255, 255])
    }

    @Test func theScissorLimitsDrawing() throws {
        let canvas = try CoverageCanvas()
        try canvas.fill([coverageRect(10, 10, 50, 50)], scissor: PixelRect(x: 20, y: 30, width: 10, height: 5))
        let px = canvas.read()
        let drawn = px.positions { $0 != [0, 0, 0, 0] }
        #expect(drawn.count == 50)
        #expect(drawn.allSatisfy { (20..<30).contains($0.0) && (30..<35).contains($0.1) && px[$0.0, $0.1] == [255, 255, 255, 255] })
        // A scissor that misses the polygon draws nothing.
        let missed = try CoverageCanvas()
        try missed.fill([coverageRect(10, 10, 20, 20)], scissor: PixelRect(x: 40, y: 40, width: 10, height: 10))
        #expect(missed.read().positions { $0 != [0, 0, 0, 0] }.isEmpty)
    }

    @Test func nothingOutsideTheBoundingBoxChanges() throws {
        let canvas = try CoverageCanvas()
        canvas.clear(10 / 255, 20 / 255, 30 / 255, 40 / 255)
        let before = canvas.read()
        let triangle = [CGPoint(x: 12.6, y: 8.2), CGPoint(x: 41.3, y: 30.8), CGPoint(x: 17.9, y: 47.4)]
        try canvas.fill([triangle], color: (0, 0.5, 0, 0.5))
        let after = canvas.read()
        var changedOutside = 0, changedInside = 0
        for y in 0..<64 {
            for x in 0..<64 where after[x, y] != before[x, y] {
                if (12...41).contains(x), (8...47).contains(y) { changedInside += 1 } else { changedOutside += 1 }
            }
        }
        #expect(changedOutside == 0)
        #expect(changedInside > 300)
        // Pixels of the box the triangle misses stay exactly as they were.
        #expect(after[40, 45] == [10, 20, 30, 40])
    }

    @Test func polygonsWithNonFinitePointsAreSkipped() throws {
        let square = coverageRect(10.5, 10, 30, 30.25)
        let reference = try Self.filled([square])
        let nan = CGFloat.nan, inf = CGFloat.infinity
        let bad: [[CGPoint]] = [
            [CGPoint(x: nan, y: 5), CGPoint(x: 40, y: 5), CGPoint(x: 40, y: 50)],
            square,
            [CGPoint(x: 1, y: 1), CGPoint(x: inf, y: 1), CGPoint(x: 1, y: 60)],
            [CGPoint(x: 2, y: 2)], // one point: no area
            [],
        ]
        #expect(try Self.filled(bad) == reference)
        #expect(try Self.filled([[CGPoint(x: nan, y: nan), CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 9)]]).coveredArea == 0)
    }

    @Test func geometryFarOffScreenIsClippedExactly() throws {
        // The half-plane above y = x, from a triangle reaching 1e30 (clamped to ±2^40 and clipped on the
        // CPU): above the diagonal opaque, on it half covered, below it empty.
        let far: CGFloat = 1e30
        let px = try Self.filled([[CGPoint(x: -far, y: -far), CGPoint(x: far, y: far), CGPoint(x: -far, y: far)]])
        var wrong: [(Int, Int, Int)] = []
        for y in 0..<64 {
            for x in 0..<64 {
                let expected = y > x ? 255 : (y == x ? 128 : 0)
                if px.alpha(x, y) != expected { wrong.append((x, y, px.alpha(x, y))) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(8))")
        // A rectangle from far left and below to y = 10.5 fills whole rows, and half of row 10.
        let rows = try Self.filled([coverageRect(-far, -far, far, 10.5)])
        #expect((0..<10).allSatisfy { y in rows.alphas(row: y, 0..<64).allSatisfy { $0 == 255 } })
        #expect(rows.alphas(row: 10, 0..<64).allSatisfy { $0 == 128 })
        #expect(rows.alphas(row: 11, 0..<64).allSatisfy { $0 == 0 })
    }

    @Test func polygonsPastTheEdgeCapAreLeftOutWhole() throws {
        let a = coverageRect(2, 2, 10, 10), b = coverageRect(20, 2, 30, 10), c = coverageRect(40, 2, 50, 10)
        let canvas = try CoverageCanvas(maxEdges: 8)
        try canvas.fill([a, b, c])
        #expect(canvas.read() == (try Self.filled([a, b])))
        #expect(canvas.read().coveredArea == 144)
        // A first polygon over the cap: nothing is drawn.
        let small = try CoverageCanvas(maxEdges: 3)
        try small.fill([a, b])
        #expect(small.read().coveredArea == 0)
    }

    @Test func everyFillStartsFromClearedSums() throws {
        // The same square twice: even-odd on stale sums (winding 2) would draw nothing the second time.
        let canvas = try CoverageCanvas()
        let square = coverageRect(10, 10, 20, 20)
        try canvas.fill([square], color: (0.4, 0.4, 0.4, 0.4))
        try canvas.fill([square], rule: .evenOdd, color: (0.4, 0.4, 0.4, 0.4))
        #expect(canvas.read()[15, 15] == [163, 163, 163, 163]) // 102, then 0.4 · 255 + 0.6 · 102 = 163.2
        // A new framebuffer size makes a new accumulation target; fills stay exact at its far corner.
        canvas.resize(width: 100, height: 40)
        try canvas.fill([coverageRect(90.5, 30, 100, 40)])
        let px = canvas.read()
        #expect(px.alphas(row: 39, 88..<100) == [0, 0, 128] + Array(repeating: 255, count: 9))
        #expect(px.positions { $0 != [0, 0, 0, 0] }.count == 100)
    }

    @Test func theAccumulationFormatFollowsTheExtensions() throws {
        #expect(CoverageFormat.choose(extensions: ["GL_EXT_color_buffer_float", "GL_EXT_float_blend"]) == .r32f)
        #expect(CoverageFormat.choose(extensions: ["GL_EXT_color_buffer_float"]) == .r16f)
        #expect(CoverageFormat.choose(extensions: ["GL_EXT_color_buffer_half_float", "GL_EXT_float_blend"]) == .r16f)
        #expect(CoverageFormat.choose(extensions: ["GL_EXT_float_blend"]) == nil)
        // llvmpipe has both: R32F.
        let canvas = try CoverageCanvas()
        #expect(canvas.coverage?.format == .r32f)
        // The R16F fallback draws the same pixels here.
        let polygons = [coverageRect(10.5, 5, 20.25, 15), [CGPoint(x: 5.3, y: 20.1), CGPoint(x: 50.7, y: 28.9), CGPoint(x: 20.2, y: 60.6)]]
        try canvas.fill(polygons)
        let half = try CoverageCanvas(extensions: ["GL_EXT_color_buffer_half_float"])
        #expect(half.coverage?.format == .r16f)
        try half.fill(polygons)
        // The R16F fallback: the rectangle's exact halves and quarters are the same; along the triangle's
        // slanted edges half floats (11 bits) round a few sums to the neighbouring 8-bit level.
        let h = half.read(), f = canvas.read()
        #expect((5..<15).allSatisfy { h.alphas(row: $0, 0..<64) == f.alphas(row: $0, 0..<64) })
        let diffs = (0..<64).flatMap { y in (0..<64).compactMap { x in h[x, y] == f[x, y] ? nil : abs(h.alpha(x, y) - f.alpha(x, y)) } }
        #expect(diffs.allSatisfy { $0 == 1 } && diffs.count == 7, "\(diffs)")
        // Neither: the fill throws, naming what is missing, and draws nothing.
        let none = try CoverageCanvas(extensions: [])
        #expect(none.coverage?.format == nil)
        let error = #expect(throws: GLError.self) { try none.fill(polygons) }
        #expect(error?.message == CoverageFormat.requirement)
        #expect(none.read().coveredArea == 0)
    }

    @Test func glStateIsLeftAsDocumented() throws {
        let canvas = try CoverageCanvas()
        // The caller's bindings: all of them other than what a fill uses.
        let program = try ShaderProgram(vertex: "path.vert", fragment: "path.frag", uniformNames: [])
        var vao: GLuint = 0, buffer: GLuint = 0, texture: GLuint = 0, sampler: GLuint = 0
        glGenVertexArrays(1, &vao); glGenBuffers(1, &buffer); glGenTextures(1, &texture); glGenSamplers(1, &sampler)
        defer { glDeleteVertexArrays(1, &vao); glDeleteBuffers(1, &buffer); glDeleteTextures(1, &texture); glDeleteSamplers(1, &sampler) }
        glUseProgram(program.program)
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glBindSampler(0, sampler)
        glActiveTexture(GLenum(GL_TEXTURE1))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ZERO))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glViewport(0, 0, 1, 1)
        glClearColor(0.25, 0.5, 0.75, 1)
        let scissor = PixelRect(x: 3, y: 4, width: 50, height: 40)
        try canvas.fill([coverageRect(10.5, 10, 20, 20)], scissor: scissor)

        func int(_ name: Int32) -> Int { var v: GLint = 0; glGetIntegerv(GLenum(name), &v); return Int(v) }
        func ints(_ name: Int32, _ n: Int) -> [Int] { var v = [GLint](repeating: 0, count: n); glGetIntegerv(GLenum(name), &v); return v.map(Int.init) }
        #expect(int(GL_FRAMEBUFFER_BINDING) == Int(canvas.framebuffer))
        #expect(ints(GL_VIEWPORT, 4) == [0, 0, 64, 64])
        #expect(glIsEnabled(GLenum(GL_SCISSOR_TEST)) == GLboolean(GL_TRUE))
        #expect(ints(GL_SCISSOR_BOX, 4) == [3, 4, 50, 40])
        #expect(glIsEnabled(GLenum(GL_BLEND)) == GLboolean(GL_TRUE))
        let one = Int(GL_ONE), oneMinusSrcAlpha = Int(GL_ONE_MINUS_SRC_ALPHA)
        let blend: [Int] = [int(GL_BLEND_SRC_RGB), int(GL_BLEND_SRC_ALPHA), int(GL_BLEND_DST_RGB), int(GL_BLEND_DST_ALPHA)]
        #expect(blend == [one, one, oneMinusSrcAlpha, oneMinusSrcAlpha])
        #expect(int(GL_CURRENT_PROGRAM) == Int(program.program))
        #expect(int(GL_VERTEX_ARRAY_BINDING) == Int(vao))
        #expect(int(GL_ARRAY_BUFFER_BINDING) == Int(buffer))
        #expect(int(GL_ACTIVE_TEXTURE) == Int(GL_TEXTURE1))
        glActiveTexture(GLenum(GL_TEXTURE0))
        #expect(int(GL_TEXTURE_BINDING_2D) == Int(texture))
        #expect(int(GL_SAMPLER_BINDING) == Int(sampler))
        var clear = [GLfloat](repeating: 0, count: 4)
        glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), &clear)
        #expect(clear == [0.25, 0.5, 0.75, 1])
        #expect(glGetError() == GLenum(GL_NO_ERROR))
        // And the fill drew (with the caller's sampler put aside while it read its sums).
        #expect(canvas.read().alphas(row: 15, 9..<12) == [0, 128, 255])
    }

    @Test func edgesAreClippedToTheRegionOnTheCPU() {
        var edges = CoverageEdges()
        // A two-point polygon: (−4, 1) → (12, 9) and back. Left of x = 0 its part becomes a vertical edge
        // on the region's left boundary (y 1…3); right of x = 10 (y 8…9) it is dropped.
        let polygon = [CGPoint(x: -4, y: 1), CGPoint(x: 12, y: 9)]
        let region = edges.build([polygon], maxEdges: 16, clip: PixelRect(x: 0, y: 0, width: 10, height: 10))
        #expect(region == PixelRect(x: 0, y: 0, width: 10, height: 10))
        #expect(edges.data == [0, 3, 0, 1, 10, 8, 0, 3, 0, 1, 0, 3, 0, 3, 10, 8]) // closing edge first: 12,9 → −4,1
        // Rows above the region are cut off too (at y = 5, x = 4).
        let low = edges.build([polygon], maxEdges: 16, clip: PixelRect(x: 0, y: 0, width: 10, height: 5))
        #expect(low == PixelRect(x: 0, y: 0, width: 10, height: 5))
        #expect(edges.data == [0, 3, 0, 1, 4, 5, 0, 3, 0, 1, 0, 3, 0, 3, 4, 5])
        // Horizontal edges add nothing; nothing inside the clip: an empty region.
        #expect(edges.build([coverageRect(2, 2, 6, 6)], maxEdges: 16, clip: PixelRect(x: 0, y: 0, width: 10, height: 10)) == PixelRect(x: 1, y: 1, width: 6, height: 6))
        #expect(edges.data == [2, 6, 2, 2, 6, 2, 6, 6]) // (2,6)→(2,2) down, (6,2)→(6,6) up
        #expect(edges.build([coverageRect(20, 20, 30, 30)], maxEdges: 16, clip: PixelRect(x: 0, y: 0, width: 10, height: 10)).isEmpty)
    }

    /// `polygons` filled in opaque white into a fresh 64 × 64 canvas, read back.
    static func filled(_ polygons: [[CGPoint]], rule: FillRule = .nonZero) throws -> CoveragePixels {
        let canvas = try CoverageCanvas()
        try canvas.fill(polygons, rule: rule)
        return canvas.read()
    }
}
