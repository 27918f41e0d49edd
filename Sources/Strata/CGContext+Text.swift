import CStrataCairo
import Foundation
import StrataCore
import StrataText

/// Text drawn into a CGContext with the stack `CATextLayer` uses (StrataText: fontconfig, HarfBuzz,
/// FriBiDi, ICU line breaking, FreeType), so a string drawn in `draw(in:)` looks as the same string in a
/// text layer: the same layout, and glyphs rasterised by the same code at the same sizes and subpixel
/// positions. Glyphs are upright in UIKit's y-down space (their tops toward −y); a y-up context shows
/// them upside down, as UIKit's string drawing does there.
extension CGContext {
    /// Draws laid-out text; `layoutToUser` maps the layout's space (y down from the box's top-left) into
    /// user space. Runs without a colour take `color`. One painting operation (CGContext+Compositing): the
    /// shadow of all of it, then the glyphs and decorations, through the clips (and `clip`, in user space)
    /// and the blend mode, times the global alpha. The current path is left alone.
    func draw(_ laid: LaidOutText, layoutToUser: CGAffineTransform, color: Color, clippedTo clip: CGRect? = nil) {
        guard state.ctm.isUsableByCairo, layoutToUser.isUsableByCairo, state.alpha > 0 else { return }
        let toDevice = layoutToUser.concatenating(state.ctm)
        var layers: [PaintLayer] = []
        for run in laid.runs where run.size > 0 {
            let c = run.color ?? color
            guard c.alpha > 0 else { continue }
            for (glyph, p) in zip(run.glyphs, run.positions) {
                if let layer = glyphLayer(glyph, face: run.face, size: run.size, at: p, toDevice: toDevice, color: c) { layers.append(layer) }
            }
        }
        for d in laid.decorations {
            var p = Path()
            p.addRect(d.rect.applying(layoutToUser))
            guard let device = devicePath(for: p) else { continue }
            layers.append(fillLayer(device, rule: .winding, color: d.color ?? color))
        }
        guard !layers.isEmpty else { return }
        guard let clip else { paint(layers); return }
        var box = Path()
        box.addRect(clip)
        guard let device = devicePath(for: box) else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        replay(device)
        cairo_clip(cr)
        paint(layers)
    }

    /// One glyph with its origin at `p` (layout points before `toDevice`), rasterised at the size the
    /// transform shows it. Where that is a plain scale and translation the bitmap goes pixel for pixel (x
    /// on a quarter pixel, the baseline on a whole one, as the server draws a still text layer); otherwise
    /// through the transform, sampled bilinearly. nil when there is nothing to draw.
    /// Kept whole (over 60 lines): one glyph's bitmap, placement and compositing.
    private func glyphLayer(_ glyph: UInt32, face: FontFace, size: CGFloat, at p: CGPoint, toDevice t: CGAffineTransform,
                            color: Color) -> PaintLayer? {
        let pixelSize = size * abs(t.a * t.d - t.b * t.c).squareRoot()
        guard pixelSize.isFinite, pixelSize >= GlyphRasterizer.minPixelSize else { return nil }
        let device = p.applying(t)
        let axisAligned = t.b == 0 && t.c == 0 && t.a > 0 && abs(t.a - t.d) <= 1e-9 * t.a
        let x = axisAligned ? (face.isColor ? device.x.rounded() : (device.x * 4).rounded() / 4) : 0
        guard let bitmap = GlyphRasterizerPool.rasterize(face: face, glyph: glyph, pixelSize: pixelSize,
                                                         subpixelX: axisAligned ? x - x.rounded(.down) : 0),
              !bitmap.isEmpty, let surface = Self.surface(for: bitmap) else { return nil }
        let box = SurfaceBox(surface)
        // Bitmap texels → device pixels.
        let texelToDevice: CGAffineTransform
        let exact = axisAligned && bitmap.scale == 1
        if exact {
            texelToDevice = CGAffineTransform(translationX: x.rounded(.down) + CGFloat(bitmap.left), y: device.y.rounded() - CGFloat(bitmap.top))
        } else {
            let k = size / (pixelSize * bitmap.scale)
            texelToDevice = CGAffineTransform(scaleX: k, y: k)
                .concatenating(CGAffineTransform(translationX: p.x + CGFloat(bitmap.left) * k, y: p.y - CGFloat(bitmap.top) * k))
                .concatenating(t)
        }
        guard texelToDevice.isUsableByCairo else { return nil }
        let filter = exact ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR
        let alpha = Double(state.alpha), (w, h) = (Double(bitmap.width), Double(bitmap.height))
        func placed(_ cr: OpaquePointer, _ body: () -> Void) {
            cairo_save(cr)
            var m = texelToDevice.cairoMatrix
            cairo_transform(cr, &m)
            body()
            cairo_restore(cr)
        }
        if bitmap.isColor {
            // The glyph's own colours, faded by the global alpha: the source is the bitmap.
            return PaintLayer(setSource: { cr in
                var m = texelToDevice.cairoMatrix
                cairo_matrix_invert(&m)
                let pattern = cairo_pattern_create_for_surface(box.surface)
                cairo_pattern_set_matrix(pattern, &m)
                cairo_pattern_set_filter(pattern, filter)
                cairo_set_source(cr, pattern)
                cairo_pattern_destroy(pattern)
            }, cover: { cr in
                // The bitmap's rectangle (the path outlives the restored matrix), painted with the alpha.
                placed(cr) { cairo_rectangle(cr, 0, 0, w, h) }
                cairo_save(cr)
                cairo_clip(cr)
                cairo_paint_with_alpha(cr, alpha)
                cairo_restore(cr)
            })
        }
        let source = sourceColor(color)
        return PaintLayer(setSource: { CGContext.setSource(source, on: $0) }, cover: { cr in
            placed(cr) {
                let pattern = cairo_pattern_create_for_surface(box.surface)
                cairo_pattern_set_filter(pattern, filter)
                cairo_mask(cr, pattern)
                cairo_pattern_destroy(pattern)
            }
        })
    }

    /// A Cairo surface of the glyph: A8 coverage, or a colour glyph's premultiplied RGBA as an image's
    /// (`CairoPixels.makeSurface`).
    private static func surface(for g: GlyphBitmap) -> OpaquePointer? {
        if g.isColor {
            return CGImage(width: g.width, height: g.height, rgba: g.pixels, premultiplied: true).flatMap { CairoPixels.makeSurface(for: $0) }
        }
        return CairoPixels.imageSurface(CAIRO_FORMAT_A8, width: g.width, height: g.height) { data, stride in
            g.pixels.withUnsafeBufferPointer { src in
                for y in 0..<g.height {
                    for x in 0..<g.width { data[y * stride + x] = src[y * g.width + x] }
                }
            }
        }
    }
}

/// Owns a glyph's Cairo surface for as long as painting closures hold it.
private final class SurfaceBox {
    let surface: OpaquePointer
    init(_ surface: OpaquePointer) { self.surface = surface }
    deinit { cairo_surface_destroy(surface) }
}

/// One FreeType rasteriser for every context in the process (a rasteriser is not thread-safe and keeps
/// its faces open: one shared under a lock, not one per drawing).
enum GlyphRasterizerPool {
    nonisolated(unsafe) private static let rasterizer = GlyphRasterizer()
    private static let lock = NSLock()

    static func rasterize(face: FontFace, glyph: UInt32, pixelSize: CGFloat, subpixelX: CGFloat) -> GlyphBitmap? {
        lock.lock()
        defer { lock.unlock() }
        return rasterizer.rasterize(face: face, glyph: glyph, pixelSize: pixelSize, subpixelX: subpixelX)
    }
}
