import CStrataGL
import Foundation
import StrataCore

/// A CAShapeLayer's drawing (`DrawCommand.content`): its path filled, then its stroke, each anti-aliased by
/// exact area coverage (`CoverageFill`). Geometry is flattened for the size it is shown at, after the
/// layer's whole transform (perspective included), so a zoomed shape stays sharp; it is computed only
/// when the draw is inside the region being repainted.
public struct ShapeDraw: ContentDraw {
    public struct Fill: Hashable, Sendable {
        public var rule: FillRule
        /// Straight alpha.
        public var color: Color
        public init(rule: FillRule, color: Color) { self.rule = rule; self.color = color }
    }

    public struct Stroke: Hashable, Sendable {
        public var geometry: StrokeGeometry
        public var dashPattern: [CGFloat]?
        public var dashPhase: CGFloat
        /// The part stroked, as fractions of the path's length.
        public var start: CGFloat, end: CGFloat
        /// Straight alpha.
        public var color: Color
        public init(geometry: StrokeGeometry, dashPattern: [CGFloat]?, dashPhase: CGFloat, start: CGFloat, end: CGFloat, color: Color) {
            self.geometry = geometry; self.dashPattern = dashPattern; self.dashPhase = dashPhase
            self.start = start; self.end = end; self.color = color
        }
    }

    /// Layer coordinates → target pixels.
    public var matrix: Transform3D
    public var path: Path
    public var fill: Fill?
    public var stroke: Stroke?
    public var alpha: CGFloat

    /// How far (target pixels) flattened curves may stray from the path.
    static let tolerance: CGFloat = 0.1

    public init(matrix: Transform3D, path: Path, fill: Fill?, stroke: Stroke?, alpha: CGFloat) {
        self.matrix = matrix; self.path = path; self.fill = fill; self.stroke = stroke; self.alpha = alpha
    }

    public func box(within target: PixelRect) -> PixelRect {
        let bounds = path.boundingBox
        guard !bounds.isNull else { return .empty }
        // The fill stays within the path's bounds; the stroke reaches as far as its outline, which is
        // measured (a smooth circle's miter join reaches half the line width, not the miter limit's spike).
        var drawn = fill != nil || stroke == nil ? bounds : CGRect.null
        if let stroke, stroke.geometry.lineWidth > 0 {
            guard stroke.geometry.lineWidth.isFinite else { return target }
            drawn = drawn.union(StrokeBounds.of(path, stroke, scale: PathFill.pixelScale(matrix, bounds)))
        }
        guard !drawn.isNull else { return .empty }
        guard drawn.minX.isFinite, drawn.minY.isFinite, drawn.maxX.isFinite, drawn.maxY.isFinite else { return target }
        return PixelRect.covering(drawn, matrix, margin: 2, within: target)
    }

    public func combine(into h: inout Hasher) {
        h.combine(matrix); h.combine(path); h.combine(fill); h.combine(stroke); h.combine(alpha)
    }

    public func draw(in renderer: Renderer, framebuffer: GLuint, scissor: PixelRect) throws {
        renderer.flush()
        let bounds = path.boundingBox
        guard !bounds.isNull, alpha > 0 else { return }
        let scale = PathFill.pixelScale(matrix, bounds)
        let window = WindowProjection(toClip: matrix * renderer.projection, width: CGFloat(renderer.physicalWidth),
                                      height: CGFloat(renderer.physicalHeight))
        let clip = renderer.windowRect(scissor)
        if let fill, fill.color.alpha > 0 {
            let polygons = window.project(path.fillPolygons(tolerance: Self.tolerance, scale: scale))
            try renderer.coverage.fill(polygons, rule: fill.rule, color: premultiplied(fill.color), framebuffer: framebuffer,
                                       width: renderer.physicalWidth, height: renderer.physicalHeight, scissor: clip)
            renderer.countCoverageFill()
        }
        if let stroke, stroke.color.alpha > 0, stroke.geometry.lineWidth > 0 {
            let outline = Self.outline(path, stroke, scale: scale)
            try renderer.coverage.fill(window.project(outline), rule: .nonZero, color: premultiplied(stroke.color), framebuffer: framebuffer,
                                       width: renderer.physicalWidth, height: renderer.physicalHeight, scissor: clip)
            renderer.countCoverageFill()
        }
        renderer.invalidateBindings()
    }

    /// The stroke's outline flattened for `scale`: an undashed stroke trimmed as its polylines
    /// (`Polyline.trimmed`: the cuts the GPU makes of an animated strokeEnd with `TrimmableStroke`, so both
    /// draw the same), a dashed one (or one with a dot) trimmed and dashed on its curves first.
    static func outline(_ path: Path, _ stroke: Stroke, scale: CGFloat) -> [[CGPoint]] {
        if stroke.dashPattern?.isEmpty ?? true,
           let lines = Polyline.trimmed(path.polylines(tolerance: tolerance, scale: scale), start: stroke.start, end: stroke.end) {
            return Stroker.outline(lines, stroke.geometry, tolerance: tolerance, scale: scale)
        }
        let part = path.strokedPart(from: stroke.start, to: stroke.end, dashPhase: stroke.dashPhase, dashPattern: stroke.dashPattern)
        return Stroker.outline(part.polylines(tolerance: tolerance, scale: scale), stroke.geometry, tolerance: tolerance, scale: scale)
    }

    private func premultiplied(_ c: Color) -> (Float, Float, Float, Float) {
        let a = c.alpha * alpha
        return (Float(c.red * a), Float(c.green * a), Float(c.blue * a), Float(a))
    }
}
