import CStrataCairo
import Foundation
import StrataCore

/// Transparency layers (CoreGraphics' beginTransparencyLayer/endTransparencyLayer), over Cairo's groups.
///
/// As in Quartz: between begin and end, drawing goes into a fully transparent offscreen layer, in which the
/// global alpha is 1, there is no shadow, the blend mode is `normal` and there is no mask clip; the path
/// clip and the CTM carry on. Ending composites the layer as one painting operation with the state of
/// the begin: its global alpha, shadow (cast by the layer's combined alpha), clip, mask clip and blend mode.
/// Graphics states saved inside a layer end with it. Layers nest. `auxiliaryInfo` is ignored (Quartz
/// passes it to the layer's creation and defines no keys); the rect of `beginTransparencyLayer(in:…)`
/// only bounds the layer in Quartz, and drawing here is bounded by the clip anyway.
extension CGContext {
    /// What an open transparency layer restores when it ends.
    struct TransparencyLayer {
        var state: GState
        var savedDepth: Int
    }

    /// Starts a transparency layer: until the matching `endTransparencyLayer()` drawing goes into a transparent
    /// offscreen layer with alpha 1, no shadow, normal blending and no mask clip (the clip and CTM carry on),
    /// and the layer is then composited once with this moment's alpha, shadow, clips and blend mode. Layers
    /// nest. `auxiliaryInfo` is ignored.
    public func beginTransparencyLayer(auxiliaryInfo: CFDictionary?) { pushTransparencyLayer() }

    /// Starts a transparency layer as `beginTransparencyLayer(auxiliaryInfo:)` does. `rect` is ignored (in
    /// Quartz it only bounds the layer; drawing here is bounded by the clip), as is `auxiliaryInfo`.
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: CFDictionary?) { pushTransparencyLayer() }

    /// Composites the innermost layer (see above); without an open layer it does nothing.
    public func endTransparencyLayer() {
        guard let pattern = popTransparencyLayer() else { return }
        let alpha = Double(state.alpha)
        paint([PaintLayer(setSource: { cairo_set_source($0, pattern.pattern) }, cover: { cairo_paint_with_alpha($0, alpha) })])
    }

    func pushTransparencyLayer() {
        transparencyLayers.append(TransparencyLayer(state: state, savedDepth: savedStates.count))
        cairo_push_group(cr)
        state.alpha = 1
        state.shadow = nil
        state.blendMode = .normal
        state.maskClip = nil
    }

    /// Closes the innermost layer, restoring the state of its begin, and gives its drawing.
    func popTransparencyLayer() -> CairoPattern? {
        guard let layer = transparencyLayers.last else { return nil }
        while savedStates.count > layer.savedDepth { restoreGState() }
        transparencyLayers.removeLast()
        state = layer.state
        return CairoPattern(cairo_pop_group(cr))
    }

    /// Keeps the innermost layer's drawing only where what `drawMask` draws (in its own transparency layer)
    /// has alpha: Core Animation's layer mask. The layer stays open.
    func maskTransparencyLayer(_ drawMask: () -> Void) {
        guard !transparencyLayers.isEmpty else { return }
        pushTransparencyLayer()
        drawMask()
        guard let mask = popTransparencyLayer() else { return }
        cairo_set_source(cr, mask.pattern)
        cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }

    /// Composites the innermost layer with its red, green and blue multiplied by `tint`'s (a replicator's
    /// instance colour; its alpha is not used). A recording context's layer has no pixels to multiply: it
    /// is composited untinted.
    func endTransparencyLayer(tint: Color) {
        guard let pattern = popTransparencyLayer() else { return }
        var surface: OpaquePointer?
        if cairo_pattern_get_surface(pattern.pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface,
           cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE {
            Self.multiply(surface, by: tint)
        }
        let alpha = Double(state.alpha)
        paint([PaintLayer(setSource: { cairo_set_source($0, pattern.pattern) }, cover: { cairo_paint_with_alpha($0, alpha) })])
    }

    /// Multiplies an ARGB32 surface's colour channels (premultiplied: multiplying them is multiplying the
    /// colour) by `tint`'s.
    private static func multiply(_ surface: OpaquePointer, by tint: Color) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        func unit(_ v: CGFloat) -> UInt32 { UInt32((min(max(v.isNaN ? 0 : v, 0), 1) * 255).rounded()) }
        let r = unit(tint.red), g = unit(tint.green), b = unit(tint.blue)
        func times(_ c: UInt32, _ t: UInt32) -> UInt32 { (c * t + 127) / 255 }
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row[x]
                row[x] = (p & 0xFF00_0000) | times((p >> 16) & 0xFF, r) << 16 | times((p >> 8) & 0xFF, g) << 8 | times(p & 0xFF, b)
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}
