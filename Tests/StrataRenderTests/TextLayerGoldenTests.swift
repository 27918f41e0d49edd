import StrataTestSupport
import Foundation
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// CATextLayer drawn by the server (Golden/text-layers), with the fonts `scripts/install-deps.sh`
/// installs and the test fontconfig configuration (Tests/Fonts/fonts.conf): seed 004's D8 and D9, each
/// alignment and truncation mode, a line of four scripts, and text turned in 3D and scaled 4×.
@Suite(.serialized) struct TextLayerGoldenTests {
    init() { TestFonts.install() }

    /// D8: the justified, wrapped Lorem label on a 2× screen: at contentsScale 1 its glyphs are made at one
    /// pixel per point and magnified (blurry, the seed's Fig 6.2); at 2 they are made at the screen's
    /// resolution (sharp, Fig 6.3).
    @Test func d8TheLabelIsSharperAtTheScreensScale() throws {
        let img = try Golden.render(Golden.sceneText("text-layers/d8-label.json"))
        try Golden.expectMatches(img, "text-layers/d8-label-t0.png")
        let blurry = Sharpness.edgeEnergy(img, x: 0..<430), sharp = Sharpness.edgeEnergy(img, x: 430..<860)
        #expect(sharp > 1.3 * blurry, "edge energy at contentsScale 2: \(sharp), at 1: \(blurry)")
        // Both show the same text: as much ink, to within the blur's spreading.
        let inkBlurry = Sharpness.ink(img, x: 0..<430), inkSharp = Sharpness.ink(img, x: 430..<860)
        #expect(abs(inkBlurry - inkSharp) < 0.1 * inkSharp, "ink \(inkBlurry) vs \(inkSharp)")
    }

    /// D9: "ipsum" (range 6, 5) red and single-underlined in a black paragraph.
    @Test func d9IpsumIsRedAndUnderlined() throws {
        let img = try Golden.render(Golden.sceneText("text-layers/d9-rich-text.json"))
        try Golden.expectMatches(img, "text-layers/d9-rich-text-t0.png")
        var red = 0, black = 0
        for y in 0..<img.height { for x in 0..<img.width {
            let p = img.rgba(x, y)
            if p[0] > 200 && p[1] < 60 && p[2] < 60 { red += 1 }
            if p[0] < 60 && p[1] < 60 && p[2] < 60 { black += 1 }
        } }
        #expect(red > 100 && black > 10 * red, "red \(red), black \(black)")
        // The underline: a row of solid red under the first line, on the word's span only.
        let underlineRows = (0..<80).filter { y in (0..<img.width).filter { img.rgba($0, y)[0] > 200 && img.rgba($0, y)[1] < 60 }.count > 60 }
        #expect(!underlineRows.isEmpty, "no red underline row in the first line")
    }

    @Test func eachAlignmentMode() throws {
        try Golden.expectMatches(Golden.render(Golden.sceneText("text-layers/alignment.json")), "text-layers/alignment-t0.png")
    }

    @Test func eachTruncationMode() throws {
        try Golden.expectMatches(Golden.render(Golden.sceneText("text-layers/truncation.json")), "text-layers/truncation-t0.png")
    }

    /// English, Arabic with digits, Chinese and an emoji on one line: every character from a font that has it.
    @Test func aLineOfFourScripts() throws {
        let img = try Golden.render(Golden.sceneText("text-layers/mixed-scripts.json"))
        try Golden.expectMatches(img, "text-layers/mixed-scripts-t0.png")
        // The emoji is drawn in colour (Noto Color Emoji), the rest in black.
        var coloured = 0
        for y in 0..<img.height {
            for x in 0..<img.width {
                let p = img.rgba(x, y)
                if abs(p[0] - p[1]) > 60 || abs(p[1] - p[2]) > 60 { coloured += 1 }
            }
        }
        #expect(coloured > 40, "\(coloured) coloured pixels")
    }

    /// Text turned in 3D and scaled 4× is made at the size it is shown: far sharper than the same layer
    /// rasterized at one pixel per point and magnified.
    @Test func textTurnedIn3DAndScaled4xStaysSharp() throws {
        let text = try Golden.sceneText("text-layers/rotated-4x.json")
        let img = try Golden.render(text)
        try Golden.expectMatches(img, "text-layers/rotated-4x-t0.png")
        let magnified = try Golden.render(text.replacingOccurrences(of: "\"fontSize\": 12,", with: "\"fontSize\": 12, \"shouldRasterize\": true, \"rasterizationScale\": 1,"))
        let sharp = Sharpness.edgeEnergy(img, x: 0..<img.width), blurry = Sharpness.edgeEnergy(magnified, x: 0..<magnified.width)
        #expect(sharp > 1.5 * blurry, "edge energy drawn: \(sharp), magnified bitmap: \(blurry)")
    }
}

/// Measures of how sharp text is in an image of dark text on white.
enum Sharpness {
    /// The sum of squared differences between horizontal and vertical neighbours' luminance, per unit of
    /// ink: blur spreads the same ink over softer edges, lowering it.
    static func edgeEnergy(_ img: RGBAImage, x columns: Range<Int>) -> Double {
        var energy = 0.0
        for y in 0..<(img.height - 1) {
            for x in columns.lowerBound..<(columns.upperBound - 1) {
                let l = luminance(img, x, y)
                let dx = l - luminance(img, x + 1, y), dy = l - luminance(img, x, y + 1)
                energy += dx * dx + dy * dy
            }
        }
        return energy / max(1, ink(img, x: columns))
    }

    /// Total darkness (1 − luminance) over the columns.
    static func ink(_ img: RGBAImage, x columns: Range<Int>) -> Double {
        var total = 0.0
        for y in 0..<img.height { for x in columns { total += 1 - luminance(img, x, y) } }
        return total
    }

    static func luminance(_ img: RGBAImage, _ x: Int, _ y: Int) -> Double {
        let p = img.rgba(x, y)
        return (0.2126 * Double(p[0]) + 0.7152 * Double(p[1]) + 0.0722 * Double(p[2])) / 255
    }
}
