import Foundation

extension Path {
    /// How closely `contains` follows curves, in path units.
    public static let containsTolerance: CGFloat = 0.01

    /// Whether `point` is inside the path filled with `rule` (CGPath.contains): its winding number against
    /// every subpath, each implicitly closed, curves flattened to within `containsTolerance`. A point exactly
    /// on an edge is decided by the half-open crossing rule (a rectangle keeps its minimum-x and minimum-y
    /// edges). A non-finite point is outside; subpaths with a non-finite point are left out.
    public func contains(_ point: CGPoint, rule: FillRule) -> Bool {
        guard point.x.isFinite, point.y.isFinite else { return false }
        var winding = 0
        for polygon in fillPolygons(tolerance: Self.containsTolerance, scale: 1) {
            for (a, b) in zip(polygon, polygon.dropFirst() + [polygon[0]]) {
                // Edges crossing the point's row, signed by direction, counted where the point lies on
                // the edge's winding side (Sunday's algorithm; each edge's rows are half-open).
                let side = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
                if a.y <= point.y {
                    if b.y > point.y, side > 0 { winding += 1 }
                } else if b.y <= point.y, side < 0 {
                    winding -= 1
                }
            }
        }
        return rule == .nonZero ? winding != 0 : winding & 1 != 0
    }
}
