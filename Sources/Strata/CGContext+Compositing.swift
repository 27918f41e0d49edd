import CStrataCairo
import Foundation

/// One source painted through one coverage: what fills, strokes, images and gradients hand to `paint`.
/// Both closures work on any cairo_t whose matrix is identity in the context's device space (the
/// context's own, or a scratch surface's).
struct PaintLayer {
    /// Sets the source, already multiplied by the global alpha.
    var setSource: (OpaquePointer) -> Void
    /// Paints the current source where the operation covers: a fill, a stroke, a clipped paint, a mask.
    var cover: (OpaquePointer) -> Void
}

/// The painting pipeline: a shadow first (CGContext+Shadow.swift), then each layer, through Cairo's clip
/// (the path clip) and the mask clip, combined by the blend mode.
///
/// Blend modes change only what is painted, as in Quartz: the result is D + m·(B(S, D) − D) for coverage
/// m (antialiasing, the mask clip), S the source and D the destination. Cairo does exactly that for its
/// bounded operators, so those paint directly (through `cairo_mask_surface` when there is a mask clip).
/// IN, OUT, DEST_IN and DEST_ATOP (sourceIn, sourceOut, destinationIn, destinationAtop) are unbounded in
/// Cairo (they would clear everything in the clip outside the shape), so for them the whole clip is
/// composited into a scratch copy, then copied back through the coverage. Shadows are composited the same
/// way, with the blend mode.
extension CGContext {
    /// Paints `layers` in order as one operation: the shadow of them all, then each one.
    func paint(_ layers: [PaintLayer]) {
        guard !layers.isEmpty else { return }
        if let shadow = state.shadow { paintShadow(shadow, of: layers) }
        for layer in layers { composite(layer) }
    }

    /// Paints one layer onto the bitmap with `op` (the blend mode's operator unless given).
    func composite(_ layer: PaintLayer, operator given: cairo_operator_t? = nil) {
        let op = given ?? state.blendMode.cairo ?? CAIRO_OPERATOR_OVER
        paintOperations += 1
        defer { cairo_set_operator(cr, CAIRO_OPERATOR_OVER) }
        guard state.maskClip != nil || op.isUnboundedInCairo else {
            layer.setSource(cr)
            cairo_set_operator(cr, op)
            layer.cover(cr)
            return
        }
        // The coverage, as an A8 mask over the clip's pixels, times the mask clip.
        guard let region = clipPixelBounds() else { return }
        guard let coverage = CairoSurface(CAIRO_FORMAT_A8, region) else { return Self.logNoMemory(region) }
        cairo_set_source_rgba(coverage.cr, 0, 0, 0, 1)
        layer.cover(coverage.cr)
        if let mask = state.maskClip {
            cairo_set_operator(coverage.cr, CAIRO_OPERATOR_DEST_IN)
            cairo_set_source_surface(coverage.cr, mask.surface, 0, 0)
            cairo_paint(coverage.cr)
        }
        cairo_surface_flush(coverage.surface)
        var result: CairoSurface?
        if op.isUnboundedInCairo {
            // B(S, D) everywhere in the clip, then copied through the coverage. In a recording context
            // (drawsAsynchronously) D is what was recorded so far, replayed into the scratch copy.
            guard let scratch = CairoSurface(CAIRO_FORMAT_ARGB32, region) else { return Self.logNoMemory(region) }
            // Inside a transparency layer D is the layer's drawing: its surface, placed by its device offset.
            let target = cairo_get_group_target(cr) ?? surface
            cairo_surface_flush(target)
            cairo_set_source_surface(scratch.cr, target, 0, 0)
            cairo_set_operator(scratch.cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(scratch.cr)
            layer.setSource(scratch.cr)
            cairo_set_operator(scratch.cr, op)
            cairo_paint(scratch.cr)
            cairo_surface_flush(scratch.surface)
            cairo_set_source_surface(cr, scratch.surface, 0, 0)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            result = scratch
        } else {
            layer.setSource(cr)
            cairo_set_operator(cr, op)
        }
        cairo_mask_surface(cr, coverage.surface, 0, 0)
        withExtendedLifetime(result) {}
    }

    static func logNoMemory(_ region: PixelRect) {
        StrataLog.logger.error("CGContext: painting skipped: no memory for a \(region.width)×\(region.height) scratch surface")
    }

    /// The device pixels the clip's bounding box touches, within the bitmap; nil when empty.
    func clipPixelBounds() -> PixelRect? {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2) // device space: Cairo's matrix is identity here
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else { return nil }
        let minX = max(0, Int(x1.rounded(.down))), minY = max(0, Int(y1.rounded(.down)))
        let maxX = min(width, Int(x2.rounded(.up))), maxY = min(height, Int(y2.rounded(.up)))
        guard maxX > minX, maxY > minY else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
