import CStrataCairo
import Foundation
import StrataCore
import StrataProtocol

/// Drawing images into the context and reading its pixels out.
extension CGContext {
    /// Draws `image` scaled to fill `rect` (user space), upright in the y-down space: its first row along
    /// `rect.minY`. Bilinear filtering, with the edge pixels extended rather than faded; honours the CTM, the
    /// clip and the global alpha. The current path is left alone. Nothing is drawn for an empty or
    /// non-finite rect or a singular CTM.
    public func draw(_ image: CGImage, in rect: CGRect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite,
              state.ctm.isUsableByCairo else { return }
        // Image pixels → user space → device space.
        let imageToDevice = CGAffineTransform(scaleX: r.width / CGFloat(image.width), y: r.height / CGFloat(image.height))
            .concatenating(CGAffineTransform(translationX: r.minX, y: r.minY))
            .concatenating(state.ctm)
        var rectPath = Path()
        rectPath.addRect(r)
        guard imageToDevice.isUsableByCairo, let device = devicePath(for: rectPath),
              let source = CairoPixels.makeSurface(for: image) else { return }
        defer { cairo_surface_destroy(source) }

        cairo_save(cr)
        defer { cairo_restore(cr) } // also brings back the identity matrix and drops the temporary clip
        replay(device)
        applyAntialias()
        cairo_clip(cr)
        var matrix = imageToDevice.cairoMatrix
        cairo_set_matrix(cr, &matrix)
        cairo_set_source_surface(cr, source, 0, 0) // the pattern is locked to the image-pixel space set above
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_paint_with_alpha(cr, Double(state.alpha))
    }

    /// The context's pixels as a new image (premultiplied RGBA, a copy: later drawing does not change it).
    public func makeImage() -> CGImage? {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let copied = pixels.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return copyPremultiplied(rect: (x: 0, y: 0, width: width, height: height), format: .rgba, into: base, bytesPerRow: width * 4)
        }
        guard copied else { return nil }
        return CGImage(width: width, height: height, rgba: pixels, premultiplied: true)
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
