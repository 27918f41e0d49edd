import Foundation
import StrataCore

/// `CALayer.render(in:)`: a layer tree's model values drawn into a `CGContext` on the client, in Core
/// Animation's order, per layer: its shadow, background, contents (or its `draw(in:)`), its kind's
/// drawing, its sublayers by zPosition, then its border; opacity as a group where pieces overlap, a mask
/// and masksToBounds keeping what they keep. Pixels follow the server's drawing (DrawListBuilder) except
/// where the *Drawing* row of <doc:Status#CALayer-methods-and-function-families> says (what is skipped and why).
struct LayerRenderer {
    let ctx: CGContext

    /// `layer` and its subtree in the layer's own coordinates: a point of the layer lands at the same point
    /// of the context's user space (bounds starting at (10, 10) draw from (10, 10), which is why snapshot code
    /// translates by −contentOffset on iOS). Its own position and transform do not apply; its opacity,
    /// shadow and mask do.
    func renderRoot(_ layer: CALayer) {
        ctx.saveGState()
        defer { ctx.restoreGState() }
        draw(RenderedLayer(layer))
    }

    /// `layer` placed in its superlayer's sublayer space (the context's user space now). A layer whose
    /// transform is not flat (3D rotation, perspective) is skipped with its subtree, as Core Animation's
    /// render(in:) skips layers that use 3D transforms.
    func place(_ l: RenderedLayer) {
        guard let toParent = Self.affine(l.values.localToParent), Self.isFlat(l.values.transform) else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.concatenate(toParent)
        draw(l)
    }

    /// One layer in its own coordinates (see the type's comment).
    func draw(_ l: RenderedLayer) {
        let v = l.values
        let opacity = min(1, v.opacity.isNaN ? 0 : v.opacity)
        guard !v.isHidden, opacity > 0 else { return }
        let inherited = ctx.state.alpha
        // A transform layer draws only its sublayers, each with its opacity (it makes no group).
        guard v.kind != .transform else {
            ctx.saveGState()
            defer { ctx.restoreGState() }
            ctx.setAlpha(inherited * opacity)
            drawSublayers(l)
            return
        }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        // masksToBounds clips the shadow too, as on the server.
        if v.masksToBounds { clip(toShapeOf: v) }
        let masked = l.mask != nil
        // A mask keeps only what lies under its alpha, the shadow included: everything is drawn into a
        // layer that the mask cuts, composited with the opacity.
        if masked {
            ctx.setAlpha(inherited * opacity)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        }
        let outer = masked ? 1 : inherited * opacity
        let shadowed = drawShadow(v, alpha: outer)
        // Overlapping pieces under an opacity composite once, as a group (unless allowsGroupOpacity is false).
        let grouped = !masked && !shadowed && opacity < 1 && v.allowsGroupOpacity && pieces(of: l) > 1
        if grouped {
            ctx.setAlpha(outer)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        }
        ctx.setAlpha(masked || shadowed || grouped ? 1 : outer)
        drawBody(l)
        if shadowed || grouped { ctx.endTransparencyLayer() }
        if let mask = l.mask {
            ctx.setShadow(offset: .zero, blur: 0, color: nil)
            ctx.maskTransparencyLayer { place(RenderedLayer(mask)) }
            ctx.endTransparencyLayer()
        }
    }

    /// Background, contents (or the layer's own drawing), its kind's drawing, sublayers and border.
    private func drawBody(_ l: RenderedLayer) {
        let v = l.values
        if let color = v.backgroundColor, color.alpha > 0 { fillShape(of: v, color: color) }
        if l.drawsOwnContent {
            if let image = l.contents {
                drawContents(image, v)
            } else if l.needsDisplay {
                drawOwnDrawing(l)
            }
            drawKindContent(l)
        }
        if v.kind == .replicator { drawReplicas(l) } else { drawSublayers(l) }
        if v.borderWidth > 0, let color = v.borderColor, color.alpha > 0 { fillBorder(of: v, color: color) }
    }

    /// The sublayers through the sublayer transform (and geometryFlipped's flip), in painter's order; none
    /// through a sublayer transform that is not flat (perspective).
    func drawSublayers(_ l: RenderedLayer, copy: CGAffineTransform = .identity) {
        guard !l.sublayers.isEmpty, Self.isFlat(l.values.sublayerTransform),
              let space = Self.affine(l.values.sublayerToLocal) else { return }
        let children = l.sublayers.map(RenderedLayer.init)
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.concatenate(space.concatenating(copy))
        for i in PaintersOrder.indices(zPositions: children.map(\.values.zPosition)) { place(children[i]) }
    }

    /// How many separately drawn pieces the layer has: with more than one, an opacity composites them as a
    /// group (DrawListBuilder.pieces).
    private func pieces(of l: RenderedLayer) -> Int {
        let v = l.values
        let background = (v.backgroundColor?.alpha ?? 0) > 0 ? 1 : 0
        let border = v.borderWidth > 0 && (v.borderColor?.alpha ?? 0) > 0 ? 1 : 0
        let contents = l.contents != nil || l.needsDisplay ? 1 : 0
        return background + border + contents + l.sublayers.count + kindPieces(l)
    }

    /// The layer-local → superlayer map's x/y part; nil when not finite.
    static func affine(_ m: Transform3D) -> CGAffineTransform? {
        let t = CGAffineTransform(a: m.m11, b: m.m12, c: m.m21, d: m.m22, tx: m.m41, ty: m.m42)
        return t.isFinite ? t : nil
    }

    /// Whether a transform keeps the layer's plane facing the viewer undistorted: no rotation out of the
    /// plane and no perspective (a z scale or translation changes nothing drawn flat).
    static func isFlat(_ m: Transform3D) -> Bool {
        m.m13 == 0 && m.m14 == 0 && m.m23 == 0 && m.m24 == 0 && m.m31 == 0 && m.m32 == 0 && m.m34 == 0 && m.m44 == 1
    }
}

/// What `render(in:)` reads of one layer, taken under the layer lock (drawing runs outside it: a layer's
/// `draw(in:)` is app code).
struct RenderedLayer {
    let layer: CALayer
    let values: LayerModel
    let contents: CGImage?
    let sublayers: [CALayer]
    let mask: CALayer?
    /// Marked by `setNeedsDisplay()` with no display since: its `draw(in:)` draws straight into the context.
    let needsDisplay: Bool
    /// Whether Strata can draw the layer's own contents and kind here: not for layers showing GL or video
    /// frames (drawables), particles (emitters) or server-requested tiles (tiled layers).
    let drawsOwnContent: Bool

    init(_ layer: CALayer) {
        self.layer = layer
        (values, contents, sublayers, mask, needsDisplay, drawsOwnContent) = LayerLock.with {
            let frames = layer.drawableRingStorage != nil || layer.pendingDrawable != nil
            let kind = layer.modelValues.kind
            return (layer.modelValues, layer.contentsImage, layer.sublayerList, layer.maskLayer,
                    layer.needsDisplayFlag && layer.contentsImage == nil, !frames && kind != .emitter && kind != .tiled)
        }
    }
}
