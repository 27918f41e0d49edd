import CStrataCairo
import Foundation

/// Conversions between Cairo's ARGB32 (premultiplied, one native-endian 32-bit word per pixel: A in the
/// top byte) and the premultiplied RGBA8 byte order CGImage and the server use.
enum CairoPixels {
    /// Whether Cairo's ARGB32 words lie in memory as B, G, R, A (a little-endian machine).
    static let nativeIsBGRA: Bool = {
        #if _endian(little)
        true
        #else
        false
        #endif
    }()

    /// Copies `width`×`height` pixels from Cairo rows to B, G, R, A rows (a big-endian machine's words
    /// are A, R, G, B in memory).
    static func copyARGBToBGRA(from src: UnsafeRawPointer, srcBytesPerRow: Int,
                               to dst: UnsafeMutableRawPointer, dstBytesPerRow: Int, width: Int, height: Int) {
        copyARGB(from: src, srcBytesPerRow: srcBytesPerRow, to: dst, dstBytesPerRow: dstBytesPerRow, width: width, height: height,
                 firstShift: 0, thirdShift: 16)
    }

    /// Copies `width`×`height` pixels from Cairo rows (`src`, 4-byte aligned) to RGBA8 rows.
    static func copyARGBToRGBA(from src: UnsafeRawPointer, srcBytesPerRow: Int,
                               to dst: UnsafeMutableRawPointer, dstBytesPerRow: Int, width: Int, height: Int) {
        copyARGB(from: src, srcBytesPerRow: srcBytesPerRow, to: dst, dstBytesPerRow: dstBytesPerRow, width: width, height: height,
                 firstShift: 16, thirdShift: 0)
    }

    /// Each ARGB word's bytes in the order (word >> firstShift, G, word >> thirdShift, A).
    private static func copyARGB(from src: UnsafeRawPointer, srcBytesPerRow: Int, to dst: UnsafeMutableRawPointer,
                                 dstBytesPerRow: Int, width: Int, height: Int, firstShift: UInt32, thirdShift: UInt32) {
        for y in 0..<height {
            let s = src + y * srcBytesPerRow, d = (dst + y * dstBytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let v = s.load(fromByteOffset: x * 4, as: UInt32.self)
                d[x * 4] = UInt8(truncatingIfNeeded: v >> firstShift)
                d[x * 4 + 1] = UInt8(truncatingIfNeeded: v >> 8)
                d[x * 4 + 2] = UInt8(truncatingIfNeeded: v >> thirdShift)
                d[x * 4 + 3] = UInt8(truncatingIfNeeded: v >> 24)
            }
        }
    }

    /// A new Cairo image surface holding `image`, every premultiplied value times `alpha` (rounded to
    /// nearest; what a context's global alpha does), or nil when Cairo cannot allocate it. The caller
    /// destroys it. Colour above alpha (invalid premultiplied input) is clamped to alpha.
    static func makeSurface(for image: CGImage, alpha: CGFloat = 1) -> OpaquePointer? {
        let w = image.width
        let scale = alpha.isFinite ? Double(min(max(alpha, 0), 1)) : 1
        return imageSurface(CAIRO_FORMAT_ARGB32, width: w, height: image.height) { data, stride in
            image.withPremultipliedPixels { px in
                for y in 0..<image.height {
                    let row = UnsafeMutableRawPointer(data + y * stride)
                    for x in 0..<w {
                        let i = (y * w + x) * 4
                        var a = UInt32(px[i + 3])
                        var r = min(UInt32(px[i]), a), g = min(UInt32(px[i + 1]), a), b = min(UInt32(px[i + 2]), a)
                        if scale != 1 {
                            func s(_ v: UInt32) -> UInt32 { UInt32((Double(v) * scale).rounded()) }
                            a = s(a); r = s(r); g = s(g); b = s(b)
                        }
                        row.storeBytes(of: a << 24 | r << 16 | g << 8 | b, toByteOffset: x * 4, as: UInt32.self)
                    }
                }
            }
        }
    }

    /// A new Cairo image surface of `format` and size, its pixels written by `fill` (the data and the
    /// bytes per row), or nil when Cairo cannot allocate it. The caller destroys it.
    static func imageSurface(_ format: cairo_format_t, width: Int, height: Int,
                             fill: (UnsafeMutablePointer<UInt8>, Int) -> Void) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(format, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        fill(data, Int(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
