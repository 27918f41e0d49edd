import Foundation
import StrataCore

/// Building the current path. Points go through the CTM in effect at each call (as in Quartz) and are kept
/// in device space in Strata's own `Path`, so arcs and shapes are the same cubics `CGMutablePath` makes.
extension CGContext {
    /// Discards the current path.
    public func beginPath() { devicePath = Path() }

    /// Starts a new subpath at `point` (user space, through the current CTM); a point that maps to a
    /// non-finite one is dropped.
    public func move(to point: CGPoint) { add(.move(point)) }

    /// Without a current point this starts a subpath at `point` (as `CGMutablePath` does).
    public func addLine(to point: CGPoint) { add(.line(point)) }

    /// A move to the first point, then lines through the rest.
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        var p = Path()
        p.move(to: first)
        for q in points.dropFirst() { p.addLine(to: q) }
        add(p)
    }

    /// Adds a quadratic Bézier curve from the current point to `end` with one control point, through the CTM.
    /// Without a current point it only starts a subpath at `end`; a non-finite point drops the curve.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { add(.quad(control: control, to: end)) }

    /// Adds a cubic Bézier curve from the current point to `end` with two control points, through the CTM.
    /// Without a current point it only starts a subpath at `end`; a non-finite point drops the curve.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        add(.cubic(control1: control1, control2: control2, to: end))
    }

    /// Same convention as `CGMutablePath.addArc`: angles from +x towards +y, `clockwise: true` decreases
    /// the angle; a line joins the current point, if any, to the arc's start.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        var arc = Path() // non-finite arguments leave it empty
        arc.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        add(arc, connecting: true)
    }

    /// Adds `rect` as a closed subpath, from its top-left corner, clockwise on the y-down screen, through the CTM.
    public func addRect(_ rect: CGRect) { addRects([rect]) }

    /// Adds each rectangle as a closed subpath, as `addRect(_:)` does; if any point comes out non-finite
    /// none is added.
    public func addRects(_ rects: [CGRect]) {
        var p = Path()
        for r in rects { p.addRect(r) }
        add(p)
    }

    /// Adds the ellipse inscribed in `rect` as a closed subpath of four cubic curves, starting at its right-hand
    /// side and going clockwise on the y-down screen, through the CTM.
    public func addEllipse(in rect: CGRect) {
        var p = Path()
        p.addEllipse(in: rect)
        add(p)
    }

    /// Appends `path`'s subpaths through the CTM.
    public func addPath(_ path: CGPath) { add(path.path) }

    /// Closes the current subpath with a line back to its start, which becomes the current point; nothing
    /// without a current point.
    public func closePath() { devicePath.closeSubpath() }

    /// Whether the current path has no elements (true after `beginPath()` and after painting consumes it).
    public var isPathEmpty: Bool { devicePath.isEmpty }

    /// The current point in user space; `.zero` without one or under a singular CTM.
    public var currentPointOfPath: CGPoint {
        guard let p = devicePath.currentPoint, let inverse = state.ctm.usableInverse else { return .zero }
        return p.applying(inverse)
    }

    /// The user-space bounding box of the path's device-space points and control points; `.null` when
    /// the path is empty or the CTM singular.
    public var boundingBoxOfPath: CGRect {
        let box = devicePath.boundingBox
        guard !box.isNull, let inverse = state.ctm.usableInverse else { return .null }
        return box.applying(inverse)
    }

    // MARK: Helpers

    /// Adds one element through the CTM; dropped when a point comes out non-finite.
    func add(_ element: Path.Element) {
        let m = state.ctm
        let e: Path.Element
        switch element {
        case .move(let p): e = .move(p.applying(m))
        case .line(let p): e = .line(p.applying(m))
        case let .quad(c, p): e = .quad(control: c.applying(m), to: p.applying(m))
        case let .cubic(c1, c2, p): e = .cubic(control1: c1.applying(m), control2: c2.applying(m), to: p.applying(m))
        case .close: e = .close
        }
        guard e.isFinite else { return }
        devicePath.append(e)
    }

    /// Adds a user-space shape through the CTM; dropped whole when a point comes out non-finite.
    func add(_ user: Path, connecting: Bool = false) {
        guard let device = devicePath(for: user) else { return }
        devicePath.append(contentsOf: device, connecting: connecting)
    }

    /// A user-space shape in device space, or nil when a point is not finite.
    func devicePath(for user: Path) -> Path? {
        let device = user.mapped { $0.applying(state.ctm) }
        return device.allPointsFinite ? device : nil
    }
}

extension Path {
    var allPointsFinite: Bool { elements.allSatisfy(\.isFinite) }
}

extension Path.Element {
    var isFinite: Bool {
        func ok(_ p: CGPoint) -> Bool { p.x.isFinite && p.y.isFinite }
        switch self {
        case .move(let p), .line(let p): return ok(p)
        case let .quad(c, p): return ok(c) && ok(p)
        case let .cubic(c1, c2, p): return ok(c1) && ok(c2) && ok(p)
        case .close: return true
        }
    }
}
