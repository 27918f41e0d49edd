import Foundation

/// One flattened subpath for stroking: its points in order, and whether it is closed (a closed polyline
/// does not repeat its first point at the end).
public struct Polyline: Sendable, Equatable {
    public var points: [CGPoint]
    public var closed: Bool

    public init(points: [CGPoint], closed: Bool) {
        self.points = points
        self.closed = closed
    }
}

extension Path {
    /// The path as polylines for stroking, curves split as in `fillPolygons` (within `tolerance` after
    /// `scale`, at most `maxSegments` pieces a curve). Unlike filling it keeps open subpaths and says which
    /// are closed. Non-finite points are skipped and consecutive equal points merged, so a subpath of
    /// zero length is one point (a dot under round or square caps); a lone move draws nothing and is left out.
    public func polylines(tolerance: CGFloat, scale: CGFloat, maxSegments: Int = 256) -> [Polyline] {
        let bound = Flattening(tolerance: tolerance, scale: scale, maxSegments: maxSegments)
        return subpaths.compactMap { subpath in
            var points: [CGPoint] = []
            func add(_ p: CGPoint) {
                if p.x.isFinite, p.y.isFinite, points.last != p { points.append(p) }
            }
            add(subpath.start)
            for segment in subpath.segments {
                for p in bound.points(segment) { add(p) }
            }
            if subpath.closed, points.count > 1, points.first == points.last { points.removeLast() }
            return points.isEmpty ? nil : Polyline(points: points, closed: subpath.closed)
        }
    }
}
