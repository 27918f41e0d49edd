import Foundation
import StrataCore

/// Hit testing, stroking and dashing copies (CoreGraphics' CGPath geometry), through StrataCore's path
/// geometry, the same that CAShapeLayer's strokes use.
extension CGPath {
    /// How closely stroked copies follow curves and round joins and caps, in path units (CoreGraphics
    /// returns curves; these outlines are polygons).
    static let outlineTolerance: CGFloat = 0.01

    /// Whether `point`, first transformed by `transform`, lies inside the path filled with `rule`; each
    /// subpath counts as closed, curves are followed to within 0.01 units.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity) -> Bool {
        path.contains(point.applying(transform), rule: rule == .evenOdd ? .evenOdd : .nonZero)
    }

    /// The area a solid stroke of the path covers, as closed polygons (one move, lines and a close each)
    /// to fill with the winding rule, then transformed. Curves, round joins and caps are within 0.01 units.
    /// A `lineWidth` that is not positive and finite gives an empty path.
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat,
                     transform: CGAffineTransform = .identity) -> CGPath {
        let tolerance = Self.outlineTolerance
        let style = StrokeGeometry(lineWidth: lineWidth, lineCap: lineCap.core, lineJoin: lineJoin.core, miterLimit: miterLimit)
        var outline = Path()
        for polygon in Stroker.outline(path.polylines(tolerance: tolerance, scale: 1), style, tolerance: tolerance, scale: 1) {
            guard let first = polygon.first else { continue }
            outline.move(to: first)
            for p in polygon.dropFirst() { outline.addLine(to: p) }
            outline.closeSubpath()
        }
        return CGPath(outline.mapped { $0.applying(transform) })
    }

    /// The "on" pieces of a dash pattern as open subpaths (curves cut exactly), then transformed. The
    /// pattern restarts at each subpath; see `Path.dashed` for odd, empty and invalid patterns.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity) -> CGPath {
        CGPath(path.dashed(phase: phase, lengths: lengths).mapped { $0.applying(transform) })
    }
}

extension CGLineCap {
    var core: LineCap {
        switch self {
        case .butt: .butt
        case .round: .round
        case .square: .square
        }
    }
}

extension CGLineJoin {
    var core: LineJoin {
        switch self {
        case .miter: .miter
        case .round: .round
        case .bevel: .bevel
        }
    }
}
