import Foundation

/// What one frame cost the GPU side: for `strata-bench` and `strata stats`.
public struct RenderCounters: Sendable, Equatable {
    /// GL draw calls (each batch of quads is one).
    public var drawCalls = 0
    /// Offscreen groups begun plus intermediate blur passes.
    public var offscreenPasses = 0
    /// Pixels the offscreen passes covered: groups drawn and cleared, and both blur passes of each shadow.
    public var offscreenPixels = 0
    /// Shadows blurred, and shadows drawn from the ones kept (`CompositeCache`) without blurring.
    public var shadowBlurs = 0
    public var compositesKept = 0
    /// Pixels in the repaint region (0 when nothing changed).
    public var repaintedPixels = 0
    /// Pixels moved on the framebuffer by a scroll copy (`ScrollCopy`) instead of being drawn.
    public var scrollCopiedPixels = 0
    /// Rectangles the repaint region was drawn as (a pass each; 1 when the GPU places what moves and the
    /// whole target is repainted).
    public var repaintRects = 0
    /// Glyphs rasterised (glyph cache misses), glyphs drawn from the cache, and glyph atlas textures
    /// emptied because they were full.
    public var glyphsRasterized = 0
    public var glyphCacheHits = 0
    public var glyphAtlasResets = 0
    /// Glyphs not drawn because the frame's rasterising budget was spent (`Renderer.glyphRasterBudget`):
    /// the frame is incomplete, and the next one, drawn whole, makes them.
    public var glyphsDeferred = 0
    /// Bitmaps being drawn a part a frame (`Renderer.drawPart`) that are not whole yet: the next frame,
    /// drawn whole, draws their next parts.
    public var rasterPartsPending = 0
    /// Layers whose animations the GPU evaluated (motion slots), and whether the frame reused the last
    /// frame's draw list (only the slots were evaluated).
    public var motionSlots = 0
    public var drawListReused = false
    /// Sublayers (whole subtrees) not built because they lie outside the scissor clip they are in
    /// (`DrawList.culledSubtrees`).
    public var subtreesCulled = 0
    /// Emitter cells not drawn because their image is larger than a GL texture can be (GL_MAX_TEXTURE_SIZE).
    public var cellImagesOverLimit = 0

    public init() {}
}
