import Foundation
import StrataCore

/// A layer's own pieces for `render(in:)`: its rounded shape, shadow, contents, own drawing and border.
extension LayerRenderer {
    /// The bounds rounded by cornerRadius on maskedCorners, circular or continuous, as the server rounds them.
    static func shape(of v: LayerModel) -> Path {
        var p = Path()
        p.addLayerShape(v.bounds, radius: v.cornerRadius, corners: v.drawnCorners)
        return p
    }

    func clip(toShapeOf v: LayerModel) {
        ctx.beginPath()
        ctx.add(Self.shape(of: v))
        ctx.clip()
    }

    func fillShape(of v: LayerModel, color: Color) {
        fill(Self.shape(of: v), color: color, rule: .winding)
    }

    /// The border, inside the rounded bounds.
    func fillBorder(of v: LayerModel, color: Color) {
        fill(Path.layerBorder(v.bounds, radius: v.cornerRadius, corners: v.drawnCorners, width: v.borderWidth), color: color, rule: .evenOdd)
    }

    func fill(_ path: Path, color: Color, rule: CGPathFillRule) {
        ctx.beginPath()
        ctx.add(path)
        ctx.setFillColor(CGColor(color))
        ctx.fillPath(using: rule)
    }

    /// The layer's shadow: shadowColor at shadowOpacity, moved by shadowOffset (layer units) and blurred by
    /// σ = shadowRadius / 2 (as the server, scaled to device pixels), times `alpha`. With a shadowPath it is
    /// painted here (the path's shape) and false is returned. Otherwise the shadow is cast by the alpha of
    /// everything the layer draws: a transparency layer is begun with the shadow set, which the caller
    /// ends after the body, and true is returned.
    func drawShadow(_ v: LayerModel, alpha: CGFloat) -> Bool {
        guard v.shadowOpacity > 0, let base = v.shadowColor, base.alpha > 0 else { return false }
        let color = Color(red: base.red, green: base.green, blue: base.blue, alpha: base.alpha * min(1, v.shadowOpacity))
        let m = ctx.ctm
        let offset = CGSize(width: v.shadowOffset.width * m.a + v.shadowOffset.height * m.c,
                            height: v.shadowOffset.width * m.b + v.shadowOffset.height * m.d)
        let blur = max(0, v.shadowRadius) * abs(m.a * m.d - m.b * m.c).squareRoot()
        guard offset.width.isFinite, offset.height.isFinite, blur.isFinite else { return false }
        ctx.setAlpha(alpha)
        if let path = v.shadowPath {
            guard let device = ctx.devicePath(for: path) else { return false }
            let shadow = CGContext.Shadow(offset: offset, blur: min(blur, CGContext.maxShadowBlur), color: color)
            ctx.paintShadow(shadow, of: [ctx.fillLayer(device, rule: .winding, color: .white)])
            return false
        }
        ctx.setShadow(offset: offset, blur: blur, color: CGColor(color))
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        return true
    }

    /// The contents image placed by contentsGravity, cut by contentsRect and nine-sliced by contentsCenter
    /// (`ContentsLayout`, as the server places it), upright, sampled by the layer's filters.
    func drawContents(_ image: CGImage, _ v: LayerModel) {
        let pieces = ContentsLayout.pieces(bounds: v.bounds, imageWidth: image.width, imageHeight: image.height, gravity: v.contentsGravity,
                                           scale: v.contentsScale, contentsRect: v.contentsRect, contentsCenter: v.contentsCenter)
        for piece in pieces where piece.rect.width > 0 && piece.rect.height > 0 && piece.uv.width > 0 && piece.uv.height > 0 {
            // The whole image's rectangle that puts the piece's part of it on the piece.
            let whole = CGRect(x: piece.rect.minX - piece.uv.minX / piece.uv.width * piece.rect.width,
                               y: piece.rect.minY - piece.uv.minY / piece.uv.height * piece.rect.height,
                               width: piece.rect.width / piece.uv.width, height: piece.rect.height / piece.uv.height)
            let magnified = whole.width * whole.height * v.contentsScale * v.contentsScale >= CGFloat(image.width * image.height)
            ctx.saveGState()
            ctx.clip(to: piece.rect)
            ctx.interpolationQuality = (magnified ? v.magnificationFilter : v.minificationFilter) == .nearest ? .none : .default
            // draw(_:in:) puts the first row along the rect's maxY: flipped about its middle, the image is upright.
            ctx.translateBy(x: 0, y: whole.minY + whole.maxY)
            ctx.scaleBy(x: 1, y: -1)
            ctx.draw(image, in: whole)
            ctx.restoreGState()
        }
    }

    /// A layer marked for display whose contents are not drawn yet: its `draw(in:)` (or its delegate's
    /// drawing) straight into the context, clipped to its bounds, as the next display would draw it.
    func drawOwnDrawing(_ l: RenderedLayer) {
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.clip(to: l.values.bounds)
        l.layer.draw(in: ctx)
    }
}
