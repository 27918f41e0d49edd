import Foundation
@testable import Strata
import Testing

/// CGBlendMode through setBlendMode: results against the documented formulas (premultiplied, R the result,
/// S the source, D the destination, Sa and Da their alphas), bounded to what is painted.
@Suite struct CGContextBlendModeTests {
    typealias Pixels = CGContextTests.Pixels

    func context(_ w: Int = 8, _ h: Int = 4) throws -> CGContext { try #require(CGContext(width: w, height: h)) }

    /// Paints D over the whole bitmap, then S over its left half with `mode`; returns (inside S, outside S).
    func blend(_ mode: CGBlendMode, source: CGColor, destination: CGColor) throws -> (inside: [UInt8], outside: [UInt8]) {
        let c = try context()
        c.setFillColor(destination)
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        c.setBlendMode(mode)
        c.setFillColor(source)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        let p = try Pixels(c)
        return (p[1, 1], p[6, 1])
    }

    func expectNear(_ pixel: [UInt8], _ expected: [Double], _ note: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(zip(pixel, expected).allSatisfy { abs(Double($0) - $1) <= 1 }, "\(note): \(pixel) vs \(expected)",
                sourceLocation: sourceLocation)
    }

    @Test func separableModesOnOpaqueColours() throws {
        // D = (0.4, 0.6, 0.2), S = (0.8, 0.2, 0.6), both opaque.
        let d = CGColor(red: 0.4, green: 0.6, blue: 0.2, alpha: 1), s = CGColor(red: 0.8, green: 0.2, blue: 0.6, alpha: 1)
        let dv = [0.4, 0.6, 0.2], sv = [0.8, 0.2, 0.6]
        let formulas: [(CGBlendMode, (Double, Double) -> Double)] = [
            (.multiply, { $0 * $1 }),
            (.screen, { $0 + $1 - $0 * $1 }),
            (.darken, { min($0, $1) }),
            (.lighten, { max($0, $1) }),
            (.difference, { abs($0 - $1) }),
            (.exclusion, { $0 + $1 - 2 * $0 * $1 }),
            (.plusLighter, { min(1, $0 + $1) }),
            (.normal, { s, _ in s }),
        ]
        for (mode, f) in formulas {
            let (inside, outside) = try blend(mode, source: s, destination: d)
            expectNear(inside, zip(sv, dv).map { 255 * f($0, $1) } + [255], "\(mode)")
            #expect(outside == [102, 153, 51, 255], "\(mode) changed what it did not paint")
        }
    }

    @Test func porterDuffModesOnTranslucentColours() throws {
        // D = red at alpha 0.6 (premultiplied 153, 0, 0, 153), S = blue at alpha 0.4 (0, 0, 102, 102).
        let d = CGColor(red: 1, green: 0, blue: 0, alpha: 0.6), s = CGColor(red: 0, green: 0, blue: 1, alpha: 0.4)
        let D = [153.0, 0, 0, 153], S = [0.0, 0, 102, 102]
        let sa = 0.4, da = 0.6
        func mix(_ fs: Double, _ fd: Double) -> [Double] { (0..<4).map { S[$0] * fs + D[$0] * fd } }
        let formulas: [(CGBlendMode, [Double])] = [
            (.clear, [0, 0, 0, 0]),
            (.copy, S),
            (.sourceIn, mix(da, 0)),
            (.sourceOut, mix(1 - da, 0)),
            (.sourceAtop, mix(da, 1 - sa)),
            (.destinationOver, mix(1 - da, 1)),
            (.destinationIn, mix(0, sa)),
            (.destinationOut, mix(0, 1 - sa)),
            (.destinationAtop, mix(1 - da, sa)),
            (.xor, mix(1 - da, 1 - sa)),
            (.plusLighter, mix(1, 1)),
            (.normal, mix(1, 1 - sa)),
        ]
        for (mode, expected) in formulas {
            let (inside, outside) = try blend(mode, source: s, destination: d)
            expectNear(inside, expected, "\(mode)")
            // Quartz changes only what is painted: even the modes Cairo leaves unbounded (in, out,
            // destination in, destination atop) keep the destination outside the shape.
            #expect(outside == [153, 0, 0, 153], "\(mode) changed what it did not paint")
        }
    }

    @Test func antialiasedEdgesBlendByCoverage() throws {
        // A fill covering half of a pixel column with copy: R = D + ½(S − D).
        let c = try context()
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        c.setBlendMode(.copy)
        c.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.4))
        c.fill(CGRect(x: 0, y: 0, width: 2.5, height: 4))
        let p = try Pixels(c)
        #expect(p[1, 0] == [0, 0, 102, 102])
        expectNear(p[2, 0], [127.5, 0, 51, 178.5], "half-covered pixel")
        #expect(p[3, 0] == [255, 0, 0, 255])
    }

    @Test func blendModesApplyToImagesStrokesAndThroughAMaskClip() throws {
        let c = try context()
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 0.6))
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        c.interpolationQuality = .none
        c.clip(to: CGRect(x: 0, y: 0, width: 8, height: 4), mask: try #require(CGImage(width: 2, height: 1, rgba: [0, 0, 0, 255, 0, 0, 0, 0])))
        c.setBlendMode(.destinationIn)
        // An image with alpha 0.4 over columns 0…5: R = D · 0.4 where the mask is on (columns 0…3).
        c.draw(try #require(CGImage(width: 1, height: 1, rgba: [0, 255, 0, 102])), in: CGRect(x: 0, y: 0, width: 6, height: 4))
        let p = try Pixels(c)
        expectNear(p[1, 1], [61.2, 0, 0, 61.2], "destinationIn image, masked in")
        #expect(p[5, 1] == [153, 0, 0, 153]) // masked out
        #expect(p[7, 1] == [153, 0, 0, 153]) // neither
        // Multiply on a stroke.
        let s = try context()
        s.setFillColor(CGColor(red: 0.4, green: 0.6, blue: 0.2, alpha: 1))
        s.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        s.setBlendMode(.multiply)
        s.setStrokeColor(CGColor(red: 0.8, green: 0.2, blue: 0.6, alpha: 1))
        s.setLineWidth(2)
        s.strokeLineSegments(between: [CGPoint(x: 0, y: 1), CGPoint(x: 8, y: 1)])
        let q = try Pixels(s)
        expectNear(q[3, 0], [81.6, 30.6, 30.6, 255], "multiply stroke")
        #expect(q[3, 3] == [102, 153, 51, 255])
    }

    @Test func theBlendModeIsPartOfTheGraphicsState() throws {
        let c = try context()
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        c.saveGState()
        c.setBlendMode(.clear)
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        c.restoreGState()
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.fill(CGRect(x: 4, y: 0, width: 2, height: 4))
        let p = try Pixels(c)
        #expect(p[0, 0] == [0, 0, 0, 0])
        #expect(p[4, 0] == [255, 0, 0, 255])
    }

    @Test func plusDarkerIsReportedAndPaintsNormally() throws {
        #expect(CGBlendMode.allCases.count == 28)
        #expect(CGBlendMode.plusLighter.rawValue == 27 && CGBlendMode.clear.rawValue == 16 && CGBlendMode.luminosity.rawValue == 15)
        var result: (inside: [UInt8], outside: [UInt8]) = ([], [])
        let logged = try LogCapture.messages {
            result = try blend(.plusDarker, source: CGColor(red: 0, green: 0, blue: 1, alpha: 1), destination: CGColor.red)
        }
        #expect(logged == ["CGContext.setBlendMode: unsupported: blend mode plusDarker (painting as normal)"])
        #expect(result.inside == [0, 0, 255, 255])
    }

    @Test func goldenBlendModes() throws {
        // One 9×16 cell per mode, 7 to a row: the destination is an opaque orange top and a translucent
        // cyan bottom; the source a translucent magenta disc over both.
        let c = try context(63, 64)
        for (i, mode) in CGBlendMode.allCases.enumerated() where mode != .plusDarker {
            let cell = CGRect(x: CGFloat(i % 7 * 9), y: CGFloat(i / 7 * 16), width: 9, height: 16)
            c.saveGState()
            c.clip(to: cell)
            c.setFillColor(CGColor.orange)
            c.fill(CGRect(x: cell.minX, y: cell.minY, width: 9, height: 8))
            c.setFillColor(CGColor(red: 0, green: 1, blue: 1, alpha: 0.5))
            c.fill(CGRect(x: cell.minX, y: cell.minY + 8, width: 9, height: 8))
            c.setBlendMode(mode)
            c.setFillColor(CGColor(red: 0.9, green: 0.1, blue: 0.8, alpha: 0.75))
            c.fillEllipse(in: cell.insetBy(dx: 1, dy: 3))
            c.restoreGState()
        }
        try CGContextGolden.expectMatches(c, "blend-modes.png")
    }
}
