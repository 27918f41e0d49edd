import CStrataGL
import Foundation
import StrataCore
import StrataDisplay
@testable import StrataRender
import StrataText

/// A headless display and a renderer for drawing `TextDraw`s, read back as top-down RGBA rows (target
/// pixels), with the faces and FreeType masks the text tests compare against.
final class TextCanvas {
    static let dejaVu = FontFace(id: 1, path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", index: 0, family: "DejaVu Sans", isColor: false)
    static let emoji = FontFace(id: 2, path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf", index: 0, family: "Noto Color Emoji", isColor: true)

    private let display: HeadlessDisplay
    private(set) var renderer: Renderer?
    let width: Int, height: Int
    /// The masks' own rasteriser (the same FreeType the renderer's atlas uses).
    let rasterizer = GlyphRasterizer()

    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        display = try HeadlessDisplay(width: width, height: height)
        renderer = try Renderer()
    }

    deinit {
        try? display.makeCurrent()
        renderer = nil
        display.releaseCurrent()
    }

    /// Gives the renderer a glyph atlas of `size` × `size` texels.
    func useAtlas(size: Int) throws {
        try display.makeCurrent()
        renderer?.glyphAtlas = GlyphAtlas(size: size)
    }

    var full: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Draws `draws` over transparent black; returns the pixels and the frame's counters. Every inked
    /// pixel must lie in the draws' boxes (damage tracking relies on them).
    func render(_ draws: [TextDraw]) throws -> (pixels: TextPixels, counters: RenderCounters) {
        try display.makeCurrent()
        guard let renderer else { throw GLError("no renderer") }
        var list = DrawList()
        list.clearColor = .clear
        list.commands = draws.map { .content($0) }
        let counters = try renderer.render(list, framebuffer: display.framebuffer, width: width, height: height)
        let pixels = TextPixels(width: width, height: height, bytes: try display.readPixels().pixels)
        let boxes = draws.map { $0.box(within: full) }
        for (x, y) in pixels.inked where !boxes.contains(where: { $0.contains(x, y) }) {
            throw GLError("pixel (\(x), \(y)) is inked outside the draws' boxes \(boxes)")
        }
        return (pixels, counters)
    }

    func glyph(_ c: Unicode.Scalar, _ face: FontFace = TextCanvas.dejaVu) -> UInt32 {
        rasterizer.glyphIndex(face: face, character: c) ?? 0
    }

    /// A run of `text` from `origin`, each glyph `advance` points after the last.
    func run(_ text: String, at origin: CGPoint, size: CGFloat, advance: CGFloat, color: Color = .white,
             face: FontFace = TextCanvas.dejaVu) -> TextDraw.Run {
        let scalars = Array(text.unicodeScalars)
        return TextDraw.Run(face: face, size: size, color: color, glyphs: scalars.map { glyph($0, face) },
                            positions: scalars.indices.map { CGPoint(x: origin.x + CGFloat($0) * advance, y: origin.y) })
    }

    /// The image FreeType's mask of `glyph` gives when put with its origin on target pixel (x, y) in `color`
    /// (premultiplied over transparent black), or the colour bitmap itself.
    func expected(_ glyph: UInt32, face: FontFace = TextCanvas.dejaVu, pixelSize: CGFloat, subpixelX: CGFloat = 0, x: Int, y: Int,
                  color: (Int, Int, Int) = (1, 1, 1), into image: inout TextPixels) throws {
        guard let g = rasterizer.rasterize(face: face, glyph: glyph, pixelSize: pixelSize, subpixelX: subpixelX) else {
            throw GLError("no glyph \(glyph)")
        }
        for r in 0..<g.height {
            for c in 0..<g.width {
                let px = x + g.left + c, py = y - g.top + r
                guard px >= 0, py >= 0, px < width, py < height else { continue }
                let i = (py * width + px) * 4
                if g.isColor {
                    for k in 0..<4 { image.bytes[i + k] = g.pixels[(r * g.width + c) * 4 + k] }
                } else {
                    let v = g.pixels[r * g.width + c]
                    image.bytes[i] = color.0 == 1 ? v : 0; image.bytes[i + 1] = color.1 == 1 ? v : 0
                    image.bytes[i + 2] = color.2 == 1 ? v : 0; image.bytes[i + 3] = v
                }
            }
        }
    }

    func blank() -> TextPixels { TextPixels(width: width, height: height, bytes: [UInt8](repeating: 0, count: width * height * 4)) }
}

/// Top-down RGBA8 pixels.
struct TextPixels: Equatable {
    let width: Int, height: Int
    var bytes: [UInt8]

    subscript(x: Int, y: Int) -> [Int] { (0..<4).map { Int(bytes[(y * width + x) * 4 + $0]) } }
    func alpha(_ x: Int, _ y: Int) -> Int { Int(bytes[(y * width + x) * 4 + 3]) }

    /// TextPixels with any alpha.
    var inked: [(Int, Int)] {
        var out: [(Int, Int)] = []
        for y in 0..<height { for x in 0..<width where alpha(x, y) > 0 { out.append((x, y)) } }
        return out
    }

    /// The smallest rectangle holding every inked pixel.
    var inkBox: PixelRect {
        inked.reduce(PixelRect.empty) { $0.union(PixelRect(x: $1.0, y: $1.1, width: 1, height: 1)) }
    }

    /// TextPixels neither empty nor opaque: the anti-aliasing ramps (wider when a bitmap is magnified).
    var partial: Int { inked.filter { alpha($0.0, $0.1) < 255 }.count }

    /// Σ alpha / 255.
    var area: Double { stride(from: 3, to: bytes.count, by: 4).reduce(0.0) { $0 + Double(bytes[$1]) } / 255 }

    /// TextPixels that differ, as "(x, y) got … expected …" for the first few.
    func differences(from o: TextPixels, limit: Int = 5) -> [String] {
        var out: [String] = []
        for y in 0..<height {
            for x in 0..<width where self[x, y] != o[x, y] {
                if out.count < limit { out.append("(\(x), \(y)) \(self[x, y]) expected \(o[x, y])") }
            }
        }
        return out
    }
}

extension PixelRect {
    func contains(_ px: Int, _ py: Int) -> Bool { px >= x && py >= y && px < maxX && py < maxY }
}
