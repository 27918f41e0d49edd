import Foundation
import StrataCore
@testable import StrataRender
import StrataText
import Testing

/// CATextLayer's glyph drawing (TextDraw) on llvmpipe: pixel-exact FreeType masks where the text is shown
/// 1:1, rasters at the size the text is shown, the glyph cache's counters, colour emoji, atlas resets and
/// transformed text.
@Suite struct TextDrawTests {
    static let blue = Color(red: 0, green: 0, blue: 1, alpha: 1)

    @Test func inkBeyondTheLargestDoubleDrawsNothingAndTrapsNothing() throws {
        // Found by the commit fuzzer: a run laid out at infinity made a NaN-sized ink box, and Foundation's
        // CGRect.intersection (with a clip) trapped on it, killing the server.
        let inf = CGFloat.infinity
        let far = TextDraw.Run(face: TextCanvas.dejaVu, size: inf, color: Self.blue, glyphs: [1, 2], positions: [CGPoint(x: inf, y: 0), CGPoint(x: inf, y: 1)])
        let near = TextDraw.Run(face: TextCanvas.dejaVu, size: 12, color: Self.blue, glyphs: [1], positions: [CGPoint(x: 5, y: 10)])
        let clip = CGRect(x: 0, y: 0, width: 40, height: 40)
        #expect(TextDraw(matrix: .identity, runs: [far], clip: clip, contentsScale: 1).inkBounds == nil)
        let mixed = try #require(TextDraw(matrix: .identity, runs: [far, near], clip: clip, contentsScale: 1).inkBounds)
        #expect(TextDraw.isFinite(mixed) && mixed.contains(CGPoint(x: 5, y: 10)))
        let badDecoration = TextDraw.Decoration(rect: CGRect(x: 0, y: 0, width: inf, height: 2), color: Self.blue)
        #expect(TextDraw(matrix: .identity, runs: [], decorations: [badDecoration], clip: clip, contentsScale: 1).inkBounds == nil)
        #expect(TextDraw(matrix: .identity, runs: [near], clip: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 4), contentsScale: 1).inkBounds == nil)
        // Drawn beside a finite run, the infinite one's glyphs are left out (a quad cut to the clip would trap).
        #expect(TextDraw.cut(CGRect(x: inf, y: 0, width: inf, height: 4), CGRect(x: 0, y: 0, width: 1, height: 1), to: clip) == nil)
        let canvas = try TextCanvas(width: 40, height: 40)
        _ = try canvas.render([TextDraw(matrix: .identity, runs: [far, near], decorations: [badDecoration], clip: clip, contentsScale: 1)])
    }

    @Test func anAxisAlignedGlyphIsItsFreeTypeMaskOnThePixelGrid() throws {
        let canvas = try TextCanvas(width: 40, height: 40)
        let g = canvas.glyph("g")
        // The origin (10.3, 20.6) snaps to x 10.25 (a quarter pixel: the raster shifted by 0.25) and baseline 21.
        let run = TextDraw.Run(face: TextCanvas.dejaVu, size: 20, color: Self.blue, glyphs: [g], positions: [CGPoint(x: 10.3, y: 20.6)])
        let (pixels, counters) = try canvas.render([TextDraw(matrix: .identity, runs: [run], contentsScale: 1)])
        var expected = canvas.blank()
        try canvas.expected(g, pixelSize: 20, subpixelX: 0.25, x: 10, y: 21, color: (0, 0, 1), into: &expected)
        #expect(pixels.differences(from: expected) == [])
        #expect(pixels.area > 20)
        #expect(counters.glyphsRasterized == 1 && counters.glyphCacheHits == 0)
        #expect(counters.drawCalls == 1)

        // Quantised to whole pixels: x 10, the unshifted raster.
        let whole = try canvas.render([TextDraw(matrix: .identity, runs: [run], contentsScale: 1, subpixelQuantization: true)]).pixels
        var expectedWhole = canvas.blank()
        try canvas.expected(g, pixelSize: 20, subpixelX: 0, x: 10, y: 21, color: (0, 0, 1), into: &expectedWhole)
        #expect(whole.differences(from: expectedWhole) == [])
        #expect(whole != pixels)
    }

    @Test func aScaledLayerIsRasterisedAtTheSizeItIsShown() throws {
        let canvas = try TextCanvas(width: 80, height: 80)
        let a = canvas.glyph("a")
        let run = TextDraw.Run(face: TextCanvas.dejaVu, size: 12, color: .white, glyphs: [a], positions: [CGPoint(x: 2, y: 14)])
        // ×4 about the origin, then moved by (10.5, 3): the origin lands on (18.5, 59).
        let matrix = Transform3D.scale(4, 4, 1) * Transform3D.translation(10.5, 3, 0)
        let pixels = try canvas.render([TextDraw(matrix: matrix, runs: [run], contentsScale: 1)]).pixels
        var expected = canvas.blank()
        try canvas.expected(a, pixelSize: 48, subpixelX: 0.5, x: 18, y: 59, into: &expected)
        #expect(pixels.differences(from: expected) == [])
    }

    @Test func contentsScaleBelowTheDisplaysIsMagnifiedAndEqualIsSharp() throws {
        let canvas = try TextCanvas(width: 240, height: 60)
        let run = canvas.run("Hamburg", at: CGPoint(x: 4, y: 20), size: 12, advance: 16) // apart: no glyphs overlap
        // A 2× display: layer points are 2 target pixels.
        let matrix = Transform3D.scale(2, 2, 1)
        let sharp = try canvas.render([TextDraw(matrix: matrix, runs: [run], contentsScale: 2, displayScale: 2)]).pixels
        var expected = canvas.blank()
        for (glyph, p) in zip(run.glyphs, run.positions) {
            try canvas.expected(glyph, pixelSize: 24, x: Int(p.x * 2), y: Int(p.y * 2), into: &expected)
        }
        #expect(sharp.differences(from: expected) == [])
        let blurry = try canvas.render([TextDraw(matrix: matrix, runs: [run], contentsScale: 1, displayScale: 2)]).pixels
        // The same ink, spread over ramps about twice as wide: many more partly covered pixels.
        #expect(abs(blurry.area - sharp.area) < 0.1 * sharp.area, "\(blurry.area) vs \(sharp.area)")
        #expect(Double(blurry.partial) > 1.5 * Double(sharp.partial), "\(blurry.partial) partial pixels vs \(sharp.partial)")
    }

    @Test func cachedGlyphsAreNotRasterisedAgain() throws {
        let canvas = try TextCanvas(width: 100, height: 40)
        let hello = TextDraw(matrix: .identity, runs: [canvas.run("Hello", at: CGPoint(x: 5, y: 20), size: 14, advance: 10)], contentsScale: 1)
        let first = try canvas.render([hello]).counters
        #expect(first.glyphsRasterized == 4 && first.glyphCacheHits == 1) // H e l o, then l again
        let second = try canvas.render([hello]).counters
        #expect(second.glyphsRasterized == 0 && second.glyphCacheHits == 5)
        // Two layers sharing glyphs: each glyph rasterised once for both (and the layers' quads share a draw call).
        let ab = TextDraw(matrix: .identity, runs: [canvas.run("ab", at: CGPoint(x: 5, y: 30), size: 9, advance: 7)], contentsScale: 1)
        let ba = TextDraw(matrix: .translation(40, 0, 0), runs: [canvas.run("ba", at: CGPoint(x: 5, y: 30), size: 9, advance: 7)], contentsScale: 1)
        let shared = try canvas.render([ab, ba]).counters
        #expect(shared.glyphsRasterized == 2 && shared.glyphCacheHits == 2 && shared.drawCalls == 1)
    }

    /// A button's label during a spring bounce (its scale 0.85 → 1.05 → 1): while the layer may move, the
    /// glyphs are rasterised at the shown scale rounded up to a quarter octave (1 and 2^¼ here), so twenty
    /// frames of the bounce make rasters twice, not at every frame's size.
    @Test func anAnimatedScaleRasterisesAtQuarterOctavesNotEveryFrame() throws {
        let canvas = try TextCanvas(width: 120, height: 60)
        let run = canvas.run("Pay", at: CGPoint(x: 5, y: 30), size: 20, advance: 14)
        var made: [Int] = []
        for k in 0..<20 {
            let scale = 0.85 + 0.2 * sin(Double(k) / 19 * .pi * 0.75) // 0.85 … 1.05 … 0.99
            var draw = TextDraw(matrix: .scale(scale, scale, 1), runs: [run], contentsScale: 1)
            draw.snaps = false
            made.append(try canvas.render([draw]).counters.glyphsRasterized)
        }
        // P, a, y at 20 px (scale 1), then at 20 × 2^¼ ≈ 23.78 px once the bounce passes 1.
        #expect(made.reduce(0, +) == 6, "\(made)")
        #expect(made[0] == 3)
        #expect(MovingRasterScale.stepped(0.85) == 1 && MovingRasterScale.stepped(1) == 1 && MovingRasterScale.stepped(2) == 2)
        #expect(abs(MovingRasterScale.stepped(1.01) - pow(2, 0.25)) < 1e-12)
    }

    /// Glyphs that cannot reach the target are neither rasterised nor drawn: of "Hello" running off the
    /// right edge, only what shows is made.
    @Test func glyphsOffTheTargetAreNotRasterised() throws {
        let canvas = try TextCanvas(width: 100, height: 40)
        // H at x 5, the rest 200 points apart: e at 205, l at 405, … all beyond the 100-pixel target.
        let far = TextDraw(matrix: .identity, runs: [canvas.run("Hello", at: CGPoint(x: 5, y: 20), size: 14, advance: 200)], contentsScale: 1)
        let counters = try canvas.render([far]).counters
        #expect(counters.glyphsRasterized == 1 && counters.glyphCacheHits == 0)
    }

    @Test func colourEmojiDrawTheirOwnColours() throws {
        let canvas = try TextCanvas(width: 60, height: 60)
        let smile = canvas.glyph("\u{1F600}", TextCanvas.emoji)
        #expect(smile != 0)
        // Black text colour: a colour glyph keeps its colours (and takes only the alpha).
        let run = TextDraw.Run(face: TextCanvas.emoji, size: 32, color: .black, glyphs: [smile], positions: [CGPoint(x: 8.4, y: 44)])
        let pixels = try canvas.render([TextDraw(matrix: .identity, runs: [run], contentsScale: 1)]).pixels
        var expected = canvas.blank()
        try canvas.expected(smile, face: TextCanvas.emoji, pixelSize: 32, x: 8, y: 44, into: &expected)
        #expect(pixels.differences(from: expected) == [])
        let yellow = pixels.inked.filter { let p = pixels[$0.0, $0.1]; return p[3] == 255 && p[0] > 200 && p[2] < 100 }
        #expect(yellow.count > 200)
    }

    @Test func aFullAtlasIsClearedAndDrawingStaysCorrect() throws {
        let text = "ABCDEFGHIJKLMNOPQRST"
        func draw(_ canvas: TextCanvas) -> TextDraw {
            TextDraw(matrix: .identity, runs: [canvas.run(text, at: CGPoint(x: 4, y: 24), size: 16, advance: 12)], contentsScale: 1)
        }
        let roomy = try TextCanvas(width: 250, height: 32)
        let (reference, roomyCounters) = try roomy.render([draw(roomy)])
        #expect(roomyCounters.glyphAtlasResets == 0 && roomyCounters.glyphsRasterized == 20)
        // A 48 × 48 atlas holds a handful of 16 px glyphs (each with its ring of zeros).
        let cramped = try TextCanvas(width: 250, height: 32)
        try cramped.useAtlas(size: 48)
        let (pixels, counters) = try cramped.render([draw(cramped)])
        #expect(counters.glyphAtlasResets >= 2, "\(counters.glyphAtlasResets) resets")
        #expect(counters.glyphsRasterized == 20)
        #expect(pixels.differences(from: reference) == [])
        // The glyph drawn last is cached; the first ones were forgotten.
        let last = TextDraw(matrix: .identity, runs: [cramped.run("T", at: CGPoint(x: 4, y: 24), size: 16, advance: 12)], contentsScale: 1)
        let first = TextDraw(matrix: .identity, runs: [cramped.run("A", at: CGPoint(x: 4, y: 24), size: 16, advance: 12)], contentsScale: 1)
        let lastCounters = try cramped.render([last]).counters
        #expect(lastCounters.glyphsRasterized == 0 && lastCounters.glyphCacheHits == 1)
        #expect(try cramped.render([first]).counters.glyphsRasterized == 1)
    }

    @Test func rotatedAndPerspectiveTextCoversItsProjectedBox() throws {
        let canvas = try TextCanvas(width: 120, height: 120)
        let run = canvas.run("MMMM", at: CGPoint(x: 0, y: 0), size: 16, advance: 14)
        // Where the text's ink is, drawn axis-aligned at (30, 40).
        let flat = try canvas.render([TextDraw(matrix: .translation(30, 40, 0), runs: [run], contentsScale: 1)]).pixels
        let ink = flat.inkBox
        let layerInk = CGRect(x: CGFloat(ink.x - 30), y: CGFloat(ink.y - 40), width: CGFloat(ink.width), height: CGFloat(ink.height))
        #expect(ink.width > 50 && ink.height >= 11)
        for matrix in [
            // A quarter turn about z, then moved into view.
            Transform3D.rotation(.pi / 2, 0, 0, 1) * .translation(80, 20, 0),
            // 50° about y with perspective (eye 300 points away), about the text's middle.
            .translation(-28, 6, 0) * .rotation(50 * .pi / 180, 0, 1, 0) * Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                                                                       m31: 0, m32: 0, m33: 1, m34: -1.0 / 300, m41: 0, m42: 0, m43: 0, m44: 1)
                * .translation(60, 60, 0),
        ] {
            let pixels = try canvas.render([TextDraw(matrix: matrix, runs: [run], contentsScale: 1)]).pixels
            let projected = PixelRect.covering(layerInk, matrix, margin: 0, within: canvas.full)
            let got = pixels.inkBox
            // The ink reaches each side of the projected box, to within a pixel of filtering.
            #expect(abs(got.x - projected.x) <= 1 && abs(got.y - projected.y) <= 1 && abs(got.maxX - projected.maxX) <= 1
                    && abs(got.maxY - projected.maxY) <= 1, "ink \(got), projected \(projected)")
        }
    }

    @Test func decorationsAreFilledRectangles() throws {
        let canvas = try TextCanvas(width: 60, height: 40)
        let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
        let underline = TextDraw(matrix: .identity, runs: [], decorations: [.init(rect: CGRect(x: 10, y: 30, width: 40, height: 2), color: red)],
                                 contentsScale: 1)
        let pixels = try canvas.render([underline]).pixels
        #expect(pixels.inkBox == PixelRect(x: 10, y: 30, width: 40, height: 2))
        #expect(pixels.inked.allSatisfy { pixels[$0.0, $0.1] == [255, 0, 0, 255] })
    }

    @Test func sizesAboveTheRasterCapAreMagnifiedFromTheCap() throws {
        let canvas = try TextCanvas(width: 400, height: 700)
        let stem = canvas.glyph("I")
        // 600 px glyphs: rasterised at 512 px and drawn 600/512 times larger.
        let run = TextDraw.Run(face: TextCanvas.dejaVu, size: 600, color: .white, glyphs: [stem], positions: [CGPoint(x: 20, y: 600)])
        let (pixels, counters) = try canvas.render([TextDraw(matrix: .identity, runs: [run], contentsScale: 1)])
        #expect(counters.glyphsRasterized == 1)
        let g = try #require(canvas.rasterizer.rasterize(face: TextCanvas.dejaVu, glyph: stem, pixelSize: 512, subpixelX: 0))
        let k = 600.0 / 512
        let box = pixels.inkBox
        let expected = (x: 20 + Double(g.left) * k, y: 600 - Double(g.top) * k, w: Double(g.width) * k, h: Double(g.height) * k)
        #expect(abs(Double(box.x) - expected.x) <= 1.5 && abs(Double(box.y) - expected.y) <= 1.5, "\(box) vs \(expected)")
        #expect(abs(Double(box.width) - expected.w) <= 2 && abs(Double(box.height) - expected.h) <= 2, "\(box) vs \(expected)")
        // The stem's inside is solid.
        #expect(pixels[box.x + box.width / 2, box.y + box.height / 2] == [255, 255, 255, 255])
    }

    @Test func theKeyChangesWithEveryValueDrawn() {
        let face = TextCanvas.dejaVu
        let base = TextDraw(matrix: .identity, runs: [.init(face: face, size: 12, color: .white, glyphs: [3, 4], positions: [.zero, CGPoint(x: 7, y: 0)])],
                            decorations: [.init(rect: CGRect(x: 0, y: 2, width: 10, height: 1), color: .white)], contentsScale: 1)
        func key(_ d: TextDraw) -> Int { var h = Hasher(); d.combine(into: &h); return h.finalize() }
        #expect(key(base) == key(base))
        var variants: [TextDraw] = []
        for change in 0..<9 {
            var d = base
            switch change {
            case 0: d.matrix = .translation(1, 0, 0)
            case 1: d.runs[0].color = .black
            case 2: d.runs[0].glyphs[1] = 5
            case 3: d.runs[0].positions[1].x = 7.25
            case 4: d.runs[0].size = 13
            case 5: d.decorations[0].rect.origin.y = 3
            case 6: d.contentsScale = 2
            case 7: d.subpixelQuantization = true
            default: d.alpha = 0.5
            }
            variants.append(d)
        }
        #expect(variants.allSatisfy { key($0) != key(base) })
    }
}
