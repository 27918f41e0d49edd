import Foundation

/// How an image larger than the renderer's texture limit is split into textures: a grid of tiles whose
/// cores abut and whose textures also hold `overlap` pixels of each neighbour, so linear filtering at a
/// core's edge reads the same pixels the whole image would (no seams), and clamping at the image's own
/// edges stays clamping. Pure geometry: `TextureCache` makes the textures, `Renderer.queueSplitImage`
/// draws a quad as one piece per tile it crosses.
public struct TextureTiling: Equatable, Sendable {
    /// One column (or row) of tiles: its core, the pixels it alone draws, and the span its texture holds.
    public struct Span: Equatable, Sendable {
        public var coreStart: Int, coreEnd: Int
        public var textureStart: Int, textureEnd: Int
        public var textureLength: Int { textureEnd - textureStart }
    }

    public let width: Int, height: Int
    public let columns: [Span], rows: [Span]

    /// Pixels of each neighbour a tile's texture holds beyond its core: 16 (seamless linear filtering, and
    /// trilinear down to a sixteenth), less when the limit is tiny; a power of two.
    public static func overlap(limit: Int) -> Int {
        var b = 16
        while b > 1, b * 8 > limit { b /= 2 }
        return b
    }

    /// nil when the image fits one texture (or the limit is too small to split by). Tiles' textures are a
    /// multiple of the overlap long and start on a multiple of it, so their mipmap levels down to the
    /// overlap's average the same blocks of pixels as the whole image's would.
    public init?(width: Int, height: Int, limit: Int) {
        guard width > 0, height > 0, limit >= 8, width > limit || height > limit else { return nil }
        let b = Self.overlap(limit: limit)
        let aligned = limit / b * b
        self.width = width; self.height = height
        columns = Self.spans(width, limit: aligned, overlap: b)
        rows = Self.spans(height, limit: aligned, overlap: b)
    }

    static func spans(_ length: Int, limit: Int, overlap b: Int) -> [Span] {
        if length <= limit { return [Span(coreStart: 0, coreEnd: length, textureStart: 0, textureEnd: length)] }
        let core = limit - 2 * b
        return stride(from: 0, to: length, by: core).map { start in
            let end = min(length, start + core)
            return Span(coreStart: start, coreEnd: end, textureStart: max(0, start - b), textureEnd: min(length, end + b))
        }
    }

    public var tileCount: Int { columns.count * rows.count }
    /// Tile index (row-major) of column `c`, row `r`.
    public func index(column c: Int, row r: Int) -> Int { r * columns.count + c }

    /// The part of a quad one tile draws: its rectangle (layer units), its texture coordinates (unit
    /// coordinates of the tile's texture) and which of the quad's anti-aliased edges it keeps (only those
    /// on the quad's own outline: edges between pieces cut at pixel centres, so each pixel is drawn once).
    public struct Piece: Equatable, Sendable {
        public var tile: Int
        public var rect: CGRect
        public var uv: CGRect
        public var edges: UInt8
    }

    /// Splits a quad that shows `uv` (unit coordinates of the whole image, top-left origin; may extend past
    /// it, where the edge pixels repeat as clamping does) over `rect` into one piece per tile it crosses.
    public func pieces(rect: CGRect, uv: CGRect, edges: UInt8) -> [Piece] {
        let xs = Self.segments(uv.origin.x, uv.size.width, length: width, spans: columns)
        let ys = Self.segments(uv.origin.y, uv.size.height, length: height, spans: rows)
        var out: [Piece] = []
        out.reserveCapacity(xs.count * ys.count)
        for y in ys {
            for x in xs {
                var e = edges
                if x.t0 > 0 { e &= ~1 }
                if x.t1 < 1 { e &= ~2 }
                if y.t0 > 0 { e &= ~4 }
                if y.t1 < 1 { e &= ~8 }
                let r = CGRect(x: rect.origin.x + x.t0 * rect.size.width, y: rect.origin.y + y.t0 * rect.size.height,
                               width: (x.t1 - x.t0) * rect.size.width, height: (y.t1 - y.t0) * rect.size.height)
                out.append(Piece(tile: index(column: x.span, row: y.span), rect: r,
                                 uv: CGRect(x: x.s0, y: y.s0, width: x.s1 - x.s0, height: y.s1 - y.s0), edges: e))
            }
        }
        return out
    }

    /// One axis: the stretches of the quad's parameter t (0…1) each tile span draws, with the texture
    /// coordinates at both ends.
    struct Segment { var span: Int; var t0: CGFloat, t1: CGFloat; var s0: CGFloat, s1: CGFloat }

    static func segments(_ origin: CGFloat, _ size: CGFloat, length: Int, spans: [Span]) -> [Segment] {
        let n = CGFloat(length)
        func pixel(_ t: CGFloat) -> CGFloat { (origin + t * size) * n }
        var cuts: [CGFloat] = [0, 1]
        if size != 0 {
            for s in spans.dropFirst() {
                let t = (CGFloat(s.coreStart) / n - origin) / size
                if t > 0, t < 1 { cuts.append(t) }
            }
        }
        cuts.sort()
        var out: [Segment] = []
        for (t0, t1) in zip(cuts, cuts.dropFirst()) where t1 > t0 {
            let middle = pixel((t0 + t1) / 2)
            let i = spans.lastIndex { CGFloat($0.coreStart) <= middle } ?? 0
            let s = spans[i]
            func texture(_ t: CGFloat) -> CGFloat { (pixel(t) - CGFloat(s.textureStart)) / CGFloat(s.textureLength) }
            out.append(Segment(span: i, t0: t0, t1: t1, s0: texture(t0), s1: texture(t1)))
        }
        return out
    }
}
