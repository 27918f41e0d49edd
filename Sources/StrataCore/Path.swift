import Foundation

/// A path of lines and quadratic and cubic Bézier curves (CGPath's model). Arcs, ellipses and rounded
/// rectangles are stored as cubic curves (the standard 4/3·tan(θ/4) approximation per quarter circle or
/// less), so every element is a polynomial segment with an exact derivative.
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(CGPoint)
        case line(CGPoint)
        case quad(control: CGPoint, to: CGPoint)
        case cubic(control1: CGPoint, control2: CGPoint, to: CGPoint)
        case close
    }

    public private(set) var elements: [Element] = []
    private var subpathStart: CGPoint?
    public private(set) var currentPoint: CGPoint?

    public init() {}

    public init(elements: [Element]) {
        for e in elements { append(e) }
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// Every end and control point, in element order.
    public var points: [CGPoint] {
        elements.flatMap { e -> [CGPoint] in
            switch e {
            case .move(let p), .line(let p): [p]
            case let .quad(c, p): [c, p]
            case let .cubic(c1, c2, p): [c1, c2, p]
            case .close: []
            }
        }
    }

    /// Combines this path with one of the same structure (the same element kinds in the same order)
    /// point by point; nil when the structures differ.
    public func zipPoints(_ other: Path, _ f: (CGPoint, CGPoint) -> CGPoint) -> Path? {
        guard elements.count == other.elements.count else { return nil }
        var out: [Element] = []
        out.reserveCapacity(elements.count)
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case let (.move(p), .move(q)): out.append(.move(f(p, q)))
            case let (.line(p), .line(q)): out.append(.line(f(p, q)))
            case let (.quad(c, p), .quad(d, q)): out.append(.quad(control: f(c, d), to: f(p, q)))
            case let (.cubic(c1, c2, p), .cubic(d1, d2, q)): out.append(.cubic(control1: f(c1, d1), control2: f(c2, d2), to: f(p, q)))
            case (.close, .close): out.append(.close)
            default: return nil
            }
        }
        return Path(elements: out)
    }

    public mutating func append(_ e: Element) {
        switch e {
        case .move(let p): subpathStart = p; currentPoint = p
        case .line(let p), .quad(_, let p), .cubic(_, _, let p):
            if currentPoint == nil { elements.append(.move(p)); subpathStart = p; currentPoint = p; return }
            currentPoint = p
        case .close:
            guard currentPoint != nil else { return }
            currentPoint = subpathStart
        }
        elements.append(e)
    }

    public mutating func move(to p: CGPoint) { append(.move(p)) }
    public mutating func addLine(to p: CGPoint) { append(.line(p)) }
    public mutating func addQuadCurve(to p: CGPoint, control c: CGPoint) { append(.quad(control: c, to: p)) }
    public mutating func addCurve(to p: CGPoint, control1 c1: CGPoint, control2 c2: CGPoint) { append(.cubic(control1: c1, control2: c2, to: p)) }
    public mutating func closeSubpath() { append(.close) }

    /// A rectangle from its top-left corner, clockwise on a y-down screen (as the seed describes), closed.
    public mutating func addRect(_ r: CGRect) {
        let s = r.standardized
        move(to: CGPoint(x: s.minX, y: s.minY))
        addLine(to: CGPoint(x: s.maxX, y: s.minY))
        addLine(to: CGPoint(x: s.maxX, y: s.maxY))
        addLine(to: CGPoint(x: s.minX, y: s.maxY))
        closeSubpath()
    }

    /// An ellipse inscribed in `r`, starting at its right-hand side (0°) and going clockwise on a y-down
    /// screen once round (as the seed describes), closed.
    public mutating func addEllipse(in r: CGRect) {
        let s = r.standardized
        let c = CGPoint(x: s.midX, y: s.midY), rx = s.width / 2, ry = s.height / 2
        let k: CGFloat = 4 / 3 * (CGFloat(2).squareRoot() - 1) // quarter circle
        let pts = [CGPoint(x: c.x + rx, y: c.y), CGPoint(x: c.x, y: c.y + ry), CGPoint(x: c.x - rx, y: c.y), CGPoint(x: c.x, y: c.y - ry)]
        move(to: pts[0])
        for i in 0..<4 {
            let p0 = pts[i], p3 = pts[(i + 1) % 4]
            // Tangent directions at the quadrant points, going +angle (y-down clockwise).
            func tangent(_ q: Int) -> CGPoint {
                switch q % 4 { case 0: CGPoint(x: 0, y: ry); case 1: CGPoint(x: -rx, y: 0); case 2: CGPoint(x: 0, y: -ry); default: CGPoint(x: rx, y: 0) }
            }
            let t0 = tangent(i), t1 = tangent(i + 1)
            addCurve(to: p3, control1: CGPoint(x: p0.x + k * t0.x, y: p0.y + k * t0.y), control2: CGPoint(x: p3.x - k * t1.x, y: p3.y - k * t1.y))
        }
        closeSubpath()
    }

    /// Appends every element of `other`. With `connecting`, its leading move becomes a line from the current
    /// point when there is one (how an arc joins the path it is added to).
    public mutating func append(contentsOf other: Path, connecting: Bool = false) {
        for (i, e) in other.elements.enumerated() {
            if i == 0, connecting, case .move(let p) = e { addLine(to: p) } else { append(e) }
        }
    }

    /// The path with `f` applied to every point and control point (exact for affine maps).
    public func mapped(_ f: (CGPoint) -> CGPoint) -> Path {
        Path(elements: elements.map { e in
            switch e {
            case .move(let p): .move(f(p))
            case .line(let p): .line(f(p))
            case let .quad(c, p): .quad(control: f(c), to: f(p))
            case let .cubic(c1, c2, p): .cubic(control1: f(c1), control2: f(c2), to: f(p))
            case .close: .close
            }
        })
    }

    /// The drawable pieces: each line or curve from its start point, closes as lines back to the subpath start.
    public var segments: [PathSegment] {
        var out: [PathSegment] = []
        var current: CGPoint?, start: CGPoint?
        for e in elements {
            switch e {
            case .move(let p): current = p; start = p
            case .line(let p):
                if let c = current { out.append(.init(points: [c, p])) }
                current = p
            case let .quad(control, p):
                if let c = current { out.append(.init(points: [c, control, p])) }
                current = p
            case let .cubic(c1, c2, p):
                if let c = current { out.append(.init(points: [c, c1, c2, p])) }
                current = p
            case .close:
                if let c = current, let s = start, c != s { out.append(.init(points: [c, s])) }
                current = start
            }
        }
        return out
    }

    /// The smallest rectangle holding every point and control point (CGPath.boundingBox).
    public var boundingBox: CGRect {
        var pts: [CGPoint] = []
        for e in elements {
            switch e {
            case .move(let p), .line(let p): pts.append(p)
            case let .quad(c, p): pts += [c, p]
            case let .cubic(c1, c2, p): pts += [c1, c2, p]
            case .close: break
            }
        }
        guard let minX = pts.map(\.x).min(), let maxX = pts.map(\.x).max(), let minY = pts.map(\.y).min(), let maxY = pts.map(\.y).max()
        else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The path with every point transformed (affine part of `t`).
    public func applying(_ t: Transform3D) -> Path { mapped { t.apply(to: $0) } }

    /// Total arc length.
    public var length: Double { segments.reduce(0) { $0 + $1.length(to: 1) } }

    public static func == (a: Path, b: Path) -> Bool { a.elements == b.elements }
    public func hash(into h: inout Hasher) { h.combine(elements) }
}

/// One line (2 points), quadratic (3) or cubic (4) Bézier piece of a path, parameter u in 0…1.
public struct PathSegment: Hashable, Sendable {
    public let points: [CGPoint]

    public func point(at u: Double) -> CGPoint {
        let t = CGFloat(u), s = 1 - t
        switch points.count {
        case 2: return CGPoint(x: s * points[0].x + t * points[1].x, y: s * points[0].y + t * points[1].y)
        case 3:
            return CGPoint(x: s * s * points[0].x + 2 * s * t * points[1].x + t * t * points[2].x,
                           y: s * s * points[0].y + 2 * s * t * points[1].y + t * t * points[2].y)
        default:
            let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
            return CGPoint(x: a * points[0].x + b * points[1].x + c * points[2].x + d * points[3].x,
                           y: a * points[0].y + b * points[1].y + c * points[2].y + d * points[3].y)
        }
    }

    /// Derivative with respect to u.
    public func tangent(at u: Double) -> CGPoint {
        let t = CGFloat(u), s = 1 - t
        switch points.count {
        case 2: return points[1] - points[0]
        case 3:
            return CGPoint(x: 2 * s * (points[1].x - points[0].x) + 2 * t * (points[2].x - points[1].x),
                           y: 2 * s * (points[1].y - points[0].y) + 2 * t * (points[2].y - points[1].y))
        default:
            let a = 3 * s * s, b = 6 * s * t, c = 3 * t * t
            return CGPoint(x: a * (points[1].x - points[0].x) + b * (points[2].x - points[1].x) + c * (points[3].x - points[2].x),
                           y: a * (points[1].y - points[0].y) + b * (points[2].y - points[1].y) + c * (points[3].y - points[2].y))
        }
    }

    private func speed(at u: Double) -> Double {
        let d = tangent(at: u)
        return Double((d.x * d.x + d.y * d.y).squareRoot())
    }

    /// Arc length from u = 0 to `u`.
    public func length(to u: Double) -> Double {
        if points.count == 2 { return speed(at: 0) * u }
        return ArcLength.length(to: u, speed: speed(at:))
    }

    /// The parameter at arc length `s` from the start.
    public func parameter(atLength s: Double) -> Double {
        ArcLength.parameter(atLength: s, total: length(to: 1), speed: speed(at:))
    }
}
