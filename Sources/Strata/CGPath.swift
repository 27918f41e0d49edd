import Foundation
import StrataCore

/// An immutable path of lines and Bézier curves (CoreGraphics' CGPath; arcs and ellipses are stored as
/// cubic curves). Used by `CAKeyframeAnimation.path`. (No CGAffineTransform type exists here, so the
/// constructors take no transform.)
public class CGPath: @unchecked Sendable {
    var path: Path

    init(_ path: Path) { self.path = path }

    /// A closed rectangle from its top-left corner, clockwise on screen.
    public convenience init(rect: CGRect) {
        var p = Path()
        p.addRect(rect)
        self.init(p)
    }

    /// A closed ellipse starting at its right-hand side, clockwise on screen.
    public convenience init(ellipseIn rect: CGRect) {
        var p = Path()
        p.addEllipse(in: rect)
        self.init(p)
    }

    public var isEmpty: Bool { path.isEmpty }
    public var currentPoint: CGPoint { path.currentPoint ?? .zero }
    public var boundingBox: CGRect { path.boundingBox }

    public func copy() -> CGPath { CGPath(path) }
    public func mutableCopy() -> CGMutablePath { CGMutablePath(path) }
}

/// A path under construction (CGMutablePath).
public final class CGMutablePath: CGPath, @unchecked Sendable {
    public convenience init() { self.init(Path()) }

    override init(_ path: Path) { super.init(path) }

    public func move(to point: CGPoint) { path.move(to: point) }
    public func addLine(to point: CGPoint) { path.addLine(to: point) }
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        path.move(to: first)
        for p in points.dropFirst() { path.addLine(to: p) }
    }
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { path.addQuadCurve(to: end, control: control) }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) { path.addCurve(to: end, control1: control1, control2: control2) }
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    public func addRect(_ rect: CGRect) { path.addRect(rect) }
    public func addEllipse(in rect: CGRect) { path.addEllipse(in: rect) }
    public func closeSubpath() { path.closeSubpath() }
}
