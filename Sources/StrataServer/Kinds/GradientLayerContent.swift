import Foundation
import StrataCore
import StrataRender

/// CAGradientLayer: its gradient over its bounds, rounded by its corners as the background is, above the
/// background and contents. Nothing is drawn without colours, or when `locations` is set with a count
/// other than `colors`' (the seed's rule); one colour fills the bounds. Locations in any order are sorted
/// (**Strata's choice**). Colours blend per straight sRGB component, as Core Animation's do.
struct GradientLayerContent: LayerKindContent {
    /// The gradient fills the (rounded) bounds.
    var drawsWithinBounds: Bool { true }

    /// `locations` animate on the GPU only over locations as many as its colours (the stops drawn) and as
    /// its lists, up to four (the CPU interpolates lists of other lengths by switching half-way).
    func animationFits(_ spec: AnimationSpec, _ model: LayerModel) -> Bool {
        guard spec.keyPath?.property == .locations else { return true }
        let g = model.gradient
        guard let locations = g.locations, let colors = g.colors, locations.count == colors.count,
              let n = GPUAnimationRecord.listLength(spec) else { return false }
        return n == locations.count
    }

    func pieces(_ node: RenderNode) -> Int {
        Self.stops(node.drawnValues.gradient) == nil ? 0 : 1
    }

    func appendContent(_ node: RenderNode, matrix: Transform3D, alpha: CGFloat, tint: Color, motion: KindMotion,
                       into list: inout DrawList) {
        // Drawn values: a layer its slot animates is drawn from its model (what the slot animates of it
        // leaves the gradient alone, or the layer goes back to the CPU below).
        let p = node.drawnValues, g = p.gradient
        // Locations its slot animates (as many as the colours, up to four: animationFits) are
        // ordered by gradient.frag each frame: the stops go in the layer's order.
        let slotLocations = motion.animated.contains(.gradientLocations)
        guard let stops = slotLocations ? g.colors.flatMap({ c in g.locations.map { (c, $0) } }) : Self.stops(g) else { return }
        // Bounds, corner radius (clamped anew to animated bounds), points and locations its own slot animates
        // come from the slot (layer.vert).
        var fields = motion.animated.intersection([.bounds, .cornerRadius, .gradientPoints, .gradientLocations])
        if fields.contains(.bounds) { fields.insert(.cornerRadius) }
        let colors = tint == .white ? stops.colors : stops.colors.map {
            Color(red: $0.red * tint.red, green: $0.green * tint.green, blue: $0.blue * tint.blue, alpha: $0.alpha)
        }
        let edges = p.allowsEdgeAntialiasing ? p.edgeAntialiasingMask : 0
        list.append(.content(GradientDraw(matrix: matrix, rect: p.bounds, radius: p.cornerRadius, corners: p.drawnCorners,
                                                   edges: edges, colors: colors, locations: stops.locations,
                                                   start: g.startPoint, end: g.endPoint, type: g.type, alpha: alpha)),
                    slotFields: fields)
    }

    /// The stops to draw (`GradientModel.drawnStops`); nil when nothing is drawn.
    static func stops(_ g: GradientModel) -> (colors: [Color], locations: [CGFloat])? { g.drawnStops }
}
