import CStrataCairo
import Foundation
import StrataCore

/// Clipping to an image mask (CoreGraphics' clip(to:mask:)), part of the graphics state.
///
/// The mask's values become the clip's coverage: 1 paints fully, 0 not at all, in between partly. They are
/// placed as `draw(_:in:)` places an image in `rect` (through the CTM, first row along `rect.maxY`, as Quartz:
/// so a mask reads upside down in the default y-down context and upright after a flip, like an image there),
/// sampled as `interpolationQuality` says; outside `rect` the coverage is 0. A second mask multiplies into
/// the first, and everything combines with the path clip. Painting goes through it (CGContext+Compositing).
///
/// Which values: Strata's CGImage has no colour space or image-mask flag, so the pixels decide. An image
/// with any pixel that is not fully opaque is an alpha mask: its alpha is the value (how `UIImage`-made
/// masks are commonly used). A fully opaque image is read as Quartz reads a DeviceGray image without
/// alpha: its luminance is the value (white paints, black masks), Y = 0.2126 R + 0.7152 G + 0.0722 B of the
/// stored sRGB bytes (exactly the grey of a grey image). Quartz's inverted "image masks"
/// (`CGImage(maskWidth:…)`) do not exist in Strata.
///
/// The clip also shrinks to the device-pixel bounds of `rect`, so `boundingBoxOfClipPath` includes the
/// mask's rect. An empty rect or a singular CTM clips everything out; a non-finite rect is ignored.
extension CGContext {
    /// Narrows the clip to `mask` placed in `rect` as `draw(_:in:)` places an image (through the CTM, first row
    /// along `rect.maxY`): an image with any translucent pixel masks by its alpha, an opaque one by its
    /// luminance (white paints, black masks), since Strata's `CGImage` has no colour space. Nothing paints
    /// outside `rect`; masks multiply; an empty rect or a singular CTM clips everything out, a non-finite rect
    /// is ignored. Saved with the graphics state. See <doc:Status#Classes-and-protocols>.
    public func clip(to rect: CGRect, mask: CGImage) {
        let r = rect.standardized
        guard [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite) else { return }
        var rectPath = Path()
        rectPath.addRect(r)
        guard r.width > 0, r.height > 0, let device = devicePath(for: rectPath),
              let pattern = imagePattern(mask, Self.maskSurface(mask), in: r, extend: CAIRO_EXTEND_PAD) else {
            clipOut()
            return
        }
        // The path clip: the pixels the rect touches.
        let box = device.boundingBox
        var pixels = Path()
        pixels.addRect(CGRect(x: box.minX.rounded(.down), y: box.minY.rounded(.down),
                              width: box.maxX.rounded(.up) - box.minX.rounded(.down), height: box.maxY.rounded(.up) - box.minY.rounded(.down)))
        replay(pixels)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
        guard let values = CairoSurface(CAIRO_FORMAT_A8, PixelRect(x: 0, y: 0, width: width, height: height)) else {
            StrataLog.logger.error("CGContext.clip(to:mask:): no memory for a \(width)×\(height) mask: clipping everything out")
            clipOut()
            return
        }
        Self.replay(device, on: values.cr)
        Self.applyAntialias(state.antialias, on: values.cr)
        cairo_clip(values.cr)
        cairo_set_source(values.cr, pattern.pattern)
        cairo_paint(values.cr)
        cairo_reset_clip(values.cr)
        if let old = state.maskClip {
            cairo_set_operator(values.cr, CAIRO_OPERATOR_DEST_IN)
            cairo_set_source_surface(values.cr, old.surface, 0, 0)
            cairo_paint(values.cr)
        }
        cairo_surface_flush(values.surface)
        state.maskClip = values
    }

    /// Clips everything out.
    private func clipOut() {
        cairo_new_path(cr)
        cairo_clip(cr)
    }

    /// An A8 surface of the mask's values (see above), or nil when Cairo cannot allocate it. The caller
    /// destroys it.
    static func maskSurface(_ image: CGImage) -> OpaquePointer? {
        let w = image.width
        return CairoPixels.imageSurface(CAIRO_FORMAT_A8, width: w, height: image.height) { data, stride in
            image.withPremultipliedPixels { px in
                var opaque = true
                for i in Swift.stride(from: 3, to: px.count, by: 4) where px[i] != 255 {
                    opaque = false
                    break
                }
                for y in 0..<image.height {
                    for x in 0..<w {
                        let i = (y * w + x) * 4
                        let value: UInt8
                        if opaque {
                            let luminance = 0.2126 * Double(px[i]) + 0.7152 * Double(px[i + 1]) + 0.0722 * Double(px[i + 2])
                            value = UInt8(min(luminance.rounded(), 255))
                        } else {
                            value = px[i + 3]
                        }
                        data[y * stride + x] = value
                    }
                }
            }
        }
    }
}
