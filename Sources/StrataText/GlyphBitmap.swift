import Foundation

/// One rasterised glyph: what `GlyphRasterizer` returns and the server's glyph atlas holds.
public struct GlyphBitmap: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// Pixels from the glyph's origin to the bitmap's left edge (negative: it starts left of the origin).
    public var left: Int
    /// Pixels from the baseline up to the bitmap's top row.
    public var top: Int
    /// Premultiplied RGBA (4 bytes a pixel) when true, else 8-bit coverage (1 byte a pixel).
    public var isColor: Bool
    /// Bitmap pixels per requested pixel: 1, or less when the size was capped (`GlyphRasterizer.maxPixelSize`,
    /// or a colour font's largest strike): the drawing magnifies the bitmap by 1 / scale.
    public var scale: CGFloat
    /// Rows top to bottom, tightly packed.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, left: Int, top: Int, isColor: Bool, scale: CGFloat = 1, pixels: [UInt8]) {
        self.width = width; self.height = height; self.left = left; self.top = top
        self.isColor = isColor; self.scale = scale; self.pixels = pixels
    }

    /// A glyph with nothing to draw (a space).
    public static func empty(isColor: Bool = false) -> GlyphBitmap {
        GlyphBitmap(width: 0, height: 0, left: 0, top: 0, isColor: isColor, pixels: [])
    }

    public var isEmpty: Bool { width == 0 || height == 0 }
    public var bytesPerPixel: Int { isColor ? 4 : 1 }
}

extension GlyphBitmap {
    /// This premultiplied RGBA bitmap shrunk by `s` (0 < s ≤ 1) with an area-averaging (box) filter, on the
    /// pixel grid of the glyph's origin (so the bearings stay whole pixels): each new pixel is the mean of the
    /// source area it covers, transparent outside the source.
    func boxDownscaled(by s: CGFloat) -> GlyphBitmap {
        guard s < 1, s > 0, !isEmpty, isColor else { return self }
        // Down coordinates for rows: the source's top row starts at −top.
        let (x0, cols) = Self.weights(start: left, count: width, scale: s)
        let (y0, rows) = Self.weights(start: -top, count: height, scale: s)
        // Horizontal pass (source rows × new columns), then vertical (new rows × new columns).
        var wide = [Float](repeating: 0, count: height * cols.count * 4)
        for r in 0..<height {
            for (j, taps) in cols.enumerated() {
                var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (i, w) in taps {
                    let p = (r * width + i) * 4
                    acc.0 += w * Float(pixels[p]); acc.1 += w * Float(pixels[p + 1])
                    acc.2 += w * Float(pixels[p + 2]); acc.3 += w * Float(pixels[p + 3])
                }
                let q = (r * cols.count + j) * 4
                wide[q] = acc.0; wide[q + 1] = acc.1; wide[q + 2] = acc.2; wide[q + 3] = acc.3
            }
        }
        var out = [UInt8](repeating: 0, count: rows.count * cols.count * 4)
        for (q, taps) in rows.enumerated() {
            for j in 0..<cols.count {
                for c in 0..<4 {
                    var acc: Float = 0
                    for (r, w) in taps { acc += w * wide[(r * cols.count + j) * 4 + c] }
                    out[(q * cols.count + j) * 4 + c] = UInt8(min(255, max(0, acc.rounded())))
                }
            }
        }
        return GlyphBitmap(width: cols.count, height: rows.count, left: x0, top: -y0, isColor: true, scale: scale, pixels: out)
    }

    /// For source pixels [start, start + count) shrunk by `s`: the first new pixel and, for each new pixel,
    /// the source pixels it overlaps with their weights (overlap × s, so a fully covered new pixel's sum to 1).
    private static func weights(start: Int, count: Int, scale s: CGFloat) -> (Int, [[(Int, Float)]]) {
        let first = Int((CGFloat(start) * s).rounded(.down))
        let last = Int((CGFloat(start + count) * s).rounded(.up))
        var taps: [[(Int, Float)]] = []
        for j in first..<max(first, last) {
            // The new pixel [j, j + 1) in source units.
            let lo = CGFloat(j) / s, hi = CGFloat(j + 1) / s
            var list: [(Int, Float)] = []
            let i0 = max(start, Int(lo.rounded(.down))), i1 = min(start + count, Int(hi.rounded(.up)))
            if i0 < i1 {
                for i in i0..<i1 {
                    let overlap = min(hi, CGFloat(i + 1)) - max(lo, CGFloat(i))
                    if overlap > 0 { list.append((i - start, Float(overlap * s))) }
                }
            }
            taps.append(list)
        }
        return (first, taps)
    }
}
