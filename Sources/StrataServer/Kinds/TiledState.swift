import Foundation
import StrataCore
import StrataProtocol

/// What the server keeps of one CATiledLayer: the tiles the app delivered (each a texture of its own), the
/// requests out, and how far invalidations reach. Each frame `plan` picks the tiles to show and to ask for;
/// what it decides to send or free waits in `outbox` / `retired` for the compositor.
///
/// Generations: the app numbers its invalidations (`setNeedsDisplay`); a tile carries the newest the app
/// had made when it began drawing it. A tile is stale once an invalidation meeting it is newer than it is:
/// a drawing that raced an invalidation is never kept as current, whichever arrives first.
final class TiledState {
    /// A delivered tile: its texture, the generation it was drawn at, when it began to fade in (nil: not
    /// shown yet), the frame that last showed it; and the tile it replaces while it fades in over it.
    struct Tile {
        var image: ServerImage
        var generation: UInt64
        var fadeStart: Double?
        var lastShown: UInt64
        var previous: ServerImage?
    }

    /// A request out: the frame it was sent in, and the generation a delivery must reach (the newest
    /// invalidation meeting the tile when it was asked for, raised by later ones).
    struct Request {
        var sentAt: Double
        var minimumGeneration: UInt64
    }

    /// Bytes of tile textures one layer keeps (`Compositor.tileCacheBytes`): least recently shown go first,
    /// the coarsest level last; tiles on screen are never evicted.
    var budget = 64 << 20
    /// Requests out at once per layer.
    static let maxInFlight = 64
    /// A request not answered this long is forgotten (and made again if still needed).
    static let requestTimeout = 2.0
    /// Tiles beyond those visible asked for: one ring, more in the direction the view moves.
    static let margin: CGFloat = 1

    private(set) var tiles: [TileKey: Tile] = [:]
    private(set) var requests: [TileKey: Request] = [:]
    /// The newest invalidation the app sent, and each one since the layer's tiles were last all current
    /// (kept short: older ones than every tile and request are dropped).
    private(set) var generation: UInt64 = 0
    private var invalidations: [(rect: CGRect?, generation: UInt64)] = []
    /// Messages for the app, sent after the frame that decided them.
    var outbox: (requests: [TileKey], cancels: [TileKey]) = ([], [])
    /// Tile textures no longer shown: released by the compositor after the frame.
    var retired: [ServerImage] = []
    private(set) var bytes = 0
    /// Counts for `strata tree` and `strata stats`.
    private(set) var delivered = 0, dropped = 0, evicted = 0
    /// Where the visible area's centre was last frame (the direction of motion).
    private var lastCentre: CGPoint?
    private var frame: UInt64 = 0
    /// The grid the tiles were drawn for: when it changes (bounds, scale, tile size, levels) they no longer
    /// line up and are dropped.
    private var lastGrid: TileGrid?
    private var planTime = -Double.infinity
    private var wantedThisFrame: Set<TileKey> = []
    /// Whether a tile is still fading in (frames must go on).
    private(set) var fading = false

    var hasMessages: Bool { !outbox.requests.isEmpty || !outbox.cancels.isEmpty }

    // MARK: from the app

    /// `setNeedsDisplay` / `setNeedsDisplay(_:)`: tiles meeting `rect` drawn before `generation` are stale.
    func invalidate(_ rect: CGRect?, generation g: UInt64, grid: TileGrid) {
        generation = max(generation, g)
        invalidations.append((rect, g))
        for (key, var r) in requests where meets(rect, key, grid) && r.minimumGeneration < g {
            r.minimumGeneration = g
            requests[key] = r
        }
        // Only invalidations newer than some tile or request can still make one stale.
        let oldest = min(tiles.values.map(\.generation).min() ?? .max, requests.values.map(\.minimumGeneration).min() ?? .max)
        invalidations.removeAll { $0.generation <= oldest && $0.generation != g }
        if invalidations.count > 256 { invalidations.removeFirst(invalidations.count - 256) }
    }

    /// Whether the tile at `key` drawn at `generation` is older than an invalidation meeting it.
    func isStale(_ key: TileKey, generation g: UInt64, grid: TileGrid) -> Bool {
        invalidations.contains { $0.generation > g && meets($0.rect, key, grid) }
    }

    private func meets(_ rect: CGRect?, _ key: TileKey, _ grid: TileGrid) -> Bool {
        guard let rect else { return true }
        return rect.intersects(grid.rect(key))
    }

    /// Why a delivered tile is not kept (nil: it is): the server asked for it, it has the grid's size, and
    /// no invalidation newer than it meets it.
    func refusal(_ key: TileKey, generation g: UInt64, width: Int, height: Int, grid: TileGrid) -> String? {
        guard let request = requests[key] else { return "not asked for (or cancelled)" }
        guard grid.contains(key) else { return "outside the layer's grid" }
        let p = grid.pixelRect(key)
        guard p.width == width, p.height == height else { return "\(width)x\(height), the grid's tile is \(p.width)x\(p.height)" }
        guard g >= request.minimumGeneration, !isStale(key, generation: g, grid: grid) else {
            return "drawn at generation \(g), older than an invalidation of it"
        }
        return nil
    }

    /// Keeps a delivered tile (its texture filled by the caller); a tile it replaces stays beneath until
    /// the new one has faded in.
    func accept(_ key: TileKey, image: ServerImage, generation g: UInt64) {
        requests[key] = nil
        delivered += 1
        bytes += image.byteCount
        if let old = tiles[key] {
            if let older = old.previous { retire(older) }
            tiles[key] = Tile(image: image, generation: g, fadeStart: nil, lastShown: old.lastShown, previous: old.image)
        } else {
            tiles[key] = Tile(image: image, generation: g, fadeStart: nil, lastShown: frame, previous: nil)
        }
    }

    /// Evicts this layer's tiles not shown in the last frame, least recently shown first, until `bytes` more
    /// fit beside `held` within `limit` (the client's image quota).
    func makeRoom(for bytes: Int, held: Int, limit: Int) {
        var over = held + bytes - limit
        guard over > 0 else { return }
        for (key, tile) in tiles.filter({ $0.value.lastShown < frame }).sorted(by: { $0.value.lastShown < $1.value.lastShown }) {
            guard over > 0 else { break }
            tiles[key] = nil
            over -= retireImages(of: tile)
            evicted += 1
        }
    }

    /// A delivery refused: asked for again by the next frame if still needed.
    func drop(_ key: TileKey) {
        requests[key] = nil
        dropped += 1
    }

    private func retire(_ image: ServerImage) {
        bytes -= image.byteCount
        retired.append(image)
    }

    /// Retires a tile's texture and the one it was fading in over; returns the bytes they held.
    @discardableResult
    private func retireImages(of tile: Tile) -> Int {
        retire(tile.image)
        guard let previous = tile.previous else { return tile.image.byteCount }
        retire(previous)
        return tile.image.byteCount + previous.byteCount
    }

    // MARK: each frame

    /// One piece to draw: a tile's texture (or a part of it, `uv`) over `rect` (layer coordinates), at `alpha`.
    struct Draw {
        var image: ServerImage
        var rect: CGRect
        var uv: CGRect
        var alpha: CGFloat
    }

    /// Plans a frame at `time`: the tiles of `level` meeting `visible` (layer coordinates), each drawn
    /// from its own texture once delivered (fading in over `fadeDuration`), and until then (or while it
    /// fades) from the best other tile covering it: its stale self, a coarser level, or the next finer
    /// one. Asks for the missing ones nearest the centre first, with a margin towards where the view moves,
    /// and cancels requests no longer needed.
    func plan(grid: TileGrid, level: Int, visible: CGRect, time: Double, fadeDuration: CGFloat) -> [Draw] {
        if let lastGrid, lastGrid != grid { reset() }
        lastGrid = grid
        // Several outputs showing the layer plan it in one frame: what any of them wants stays asked for.
        if time != planTime { wantedThisFrame.removeAll(); planTime = time }
        frame += 1
        fading = false
        let centre = CGPoint(x: visible.midX, y: visible.midY)
        let first = grid.rect(TileKey(level: UInt8(level), column: 0, row: 0))
        let tileSide = max(first.width, first.height)
        let motion = lastCentre.map { CGPoint(x: centre.x - $0.x, y: centre.y - $0.y) } ?? .zero
        lastCentre = centre
        let shown = grid.keys(level, meeting: visible, nearest: centre, limit: 4096)
        var draws: [Draw] = []
        draws.reserveCapacity(shown.count)
        for key in shown { draws += self.draws(for: key, grid: grid, time: time, fadeDuration: fadeDuration) }

        // Wanted: the visible tiles, then a ring around them stretched the way the view moves.
        var around = visible.insetBy(dx: -Self.margin * tileSide, dy: -Self.margin * tileSide)
        around = around.union(around.offsetBy(dx: motion.x * 4, dy: motion.y * 4))
        var wanted = shown.filter { needsDrawing($0, grid: grid) }
        let shownSet = Set(shown)
        wanted += grid.keys(level, meeting: around, nearest: centre, limit: 4096).filter { !shownSet.contains($0) && needsDrawing($0, grid: grid) }
        wantedThisFrame.formUnion(wanted)
        wantedThisFrame.formUnion(shown)
        let wantedSet = wantedThisFrame
        // Requests for what is no longer wanted (another level, out of the area) are cancelled.
        for key in requests.keys where !wantedSet.contains(key) {
            requests[key] = nil
            outbox.cancels.append(key)
        }
        for key in requests.keys where time - (requests[key]?.sentAt ?? time) > Self.requestTimeout { requests[key] = nil }
        for key in wanted where requests[key] == nil {
            guard requests.count < Self.maxInFlight else { break }
            let minimum = invalidations.filter { meets($0.rect, key, grid) }.map(\.generation).max() ?? 0
            requests[key] = Request(sentAt: time, minimumGeneration: minimum)
            outbox.requests.append(key)
        }
        evict(keeping: shownSet)
        return draws
    }

    /// Whether `key` has no current tile (none yet, or a stale one).
    private func needsDrawing(_ key: TileKey, grid: TileGrid) -> Bool {
        guard let tile = tiles[key] else { return true }
        return isStale(key, generation: tile.generation, grid: grid)
    }

    /// The pieces that show `key`'s area this frame.
    private func draws(for key: TileKey, grid: TileGrid, time: Double, fadeDuration: CGFloat) -> [Draw] {
        let rect = grid.rect(key)
        let whole = CGRect(x: 0, y: 0, width: 1, height: 1)
        var out: [Draw] = []
        var alpha: CGFloat = 0
        if var tile = tiles[key] {
            let start = tile.fadeStart ?? time
            tile.fadeStart = start
            tile.lastShown = frame
            alpha = fadeDuration > 0 ? max(0, min(1, CGFloat(time - start) / fadeDuration)) : 1
            if alpha >= 1, let previous = tile.previous {
                retire(previous)
                tile.previous = nil
            }
            tiles[key] = tile
            if alpha < 1 { fading = true }
            if alpha >= 1 { return [Draw(image: tile.image, rect: rect, uv: whole, alpha: 1)] }
            if let previous = tile.previous { out.append(Draw(image: previous, rect: rect, uv: whole, alpha: 1)) }
            else { out += fallback(for: key, grid: grid) }
            out.append(Draw(image: tile.image, rect: rect, uv: whole, alpha: alpha))
            return out
        }
        return fallback(for: key, grid: grid)
    }

    /// The best other tiles covering `key`'s area: the nearest coarser level's tile (the part of it over
    /// this tile), else the finer level's tiles under it.
    private func fallback(for key: TileKey, grid: TileGrid) -> [Draw] {
        let rect = grid.rect(key)
        var level = Int(key.level) + 1
        while level < grid.levelCount {
            let ratio = pow(2, CGFloat(level - Int(key.level)))
            // The coarser tile holding this one's top-left pixel (tiles of a coarser level span more points).
            let p = grid.pixelRect(key)
            let cx = CGFloat(p.x) / ratio, cy = CGFloat(p.y) / ratio
            let coarse = TileKey(level: UInt8(level), column: UInt32(Int(cx) / grid.tileWidth), row: UInt32(Int(cy) / grid.tileHeight))
            if let tile = tiles[coarse], grid.contains(coarse) {
                tiles[coarse]?.lastShown = frame
                let c = grid.rect(coarse)
                guard c.width > 0, c.height > 0 else { break }
                let uv = CGRect(x: (rect.minX - c.minX) / c.width, y: (rect.minY - c.minY) / c.height,
                                width: rect.width / c.width, height: rect.height / c.height)
                return [Draw(image: tile.image, rect: rect, uv: uv, alpha: 1)]
            }
            level += 1
        }
        guard key.level > 0 else { return [] }
        let fine = Int(key.level) - 1
        var out: [Draw] = []
        for dy in 0..<2 {
            for dx in 0..<2 {
                let child = TileKey(level: UInt8(fine), column: key.column * 2 + UInt32(dx), row: key.row * 2 + UInt32(dy))
                guard grid.contains(child), let tile = tiles[child] else { continue }
                tiles[child]?.lastShown = frame
                out.append(Draw(image: tile.image, rect: grid.rect(child), uv: CGRect(x: 0, y: 0, width: 1, height: 1), alpha: 1))
            }
        }
        return out
    }

    /// Frees the least recently shown tiles beyond the budget: never one shown this frame, the coarsest
    /// level's only when nothing else is left.
    private func evict(keeping shown: Set<TileKey>) {
        guard bytes > budget else { return }
        let coarsest = tiles.keys.map(\.level).max()
        let candidates = tiles.filter { $0.value.lastShown < frame && !shown.contains($0.key) }
            .sorted { a, b in
                let (ac, bc) = (a.key.level == coarsest, b.key.level == coarsest)
                return ac != bc ? !ac : a.value.lastShown < b.value.lastShown
            }
        for (key, tile) in candidates {
            guard bytes > budget else { break }
            tiles[key] = nil
            retireImages(of: tile)
            evicted += 1
        }
    }

    /// Every tile texture, for the layer's release.
    func releaseAll() -> [ServerImage] {
        let all = tiles.values.flatMap { [$0.image] + ($0.previous.map { [$0] } ?? []) } + retired
        tiles.removeAll()
        requests.removeAll()
        retired.removeAll()
        bytes = 0
        return all
    }

    /// Forgets every tile after the layer's grid changed shape (bounds, scale, tile size, levels): what
    /// was drawn no longer lines up. The textures go to `retired`.
    func reset() {
        for tile in tiles.values { retireImages(of: tile) }
        tiles.removeAll()
        for key in requests.keys { outbox.cancels.append(key) }
        requests.removeAll()
        lastCentre = nil
    }

    /// `strata tree`'s line for the layer.
    var summary: [String: Int] {
        ["resident": tiles.count, "bytes": bytes, "requested": requests.count, "generation": Int(clamping: generation),
         "delivered": delivered, "dropped": dropped, "evicted": evicted, "budget": budget]
    }
}
