import CStrataGL
import Foundation

/// Giving back what the renderer keeps only to be faster (issue 28: caches dropped under memory pressure):
/// kept composites and blurred shadows, rasterized layers' bitmaps, group targets, moving shapes' outlines
/// and the glyph cache. Each is made again when a frame next needs it; textures of clients' images and
/// the animation table stay (they are the content, not a cache).
extension Renderer {
    /// About how many bytes of GPU memory the caches hold now.
    public var cacheBytes: Int {
        let rasterBytes = rasters.values.reduce(0) { $0 + $1.width * $1.height * 4 }
        return compositeCache.bytes + backdrops.bytes + rasterBytes + (movingCoverageFiller?.keptBytes ?? 0) + (atlas?.bytes ?? 0)
    }

    /// Drops every cache (the glyph cache too unless `keepingGlyphs`); returns about how many bytes were
    /// held. The frame after must be drawn whole: a reused draw list's recorded batches may name a dropped
    /// bitmap.
    @discardableResult
    public func releaseCaches(keepingGlyphs: Bool = false) -> Int {
        let held = cacheBytes - (keepingGlyphs ? atlas?.bytes ?? 0 : 0)
        compositeCache.releaseAll()
        rasters.removeAll()
        pools.removeAll()
        offscreen.releaseAll()
        blurLevels.releaseAll()
        backdrops.releaseAll()
        scrollTarget = nil
        uncutTarget = nil
        movingCoverageFiller?.releaseKept()
        if !keepingGlyphs { releaseGlyphCache() }
        return held
    }
}
