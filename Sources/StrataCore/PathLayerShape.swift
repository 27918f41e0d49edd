import Foundation

/// A layer's bounds rounded as Core Animation rounds its background, border and masksToBounds clip:
/// `cornerRadius` on the corners `maskedCorners` names, circular or continuous (`LayerModel.drawnCorners`).
/// The server draws the same shapes as signed distances (`rounded_box.glsl`); these are their outlines, for
/// drawing on the CPU (`CALayer.render(in:)`).
extension Path {
    /// The continuous corner as measured from UIBezierPath (three cubics reaching `CornerCurve.continuousExpansion`
    /// radii along each edge), as (along the edge it leaves, away from that edge) in radii, from the first edge to the second.
    static let continuousCorner: [(CGFloat, CGFloat)] = [
        (1.52866483, 0), (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600), (0.37282392, 0.16250267),
        (0.16250267, 0.37282392), (0.06549600, 0.66993427), (0, 0.86840689), (0, 1.08849323), (0, 1.52866483),
    ]

    /// `rect` with the corners in `corners` (CACornerMask bits: 1 minX-minY, 2 maxX-minY, 4 minX-maxY, 8
    /// maxX-maxY; with `CornerCurve.continuousCornersBit`, continuous) rounded by `radius`. A circular radius is
    /// clamped to half the shorter side; a continuous corner's reach is, its radius shrinking with it (as the
    /// server's `continuousBox`). Clockwise on a y-down screen, closed.
    public mutating func addLayerShape(_ rect: CGRect, radius: CGFloat, corners: UInt8) {
        let s = rect.standardized
        let half = min(s.width, s.height) / 2
        let r = radius.isNaN ? 0 : max(0, radius)
        guard r > 0, corners & 15 != 0, half > 0 else { addRect(s); return }
        guard corners & CornerCurve.continuousCornersBit != 0 else {
            func size(_ bit: UInt8) -> CGSize { corners & bit != 0 ? CGSize(width: min(r, half), height: min(r, half)) : .zero }
            addRoundedRect(s, topLeft: size(1), topRight: size(2), bottomLeft: size(4), bottomRight: size(8))
            return
        }
        let k = min(CornerCurve.continuousExpansion * r, half) / CornerCurve.continuousExpansion
        // Each corner: its bit, its point, and the directions of its two edges (back along the outline, then on).
        let table: [(UInt8, CGPoint, CGPoint, CGPoint)] = [
            (2, CGPoint(x: s.maxX, y: s.minY), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: 1)),
            (8, CGPoint(x: s.maxX, y: s.maxY), CGPoint(x: 0, y: -1), CGPoint(x: -1, y: 0)),
            (4, CGPoint(x: s.minX, y: s.maxY), CGPoint(x: 1, y: 0), CGPoint(x: 0, y: -1)),
            (1, CGPoint(x: s.minX, y: s.minY), CGPoint(x: 0, y: 1), CGPoint(x: 1, y: 0)),
        ]
        for (n, (bit, c, u, v)) in table.enumerated() {
            guard corners & bit != 0 else {
                if n == 0 { move(to: c) } else { addLine(to: c) }
                continue
            }
            let p = Self.continuousCorner.map { a, b in CGPoint(x: c.x + (u.x * a + v.x * b) * k, y: c.y + (u.y * a + v.y * b) * k) }
            if n == 0 { move(to: p[0]) } else if currentPoint != p[0] { addLine(to: p[0]) }
            for i in stride(from: 0, to: 9, by: 3) { addCurve(to: p[i + 3], control1: p[i + 1], control2: p[i + 2]) }
        }
        closeSubpath()
    }

    /// The ring a layer's border covers: its shape less the shape inset by `width` (whose radius is `radius`
    /// less `width`), filled with the even-odd rule; the whole shape when the border meets itself.
    public static func layerBorder(_ rect: CGRect, radius: CGFloat, corners: UInt8, width: CGFloat) -> Path {
        let s = rect.standardized
        var p = Path()
        p.addLayerShape(s, radius: radius, corners: corners)
        let inner = s.insetBy(dx: width, dy: width)
        guard inner.width > 0, inner.height > 0 else { return p }
        let half = min(s.width, s.height) / 2
        let outer = corners & CornerCurve.continuousCornersBit != 0
            ? min(CornerCurve.continuousExpansion * radius, half) / CornerCurve.continuousExpansion : min(radius, half)
        p.addLayerShape(inner, radius: outer - width, corners: corners)
        return p
    }
}
