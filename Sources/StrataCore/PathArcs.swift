import Foundation

/// Circular arcs, stored as cubic curves of at most a quarter turn each (4/3·tan(θ/4) control distance).
/// Angles are in radians measured from +x towards +y (clockwise on a y-down screen).
extension Path {
    /// An arc of the circle around `center`; `clockwise` follows Core Graphics: true decreases the angle.
    /// When the angles are 2π or more apart (1e-9 slack) the arc is a full circle in the requested
    /// direction, as in Core Graphics; otherwise the sweep is reduced to less than a turn. A line joins the
    /// current point, if any, to the arc's start. Non-finite arguments add nothing.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, startAngle.isFinite, endAngle.isFinite else { return }
        var sweep = endAngle - startAngle
        guard sweep.isFinite else { return }
        let full = 2 * CGFloat.pi
        if abs(sweep) >= full - 1e-9 {
            sweep = clockwise ? -full : full
        } else if clockwise, sweep > 0 {
            sweep -= full
        } else if !clockwise, sweep < 0 {
            sweep += full
        }
        addArc(center: center, radius: radius, startAngle: startAngle, sweep: sweep)
    }

    /// CGPathAddRelativeArc: an arc of `delta` radians from `startAngle` (positive increases the angle),
    /// at most one full circle. A line joins the current point, if any, to the arc's start. Non-finite
    /// arguments add nothing.
    public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, startAngle.isFinite, delta.isFinite else { return }
        let full = 2 * CGFloat.pi
        addArc(center: center, radius: radius, startAngle: startAngle, sweep: min(max(delta, -full), full))
    }

    /// CGPathAddArcToPoint: a line from the current point to where a circle of `radius` touches the line
    /// current point → `tangent1End` (left out when it is the current point), then the arc of that circle to
    /// where it touches the line `tangent1End` → `tangent2End`. Without a current point this moves to
    /// `tangent1End`; when the three points are collinear, two coincide or `radius` ≤ 0 it adds a line to
    /// `tangent1End` (as HTML canvas' arcTo specifies; Core Graphics does not document these cases).
    /// Non-finite arguments add nothing.
    public mutating func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat) {
        guard p1.x.isFinite, p1.y.isFinite, p2.x.isFinite, p2.y.isFinite, radius.isFinite else { return }
        guard let p0 = currentPoint else { move(to: p1); return }
        let u = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y), v = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let lu = hypot(u.x, u.y), lv = hypot(v.x, v.y)
        let sinA = (u.x * v.y - u.y * v.x) / (lu * lv), cosA = (u.x * v.x + u.y * v.y) / (lu * lv)
        // A is the angle at tangent1End between the two lines; the tangent points lie r / tan(A/2) from it.
        guard radius > 0, lu > 0, lv > 0, abs(sinA) > 1e-12 else { addLine(to: p1); return }
        let angle = atan2(abs(sinA), cosA)
        let reach = radius / tan(angle / 2), toCenter = radius / sin(angle / 2)
        let eu = CGPoint(x: u.x / lu, y: u.y / lu), ev = CGPoint(x: v.x / lv, y: v.y / lv)
        let bisector = CGPoint(x: eu.x + ev.x, y: eu.y + ev.y), lb = hypot(bisector.x, bisector.y)
        let t1 = CGPoint(x: p1.x + eu.x * reach, y: p1.y + eu.y * reach)
        let center = CGPoint(x: p1.x + bisector.x / lb * toCenter, y: p1.y + bisector.y / lb * toCenter)
        // Turning towards +angle (sinA < 0: current → p1 → p2 bends that way) sweeps the arc positively.
        let sweep = (CGFloat.pi - angle) * (sinA < 0 ? 1 : -1)
        guard t1.x.isFinite, t1.y.isFinite, center.x.isFinite, center.y.isFinite else { addLine(to: p1); return }
        if currentPoint != t1 { addLine(to: t1) }
        addArcCurves(center: center, radius: radius, startAngle: atan2(t1.y - center.y, t1.x - center.x), sweep: sweep)
    }

    /// A line (or, without a current point, a move) to the arc's start, then its curves.
    private mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, sweep: CGFloat) {
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        addArcCurves(center: center, radius: radius, startAngle: startAngle, sweep: sweep)
    }

    /// The arc's cubics from the current point on: one per quarter turn or less (one for a zero sweep).
    private mutating func addArcCurves(center: CGPoint, radius: CGFloat, startAngle: CGFloat, sweep: CGFloat) {
        let pieces = max(1, Int((abs(sweep) / (CGFloat.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(pieces)
        var a0 = startAngle
        for _ in 0..<pieces {
            let a1 = a0 + step
            let k = 4 / 3 * tan(step / 4) * radius
            let p0 = CGPoint(x: center.x + radius * cos(a0), y: center.y + radius * sin(a0))
            let p3 = CGPoint(x: center.x + radius * cos(a1), y: center.y + radius * sin(a1))
            let c1 = CGPoint(x: p0.x - k * sin(a0), y: p0.y + k * cos(a0))
            let c2 = CGPoint(x: p3.x + k * sin(a1), y: p3.y - k * cos(a1))
            addCurve(to: p3, control1: c1, control2: c2)
            a0 = a1
        }
    }
}
