import Foundation
import StrataCore
import StrataRender

/// CAShapeLayer: its path filled, then stroked, as one `ShapeDraw`, between its contents and its first
/// sublayer, not clipped by its bounds (only by masksToBounds, like everything the layer draws). A
/// stroke of width 0 draws nothing (**Strata's choice**: Core Graphics would draw a hairline). Under a
/// motion slot it is a `MovingShapeDraw` the GPU places (and trims, where the slot animates strokeStart or
/// strokeEnd), or the layer goes back to the CPU where that cannot be.
struct ShapeLayerContent: LayerKindContent {
    /// On a software rasteriser shapes stay on the CPU by default (`Compositor.shapesMoveOnTheGPU`).
    func motionRefusal(_ node: RenderNode, shapesMove: Bool) -> MotionCPUReason? { shapesMove ? nil : .kindContent }

    func pieces(_ node: RenderNode) -> Int {
        let s = node.drawnValues.shape
        guard let path = s.path, !path.isEmpty else { return 0 }
        let colors = Self.colorsMayAnimate(node)
        return (Self.fill(s, colorAnimates: colors.fill) != nil ? 1 : 0)
            + (Self.stroke(s, trimAnimates: Self.animatesTrim(node), colorAnimates: colors.stroke) != nil ? 1 : 0)
    }

    func appendContent(_ node: RenderNode, matrix: Transform3D, alpha: CGFloat, tint: Color, motion: KindMotion, into list: inout DrawList) {
        // Drawn values: a layer the slot animates is drawn from its model (the slot's trim applies over it).
        let s = node.drawnValues.shape
        guard let path = s.path, !path.isEmpty else { return }
        let trimAnimates = motion.animated.contains(.strokeTrim)
        // A colour the slot animates is covered in the slot's colour: the piece is made whatever the model's
        // colour now (white stands in for it).
        let colors = motion.animated.intersection([.fillColor, .strokeColor])
        var fill = Self.fill(s, colorAnimates: colors.contains(.fillColor))
        var stroke = Self.stroke(s, trimAnimates: trimAnimates, colorAnimates: colors.contains(.strokeColor))
        guard fill != nil || stroke != nil else { return }
        if tint != .white {
            if let f = fill { fill?.color = Self.tinted(f.color, tint) }
            if let k = stroke { stroke?.color = Self.tinted(k.color, tint) }
        }
        if list.currentSlot >= 0, motion.builder.shapesMove, let slots = list.motion, slots.keepsScale[Int(list.currentSlot)],
           let moving = MovingShapeDraw(inner: matrix, toTarget: matrix * motion.builder.slotToTarget(list.currentSlot, list), path: path,
                                        fill: fill, stroke: stroke, alpha: alpha, trimAnimates: trimAnimates, colorsFromSlot: colors) {
            list.append(.content(moving), slotFields: colors.union(trimAnimates ? .strokeTrim : []))
            return
        }
        // Outside a slot drawn as is; under one (where it cannot move) this makes the builder take the
        // layer back to the CPU.
        list.append(.content(ShapeDraw(matrix: matrix, path: path, fill: fill, stroke: stroke, alpha: alpha)))
    }

    private static func tinted(_ c: Color, _ t: Color) -> Color {
        Color(red: c.red * t.red, green: c.green * t.green, blue: c.blue * t.blue, alpha: c.alpha)
    }

    /// Whether a strokeStart or strokeEnd animation of `node` may be evaluated on the GPU (then its drawn
    /// values' trim may show nothing now and something in a later frame).
    private static func animatesTrim(_ node: RenderNode) -> Bool {
        mayAnimateOnTheGPU(node, .strokeStart) || mayAnimateOnTheGPU(node, .strokeEnd)
    }

    /// Whether an animation of `property` on `node` may be evaluated on the GPU: the node is left pending
    /// (its drawn values are its model's) and one of its animations changes the property.
    private static func mayAnimateOnTheGPU(_ node: RenderNode, _ property: LayerProperty) -> Bool {
        node.pendingLocalTime != nil && node.animations.contains { $0.prepared.changedProperties.contains(property) }
    }

    /// Whether a fill or stroke colour animation of `node` may be evaluated on the GPU (its drawn values'
    /// colour may show nothing now and something in a later frame).
    private static func colorsMayAnimate(_ node: RenderNode) -> (fill: Bool, stroke: Bool) {
        (mayAnimateOnTheGPU(node, .fillColor), mayAnimateOnTheGPU(node, .strokeColor))
    }

    private static func fill(_ s: ShapeModel, colorAnimates: Bool) -> ShapeDraw.Fill? {
        if colorAnimates { return ShapeDraw.Fill(rule: s.fillRule, color: .white) }
        guard let color = s.fillColor, color.alpha > 0 else { return nil }
        return ShapeDraw.Fill(rule: s.fillRule, color: color)
    }

    /// The stroke, or nil where it draws nothing: also where its trim keeps nothing, unless the trim animates.
    private static func stroke(_ s: ShapeModel, trimAnimates: Bool, colorAnimates: Bool) -> ShapeDraw.Stroke? {
        guard let color = colorAnimates ? Color.white : s.strokeColor, color.alpha > 0, s.lineWidth > 0,
              trimAnimates || min(s.strokeEnd, 1) > max(s.strokeStart, 0)
        else { return nil }
        let geometry = StrokeGeometry(lineWidth: s.lineWidth, lineCap: s.lineCap, lineJoin: s.lineJoin, miterLimit: s.miterLimit)
        return ShapeDraw.Stroke(geometry: geometry, dashPattern: s.lineDashPattern, dashPhase: s.lineDashPhase,
                                start: s.strokeStart, end: s.strokeEnd, color: color)
    }
}
