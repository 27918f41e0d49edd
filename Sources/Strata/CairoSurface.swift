import CStrataCairo
import Foundation

/// A device-pixel rectangle of a context's bitmap.
struct PixelRect: Equatable {
    var x: Int, y: Int, width: Int, height: Int
}

/// A Cairo image surface (cleared on creation) covering `rect` of a context's device space, with a
/// cairo_t on it. Its device offset places it: drawing with an identity matrix uses the context's device
/// coordinates, and `cairo_set_source_surface(cr, surface, 0, 0)` (or a mask) puts its pixels back where
/// they belong. The scratch surfaces of shadows, coverage masks and the mask clip.
final class CairoSurface {
    let surface: OpaquePointer
    let cr: OpaquePointer
    let rect: PixelRect

    /// nil when Cairo cannot allocate it.
    init?(_ format: cairo_format_t, _ rect: PixelRect) {
        guard rect.width > 0, rect.height > 0,
              let created = cairo_image_surface_create(format, Int32(rect.width), Int32(rect.height)),
              let (surface, cr) = CGContext.open(created) else { return nil }
        cairo_surface_set_device_offset(surface, Double(-rect.x), Double(-rect.y))
        self.surface = surface
        self.cr = cr
        self.rect = rect
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// The A8 or ARGB32 bytes, after Cairo has finished writing them; call `changed()` after editing.
    func bytes() -> (data: UnsafeMutablePointer<UInt8>, stride: Int)? {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        return (data, Int(cairo_image_surface_get_stride(surface)))
    }

    func changed() { cairo_surface_mark_dirty(surface) }
}
