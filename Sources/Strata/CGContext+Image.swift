import CStrataCairo
import Foundation
import StrataCore
import StrataProtocol

/// Drawing images into the context and reading its pixels out.
extension CGContext {
    /// Draws `image` scaled to fill `rect` (user space) as Quartz does: its first row along `rect.maxY`, so in
    /// this y-down space (a layer's or view's context, like UIKit's) it is upside down unless the CTM is
    /// flipped (`translateBy(x: 0, y: h)`, `scaleBy(x: 1, y: -1)`), as on iOS; `UIImage.draw(in:)`
    /// (StrataUIKit) draws upright. Filtered as `interpolationQuality` says, with the edge pixels extended rather than
    /// faded; honours the CTM, the clip and mask clip, the global alpha (multiplied into the image), the
    /// shadow and the blend mode (which acts within `rect`). The current path is left alone. Nothing is
    /// drawn for an empty or non-finite rect or a singular CTM.
    public func draw(_ image: CGImage, in rect: CGRect) { drawImage(image, in: rect, tiled: false) }

    /// With `byTiling`, copies of `image` scaled to `rect` repeat from `rect`'s origin in user space (so
    /// through the CTM) to fill the whole clip, as CoreGraphics' draw(_:in:byTiling:); the filter wraps
    /// across tile edges. Without, `draw(_:in:)`.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool) { drawImage(image, in: rect, tiled: byTiling) }

    private func drawImage(_ image: CGImage, in rect: CGRect, tiled: Bool) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite,
              state.ctm.isUsableByCairo else { return }
        var rectPath = Path()
        rectPath.addRect(r)
        guard let device = devicePath(for: rectPath),
              let pattern = imagePattern(image, CairoPixels.makeSurface(for: image, alpha: state.alpha), in: r,
                                         extend: tiled ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD) else { return }
        let antialias = state.antialias
        let cover: (OpaquePointer) -> Void = tiled ? { cairo_paint($0) } : { cr in
            cairo_save(cr)
            CGContext.replay(device, on: cr)
            CGContext.applyAntialias(antialias, on: cr)
            cairo_clip(cr)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        paint([PaintLayer(setSource: { cairo_set_source($0, pattern.pattern) }, cover: cover)])
    }

    /// A pattern of `surface` (an image's pixels, or its mask values; consumed) placed as `image` drawn in
    /// `r` would be: image pixels → user space → device space; filtered by `interpolationQuality`. nil
    /// when that placement is singular or there is no surface.
    func imagePattern(_ image: CGImage, _ surface: OpaquePointer?, in r: CGRect, extend: cairo_extend_t) -> CairoPattern? {
        guard let surface else { return nil }
        defer { cairo_surface_destroy(surface) } // the pattern keeps its own reference
        // Quartz draws an image with its first row at the top of its y-up space: in this y-down space (UIKit's
        // flipped context) that row lands along `r.maxY`, so the image shows upside down unless the CTM is
        // flipped first, exactly as on iOS (seed 003 D2–D4 flip or turn for it).
        let imageToDevice = CGAffineTransform(scaleX: r.width / CGFloat(image.width), y: -r.height / CGFloat(image.height))
            .concatenating(CGAffineTransform(translationX: r.minX, y: r.maxY))
            .concatenating(state.ctm)
        guard let toImage = imageToDevice.usableInverse, let pattern = CairoPattern(cairo_pattern_create_for_surface(surface)) else { return nil }
        var matrix = toImage.cairoMatrix
        cairo_pattern_set_matrix(pattern.pattern, &matrix)
        cairo_pattern_set_filter(pattern.pattern, state.interpolationQuality.cairo)
        cairo_pattern_set_extend(pattern.pattern, extend)
        return pattern
    }

    /// The context's pixels as a new image (premultiplied RGBA, a copy: later drawing does not change it).
    /// nil for a recording context (a `drawsAsynchronously` layer's): it has no pixels until replayed, as
    /// Quartz returns none for a context that is not a bitmap context.
    public func makeImage() -> CGImage? {
        guard !isRecording else {
            StrataLog.logger.error("CGContext.makeImage(): unsupported: makeImage on a recording context (drawsAsynchronously)")
            return nil
        }
        // Copied once, straight into the image's shared memory.
        return CGImage(width: width, height: height) { base in
            copyPremultiplied(rect: (x: 0, y: 0, width: width, height: height), format: .rgba, into: base, bytesPerRow: width * 4)
        }
    }

    /// Writes the pixels of `rect` (which must lie inside the bitmap) as premultiplied rows in `format`'s
    /// byte order, `bytesPerRow` apart (at least `rect.width * 4`), starting at `into`. Returns false,
    /// writing nothing, for a rect outside the bitmap or too small a `bytesPerRow`. What a layer's backing
    /// store copies into shared memory: in BGRA (Cairo's own bytes on a little-endian machine) each row is
    /// one memcpy; in RGBA every pixel is converted.
    @discardableResult
    func copyPremultiplied(rect: (x: Int, y: Int, width: Int, height: Int), format: PixelFormat, into: UnsafeMutableRawPointer,
                           bytesPerRow: Int) -> Bool {
        guard rect.x >= 0, rect.y >= 0, rect.width > 0, rect.height > 0,
              rect.width <= width - rect.x, rect.height <= height - rect.y, bytesPerRow >= rect.width * 4 else { return false }
        cairo_surface_flush(surface) // Cairo may still hold drawing it has not written to memory
        guard let data = cairo_image_surface_get_data(surface) else { return false }
        let origin = UnsafeRawPointer(data) + rect.y * self.bytesPerRow + rect.x * 4
        switch format {
        case .bgra where CairoPixels.nativeIsBGRA:
            for row in 0..<rect.height {
                (into + row * bytesPerRow).copyMemory(from: origin + row * self.bytesPerRow, byteCount: rect.width * 4)
            }
        case .bgra:
            CairoPixels.copyARGBToBGRA(from: origin, srcBytesPerRow: self.bytesPerRow, to: into, dstBytesPerRow: bytesPerRow,
                                       width: rect.width, height: rect.height)
        case .rgba:
            CairoPixels.copyARGBToRGBA(from: origin, srcBytesPerRow: self.bytesPerRow, to: into, dstBytesPerRow: bytesPerRow,
                                       width: rect.width, height: rect.height)
        }
        return true
    }
}
