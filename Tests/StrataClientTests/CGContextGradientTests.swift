import Foundation
@testable import Strata
import Testing

/// CGGradient, CGColorSpace and CGContext's axial and radial gradients, checked pixel by pixel.
///
/// Exact where the colour is a stop's (pixman pads and stops exactly); within 1 where it is interpolated
/// (pixman's gradient parameter is 16-bit fixed point).
@Suite struct CGContextGradientTests {
    typealias Pixels = CGContextTests.Pixels
    static let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255], clear: [UInt8] = [0, 0, 0, 0]

    func context(_ w: Int, _ h: Int) throws -> CGContext { try #require(CGContext(width: w, height: h)) }

    static func redToBlue() throws -> CGGradient {
        try #require(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [.red, .blue], locations: nil))
    }

    func expectNear(_ pixel: [UInt8], _ expected: [Double], _ note: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(zip(pixel, expected).allSatisfy { abs(Double($0) - $1) <= 1 }, "\(pixel) vs \(expected) \(note)", sourceLocation: sourceLocation)
    }

    static let allOptions: [CGGradientDrawingOptions] = [[], [.drawsBeforeStartLocation], [.drawsAfterEndLocation],
                                                          [.drawsBeforeStartLocation, .drawsAfterEndLocation]]

    @Test func axialGradientHonoursEachEndOptionIndependently() throws {
        for options in Self.allOptions {
            let c = try context(20, 4)
            c.drawLinearGradient(try Self.redToBlue(), start: CGPoint(x: 5, y: 0), end: CGPoint(x: 15, y: 0), options: options)
            let p = try Pixels(c)
            let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
            // Pixel centres 0.5 … 4.5 lie before the start (t < 0), 15.5 … 19.5 after the end (t > 1).
            for x in [0, 2, 4] { #expect(p[x, 1] == (before ? Self.red : Self.clear), "x \(x) \(options)") }
            for x in [15, 17, 19] { #expect(p[x, 1] == (after ? Self.blue : Self.clear), "x \(x) \(options)") }
            // Inside, whatever the options: centre 9.5 is t = 0.45, 5.5 is 0.05, 14.5 is 0.95.
            expectNear(p[9, 2], [255 * 0.55, 0, 255 * 0.45, 255], "\(options)")
            expectNear(p[5, 0], [255 * 0.95, 0, 255 * 0.05, 255], "\(options)")
            expectNear(p[14, 3], [255 * 0.05, 0, 255 * 0.95, 255], "\(options)")
        }
    }

    @Test func radialGradientHonoursEachEndOptionIndependently() throws {
        for options in Self.allOptions {
            let c = try context(20, 20)
            // Concentric circles about the centre of pixel (10, 10): radius 3 (t = 0) to 8 (t = 1).
            c.drawRadialGradient(try Self.redToBlue(), startCenter: CGPoint(x: 10.5, y: 10.5), startRadius: 3,
                                 endCenter: CGPoint(x: 10.5, y: 10.5), endRadius: 8, options: options)
            let p = try Pixels(c)
            let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
            // Distance 0, 1 and 2 from the centre: inside the start circle.
            for (x, y) in [(10, 10), (11, 10), (10, 8)] { #expect(p[x, y] == (before ? Self.red : Self.clear), "\(x),\(y) \(options)") }
            // Distance 9 and more: outside the end circle.
            for (x, y) in [(19, 10), (10, 1), (0, 0), (19, 19)] { #expect(p[x, y] == (after ? Self.blue : Self.clear), "\(x),\(y) \(options)") }
            // Distance 6: t = 0.6; distance 4: t = 0.2.
            expectNear(p[16, 10], [255 * 0.4, 0, 255 * 0.6, 255], "\(options)")
            expectNear(p[10, 6], [255 * 0.8, 0, 255 * 0.2, 255], "\(options)")
        }
    }

    @Test func radialGradientFromAPointSpreadsOutward() throws {
        // A start circle of radius 0 has nothing before it: the option changes nothing inside.
        let c = try context(20, 20)
        c.drawRadialGradient(try Self.redToBlue(), startCenter: CGPoint(x: 10.5, y: 10.5), startRadius: 0,
                             endCenter: CGPoint(x: 10.5, y: 10.5), endRadius: 10, options: [.drawsBeforeStartLocation])
        let p = try Pixels(c)
        #expect(p[10, 10] == Self.red)
        expectNear(p[15, 10], [255 * 0.5, 0, 255 * 0.5, 255])
        #expect(p[0, 0] == Self.clear) // distance 14.1: after the end, not extended
    }

    @Test func gradientPointsGoThroughTheCTM() throws {
        let c = try context(40, 4)
        c.translateBy(x: 10, y: 0)
        c.scaleBy(x: 2, y: 1)
        // User x 0 … 10 is device x 10 … 30.
        c.drawLinearGradient(try Self.redToBlue(), start: .zero, end: CGPoint(x: 10, y: 0), options: [])
        let p = try Pixels(c)
        #expect(p[9, 0] == Self.clear)
        #expect(p[30, 0] == Self.clear)
        expectNear(p[19, 0], [255 * 0.525, 0, 255 * 0.475, 255]) // centre 19.5: t = 9.5 / 20
        // Flipped to y-up, a vertical gradient runs up the bitmap.
        let f = try context(4, 20)
        f.translateBy(x: 0, y: 20)
        f.scaleBy(x: 1, y: -1)
        f.drawLinearGradient(try Self.redToBlue(), start: CGPoint(x: 0, y: 5), end: CGPoint(x: 0, y: 15), options: [.drawsBeforeStartLocation])
        let q = try Pixels(f)
        #expect(q[0, 17] == Self.red) // user y 2.5: before the start, near the bottom
        #expect(q[0, 2] == Self.clear) // user y 17.5: after the end, near the top
    }

    @Test func radialGradientsBecomeEllipsesUnderANonUniformScale() throws {
        let c = try context(40, 20)
        c.scaleBy(x: 2, y: 1)
        c.drawRadialGradient(try Self.redToBlue(), startCenter: CGPoint(x: 10.25, y: 10.5), startRadius: 0,
                             endCenter: CGPoint(x: 10.25, y: 10.5), endRadius: 8, options: [])
        let p = try Pixels(c)
        // Device centre (20.5, 10.5): 8 device pixels across is 4 user units (t = 0.5), 8 down is t = 1.
        expectNear(p[28, 10], [255 * 0.5, 0, 255 * 0.5, 255])
        #expect(p[20, 19] == Self.clear) // 9 down: t = 1.125
        expectNear(p[20, 14], [255 * 0.5, 0, 255 * 0.5, 255]) // 4 down: t = 0.5
    }

    @Test func gradientsPaintThroughTheClipWithTheGlobalAlpha() throws {
        let c = try context(20, 4)
        c.clip(to: CGRect(x: 0, y: 0, width: 10, height: 4))
        c.addRect(CGRect(x: 1, y: 1, width: 2, height: 2))
        c.setAlpha(0.6) // 153/255
        c.drawLinearGradient(try Self.redToBlue(), start: CGPoint(x: 5, y: 0), end: CGPoint(x: 15, y: 0),
                             options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        let p = try Pixels(c)
        #expect(p[2, 0] == [153, 0, 0, 153])
        #expect(p[12, 0] == Self.clear) // clipped
        #expect(p[17, 0] == Self.clear)
        #expect(!c.isPathEmpty) // the path is left alone
    }

    @Test func gradientsWithComponentsAndEvenlySpacedLocations() throws {
        // Red, green, blue with nil locations: at 0, 0.5 and 1.
        let components: [CGFloat] = [1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1]
        let g = try #require(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: components, locations: nil, count: 3))
        #expect(g.stops.map(\.location) == [0, 0.5, 1])
        let c = try context(21, 1)
        c.drawLinearGradient(g, start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 20.5, y: 0), options: [])
        let p = try Pixels(c)
        expectNear(p[10, 0], [0, 255, 0, 255]) // t = 0.5
        expectNear(p[5, 0], [127.5, 127.5, 0, 255]) // t = 0.25
        // Given locations, and grey components: the first colour fills up to its location.
        let grey = try #require(CGGradient(colorSpace: CGColorSpaceCreateDeviceGray(), colorComponents: [0.2, 1, 1, 1],
                                           locations: [0.5, 1], count: 2))
        let d = try context(21, 1)
        d.drawLinearGradient(grey, start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 20.5, y: 0), options: [])
        let q = try Pixels(d)
        #expect(q[3, 0] == [51, 51, 51, 255])
        expectNear(q[15, 0], [153, 153, 153, 255]) // t = 0.75: halfway from 0.2 to 1
    }

    @Test func gradientCreationValidatesItsInput() throws {
        let rgb = CGColorSpaceCreateDeviceRGB()
        #expect(CGGradient(colorsSpace: rgb, colors: [], locations: nil) == nil)
        #expect(CGGradient(colorSpace: rgb, colorComponents: [1, 0, 0, 1], locations: nil, count: 0) == nil)
        #expect(CGGradient(colorSpace: rgb, colorComponents: [.nan, 0, 0, 1], locations: nil, count: 1) == nil)
        #expect(CGGradient(colorsSpace: rgb, colors: [.red, .blue], locations: [0, .infinity]) == nil)
        // Out-of-order locations are sorted; out-of-range ones clamped.
        let g = try #require(CGGradient(colorsSpace: nil, colors: [.red, .blue, .green], locations: [1.5, 0, 0.5]))
        #expect(g.stops.map(\.location) == [0, 0.5, 1])
        #expect(g.stops.map(\.color) == [CGColor.blue.color, CGColor.green.color, CGColor.red.color])
        // A single colour paints itself.
        let one = try #require(CGGradient(colorsSpace: nil, colors: [.red], locations: nil))
        let c = try context(4, 1)
        c.drawLinearGradient(one, start: .zero, end: CGPoint(x: 4, y: 0), options: [])
        #expect(try Pixels(c)[2, 0] == Self.red)
    }

    @Test func degenerateGradientsDrawNothing() throws {
        let c = try context(4, 4)
        c.drawLinearGradient(try Self.redToBlue(), start: CGPoint(x: 1, y: 1), end: CGPoint(x: 1, y: 1), options: [.drawsBeforeStartLocation])
        c.drawRadialGradient(try Self.redToBlue(), startCenter: .zero, startRadius: 2, endCenter: .zero, endRadius: 2,
                             options: [.drawsAfterEndLocation])
        c.drawRadialGradient(try Self.redToBlue(), startCenter: .zero, startRadius: -1, endCenter: .zero, endRadius: 2, options: [])
        c.drawLinearGradient(try Self.redToBlue(), start: .zero, end: CGPoint(x: CGFloat.nan, y: 0), options: [])
        let image = try #require(c.makeImage())
        #expect(image.premultipliedPixels.allSatisfy { $0 == 0 })
    }

    @Test func colorSpacesByName() {
        #expect(CGColorSpace(name: CGColorSpace.sRGB)?.model == .rgb)
        #expect(CGColorSpace(name: CGColorSpace.sRGB)?.numberOfComponents == 3)
        #expect(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)?.model == .monochrome)
        #expect(CGColorSpaceCreateDeviceRGB().name == nil)
        let logged = LogCapture.messages {
            #expect(CGColorSpace(name: CGColorSpace.displayP3) == nil)
            #expect(CGColorSpace(name: CGColorSpace.genericRGBLinear) == nil)
        }
        #expect(logged == ["CGColorSpace(name:): unsupported: color space kCGColorSpaceDisplayP3",
                           "CGColorSpace(name:): unsupported: color space kCGColorSpaceGenericRGBLinear"])
    }

    @Test func goldenGradients() throws {
        // Four rows, one per option set: an axial gradient from x 8 to 24 on the left, a radial one
        // (radius 2 to 6) on the right, each clipped to its cell.
        let c = try context(64, 64)
        let g = try #require(CGGradient(colorsSpace: nil, colors: [.orange, .purple, .cyan], locations: [0, 0.4, 1]))
        for (row, options) in Self.allOptions.enumerated() {
            let y = CGFloat(row * 16)
            c.saveGState()
            c.clip(to: CGRect(x: 0, y: y + 1, width: 32, height: 14))
            c.drawLinearGradient(g, start: CGPoint(x: 8, y: y), end: CGPoint(x: 24, y: y + 4), options: options)
            c.restoreGState()
            c.saveGState()
            c.clip(to: CGRect(x: 32, y: y + 1, width: 32, height: 14))
            c.drawRadialGradient(g, startCenter: CGPoint(x: 46, y: y + 8), startRadius: 2, endCenter: CGPoint(x: 49, y: y + 8),
                                 endRadius: 6, options: options)
            c.restoreGState()
        }
        try CGContextGolden.expectMatches(c, "gradients.png")
    }
}
