import Foundation
import StrataCore
import StrataText

/// What each layer kind draws between its contents and its sublayers in `render(in:)`, as the server's
/// `LayerKindContent`s draw it: a shape's fill and stroke, a gradient, a text layer's text; and the
/// replicator's copies of its sublayers.
extension LayerRenderer {
    func kindPieces(_ l: RenderedLayer) -> Int {
        let v = l.values
        switch v.kind {
        case .shape:
            let s = v.shape
            guard let path = s.path, !path.isEmpty else { return 0 }
            return ((s.fillColor?.alpha ?? 0) > 0 ? 1 : 0) + ((s.strokeColor?.alpha ?? 0) > 0 && s.lineWidth > 0 ? 1 : 0)
        case .gradient: return v.gradient.drawnStops == nil ? 0 : 1
        // Glyphs may overlap: text of more than one character is two pieces (TextLayerContent.pieces).
        case .text: return v.text.string.map { $0.string.utf16.prefix(2).count } ?? 0
        default: return 0
        }
    }

    func drawKindContent(_ l: RenderedLayer) {
        let v = l.values
        switch v.kind {
        case .shape: drawShape(v.shape)
        case .gradient: drawGradient(v)
        case .text: drawText(v)
        default: break
        }
    }

    /// The path filled by its rule, then stroked: trimmed by strokeStart/strokeEnd and dashed as the server
    /// strokes it (`Path.strokedPart`), with its width, cap, join and miter limit.
    private func drawShape(_ s: ShapeModel) {
        guard let path = s.path, !path.isEmpty else { return }
        if let color = s.fillColor, color.alpha > 0 { fill(path, color: color, rule: s.fillRule == .evenOdd ? .evenOdd : .winding) }
        guard let color = s.strokeColor, color.alpha > 0, s.lineWidth > 0, min(s.strokeEnd, 1) > max(s.strokeStart, 0) else { return }
        let stroked = path.strokedPart(from: s.strokeStart, to: s.strokeEnd, dashPhase: s.lineDashPhase, dashPattern: s.lineDashPattern)
        guard !stroked.isEmpty else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.setLineWidth(s.lineWidth)
        ctx.setLineCap(s.lineCap == .round ? .round : s.lineCap == .square ? .square : .butt)
        ctx.setLineJoin(s.lineJoin == .round ? .round : s.lineJoin == .bevel ? .bevel : .miter)
        ctx.setMiterLimit(s.miterLimit)
        ctx.setStrokeColor(CGColor(s.strokeColor ?? .black))
        ctx.beginPath()
        ctx.add(stroked)
        ctx.strokePath()
    }

    /// The gradient over the rounded bounds: axial from startPoint to endPoint; radial around startPoint
    /// reaching endPoint's distance along each axis (an ellipse); conic around startPoint from the direction
    /// of endPoint, clockwise (per pixel: CGContext+ConicGradient).
    private func drawGradient(_ v: LayerModel) {
        let g = v.gradient
        guard let stops = g.drawnStops else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        clip(toShapeOf: v)
        guard stops.colors.count > 1 else { return fillShape(of: v, color: stops.colors[0]) }
        guard let gradient = CGGradient(colorsSpace: nil, colors: stops.colors.map(CGColor.init), locations: stops.locations) else { return }
        let b = v.bounds
        let start = CGPoint(x: b.minX + g.startPoint.x * b.width, y: b.minY + g.startPoint.y * b.height)
        let end = CGPoint(x: b.minX + g.endPoint.x * b.width, y: b.minY + g.endPoint.y * b.height)
        guard g.type != .conic else {
            return ctx.paintConicGradient(gradient, center: start, angle: atan2(end.y - start.y, end.x - start.x))
        }
        guard g.type == .radial else {
            return ctx.drawLinearGradient(gradient, start: start, end: end, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        var r = CGSize(width: abs(end.x - start.x), height: abs(end.y - start.y))
        if r.width <= 0 { r.width = r.height }
        if r.height <= 0 { r.height = r.width }
        guard r.width > 0 else { return fillShape(of: v, color: stops.colors[stops.colors.count - 1]) }
        ctx.translateBy(x: start.x, y: start.y)
        ctx.scaleBy(x: r.width, y: r.height)
        ctx.drawRadialGradient(gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1, options: [.drawsAfterEndLocation])
    }

    /// The string laid out as the server lays it out (`TextLayout.layout` at the layer's font, size,
    /// alignment, wrapping and truncation in the bounds' size), in foregroundColor, clipped to the bounds.
    private func drawText(_ v: LayerModel) {
        let t = v.text
        guard let text = t.string, !text.string.isEmpty else { return }
        func finite(_ x: CGFloat) -> CGFloat { x.isFinite ? x : 0 }
        let style = TextStyle(font: t.font, fontSize: finite(t.fontSize), alignment: t.alignmentMode, isWrapped: t.isWrapped,
                              truncation: t.truncationMode)
        let laid = TextLayout.layout(text, style: style, bounds: CGSize(width: finite(v.bounds.width), height: finite(v.bounds.height)))
        ctx.draw(laid, layoutToUser: CGAffineTransform(translationX: v.bounds.minX, y: v.bounds.minY),
                 color: t.foregroundColor ?? Color(red: 0, green: 0, blue: 0, alpha: 0), clippedTo: v.bounds)
    }

    /// A replicator's sublayers `instanceCount` times: copy k moved by instanceTransform applied k times
    /// about the bounds' centre, its colours multiplied by instanceColor plus k times the offsets, its alpha
    /// by the alpha channel's (ReplicatorLayerContent). A copy transform that is not flat draws no copies.
    func drawReplicas(_ l: RenderedLayer) {
        let v = l.values, r = v.replicator
        guard Self.isFlat(r.instanceTransform) else { return }
        let centre = CGPoint(x: v.bounds.midX, y: v.bounds.midY)
        guard let step = Self.affine(Transform3D.translation(-centre.x, -centre.y, 0) * r.instanceTransform
                                         * Transform3D.translation(centre.x, centre.y, 0)) else { return }
        let inherited = ctx.state.alpha
        var instance = CGAffineTransform.identity
        for k in 0..<r.drawnCount {
            defer { instance = instance.concatenating(step) }
            let (tint, alpha) = r.instanceTint(k)
            guard alpha > 0 else { continue }
            ctx.saveGState()
            ctx.setAlpha(inherited * alpha)
            if tint == .white {
                drawSublayers(l, copy: instance)
            } else {
                // Multiplying the copy's composited colours is multiplying each colour drawn (compositing is
                // linear in premultiplied colour), as the server tints each piece.
                ctx.beginTransparencyLayer(auxiliaryInfo: nil)
                drawSublayers(l, copy: instance)
                ctx.endTransparencyLayer(tint: tint)
            }
            ctx.restoreGState()
        }
    }
}
