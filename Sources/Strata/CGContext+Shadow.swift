import CStrataCairo
import Foundation
import StrataCore

/// Shadows (CoreGraphics' setShadow), part of the graphics state.
///
/// While a shadow is set, every painting operation (fill, stroke, fill-and-stroke as one, image, tiled
/// image, gradient) first paints its shadow, then itself, as in Quartz. The shadow is the operation's own
/// alpha (with the global alpha, before clipping: a shape outside the clip still casts its shadow into
/// it), blurred, tinted with the shadow colour, moved by the offset, then composited through the clip and
/// mask clip with the blend mode. `clear(_:)` casts none.
///
/// Choices where Quartz is silent or differs by platform:
/// - The offset and the blur are in device pixels, not transformed by the CTM (Quartz's base space). As
///   in UIKit's y-down contexts, a positive height moves the shadow down the bitmap, also in a context
///   flipped to y-up with `scaleBy(x: 1, y: -1)`; a positive width moves it right.
/// - `blur` is a Gaussian of standard deviation σ = blur / 2 (as HTML canvas's shadowBlur, which WebKit
///   hands to CoreGraphics unchanged); see `ShadowBlur` for how it is computed. Blurs above 128 are taken
///   as 128 (σ = 64, past which a shadow is a faint haze), bounding the scratch surface to the clip's
///   bounds plus about 200 pixels a side.
/// - A gradient paints the whole clip, so its shadow is cast by what it paints there.
extension CGContext {
    struct Shadow {
        var offset: CGSize
        var blur: CGFloat
        var color: Color
    }

    static let maxShadowBlur: CGFloat = 128

    /// Sets a shadow of `color` (nil or fully transparent: no shadow). Ignored when the offset or blur is
    /// not finite or the blur is negative.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard offset.width.isFinite, offset.height.isFinite, blur.isFinite, blur >= 0 else { return }
        guard let color, color.color.alpha > 0, color.color.components.allSatisfy(\.isFinite) else {
            state.shadow = nil
            return
        }
        state.shadow = Shadow(offset: offset, blur: min(blur, Self.maxShadowBlur), color: color.color)
    }

    /// Sets a shadow in Quartz's default colour, black at 1/3 alpha.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3))
    }

    /// Paints the shadow of `layers` (see above).
    func paintShadow(_ shadow: Shadow, of layers: [PaintLayer]) {
        guard let visible = clipPixelBounds() else { return }
        let sigma = Double(shadow.blur) / 2
        let reach = ShadowBlur.reach(sigma: sigma)
        let dx = Double(shadow.offset.width), dy = Double(shadow.offset.height)
        // Offsets past the bitmap cast nothing into it (and would overflow the arithmetic below).
        guard abs(dx) < Double(width + reach + 1), abs(dy) < Double(height + reach + 1) else { return }
        // The pixels whose blurred shadow, moved by the offset, can land on a visible pixel.
        let minX = Int((Double(visible.x) - dx).rounded(.down)) - reach
        let minY = Int((Double(visible.y) - dy).rounded(.down)) - reach
        let maxX = Int((Double(visible.x + visible.width) - dx).rounded(.up)) + reach
        let maxY = Int((Double(visible.y + visible.height) - dy).rounded(.up)) + reach
        guard let shape = CairoSurface(CAIRO_FORMAT_A8, PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)) else {
            StrataLog.logger.error("CGContext: shadow skipped: no memory for a \(maxX - minX)×\(maxY - minY) scratch surface")
            return
        }
        for layer in layers {
            layer.setSource(shape.cr)
            layer.cover(shape.cr)
        }
        guard let (data, stride) = shape.bytes() else { return Self.logNoMemory(shape.rect) }
        ShadowBlur.blur(data, width: shape.rect.width, height: shape.rect.height, stride: stride, sigma: sigma)
        shape.changed()
        let color = shadow.color
        composite(PaintLayer(setSource: { CGContext.setSource(color, on: $0) },
                             cover: { cairo_mask_surface($0, shape.surface, dx, dy) }))
    }
}
