import Foundation

/// CATiledLayer's values. Its pixels come in tiles the app draws on demand (`draw(in:)` on background
/// threads) at the levels of detail the server asks for; `TileGrid` is the arithmetic both sides share.
public struct TiledModel: Equatable, Sendable {
    /// A tile's size in pixels (not points): 256 × 256 by default.
    public var tileSize = CGSize(width: 256, height: 256)
    /// Levels kept, each half the resolution of the one before (clamped so the smallest has a pixel).
    public var levelsOfDetail: CGFloat = 1
    /// How many of those levels are magnified beyond the layer's contentsScale (2×, 4×, …).
    public var levelsOfDetailBias: CGFloat = 0
    /// Seconds a new tile takes to fade in (the class's `fadeDuration`, sent with the layer).
    public var fadeDuration: CGFloat = 0.25

    public init() {}
}

extension LayerModel {
    /// The tiled values (defaults for a layer of another kind, where setting them changes nothing).
    public var tiled: TiledModel {
        get { if case let .tiled(t) = kindValues { t } else { TiledModel() } }
        set { if kind == .tiled { kindValues = .tiled(newValue) } }
    }
}

extension LayerProperty {
    public static let tileSize = LayerProperty(140, "tileSize", { $0.tiled.tileSize }, { $0.tiled.tileSize = $1 }, kinds: .tiled,
                                               animation: .none, rule: .tileSize)
    public static let levelsOfDetail = LayerProperty(141, "levelsOfDetail", { $0.tiled.levelsOfDetail }, { $0.tiled.levelsOfDetail = $1 },
                                                     kinds: .tiled, animation: .none, rule: .wholeNumber(1...TileGrid.maxLevels))
    public static let levelsOfDetailBias = LayerProperty(142, "levelsOfDetailBias", { $0.tiled.levelsOfDetailBias },
                                                         { $0.tiled.levelsOfDetailBias = $1 }, kinds: .tiled, animation: .none,
                                                         rule: .wholeNumber(0...TileGrid.maxBias))
    public static let fadeDuration = LayerProperty(143, "fadeDuration", { $0.tiled.fadeDuration }, { $0.tiled.fadeDuration = $1 },
                                                   kinds: .tiled, animation: .none, rule: .nonNegative)

    static let tiledProperties: [LayerProperty] = [tileSize, levelsOfDetail, levelsOfDetailBias, fadeDuration]
}

extension ValueRule {
    /// Each side a whole number of pixels, 16…4096: a tile is one texture, and a frame asks for a bounded
    /// number of them.
    static let tileSize = ValueRule.custom(shape: "a size whose sides are whole numbers 16…4096") { value in
        guard case let .size(s) = value else { return nil }
        func ok(_ x: CGFloat) -> Bool { x >= 16 && x <= 4096 && x == x.rounded() }
        return ok(s.width) && ok(s.height) ? nil : "must have whole-number sides 16…4096 (pixels), got \(s.width)x\(s.height)"
    }

    static func wholeNumber(_ range: ClosedRange<Int>) -> ValueRule {
        .custom(shape: "a whole number \(range.lowerBound)…\(range.upperBound)") { value in
            guard case let .scalar(x) = value else { return nil }
            return x >= CGFloat(range.lowerBound) && x <= CGFloat(range.upperBound) && x == x.rounded()
                ? nil : "must be a whole number \(range.lowerBound)…\(range.upperBound), got \(x)"
        }
    }
}

/// One tile of a tiled layer: its level of detail (0 the finest) and its column and row in that level's grid.
public struct TileKey: Hashable, Sendable, CustomStringConvertible {
    public var level: UInt8
    public var column: UInt32
    public var row: UInt32

    public init(level: UInt8, column: UInt32, row: UInt32) { self.level = level; self.column = column; self.row = row }

    public var description: String { "L\(level) (\(column), \(row))" }
}

/// Where a tiled layer's tiles lie. Level i has contentsScale · 2^(bias − i) pixels per point; its pixels
/// are the bounds at that scale (rounded up), cut into `tileSize` tiles from the bounds' origin (the
/// last column and row narrower). A tile's rectangle in points is its pixels divided by the scale.
public struct TileGrid: Equatable, Sendable {
    public static let maxLevels = 16
    public static let maxBias = 8

    public let bounds: CGRect
    public let contentsScale: CGFloat
    public let tileWidth: Int, tileHeight: Int
    /// Levels in use: `levelsOfDetail`, fewer where the smallest would have no pixel.
    public let levelCount: Int
    public let bias: Int

    public init(bounds: CGRect, contentsScale: CGFloat, model: TiledModel) {
        self.bounds = bounds.standardized
        self.contentsScale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        tileWidth = max(1, Int(model.tileSize.width)); tileHeight = max(1, Int(model.tileSize.height))
        bias = max(0, min(Self.maxBias, Int(model.levelsOfDetailBias)))
        var count = max(1, min(Self.maxLevels, Int(model.levelsOfDetail)))
        // The bottom level keeps at least a pixel each way.
        let (w, h) = (self.bounds.width * self.contentsScale, self.bounds.height * self.contentsScale)
        while count > 1, min(w, h) * pow(2, CGFloat(bias - (count - 1))) < 1 { count -= 1 }
        levelCount = count
    }

    /// Pixels per point at `level`.
    public func scale(_ level: Int) -> CGFloat { contentsScale * pow(2, CGFloat(bias - level)) }

    /// The level's size in pixels.
    public func pixelSize(_ level: Int) -> (width: Int, height: Int) {
        let s = scale(level)
        func px(_ x: CGFloat) -> Int { x.isFinite ? Int(min(1e9, max(0, (x * s - 1e-9).rounded(.up)))) : 0 }
        return (px(bounds.width), px(bounds.height))
    }

    public func columns(_ level: Int) -> Int { (pixelSize(level).width + tileWidth - 1) / tileWidth }
    public func rows(_ level: Int) -> Int { (pixelSize(level).height + tileHeight - 1) / tileHeight }

    /// Whether `key` names a tile of this grid.
    public func contains(_ key: TileKey) -> Bool {
        Int(key.level) < levelCount && Int(key.column) < columns(Int(key.level)) && Int(key.row) < rows(Int(key.level))
    }

    /// The tile's pixels in its level (x, y from the level's top-left; the last column and row narrower).
    public func pixelRect(_ key: TileKey) -> (x: Int, y: Int, width: Int, height: Int) {
        let size = pixelSize(Int(key.level))
        let x = Int(key.column) * tileWidth, y = Int(key.row) * tileHeight
        return (x, y, max(0, min(tileWidth, size.width - x)), max(0, min(tileHeight, size.height - y)))
    }

    /// The tile's rectangle in the layer's coordinates (what `boundingBoxOfClipPath` gives its drawing).
    public func rect(_ key: TileKey) -> CGRect {
        let p = pixelRect(key), s = scale(Int(key.level))
        return CGRect(x: bounds.minX + CGFloat(p.x) / s, y: bounds.minY + CGFloat(p.y) / s,
                      width: CGFloat(p.width) / s, height: CGFloat(p.height) / s)
    }

    /// The level to draw at `screenScale` target pixels per point: the coarsest with at least that many
    /// pixels per point, or the finest when none has.
    public func level(forScreenScale screenScale: CGFloat) -> Int {
        guard screenScale.isFinite, screenScale > 0 else { return levelCount - 1 }
        var chosen = 0
        for level in 0..<levelCount where scale(level) >= screenScale * (1 - 1e-6) { chosen = level }
        return chosen
    }

    /// The tiles of `level` meeting `rect` (layer coordinates), nearest to `centre` first, at most `limit`.
    public func keys(_ level: Int, meeting rect: CGRect, nearest centre: CGPoint, limit: Int) -> [TileKey] {
        guard [rect.origin.x, rect.origin.y, rect.width, rect.height, centre.x, centre.y].allSatisfy(\.isFinite) else { return [] }
        let r = rect.intersection(bounds)
        guard level < levelCount, !r.isNull, r.width > 0, r.height > 0 else { return [] }
        let s = scale(level), tw = CGFloat(tileWidth) / s, th = CGFloat(tileHeight) / s
        let c0 = max(0, Int(((r.minX - bounds.minX) / tw).rounded(.down))), c1 = min(columns(level) - 1, Int(((r.maxX - bounds.minX) / tw).rounded(.up)) - 1)
        let r0 = max(0, Int(((r.minY - bounds.minY) / th).rounded(.down))), r1 = min(rows(level) - 1, Int(((r.maxY - bounds.minY) / th).rounded(.up)) - 1)
        guard c0 <= c1, r0 <= r1 else { return [] }
        // Bounded before sorting: only a window around the centre's tile wide enough to hold `limit` tiles.
        let cx = Int(((centre.x - bounds.minX) / tw).rounded(.down)), cy = Int(((centre.y - bounds.minY) / th).rounded(.down))
        let half = Int(Double(max(1, limit)).squareRoot()) + 2
        let cx0 = max(c0, min(c1 - 2 * half, cx - half)), cy0 = max(r0, min(r1 - 2 * half, cy - half))
        var found: [(TileKey, CGFloat)] = []
        for row in cy0...min(r1, cy0 + 2 * half) {
            for column in cx0...min(c1, cx0 + 2 * half) {
                let key = TileKey(level: UInt8(level), column: UInt32(column), row: UInt32(row))
                let t = self.rect(key)
                found.append((key, hypot(t.midX - centre.x, t.midY - centre.y)))
            }
        }
        return found.sorted { $0.1 < $1.1 }.prefix(limit).map(\.0)
    }
}
