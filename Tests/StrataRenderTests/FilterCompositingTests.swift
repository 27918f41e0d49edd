import Foundation
import StrataCore
import StrataPNG
import StrataRender
import Testing

/// Colour filters, blend modes and backdrops drawn by the GPU, against the documents' arithmetic written
/// out here independently: Core Image's colour matrix and colour controls over unpremultiplied colour, the
/// W3C's blend modes, and a frosted panel's blur of the stripes behind it.
@Suite struct FilterCompositingTests {
    func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.width + x) * 4
        return (0..<4).map { Int(image.pixels[i + $0]) }
    }

    func near(_ a: [Int], _ b: [Double], _ tolerance: Double = 1.5) -> Bool {
        zip(a, b).allSatisfy { abs(Double($0) - $1) <= tolerance }
    }

    /// One 20 × 20 layer of `color` with `key`'s filters over a `background`.
    func render(_ color: String, _ key: String, _ filters: String, background: String = "#FFFFFF") throws -> RGBAImage {
        try Golden.render("""
            {"strata":1,"size":[40,40],"background":"\(background)","layers":[
             {"id":"a","bounds":[0,0,20,20],"position":[20,20],"backgroundColor":"\(color)","\(key)":\(filters)}]}
            """)
    }

    @Test func aColourMatrixMapsEachChannel() throws {
        // r' = 0.5·r + 0.5·b, g' = g + 0.2, b' = r; on (0.8, 0.4, 0.2).
        let image = try render("#CC6633", "filters", """
            [{"type":"CIColorMatrix","inputRVector":[0.5,0,0.5,0],"inputGVector":[0,1,0,0],"inputBVector":[1,0,0,0],
              "inputBiasVector":[0,0.2,0,0]}]
            """)
        let got = pixel(image, 20, 20)
        #expect(near(got, [255 * 0.5, 255 * 0.6, 255 * 0.8, 255]), "\(got)")
    }

    @Test func colourControlsDesaturateBrightenAndContrast() throws {
        // Saturation 0: the Rec. 709 luma of (0.8, 0.4, 0.2) = 0.4714; brightness 0.1; contrast 2 about 0.5.
        let image = try render("#CC6633", "filters", """
            [{"type":"CIColorControls","inputSaturation":0,"inputBrightness":0.1,"inputContrast":2}]
            """)
        let luma = 0.2125 * 0.8 + 0.7154 * 0.4 + 0.0721 * 0.2
        let v = ((luma + 0.1) - 0.5) * 2 + 0.5
        let got = pixel(image, 20, 20)
        #expect(near(got, [255 * v, 255 * v, 255 * v, 255]), "\(got) for \(v)")
    }

    @Test func invertingAHalfTransparentLayerKeepsItsAlpha() throws {
        // (0.8, 0.4, 0.2) at alpha 0.5, inverted to (0.2, 0.6, 0.8), over black.
        let image = try render("#CC663380", "filters", "[\"CIColorInvert\"]", background: "#000000")
        let a = 128.0 / 255
        let got = pixel(image, 20, 20)
        #expect(near(got, [255 * 0.2 * a, 255 * 0.6 * a, 255 * 0.8 * a, 255]), "\(got)")
    }

    @Test func aDisabledFilterChangesNothing() throws {
        let image = try render("#CC6633", "filters", "[{\"type\":\"CIColorInvert\",\"enabled\":false}]")
        #expect(pixel(image, 20, 20) == [204, 102, 51, 255])
    }

    /// The W3C's blend functions of backdrop b and source s (one channel, or all three for the others).
    static func blend(_ mode: String, _ b: [Double], _ s: [Double]) -> [Double] {
        func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
        func clip(_ c: [Double]) -> [Double] {
            let l = lum(c), n = c.min() ?? 0, x = c.max() ?? 0
            var o = c
            if n < 0 { o = o.map { l + ($0 - l) * l / (l - n) } }
            if x > 1 { o = o.map { l + ($0 - l) * (1 - l) / (x - l) } }
            return o
        }
        func setLum(_ c: [Double], _ l: Double) -> [Double] { clip(c.map { $0 + l - lum(c) }) }
        func sat(_ c: [Double]) -> Double { (c.max() ?? 0) - (c.min() ?? 0) }
        func setSat(_ c: [Double], _ s: Double) -> [Double] {
            let mx = c.max() ?? 0, mn = c.min() ?? 0
            return mx > mn ? c.map { ($0 - mn) * s / (mx - mn) } : [0, 0, 0]
        }
        func hard(_ b: Double, _ s: Double) -> Double { s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1) }
        func soft(_ b: Double, _ s: Double) -> Double {
            let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return s <= 0.5 ? b - (1 - 2 * s) * b * (1 - b) : b + (2 * s - 1) * (d - b)
        }
        let each: ((Double, Double) -> Double)? = switch mode {
        case "multiply": { $0 * $1 }
        case "screen": { $0 + $1 - $0 * $1 }
        case "overlay": { hard($1, $0) }
        case "darken": { min($0, $1) }
        case "lighten": { max($0, $1) }
        case "colorDodge": { b, s in b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) }
        case "colorBurn": { b, s in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) }
        case "softLight": { soft($0, $1) }
        case "hardLight": { hard($0, $1) }
        case "difference": { abs($0 - $1) }
        case "exclusion": { $0 + $1 - 2 * $0 * $1 }
        default: nil
        }
        if let each { return zip(b, s).map(each) }
        switch mode {
        case "hue": return setLum(setSat(s, sat(b)), lum(b))
        case "saturation": return setLum(setSat(b, sat(s)), lum(b))
        case "color": return setLum(s, lum(b))
        default: return setLum(b, lum(s))
        }
    }

    static let modes = ["multiply", "screen", "overlay", "darken", "lighten", "colorDodge", "colorBurn", "softLight", "hardLight",
                        "difference", "exclusion", "hue", "saturation", "color", "luminosity"]

    @Test(arguments: modes)
    func eachBlendModeMixesAsTheW3CDefinesIt(mode: String) throws {
        // Opaque source (204, 102, 51) over backdrop (77, 153, 230): the result is B(backdrop, source).
        let image = try render("#CC6633", "compositingFilter", "\"\(mode)BlendMode\"", background: "#4D99E6")
        let expected = Self.blend(mode, [77, 153, 230].map { $0 / 255 }, [204, 102, 51].map { $0 / 255 }).map { 255 * min(1, max(0, $0)) } + [255]
        let got = pixel(image, 20, 20)
        #expect(near(got, expected), "\(mode): \(got), expected \(expected)")
        // Outside the layer the backdrop is untouched.
        #expect(pixel(image, 2, 2) == [77, 153, 230, 255])
    }

    @Test func aHalfTransparentSourceMixesItsBlendWithTheBackdrop() throws {
        // Source alpha 0.5 multiplied over an opaque backdrop: co = cb·(1 − as) + as·cb·cs.
        let image = try render("#CC663380", "compositingFilter", "\"CIMultiplyBlendMode\"", background: "#4D99E6")
        let a = 128.0 / 255
        let b = [77.0, 153, 230].map { $0 / 255 }, s = [204.0, 102, 51].map { $0 / 255 }
        let expected = zip(b, s).map { 255 * ($0 * (1 - a) + a * $0 * $1) } + [255]
        let got = pixel(image, 20, 20)
        #expect(near(got, expected), "\(got), expected \(expected)")
    }

    /// Vertical stripes behind a frosted panel: the panel shows them blurred across (a column's sum of the
    /// stripes' Gaussian weights), under its translucent white.
    @Test func aFrostedPanelShowsWhatLiesBehindItBlurred() throws {
        let image = try Golden.render(Self.frosted)
        let sigma = 6.0
        func stripe(_ x: Int) -> Double { (x / 10) % 2 == 0 ? 0 : 1 } // black and white bands 10 pixels wide
        let reach = Int(4 * sigma)
        var weights = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        var worst = 0.0
        for x in 40..<120 {
            let blurred = (-reach...reach).reduce(0.0) { $0 + stripe(x + $1) * weights[$1 + reach] }
            // The panel's white at alpha 64/255 over the blurred stripes.
            let a = 64.0 / 255
            let expected = 255 * (blurred * (1 - a) + a)
            worst = max(worst, abs(Double(pixel(image, x, 50)[0]) - expected))
        }
        #expect(worst <= 4, "worst \(worst) levels")
        // Outside the panel the stripes are sharp.
        #expect(pixel(image, 45, 5) == [0, 0, 0, 255] && pixel(image, 55, 5) == [255, 255, 255, 255])
    }

    static let frosted: String = {
        let stripes = (0..<8).map { i in
            "{\"id\":\"s\(i)\",\"bounds\":[0,0,10,100],\"position\":[\(i * 20 + 5),50],\"backgroundColor\":\"#000000\"}"
        }.joined(separator: ",")
        return """
            {"strata":1,"size":[160,100],"background":"#FFFFFF","layers":[
             {"id":"stripes","bounds":[0,0,160,100],"position":[80,50],"sublayers":[\(stripes)]},
             {"id":"panel","bounds":[0,0,110,60],"position":[80,50],"cornerRadius":12,"backgroundColor":"#FFFFFF40",
              "backgroundFilters":[{"type":"CIGaussianBlur","name":"frost","inputRadius":6}]}]}
            """
    }()
}
