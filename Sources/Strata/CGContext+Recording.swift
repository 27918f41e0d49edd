import CStrataCairo
import Foundation

/// Recording contexts: what a `drawsAsynchronously` layer's `draw(in:)` gets. Cairo records every
/// operation (paths, sources, clips, operators, snapshots of the images and glyphs painted) instead of
/// rasterizing, and `replay(onto:clip:)` later paints them onto the backing store on another thread.
///
/// The context keeps its device space, size and Strata-side state exactly as a bitmap context does, so
/// what `draw(in:)` sees (CTM, clip extents, path queries) is the same; only reading pixels differs:
/// `makeImage()` returns nil.
extension CGContext {
    /// A context of `width`×`height` device pixels recording into a bounded Cairo recording surface; nil
    /// for sizes outside 1…32767 or when Cairo cannot make it.
    convenience init?(recordingWidth width: Int, height: Int) {
        guard (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height) else { return nil }
        // Bounded like the bitmap: clip extents (and so scratch surfaces) come out the same.
        var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(width), height: Double(height))
        self.init(surface: cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents), width: width, height: height)
    }

    /// Whether this context records instead of drawing pixels.
    var isRecording: Bool { cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_RECORDING }

    /// Plays this recording onto `target`'s pixels inside `clip` (device pixels), replacing them there.
    /// Painting a recording with SOURCE through a pixel-aligned clip makes Cairo replay each recorded
    /// operation directly onto the target (not through an intermediate image), so the pixels are those the
    /// operations would have drawn on `target` itself: the recording starts by erasing the same rectangle.
    /// The recording must be complete (no more drawing into it); `target` must not be in use elsewhere.
    func replay(onto target: CGContext, clip: PixelRect) {
        guard clip.width > 0, clip.height > 0 else { return }
        let cr = target.cr
        cairo_surface_flush(surface)
        cairo_save(cr)
        cairo_rectangle(cr, Double(clip.x), Double(clip.y), Double(clip.width), Double(clip.height))
        cairo_clip(cr)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_restore(cr)
        cairo_surface_flush(target.surface)
    }
}
