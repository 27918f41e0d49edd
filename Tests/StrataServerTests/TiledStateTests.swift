import Foundation
@testable import StrataServer
import StrataCore
import Testing

/// The server's side of CATiledLayer without GL (`TiledState`, `TileGrid`): level choice, fading, the
/// generation rule that keeps a drawing which raced an invalidation from standing, cancels, fallbacks
/// and the memory budget.
@Suite struct TiledStateTests {
    static func grid(side: CGFloat = 2048, scale: CGFloat = 1, levels: Int = 1, bias: Int = 0, tile: CGFloat = 256) -> TileGrid {
        var m = TiledModel()
        m.levelsOfDetail = CGFloat(levels)
        m.levelsOfDetailBias = CGFloat(bias)
        m.tileSize = CGSize(width: tile, height: tile)
        return TileGrid(bounds: CGRect(x: 0, y: 0, width: side, height: side), contentsScale: scale, model: m)
    }

    /// A delivery of `key` as the app would make it (its texture not filled: no GL here).
    static func deliver(_ state: TiledState, _ key: TileKey, generation: UInt64 = 0, grid: TileGrid, usage: ClientUsage = ClientUsage()) -> Bool {
        let p = grid.pixelRect(key)
        guard state.refusal(key, generation: generation, width: p.width, height: p.height, grid: grid) == nil,
              let image = ServerImage(blankWidth: p.width, height: p.height, redBlueSwapped: true, uniqueID: UInt64.random(in: 1...UInt64.max),
                                      usage: usage) else {
            state.drop(key)
            return false
        }
        state.accept(key, image: image, generation: generation)
        return true
    }

    static func key(_ level: Int, _ c: Int, _ r: Int) -> TileKey { TileKey(level: UInt8(level), column: UInt32(c), row: UInt32(r)) }

    @Test func theLevelFollowsTheScaleOnScreen() {
        // Four levels at contentsScale 1 with a bias of 1: 2, 1, 0.5 and 0.25 pixels per point.
        let g = Self.grid(levels: 4, bias: 1)
        #expect((0..<4).map(g.scale) == [2, 1, 0.5, 0.25])
        #expect(g.level(forScreenScale: 4) == 0)       // beyond the finest: the finest
        #expect(g.level(forScreenScale: 2) == 0)
        #expect(g.level(forScreenScale: 1.5) == 0)     // the coarsest with enough pixels
        #expect(g.level(forScreenScale: 1) == 1)
        #expect(g.level(forScreenScale: 0.6) == 1)
        #expect(g.level(forScreenScale: 0.5) == 2)
        #expect(g.level(forScreenScale: 0.1) == 3)     // below the coarsest: the coarsest
        // A tile is 256 pixels: 128 points at level 0, 1024 at level 3; the grid is 16 × 16, then 2 × 2.
        #expect(g.rect(Self.key(0, 1, 0)) == CGRect(x: 128, y: 0, width: 128, height: 128))
        #expect(g.columns(0) == 16 && g.columns(3) == 2)
        // Too many levels for a small layer are clamped: the smallest keeps a pixel.
        #expect(Self.grid(side: 8, levels: 16).levelCount == 4)
        // contentsScale 2 (the seed's Retina variant): a 256-pixel tile covers 128 points.
        #expect(Self.grid(scale: 2).rect(Self.key(0, 1, 1)) == CGRect(x: 128, y: 128, width: 128, height: 128))
    }

    @Test func theVisibleTilesAreAskedForNearestFirstWithAMarginAndCancelledWhenTheyLeave() {
        let g = Self.grid()
        let state = TiledState()
        _ = state.plan(grid: g, level: 0, visible: CGRect(x: 600, y: 600, width: 300, height: 200), time: 0, fadeDuration: 0.25)
        let first = state.outbox.requests
        // Visible: columns 2…3, rows 2…3; the first asked for is the one holding the centre (750, 700).
        #expect(first.first == Self.key(0, 2, 2))
        #expect(Set(first.prefix(4)) == [Self.key(0, 2, 2), Self.key(0, 3, 2), Self.key(0, 2, 3), Self.key(0, 3, 3)])
        // The margin: a ring of one tile (columns 1…4, rows 1…4), nothing beyond.
        #expect(first.allSatisfy { (1...4).contains($0.column) && (1...4).contains($0.row) })
        #expect(first.count == 16)
        state.outbox = ([], [])
        // The view moves far away: every request out is cancelled, the new area asked for.
        _ = state.plan(grid: g, level: 0, visible: CGRect(x: 1700, y: 1700, width: 300, height: 200), time: 0.016, fadeDuration: 0.25)
        #expect(Set(state.outbox.cancels) == Set(first))
        // A delivery crossing the cancel is dropped.
        #expect(!Self.deliver(state, Self.key(0, 2, 2), grid: g))
        #expect(state.tiles[Self.key(0, 2, 2)] == nil)
        // Moving right, the margin reaches further right than left.
        let mover = TiledState()
        _ = mover.plan(grid: g, level: 0, visible: CGRect(x: 0, y: 0, width: 300, height: 200), time: 0, fadeDuration: 0.25)
        mover.outbox = ([], [])
        _ = mover.plan(grid: g, level: 0, visible: CGRect(x: 200, y: 0, width: 300, height: 200), time: 0.016, fadeDuration: 0.25)
        #expect(mover.outbox.requests.contains { $0.column >= 4 })
    }

    @Test func aTileFadesInOverTheFadeDurationAndHalfWayIsHalf() {
        let g = Self.grid()
        let state = TiledState()
        let view = CGRect(x: 0, y: 0, width: 200, height: 200)
        _ = state.plan(grid: g, level: 0, visible: view, time: 10, fadeDuration: 0.5)
        #expect(Self.deliver(state, Self.key(0, 0, 0), grid: g))
        func alpha(at t: Double) -> CGFloat? { state.plan(grid: g, level: 0, visible: view, time: t, fadeDuration: 0.5).last?.alpha }
        // Its first frame starts the fade; a quarter, half and all of 0.5 s later it is at 0.25, 0.5 and 1.
        #expect(alpha(at: 11) == 0)
        #expect(alpha(at: 11.125) == 0.25)
        #expect(alpha(at: 11.25) == 0.5)
        #expect(state.fading)
        #expect(alpha(at: 11.5) == 1)
        #expect(!state.fading)
        // fadeDuration 0 (a subclass turning the fade off): at once.
        let instant = TiledState()
        _ = instant.plan(grid: g, level: 0, visible: view, time: 0, fadeDuration: 0)
        #expect(Self.deliver(instant, Self.key(0, 0, 0), grid: g))
        #expect(instant.plan(grid: g, level: 0, visible: view, time: 0, fadeDuration: 0).last?.alpha == 1)
    }

    @Test func aDrawingThatRacedAnInvalidationNeverStands() {
        let g = Self.grid()
        let state = TiledState()
        let view = CGRect(x: 0, y: 0, width: 200, height: 200)
        _ = state.plan(grid: g, level: 0, visible: view, time: 0, fadeDuration: 0)
        // The app began drawing tile (0, 0) at generation 0, then invalidated it (generation 1): the
        // delivery that arrives after the invalidation is refused…
        state.invalidate(CGRect(x: 10, y: 10, width: 5, height: 5), generation: 1, grid: g)
        #expect(!Self.deliver(state, Self.key(0, 0, 0), generation: 0, grid: g))
        // …and asked for again; the drawing made after it stands.
        _ = state.plan(grid: g, level: 0, visible: view, time: 0.1, fadeDuration: 0)
        #expect(state.requests[Self.key(0, 0, 0)] != nil)
        #expect(Self.deliver(state, Self.key(0, 0, 0), generation: 1, grid: g))
        // The other order: a tile drawn after an invalidation (generation 2) arrives before it. It stands,
        // and the invalidation, no newer than it, leaves it current.
        _ = state.plan(grid: g, level: 0, visible: CGRect(x: 300, y: 0, width: 100, height: 100), time: 0.2, fadeDuration: 0)
        #expect(Self.deliver(state, Self.key(0, 1, 0), generation: 2, grid: g))
        state.invalidate(CGRect(x: 300, y: 0, width: 10, height: 10), generation: 2, grid: g)
        #expect(!state.isStale(Self.key(0, 1, 0), generation: 2, grid: g))
        // A tile delivered at generation 1 that a later invalidation (3) meets is stale: shown until replaced,
        // and asked for again.
        state.invalidate(nil, generation: 3, grid: g)
        #expect(state.isStale(Self.key(0, 0, 0), generation: 1, grid: g))
        let draws = state.plan(grid: g, level: 0, visible: view, time: 0.3, fadeDuration: 0)
        #expect(!draws.isEmpty)
        #expect(state.outbox.requests.contains(Self.key(0, 0, 0)))
    }

    @Test func untilATileArrivesACoarserOrFinerOneShowsItsArea() throws {
        let g = Self.grid(levels: 3)
        let state = TiledState()
        // Level 2 (a quarter resolution) arrived for the top-left; level 0 is wanted now.
        _ = state.plan(grid: g, level: 2, visible: CGRect(x: 0, y: 0, width: 300, height: 300), time: 0, fadeDuration: 0)
        #expect(Self.deliver(state, Self.key(2, 0, 0), grid: g))
        let draws = state.plan(grid: g, level: 0, visible: CGRect(x: 256, y: 256, width: 200, height: 200), time: 1, fadeDuration: 0)
        // Tile (1, 1) of level 0 (points 256…512) is drawn from the level-2 tile's part 1/4…2/4.
        let d = try #require(draws.first { $0.rect == CGRect(x: 256, y: 256, width: 256, height: 256) })
        #expect(d.uv == CGRect(x: 0.25, y: 0.25, width: 0.25, height: 0.25))
        // With nothing coarser, the finer level's tiles under it show (zooming out).
        let out = TiledState()
        _ = out.plan(grid: g, level: 0, visible: CGRect(x: 0, y: 0, width: 600, height: 300), time: 0, fadeDuration: 0)
        #expect(Self.deliver(out, Self.key(0, 0, 0), grid: g) && Self.deliver(out, Self.key(0, 1, 0), grid: g))
        let coarse = out.plan(grid: g, level: 1, visible: CGRect(x: 0, y: 0, width: 400, height: 400), time: 1, fadeDuration: 0)
        #expect(coarse.map(\.rect).contains(CGRect(x: 0, y: 0, width: 256, height: 256)))
        #expect(coarse.map(\.rect).contains(CGRect(x: 256, y: 0, width: 256, height: 256)))
    }

    @Test func panningA16384LayerKeepsTheBudget() {
        // 16384 × 16384 points of 256-pixel tiles (4096 tiles, 1 GiB); a 1 MiB budget holds 4 of them
        // beyond those on screen. A 320 × 240 view pans diagonally across, each frame's tiles delivered.
        let g = Self.grid(side: 16384)
        let state = TiledState()
        state.budget = 1 << 20
        let usage = ClientUsage()
        var peak = 0, onScreenPeak = 0
        for step in 0..<200 {
            let origin = CGFloat(step) * 80
            let view = CGRect(x: origin, y: origin, width: 320, height: 240)
            let draws = state.plan(grid: g, level: 0, visible: view, time: Double(step) / 60, fadeDuration: 0)
            onScreenPeak = max(onScreenPeak, Set(draws.map(\.rect)).count)
            for key in state.outbox.requests { _ = Self.deliver(state, key, grid: g, usage: usage) }
            state.outbox = ([], [])
            state.retired.removeAll()
            peak = max(peak, state.bytes)
        }
        // What is on screen is never evicted (up to 3 × 2 tiles of 256 KiB here), so the bytes stay within
        // the budget plus one frame's visible tiles and the margin delivered that frame.
        #expect(peak <= (1 << 20) + 36 * 256 * 256 * 4, "\(peak) bytes")
        #expect(state.evicted > 100)
        // The images the evicted tiles held are gone: the client's usage counts only the tiles kept.
        #expect(usage.imageBytes == state.bytes)
        #expect(onScreenPeak <= 6)
    }
}
