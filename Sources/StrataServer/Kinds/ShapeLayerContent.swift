import Foundation
import StrataCore
import StrataRender

/// CAShapeLayer: its path filled, then stroked, as one `ShapeDraw`, between its contents and its first
/// sublayer, not clipped by its bounds (only by masksToBounds, like everything the layer draws). A
/// stroke of width 0 draws nothing (**Strata's choice**: Core Graphics would draw a hairline).
struct ShapeLayerContent: LayerKindContent {
    func pieces(_ node: RenderNode) -> Int {
        let s = node.presentation.shape
        guard let path = s.path, !path.isEmpty else { return 0 }
        return (Self.fill(s) != nil ? 1 : 0) + (Self.stroke(s) != nil ? 1 : 0)
    }

    func appendContent(_ node: RenderNode, matrix: Transform3D, alpha: CGFloat, tint: Color, into list: inout DrawList) {
        let s = node.presentation.shape
        guard let path = s.path, !path.isEmpty else { return }
        var fill = Self.fill(s), stroke = Self.stroke(s)
        guard fill != nil || stroke != nil else { return }
        if tint != .white {
            if let f = fill { fill?.color = Self.tinted(f.color, tint) }
            if let k = stroke { stroke?.color = Self.tinted(k.color, tint) }
        }
        list.append(.content(ShapeDraw(matrix: matrix, path: path, fill: fill, stroke: stroke, alpha: alpha)))
    }

    private static func tinted(_ c: Color, _ t: Color) -> Color {
        Color(red: c.red * t.red, green: c.green * t.green, blue: c.blue * t.blue, alpha: c.alpha)
    }

    private static func fill(_ s: ShapeModel) -> ShapeDraw.Fill? {
        guard let color = s.fillColor, color.alpha > 0 else { return nil }
        return ShapeDraw.Fill(rule: s.fillRule, color: color)
    }

    private static func stroke(_ s: ShapeModel) -> ShapeDraw.Stroke? {
        guard let color = s.strokeColor, color.alpha > 0, s.lineWidth > 0, min(s.strokeEnd, 1) > max(s.strokeStart, 0) else { return nil }
        let geometry = StrokeGeometry(lineWidth: s.lineWidth, lineCap: s.lineCap, lineJoin: s.lineJoin, miterLimit: s.miterLimit)
        return ShapeDraw.Stroke(geometry: geometry, dashPattern: s.lineDashPattern, dashPhase: s.lineDashPhase,
                                start: s.strokeStart, end: s.strokeEnd, color: color)
    }
}
