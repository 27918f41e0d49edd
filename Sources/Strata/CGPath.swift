import Foundation
import StrataCore

/// An immutable path of lines and Bézier curves (CoreGraphics' CGPath; arcs, ellipses and rounded rects
/// are stored as cubic curves). Used by `CAKeyframeAnimation.path` and drawn by `CGContext`.
///
/// A transform applies to every point and control point as the element is added (exact for affine maps,
/// since arcs are already cubics). Initialisers take it by value (defaulting to identity) or, as CoreGraphics'
/// Swift API does, as an optional pointer (`transform: nil`, `transform: &t`).
public class CGPath: @unchecked Sendable {
    var path: Path

    init(_ path: Path) { self.path = path }

    /// A closed rectangle from its top-left corner, clockwise on screen.
    public convenience init(rect: CGRect, transform: CGAffineTransform = .identity) {
        var p = Path()
        p.addRect(rect)
        self.init(p.mapped { $0.applying(transform) })
    }

    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(rect: rect, transform: transform?.pointee ?? .identity)
    }

    /// A closed ellipse starting at its right-hand side, clockwise on screen.
    public convenience init(ellipseIn rect: CGRect, transform: CGAffineTransform = .identity) {
        var p = Path()
        p.addEllipse(in: rect)
        self.init(p.mapped { $0.applying(transform) })
    }

    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(ellipseIn: rect, transform: transform?.pointee ?? .identity)
    }

    /// A closed rectangle with quarter-ellipse corners, clockwise on screen, starting where the top edge
    /// leaves the top-left corner. Corner sizes are clamped to 0…half the side (CoreGraphics asserts instead).
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        var p = Path()
        p.addRoundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
        self.init(p.mapped { $0.applying(transform) })
    }

    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(roundedRect: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform?.pointee ?? .identity)
    }

    public var isEmpty: Bool { path.isEmpty }
    public var currentPoint: CGPoint { path.currentPoint ?? .zero }
    public var boundingBox: CGRect { path.boundingBox }

    public func copy() -> CGPath { CGPath(path) }
    public func mutableCopy() -> CGMutablePath { CGMutablePath(path) }

    /// A copy with every point transformed.
    public func copy(using transform: CGAffineTransform) -> CGPath {
        CGPath(path.mapped { $0.applying(transform) })
    }

    /// CoreGraphics' form: nil copies unchanged. Never nil here.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        copy(using: transform?.pointee ?? .identity)
    }
}

/// A path under construction (CGMutablePath).
public final class CGMutablePath: CGPath, @unchecked Sendable {
    public convenience init() { self.init(Path()) }

    override init(_ path: Path) { super.init(path) }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        path.move(to: point.applying(transform))
    }

    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        path.addLine(to: point.applying(transform))
    }

    /// A move to the first point, then lines through the rest.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        path.move(to: first.applying(transform))
        for p in points.dropFirst() { path.addLine(to: p.applying(transform)) }
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        path.addQuadCurve(to: end.applying(transform), control: control.applying(transform))
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        path.addCurve(to: end.applying(transform), control1: control1.applying(transform), control2: control2.applying(transform))
    }

    /// Angles in radians from +x towards +y (clockwise on Strata's y-down screen); `clockwise: true`
    /// decreases the angle. A line joins the current point, if any, to the arc's start.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        var arc = Path()
        arc.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        path.append(contentsOf: arc.mapped { $0.applying(transform) }, connecting: true)
    }

    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        var p = Path()
        p.addRect(rect)
        path.append(contentsOf: p.mapped { $0.applying(transform) })
    }

    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        var p = Path()
        p.addRoundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
        path.append(contentsOf: p.mapped { $0.applying(transform) })
    }

    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        var p = Path()
        p.addEllipse(in: rect)
        path.append(contentsOf: p.mapped { $0.applying(transform) })
    }

    /// Appends `other`'s subpaths, transformed.
    public func addPath(_ other: CGPath, transform: CGAffineTransform = .identity) {
        let added = other.path.mapped { $0.applying(transform) } // read first: `other` may be `self`
        path.append(contentsOf: added)
    }

    public func closeSubpath() { path.closeSubpath() }
}
