import Foundation
@testable import Strata
import StrataCore
import Testing

/// CGContext shadows: blur against an independent Gaussian, offset direction, colour, graphics state.
@Suite struct CGContextShadowTests {
    typealias Pixels = CGContextTests.Pixels
    static let red: [UInt8] = [255, 0, 0, 255], clear: [UInt8] = [0, 0, 0, 0]

    func context(_ w: Int, _ h: Int) throws -> CGContext { try #require(CGContext(width: w, height: h)) }

    /// The continuous Gaussian (standard deviation σ) blur of the unit square's coverage of [a, b) along
    /// one axis, at `p`.
    static func blurredEdge(_ p: Double, _ a: Double, _ b: Double, sigma: Double) -> Double {
        0.5 * (erf((p - a) / (sigma * 2.squareRoot())) - erf((p - b) / (sigma * 2.squareRoot())))
    }

    @Test func theShadowIsTheShapeBlurredByAGaussianOfHalfTheBlur() throws {
        let c = try context(48, 32)
        // Blur 4: σ = 2. The shadow of [8, 16)² moved by (20, 4) is [28, 36) × [12, 20), away from the square.
        c.setShadow(offset: CGSize(width: 20, height: 4), blur: 4, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        c.setFillColor(CGColor.red)
        c.fill(CGRect(x: 8, y: 8, width: 8, height: 8))
        let p = try Pixels(c)
        var worst = 0.0
        for y in 0..<32 {
            for x in 17..<48 {
                let expected = 255 * Self.blurredEdge(Double(x) + 0.5, 28, 36, sigma: 2) * Self.blurredEdge(Double(y) + 0.5, 12, 20, sigma: 2)
                let pixel = p[x, y]
                #expect(pixel[0] == 0 && pixel[1] == 0 && pixel[2] == pixel[3], "\(x),\(y): \(pixel)")
                worst = max(worst, abs(Double(pixel[3]) - expected))
            }
        }
        // The sampled, truncated (3σ) kernel against the exact integral: within 2.5 of 255 everywhere (1.97 now).
        #expect(worst <= 2.5, "worst difference \(worst)")
        // Its middle: erf(4 / (2√2))² = 0.911 → 232 (so it is blurred: not 255). The square is painted over.
        #expect(abs(Int(p[32, 16][3]) - 232) <= 1, "\(p[32, 16])")
        #expect(p[12, 12] == Self.red)
    }

    @Test func positiveOffsetsMoveTheShadowRightAndDownWhateverTheCTM() throws {
        for flipped in [false, true] {
            let c = try context(20, 20)
            if flipped {
                c.translateBy(x: 0, y: 20)
                c.scaleBy(x: 1, y: -1)
            }
            c.setShadow(offset: CGSize(width: 3, height: 2), blur: 0) // Quartz's default: black at 1/3 alpha
            c.setFillColor(CGColor.red)
            c.fill(CGRect(x: 5, y: 5, width: 5, height: 5)) // device rows 5…9, or 10…14 when flipped
            let top = flipped ? 10 : 5
            let p = try Pixels(c)
            let shadow: [UInt8] = [0, 0, 0, 85]
            #expect(p[5, top] == Self.red)
            #expect(p[12, top + 6] == shadow, "flipped \(flipped)") // right of and below the square
            #expect(p[8, top + 6] == shadow)
            #expect(p[12, top + 2] == shadow)
            #expect(p[7, top + 7] == Self.clear) // offset 2 down: rows top+2 … top+6
            #expect(p[13, top + 3] == Self.clear) // offset 3 right: columns 8 … 12
            #expect(p[5, top - 1] == Self.clear)
            #expect(p[7, top + 1] == Self.red)
        }
        // Scaling the CTM scales the shape, not the offset.
        let s = try context(20, 20)
        s.scaleBy(x: 2, y: 2)
        s.setShadow(offset: CGSize(width: 1, height: 1), blur: 0, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        s.setFillColor(CGColor.red)
        s.fill(CGRect(x: 1, y: 1, width: 2, height: 2)) // device 2…5
        let q = try Pixels(s)
        #expect(q[6, 6] == [0, 0, 255, 255])
        #expect(q[7, 6] == Self.clear)
    }

    @Test func theShadowHasItsColourTimesTheGlobalAlpha() throws {
        let c = try context(10, 10)
        c.setAlpha(0.5)
        c.setShadow(offset: CGSize(width: 4, height: 0), blur: 0, color: CGColor(red: 0, green: 1, blue: 0, alpha: 0.4))
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        let p = try Pixels(c)
        // 0.4 · 0.5 = 0.2 = 51/255.
        #expect(p[6, 1] == [0, 51, 0, 51])
        // The square at alpha 0.5 over nothing: its shadow is not under it (the offset is its width).
        #expect(p[1, 1] == [128, 0, 0, 128])
    }

    @Test func theShadowIsPartOfTheGraphicsState() throws {
        let c = try context(20, 10)
        c.saveGState()
        c.setShadow(offset: CGSize(width: 0, height: 3), blur: 0, color: CGColor.blue)
        c.fill(CGRect(x: 0, y: 0, width: 3, height: 3))
        c.restoreGState()
        c.fill(CGRect(x: 10, y: 0, width: 3, height: 3))
        c.setShadow(offset: CGSize(width: 0, height: 3), blur: 0, color: CGColor.blue)
        c.setShadow(offset: CGSize(width: 0, height: 3), blur: 0, color: nil) // nil colour: no shadow
        c.fill(CGRect(x: 5, y: 0, width: 3, height: 3))
        c.setShadow(offset: CGSize(width: 0, height: 3), blur: 0, color: CGColor.clear) // transparent: none either
        c.fill(CGRect(x: 15, y: 0, width: 3, height: 3))
        let p = try Pixels(c)
        #expect(p[1, 4] == [0, 0, 255, 255])
        #expect(p[11, 4] == Self.clear)
        #expect(p[6, 4] == Self.clear)
        #expect(p[16, 4] == Self.clear)
    }

    @Test func strokesImagesAndGradientsCastShadowsToo() throws {
        let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        // A stroke: its outline's shadow, not the path's interior.
        let s = try context(20, 20)
        s.setShadow(offset: CGSize(width: 0, height: 10), blur: 0, color: blue)
        s.setLineWidth(2)
        s.stroke(CGRect(x: 3, y: 1, width: 6, height: 6)) // covers 2…9 with a hole 4…7
        var p = try Pixels(s)
        #expect(p[2, 11] == [0, 0, 255, 255])
        #expect(p[5, 15] == Self.clear)
        // Fill and stroke cast one shadow: both painted over it.
        let fs = try context(20, 20)
        fs.setShadow(offset: CGSize(width: 1, height: 0), blur: 0, color: blue)
        fs.setFillColor(CGColor.red)
        fs.setStrokeColor(CGColor.green)
        fs.setLineWidth(2)
        fs.addRect(CGRect(x: 3, y: 3, width: 6, height: 6))
        fs.drawPath(using: .fillStroke)
        p = try Pixels(fs)
        #expect(p[3, 5] == [0, 255, 0, 255]) // the stroke's inner half
        #expect(p[4, 5] == Self.red) // the fill, not darkened by a shadow of the stroke painted after it
        #expect(p[10, 5] == [0, 0, 255, 255])
        // An image.
        let i = try context(20, 20)
        i.setShadow(offset: CGSize(width: 5, height: 0), blur: 0, color: blue)
        i.draw(try #require(CGImage(width: 1, height: 1, rgba: [255, 0, 0, 128])), in: CGRect(x: 0, y: 0, width: 4, height: 4))
        p = try Pixels(i)
        #expect(p[6, 1] == [0, 0, 128, 128]) // the image's alpha, tinted
        // A gradient band (no extension): its shadow lies beside it.
        let g = try context(20, 4)
        g.setShadow(offset: CGSize(width: 6, height: 0), blur: 0, color: blue)
        g.drawLinearGradient(try #require(CGGradient(colorsSpace: nil, colors: [.red, .red], locations: nil)),
                             start: CGPoint(x: 2, y: 0), end: CGPoint(x: 6, y: 0), options: [])
        p = try Pixels(g)
        #expect(p[3, 1] == Self.red)
        #expect(p[10, 1] == [0, 0, 255, 255])
        #expect(p[13, 1] == Self.clear)
    }

    @Test func aShapeOutsideTheClipCastsItsShadowIntoIt() throws {
        // The inner-shadow idiom: clip to a rect, fill around it; the shadow falls inside.
        let c = try context(20, 20)
        c.clip(to: CGRect(x: 5, y: 5, width: 10, height: 10))
        c.setShadow(offset: CGSize(width: 2, height: 2), blur: 0, color: CGColor.blue)
        c.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        c.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        c.fillPath(using: .evenOdd) // a frame with a hole
        let p = try Pixels(c)
        #expect(p[5, 5] == [0, 0, 255, 255]) // the frame's shadow inside the top-left of the hole
        #expect(p[6, 6] == [0, 0, 255, 255])
        #expect(p[7, 7] == Self.clear)
        #expect(p[2, 2] == Self.clear) // the frame itself is clipped away
    }

    @Test func largeBlursStayBoundedAndKeepTheShadowsWeight() throws {
        let c = try context(64, 64)
        c.setShadow(offset: CGSize(width: 0, height: 0), blur: 40, color: CGColor.blue) // σ = 20: box blurs
        c.fill(CGRect(x: 28, y: 28, width: 8, height: 8))
        let image = try #require(c.makeImage())
        // Without the square's own pixels, the shadow spreads smoothly and thinly.
        let centre = image.premultipliedPixels[(20 * 64 + 20) * 4 + 3]
        #expect(centre > 0 && centre < 40, "\(centre)")
        #expect(ShadowBlur.boxRadii(sigma: 20).count == 3)
        // Three boxes of these radii have a variance within 2 % of σ².
        for sigma in [10.5, 20, 33.3, 64] {
            let variance = ShadowBlur.boxRadii(sigma: sigma).map { Double((2 * $0 + 1) * (2 * $0 + 1) - 1) / 12 }.reduce(0, +)
            #expect(abs(variance - sigma * sigma) / (sigma * sigma) < 0.02, "σ \(sigma): \(variance)")
        }
        // Huge blurs are capped rather than allocating without bound.
        c.setShadow(offset: .zero, blur: 1e9)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(c.state.shadow?.blur == 128)
    }

    @Test func invalidShadowsAreIgnored() throws {
        let c = try context(4, 4)
        c.setShadow(offset: CGSize(width: 1, height: 1), blur: 2)
        c.setShadow(offset: CGSize(width: CGFloat.nan, height: 1), blur: 2)
        c.setShadow(offset: .zero, blur: -1)
        #expect(c.state.shadow?.offset == CGSize(width: 1, height: 1))
        #expect(c.state.shadow?.color == Color(red: 0, green: 0, blue: 0, alpha: 1.0 / 3))
        // A shadow moved off the bitmap draws nothing, and nothing breaks.
        c.setShadow(offset: CGSize(width: 1e12, height: 0), blur: 2)
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(try Pixels(c)[3, 3] == Self.clear)
        #expect(try Pixels(c)[1, 1] == [0, 0, 0, 255])
    }

    @Test func goldenShadows() throws {
        let c = try context(64, 64)
        c.setFillColor(CGColor(gray: 1, alpha: 1))
        c.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
        c.saveGState()
        c.setShadow(offset: CGSize(width: 3, height: 4), blur: 6, color: CGColor(red: 0.2, green: 0, blue: 0.6, alpha: 0.8))
        c.setFillColor(CGColor.orange)
        c.fillEllipse(in: CGRect(x: 6, y: 6, width: 26, height: 20))
        c.setShadow(offset: CGSize(width: -2, height: 2), blur: 3)
        c.setStrokeColor(CGColor.blue)
        c.setLineWidth(3)
        c.setLineCap(.round)
        c.strokeLineSegments(between: [CGPoint(x: 40, y: 8), CGPoint(x: 58, y: 28)])
        c.restoreGState()
        c.setFillColor(CGColor.darkGray)
        c.fill(CGRect(x: 8, y: 40, width: 16, height: 16)) // no shadow after the restore
        c.setShadow(offset: CGSize(width: 0, height: -3), blur: 1.5, color: CGColor.red)
        c.drawRadialGradient(try #require(CGGradient(colorsSpace: nil, colors: [.yellow, .green], locations: nil)),
                             startCenter: CGPoint(x: 46, y: 48), startRadius: 0, endCenter: CGPoint(x: 46, y: 48), endRadius: 10, options: [])
        try CGContextGolden.expectMatches(c, "shadows.png")
    }
}
