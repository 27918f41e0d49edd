import Foundation
@testable import Strata
import Testing

/// CGContext over Cairo, checked pixel by pixel. No process-wide state, so an independent suite.
///
/// Exact values: Cairo turns a premultiplied colour component c into 16 bits as ⌊c·65535 + 0.5⌋ and pixman
/// keeps the top 8 bits, so k/255 (= 257·k/65535) comes out exactly k. Pixel-aligned edges are fully
/// covered or not at all, so those pixels carry no antialiasing.
@Suite struct CGContextTests {
    static let clear: [UInt8] = [0, 0, 0, 0]
    static let red: [UInt8] = [255, 0, 0, 255]
    static let blue: [UInt8] = [0, 0, 255, 255]

    /// Premultiplied RGBA of each pixel, read through `makeImage()`.
    struct Pixels {
        let image: CGImage
        init(_ context: CGContext) throws { image = try #require(context.makeImage()) }
        subscript(_ x: Int, _ y: Int) -> [UInt8] {
            let i = (y * image.width + x) * 4
            return Array(image.premultipliedPixels[i..<i + 4])
        }
    }

    func context(_ w: Int = 20, _ h: Int = 20) throws -> CGContext { try #require(CGContext(width: w, height: h)) }

    @Test func startsTransparentWithItsSize() throws {
        let c = try context(20, 10)
        #expect(c.width == 20 && c.height == 10 && c.bytesPerRow == 80)
        let image = try #require(c.makeImage())
        #expect(image.width == 20 && image.height == 10)
        #expect(image.premultipliedPixels.allSatisfy { $0 == 0 })
    }

    @Test func rejectsSizesOutsideTheLimits() {
        #expect(CGContext(width: 0, height: 10) == nil)
        #expect(CGContext(width: 10, height: -1) == nil)
        #expect(CGContext(width: 32768, height: 1) == nil)
        #expect(CGContext(width: 32767, height: 1) != nil)
    }

    @Test func fillsAnOpaqueRectExactly() throws {
        let c = try context()
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.fill(CGRect(x: 5, y: 5, width: 10, height: 10))
        let p = try Pixels(c)
        for (x, y) in [(5, 5), (14, 5), (5, 14), (14, 14), (10, 10)] { #expect(p[x, y] == Self.red, "\(x),\(y)") }
        for (x, y) in [(4, 5), (15, 5), (5, 4), (5, 15), (0, 0), (19, 19)] { #expect(p[x, y] == Self.clear, "\(x),\(y)") }
    }

    @Test func defaultFillIsOpaqueBlack() throws {
        let c = try context()
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(try Pixels(c)[0, 0] == [0, 0, 0, 255])
    }

    @Test func translucentFillsArePremultipliedExactly() throws {
        let c = try context()
        // 0.4 = 102/255; blue 0.5 premultiplies to 0.2 = 51/255.
        c.setFillColor(red: 1, green: 0, blue: 0.5, alpha: 0.4)
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        // Global alpha multiplies in: 0.4 · 0.5 = 0.2 = 51/255.
        c.setAlpha(0.5)
        c.setFillColor(gray: 1, alpha: 0.4)
        c.fill(CGRect(x: 10, y: 0, width: 10, height: 10))
        // And into strokes: opaque blue at alpha 0.5 → ⌊0.5 · 65535 + 0.5⌋ = 32768 → 128.
        c.setStrokeColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        c.strokeLineSegments(between: [CGPoint(x: 0, y: 15.5), CGPoint(x: 20, y: 15.5)])
        let p = try Pixels(c)
        #expect(p[3, 3] == [102, 0, 51, 102])
        #expect(p[13, 3] == [51, 51, 51, 51])
        #expect(p[3, 15] == [0, 0, 128, 128])
    }

    @Test func fillRulesDifferOnNestedRects() throws {
        let c = try context()
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        // Both rects run the same way round, so the centre has winding number 2 (filled) and crossing count 2 (even: a hole).
        c.addRects([CGRect(x: 0, y: 0, width: 20, height: 20), CGRect(x: 5, y: 5, width: 10, height: 10)])
        c.fillPath(using: .evenOdd)
        var p = try Pixels(c)
        #expect(p[10, 10] == Self.clear)
        #expect(p[2, 2] == Self.red)

        let w = try context()
        w.addRects([CGRect(x: 0, y: 0, width: 20, height: 20), CGRect(x: 5, y: 5, width: 10, height: 10)])
        w.fillPath()
        p = try Pixels(w)
        #expect(p[10, 10] == [0, 0, 0, 255])

        let e = try context()
        e.addRects([CGRect(x: 0, y: 0, width: 20, height: 20), CGRect(x: 5, y: 5, width: 10, height: 10)])
        e.drawPath(using: .eoFill)
        p = try Pixels(e)
        #expect(p[10, 10] == Self.clear)
        #expect(p[2, 2] == [0, 0, 0, 255])
    }

    @Test func paintingConsumesThePath() throws {
        let c = try context()
        c.addRect(CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(!c.isPathEmpty)
        c.fillPath()
        #expect(c.isPathEmpty)
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.fillPath() // nothing left to fill: the black square stays black
        #expect(try Pixels(c)[2, 2] == [0, 0, 0, 255])
    }

    @Test func clipRestrictsPaintingUntilRestored() throws {
        let c = try context()
        c.saveGState()
        c.clip(to: CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(c.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 20))
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        var p = try Pixels(c)
        #expect(p[9, 5] == Self.red)
        #expect(p[10, 5] == Self.clear)
        c.restoreGState()
        #expect(c.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 20, height: 20))
        c.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        c.fill(CGRect(x: 10, y: 0, width: 10, height: 20))
        p = try Pixels(c)
        #expect(p[10, 5] == Self.blue)
        #expect(p[9, 5] == Self.red)
    }

    @Test func clipToThePathIntersectsAndConsumesIt() throws {
        let c = try context()
        c.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        c.clip()
        #expect(c.isPathEmpty)
        c.clip(to: [CGRect(x: 5, y: 0, width: 15, height: 20)])
        #expect(c.boundingBoxOfClipPath == CGRect(x: 5, y: 0, width: 5, height: 10))
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        let p = try Pixels(c)
        #expect(p[5, 5] == [0, 0, 0, 255])
        #expect(p[4, 5] == Self.clear)
        #expect(p[5, 10] == Self.clear)
    }

    @Test func translateAndScaleMoveAFill() throws {
        let c = try context()
        c.translateBy(x: 10, y: 5)
        c.scaleBy(x: 2, y: 3)
        #expect(c.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 5))
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 2)) // device (10, 5)…(14, 11)
        let p = try Pixels(c)
        for (x, y) in [(10, 5), (13, 5), (10, 10), (13, 10)] { #expect(p[x, y] == Self.red, "\(x),\(y)") }
        for (x, y) in [(9, 5), (14, 5), (10, 4), (10, 11), (0, 0)] { #expect(p[x, y] == Self.clear, "\(x),\(y)") }
        // The whole bitmap, back in user space (inverse CTM rounding: compare to 1e-12).
        let clip = c.boundingBoxOfClipPath, expected = CGRect(x: -5, y: -5.0 / 3, width: 10, height: 20.0 / 3)
        #expect(abs(clip.minX - expected.minX) < 1e-12 && abs(clip.minY - expected.minY) < 1e-12
            && abs(clip.maxX - expected.maxX) < 1e-12 && abs(clip.maxY - expected.maxY) < 1e-12, "\(clip)")
    }

    @Test func pointsUseTheCTMOfTheirTime() throws {
        let c = try context()
        c.addRect(CGRect(x: 0, y: 0, width: 5, height: 5))
        c.translateBy(x: 10, y: 0)
        c.move(to: CGPoint(x: 1, y: 2))
        #expect(c.currentPointOfPath == CGPoint(x: 1, y: 2))
        #expect(c.boundingBoxOfPath == CGRect(x: -10, y: 0, width: 11, height: 5))
        c.fillPath()
        let p = try Pixels(c)
        #expect(p[2, 2] == [0, 0, 0, 255]) // the rect stayed where it was added
        #expect(p[12, 2] == Self.clear)
    }

    @Test func strokeOfWidthTwoCoversTheExpectedPixels() throws {
        let c = try context()
        c.setStrokeColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        // Edges on pixel boundaries ±1: columns 4–5 and 14–15, rows 4–5 and 14–15; miter corners are full.
        c.stroke(CGRect(x: 5, y: 5, width: 10, height: 10), width: 2)
        let p = try Pixels(c)
        for (x, y) in [(4, 4), (5, 10), (4, 10), (14, 10), (15, 10), (10, 4), (10, 15), (15, 15)] {
            #expect(p[x, y] == Self.red, "\(x),\(y)")
        }
        for (x, y) in [(3, 10), (6, 10), (13, 10), (16, 10), (10, 3), (10, 6), (10, 16), (10, 10)] {
            #expect(p[x, y] == Self.clear, "\(x),\(y)")
        }
        // The width applied to that stroke only: the default 1 is back, so this stroke covers one column.
        c.beginPath()
        c.move(to: CGPoint(x: 18.5, y: 0))
        c.addLine(to: CGPoint(x: 18.5, y: 20))
        c.strokePath()
        let q = try Pixels(c)
        #expect(q[18, 10] == Self.red)
        #expect(q[17, 10] == Self.clear && q[19, 10] == Self.clear)
    }

    @Test func lineWidthAndDashesUseTheCTMAtStrokeTime() throws {
        let c = try context()
        c.move(to: CGPoint(x: 0, y: 5))
        c.addLine(to: CGPoint(x: 20, y: 5)) // device y 5: added before the scale
        c.scaleBy(x: 2, y: 2)
        c.setLineDash(phase: 0, lengths: [2, 2]) // 4 device pixels on, 4 off
        c.strokePath() // width 1 user = 2 device pixels: rows 4 and 5
        let p = try Pixels(c)
        let black: [UInt8] = [0, 0, 0, 255]
        #expect(p[1, 4] == black && p[1, 5] == black)
        #expect(p[1, 3] == Self.clear && p[1, 6] == Self.clear)
        #expect(p[5, 4] == Self.clear && p[9, 4] == black)
    }

    @Test func dashesLeaveGaps() throws {
        let c = try context()
        c.setLineDash(phase: 0, lengths: [4, 4])
        c.strokeLineSegments(between: [CGPoint(x: 0, y: 10.5), CGPoint(x: 20, y: 10.5)])
        c.setLineDash(phase: 2, lengths: [4, 4])
        c.strokeLineSegments(between: [CGPoint(x: 0, y: 2.5), CGPoint(x: 20, y: 2.5)])
        c.setLineDash(phase: 0, lengths: [])
        c.strokeLineSegments(between: [CGPoint(x: 0, y: 15.5), CGPoint(x: 20, y: 15.5)])
        let p = try Pixels(c)
        let black: [UInt8] = [0, 0, 0, 255]
        for x in 0..<20 {
            #expect(p[x, 10] == ((x / 4) % 2 == 0 ? black : Self.clear), "x \(x)")
            #expect(p[x, 2] == (((x + 2) / 4) % 2 == 0 ? black : Self.clear), "phase 2, x \(x)")
            #expect(p[x, 15] == black, "solid, x \(x)")
        }
    }

    @Test func invalidDashPatternsAreIgnored() throws {
        let c = try context()
        c.setLineDash(phase: 0, lengths: [0, 0])
        c.setLineDash(phase: 0, lengths: [-1, 4])
        c.setLineDash(phase: .nan, lengths: [4, 4])
        c.strokeLineSegments(between: [CGPoint(x: 0, y: 10.5), CGPoint(x: 20, y: 10.5)])
        let p = try Pixels(c)
        #expect((0..<20).allSatisfy { p[$0, 10] == [0, 0, 0, 255] })
    }

    @Test func capsAndJoins() throws {
        // A width-2 horizontal line from x 5 to 15 along y 10: a square cap reaches one more pixel column.
        func capped(_ cap: CGLineCap) throws -> Pixels {
            let c = try context()
            c.setLineWidth(2)
            c.setLineCap(cap)
            c.strokeLineSegments(between: [CGPoint(x: 5, y: 10), CGPoint(x: 15, y: 10)])
            return try Pixels(c)
        }
        #expect(try capped(.butt)[4, 10] == Self.clear)
        #expect(try capped(.square)[4, 10] == [0, 0, 0, 255])
        #expect(try capped(.square)[3, 10] == Self.clear)

        // A right-angle corner at (5, 5), width 4: the miter fills the outer square (3…5)², a bevel cuts it
        // along x + y = 8, which leaves pixel (3, 3) untouched.
        func joined(_ join: CGLineJoin, miterLimit: CGFloat = 10) throws -> Pixels {
            let c = try context()
            c.setLineWidth(4)
            c.setLineJoin(join)
            c.setMiterLimit(miterLimit)
            c.addLines(between: [CGPoint(x: 5, y: 15), CGPoint(x: 5, y: 5), CGPoint(x: 15, y: 5)])
            c.strokePath()
            return try Pixels(c)
        }
        #expect(try joined(.miter)[3, 3] == [0, 0, 0, 255])
        #expect(try joined(.bevel)[3, 3] == Self.clear)
        let round = try joined(.round)[3, 3][3]
        #expect(round > 0 && round < 255)
        // The miter is √2 line widths long: a limit of 1 turns it into a bevel.
        #expect(try joined(.miter, miterLimit: 1)[3, 3] == Self.clear)
    }

    @Test func zeroWidthIsAOnePixelHairline() throws {
        let c = try context()
        c.scaleBy(x: 4, y: 4)
        c.setLineWidth(0)
        c.strokeLineSegments(between: [CGPoint(x: 0, y: 2.625), CGPoint(x: 5, y: 2.625)]) // device y 10.5
        let p = try Pixels(c)
        #expect(p[5, 10] == [0, 0, 0, 255])
        #expect(p[5, 9] == Self.clear && p[5, 11] == Self.clear)
    }

    @Test func fillStrokeFillsThenStrokes() throws {
        let c = try context()
        c.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        c.setStrokeColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.setLineWidth(2)
        c.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        c.drawPath(using: .fillStroke)
        #expect(c.isPathEmpty)
        let p = try Pixels(c)
        #expect(p[10, 10] == Self.blue)
        #expect(p[5, 10] == Self.red && p[4, 10] == Self.red) // the stroke is painted over the fill
        #expect(p[3, 10] == Self.clear)
    }

    @Test func ellipsesFillAndStroke() throws {
        let c = try context()
        c.fillEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        var p = try Pixels(c)
        #expect(p[10, 10] == [0, 0, 0, 255])
        #expect(p[0, 0] == Self.clear && p[19, 19] == Self.clear)

        let s = try context()
        s.strokeEllipse(in: CGRect(x: 2, y: 2, width: 16, height: 16))
        p = try Pixels(s)
        #expect(p[10, 10] == Self.clear)
        #expect(p[10, 2][3] > 0) // the top of the outline
    }

    @Test func arcsFollowTheSameConventionAsCGMutablePath() throws {
        // From 0 to π, not clockwise: through π/2, which is +y, the bottom of a y-down screen.
        let c = try context()
        c.addArc(center: CGPoint(x: 10, y: 10), radius: 8, startAngle: 0, endAngle: .pi, clockwise: false)
        let m = CGMutablePath()
        m.addArc(center: CGPoint(x: 10, y: 10), radius: 8, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(c.boundingBoxOfPath == m.boundingBox)
        c.closePath()
        c.fillPath()
        let p = try Pixels(c)
        #expect(p[10, 15] == [0, 0, 0, 255])
        #expect(p[10, 5] == Self.clear)

        // The same path added whole lands in the same place.
        let d = try context()
        d.addPath(m)
        #expect(d.boundingBoxOfPath == m.boundingBox)
    }

    @Test func clearMakesPixelsTransparentAndKeepsThePath() throws {
        let c = try context()
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        c.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
        c.clear(CGRect(x: 5, y: 5, width: 5, height: 5))
        #expect(!c.isPathEmpty)
        let p = try Pixels(c)
        #expect(p[5, 5] == Self.clear && p[9, 9] == Self.clear)
        #expect(p[4, 5] == Self.red && p[10, 9] == Self.red)
    }

    @Test func antialiasingCanBeTurnedOff() throws {
        func edge(_ antialias: Bool) throws -> UInt8 {
            let c = try context()
            c.setShouldAntialias(antialias)
            c.fill(CGRect(x: 2.5, y: 2.5, width: 10, height: 10))
            return try Pixels(c)[2, 5][3]
        }
        // Half covered: Cairo measures coverage in its 24.8 fixed point, so half a pixel is 128/256 → 128.
        #expect(try edge(true) == 128)
        #expect([0, 255].contains(try edge(false)))
    }

    @Test func graphicsStateSavesColoursWidthsAndTheCTM() throws {
        let c = try context()
        c.restoreGState() // nothing saved: no effect
        c.saveGState()
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.translateBy(x: 10, y: 0)
        c.setAlpha(0)
        c.setLineWidth(6)
        c.setLineDash(phase: 0, lengths: [1, 1])
        c.restoreGState()
        #expect(c.ctm == .identity)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        c.strokeLineSegments(between: [CGPoint(x: 0, y: 10.5), CGPoint(x: 20, y: 10.5)]) // width 1, solid
        let p = try Pixels(c)
        #expect(p[0, 0] == [0, 0, 0, 255])
        #expect(p[1, 10] == [0, 0, 0, 255] && p[2, 10] == [0, 0, 0, 255])
        #expect(p[1, 9] == Self.clear)
    }

    @Test func badNumbersNeitherCrashNorBreakTheContext() throws {
        let c = try context()
        c.move(to: CGPoint(x: CGFloat.nan, y: 0))
        c.addLine(to: CGPoint(x: 0, y: CGFloat.infinity))
        c.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: false)
        #expect(c.isPathEmpty)
        c.setLineWidth(.nan)
        c.setAlpha(.nan)
        c.translateBy(x: .infinity, y: 0)
        #expect(c.ctm == .identity)
        c.move(to: .zero)
        c.addLine(to: CGPoint(x: 1e300, y: 1e300)) // clamped into Cairo's range, still at 45°
        c.strokePath()
        c.saveGState()
        c.scaleBy(x: 0, y: 0) // singular: Cairo would refuse it
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        c.stroke(CGRect(x: 0, y: 0, width: 20, height: 20))
        c.draw(try #require(CGImage(width: 1, height: 1, rgba: [255, 0, 0, 255])), in: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(c.boundingBoxOfClipPath.isNull)
        c.restoreGState()
        c.setFillColor(CGColor(red: .nan, green: 2, blue: -1, alpha: 1))
        c.fill(CGRect(x: 10, y: 10, width: 5, height: 5))
        let p = try Pixels(c)
        #expect(p[12, 12] == [0, 255, 0, 255])
        #expect(p[5, 5][3] > 0) // on the diagonal
        #expect(p[5, 15] == Self.clear)
    }

    // MARK: Images

    /// A 2×2 image: red, green / blue, white, all opaque.
    static func quad() throws -> CGImage {
        try #require(CGImage(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]))
    }

    @Test func drawsAnImageScaledWithItsFirstRowAtTheBottomAsQuartzDoes() throws {
        // Quartz puts an image's first row at the top of its y-up space, so along the rect's maxY: in this
        // y-down bitmap (UIKit's flipped context) the image comes out upside down, as on iOS.
        let c = try context(4, 4)
        c.draw(try Self.quad(), in: CGRect(x: 0, y: 0, width: 4, height: 4))
        let p = try Pixels(c)
        // Corner pixel centres map to (0.25, 0.25) image pixels and the like: with edge pixels extended, the
        // bilinear sample there is exactly the corner pixel.
        #expect(p[0, 3] == Self.red)
        #expect(p[3, 3] == [0, 255, 0, 255])
        #expect(p[0, 0] == Self.blue)
        #expect(p[3, 0] == [255, 255, 255, 255])
        // (1, 3) samples x = 0.75 of the first row: ¾ red, ¼ green. pixman's bilinear weights have 7 bits, so allow ±1.
        let mixed = p[1, 3]
        #expect(abs(Int(mixed[0]) - 191) <= 1 && abs(Int(mixed[1]) - 64) <= 1 && mixed[2] == 0 && mixed[3] == 255, "\(mixed)")
        // Flipping the CTM first (translate by the height, scale y by -1), as ported iOS code does, draws it
        // upright: the first row along the top.
        let flipped = try context(4, 4)
        flipped.translateBy(x: 0, y: 4)
        flipped.scaleBy(x: 1, y: -1)
        flipped.draw(try Self.quad(), in: CGRect(x: 0, y: 0, width: 4, height: 4))
        let q = try Pixels(flipped)
        #expect(q[0, 0] == Self.red)
        #expect(q[3, 0] == [0, 255, 0, 255])
        #expect(q[0, 3] == Self.blue)
        #expect(q[3, 3] == [255, 255, 255, 255])
        let upright = q[1, 0]
        #expect(abs(Int(upright[0]) - 191) <= 1 && abs(Int(upright[1]) - 64) <= 1 && upright[2] == 0 && upright[3] == 255, "\(upright)")
    }

    @Test func imagesHonourTheCTMAlphaAndClip() throws {
        let c = try context(8, 4)
        let red = try #require(CGImage(width: 1, height: 1, rgba: [255, 0, 0, 255]))
        c.translateBy(x: 2, y: 0)
        c.setAlpha(0.6) // 153/255
        c.clip(to: CGRect(x: 0, y: 0, width: 3, height: 4))
        c.draw(red, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        let p = try Pixels(c)
        #expect(p[2, 1] == [153, 0, 0, 153])
        #expect(p[4, 1] == [153, 0, 0, 153])
        #expect(p[1, 1] == Self.clear) // left of the translated rect
        #expect(p[5, 1] == Self.clear) // clipped
    }

    @Test func translucentImagesKeepTheirPremultipliedValues() throws {
        let c = try context(2, 2)
        let image = try #require(CGImage(width: 1, height: 1, rgba: [102, 0, 51, 102], premultiplied: true))
        c.draw(image, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(try Pixels(c)[1, 1] == [102, 0, 51, 102])
    }

    // MARK: Output

    @Test func makeImageIsASnapshot() throws {
        let c = try context(2, 2)
        let before = try #require(c.makeImage())
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(before.premultipliedPixels.allSatisfy { $0 == 0 })
        #expect(try Pixels(c)[1, 1] == [0, 0, 0, 255])
    }

    @Test func copiesASubRectangleAsPremultipliedRGBA() throws {
        let c = try context(10, 10)
        c.setFillColor(red: 1, green: 0, blue: 0.5, alpha: 0.4)
        c.fill(CGRect(x: 4, y: 5, width: 6, height: 5))
        // A 3×2 window from (3, 4) into rows 16 bytes apart; the 4 bytes after each row stay untouched.
        var out = [UInt8](repeating: 0xAA, count: 32)
        let ok = out.withUnsafeMutableBytes { c.copyPremultiplied(rect: (x: 3, y: 4, width: 3, height: 2), format: .rgba, into: $0.baseAddress!, bytesPerRow: 16) }
        #expect(ok)
        let t: [UInt8] = [102, 0, 51, 102], z = Self.clear, pad: [UInt8] = [0xAA, 0xAA, 0xAA, 0xAA]
        #expect(out == z + z + z + pad + z + t + t + pad)

        var untouched = [UInt8](repeating: 0xAA, count: 64)
        let outside = untouched.withUnsafeMutableBytes { c.copyPremultiplied(rect: (x: 8, y: 0, width: 3, height: 1), format: .rgba, into: $0.baseAddress!, bytesPerRow: 16) }
        let narrow = untouched.withUnsafeMutableBytes { c.copyPremultiplied(rect: (x: 0, y: 0, width: 3, height: 1), format: .rgba, into: $0.baseAddress!, bytesPerRow: 8) }
        #expect(!outside && !narrow)
        #expect(untouched.allSatisfy { $0 == 0xAA })
    }
    /// A backing store's bytes for the server in BGRA are Cairo's own, row by row: blue first.
    @Test func backingStoreRowsGoOutInCairosByteOrder() throws {
        let c = try #require(CGContext(width: 8, height: 8))
        c.setFillColor(CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        c.fill(CGRect(x: 2, y: 2, width: 4, height: 4))
        var out = [UInt8](repeating: 7, count: 16 * 2)
        let ok = out.withUnsafeMutableBytes { c.copyPremultiplied(rect: (x: 1, y: 2, width: 3, height: 2), format: .bgra, into: $0.baseAddress!, bytesPerRow: 16) }
        #expect(ok)
        #expect(Array(out[0..<4]) == [0, 0, 0, 0])           // x 1: outside the fill
        #expect(Array(out[4..<8]) == [0, 128, 255, 255])     // B, G, R, A
        #expect(Array(out[12..<16]) == [7, 7, 7, 7])         // past the rect's width: untouched
        #expect(Array(out[20..<24]) == [0, 128, 255, 255])
    }


    @Test func drawsIntoCallerMemoryAsCairoARGB() throws {
        let words = UnsafeMutableRawPointer.allocate(byteCount: 4 * 16, alignment: 4)
        defer { words.deallocate() }
        words.initializeMemory(as: UInt8.self, repeating: 0, count: 64)
        #expect(CGContext(data: words, width: 4, height: 4, bytesPerRow: 12) == nil) // below 4 · 4 bytes
        #expect(CGContext(data: words, width: 3, height: 4, bytesPerRow: 14) == nil) // not a multiple of 4
        #expect(CGContext(data: words + 1, width: 2, height: 2, bytesPerRow: 8) == nil) // misaligned
        let c = try #require(CGContext(data: words, width: 3, height: 4, bytesPerRow: 16))
        #expect(c.bytesPerRow == 16)
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.fill(CGRect(x: 1, y: 2, width: 1, height: 1))
        #expect(words.load(fromByteOffset: 2 * 16 + 4, as: UInt32.self) == 0xFFFF_0000)
        #expect(words.load(fromByteOffset: 2 * 16, as: UInt32.self) == 0)
        #expect(try Pixels(c)[1, 2] == Self.red)
    }
}

extension ClientProcessSuite {
/// CALayer.isOpaque: the backing store has no alpha, so what draw(in:) leaves transparent is black.
@Suite struct OpaqueBackingStoreTests {
    final class Dot: CALayer, @unchecked Sendable {
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
    }

    func pixel(_ image: CGImage?, _ x: Int, _ y: Int) -> [UInt8] {
        guard let image else { return [] }
        let i = (y * image.width + x) * 4
        return Array(image.premultipliedPixels[i..<i + 4])
    }

    @Test func anOpaqueBackingStoreIsBlackWhereNothingIsDrawn() {
        let layer = Dot()
        layer.bounds = CGRect(x: 0, y: 0, width: 6, height: 4)
        layer.setNeedsDisplay()
        CATransaction.flush()
        #expect(pixel(layer.contents as? CGImage, 0, 0) == [255, 255, 255, 255])
        #expect(pixel(layer.contents as? CGImage, 4, 3) == [0, 0, 0, 0])          // transparent where nothing is drawn
        layer.isOpaque = true                                           // marks the layer for display
        CATransaction.flush()
        #expect(pixel(layer.contents as? CGImage, 0, 0) == [255, 255, 255, 255])
        #expect(pixel(layer.contents as? CGImage, 4, 3) == [0, 0, 0, 255])        // opaque black
    }
}
}
