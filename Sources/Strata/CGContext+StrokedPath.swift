import Foundation
import StrataCore

/// CoreGraphics' replacePathWithStrokedPath: the current path becomes the outline of its stroke, with the
/// line width, caps, joins, miter limit and dash in effect now, the pen in user space through the CTM (as
/// `strokePath()` would paint it). Made by StrataCore's `Stroker` (as `CGPath.copy(strokingWithWidth:…)`
/// and CAShapeLayer): closed polygons, one move, lines and a close each, to fill with the winding rule
/// (not even-odd: overlapping pieces wind twice); curves, round caps and joins within 0.01 device pixels.
/// The dash is applied first (`Path.dashed`, as `CGPath.copy(dashingWithPhase:lengths:)`).
///
/// Where Quartz would stroke nothing, or Strata's stroker cannot, the path becomes empty: a line width of
/// 0 (a hairline has no outline), a singular CTM, an empty path. Filling the result paints what
/// `strokePath()` paints, up to antialiasing at curved edges.
extension CGContext {
    /// Replaces the current path with the outline of its stroke under the current line width, caps, joins,
    /// miter limit and dash, as closed polygons to fill with the winding rule (curves and round parts within
    /// 0.01 device pixels, where Quartz keeps curves). A line width of 0 (a hairline), a singular CTM or an
    /// empty path leaves the path empty. See <doc:Status#Classes-and-protocols>.
    public func replacePathWithStrokedPath() {
        let m = state.ctm
        guard !devicePath.isEmpty, state.lineWidth > 0, let inverse = m.usableInverse else {
            devicePath = Path()
            return
        }
        var user = devicePath.mapped { $0.applying(inverse) }
        if !state.dashLengths.isEmpty { user = user.dashed(phase: state.dashPhase, lengths: state.dashLengths) }
        // User units to device pixels at most, so the outline is within tolerance on the bitmap.
        let stretch = max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot())
        let style = StrokeGeometry(lineWidth: state.lineWidth, lineCap: state.lineCap.core, lineJoin: state.lineJoin.core,
                                   miterLimit: state.miterLimit)
        let tolerance: CGFloat = 0.01
        var outline = Path()
        for polygon in Stroker.outline(user.polylines(tolerance: tolerance, scale: stretch), style, tolerance: tolerance, scale: stretch) {
            guard let first = polygon.first else { continue }
            outline.move(to: first.applying(m))
            for p in polygon.dropFirst() { outline.addLine(to: p.applying(m)) }
            outline.closeSubpath()
        }
        devicePath = outline.allPointsFinite ? outline : Path()
    }
}
