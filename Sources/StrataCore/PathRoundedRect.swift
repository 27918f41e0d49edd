import Foundation

/// Rectangles with quarter-ellipse corners, as cubics with the 4/3·(√2 − 1) control distance (as in
/// `addEllipse`). Both go the same way as `addRect` (clockwise on a y-down screen, top = minY), start where
/// the top edge leaves the top-left corner, and are closed.
extension Path {
    /// Every corner `cornerWidth` × `cornerHeight`, clamped to 0…half the side (NaN counts as 0); a zero
    /// corner gives `addRect`.
    public mutating func addRoundedRect(_ r: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) {
        let s = r.standardized
        let corner = CGSize(width: Self.clampedCorner(cornerWidth, s.width / 2), height: Self.clampedCorner(cornerHeight, s.height / 2))
        guard corner.width > 0, corner.height > 0 else { addRect(s); return }
        addRoundedRect(s, topLeft: corner, topRight: corner, bottomLeft: corner, bottomRight: corner)
    }

    /// Each corner its own size, clamped to 0…half the side per dimension (NaN counts as 0); a corner with
    /// a zero dimension is sharp. With every corner sharp this is `addRect`.
    public mutating func addRoundedRect(_ rect: CGRect, topLeft: CGSize, topRight: CGSize, bottomLeft: CGSize, bottomRight: CGSize) {
        let s = rect.standardized
        func clamp(_ c: CGSize) -> (w: CGFloat, h: CGFloat) {
            let w = Self.clampedCorner(c.width, s.width / 2), h = Self.clampedCorner(c.height, s.height / 2)
            return w > 0 && h > 0 ? (w, h) : (0, 0)
        }
        let tl = clamp(topLeft), tr = clamp(topRight), bl = clamp(bottomLeft), br = clamp(bottomRight)
        guard tl.w > 0 || tr.w > 0 || bl.w > 0 || br.w > 0 else { addRect(s); return }
        let k: CGFloat = 4 / 3 * (CGFloat(2).squareRoot() - 1)
        let (x0, x1, y0, y1) = (s.minX, s.maxX, s.minY, s.maxY)
        // Straight edges shrink to nothing when corners take the whole side: skip zero-length lines.
        func line(_ p: CGPoint) { if currentPoint != p { addLine(to: p) } }
        move(to: CGPoint(x: x0 + tl.w, y: y0))
        if tr.w > 0 {
            line(CGPoint(x: x1 - tr.w, y: y0))
            addCurve(to: CGPoint(x: x1, y: y0 + tr.h), control1: CGPoint(x: x1 - tr.w + k * tr.w, y: y0), control2: CGPoint(x: x1, y: y0 + tr.h - k * tr.h))
        } else {
            line(CGPoint(x: x1, y: y0))
        }
        if br.w > 0 {
            line(CGPoint(x: x1, y: y1 - br.h))
            addCurve(to: CGPoint(x: x1 - br.w, y: y1), control1: CGPoint(x: x1, y: y1 - br.h + k * br.h), control2: CGPoint(x: x1 - br.w + k * br.w, y: y1))
        } else {
            line(CGPoint(x: x1, y: y1))
        }
        if bl.w > 0 {
            line(CGPoint(x: x0 + bl.w, y: y1))
            addCurve(to: CGPoint(x: x0, y: y1 - bl.h), control1: CGPoint(x: x0 + bl.w - k * bl.w, y: y1), control2: CGPoint(x: x0, y: y1 - bl.h + k * bl.h))
        } else {
            line(CGPoint(x: x0, y: y1))
        }
        if tl.w > 0 {
            line(CGPoint(x: x0, y: y0 + tl.h))
            addCurve(to: CGPoint(x: x0 + tl.w, y: y0), control1: CGPoint(x: x0, y: y0 + tl.h - k * tl.h), control2: CGPoint(x: x0 + tl.w - k * tl.w, y: y0))
        } // a sharp top-left corner is the start point: the close draws the left edge
        closeSubpath()
    }

    private static func clampedCorner(_ v: CGFloat, _ half: CGFloat) -> CGFloat { v.isNaN ? 0 : min(max(v, 0), half) }
}
