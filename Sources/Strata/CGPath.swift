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

    /// CoreGraphics' form of `init(rect:transform:)`: a closed rectangle from its top-left corner, clockwise on
    /// screen, each point through `transform` (nil: untransformed).
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(rect: rect, transform: transform?.pointee ?? .identity)
    }

    /// A closed ellipse starting at its right-hand side, clockwise on screen.
    public convenience init(ellipseIn rect: CGRect, transform: CGAffineTransform = .identity) {
        var p = Path()
        p.addEllipse(in: rect)
        self.init(p.mapped { $0.applying(transform) })
    }

    /// CoreGraphics' form of `init(ellipseIn:transform:)`: the closed ellipse inscribed in `rect` (four cubic
    /// curves from its right-hand side, clockwise on screen), each point through `transform` (nil: untransformed).
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

    /// CoreGraphics' form of `init(roundedRect:cornerWidth:cornerHeight:transform:)`, each point through
    /// `transform` (nil: untransformed). Corner sizes are clamped to 0…half the side, where CoreGraphics asserts.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(roundedRect: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform?.pointee ?? .identity)
    }

    /// The path as StrataCore's model, and how many elements it has (the C API's: docs/c-api.md).
    package var model: Path { path }
    package var elementCount: Int { path.elements.count }

    /// Whether the path has no elements at all (a lone move is an element).
    public var isEmpty: Bool { path.isEmpty }
    /// Where the next element would start: the last element's end point, a closed subpath's start, or `.zero`
    /// for an empty path.
    public var currentPoint: CGPoint { path.currentPoint ?? .zero }
    /// The smallest rectangle holding every point, control points included (so it may exceed the curves);
    /// `.null` for an empty path.
    public var boundingBox: CGRect { path.boundingBox }

    /// An immutable copy of the path; later changes to this path (if mutable) do not reach it.
    public func copy() -> CGPath { CGPath(path) }
    /// A new mutable path with the same elements, to build on independently.
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
    /// An empty path, with no current point.
    public convenience init() { self.init(Path()) }

    override init(_ path: Path) { super.init(path) }

    /// Starts a new subpath at `point` (through `transform`).
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        path.move(to: point.applying(transform))
    }

    /// Adds a straight line from the current point to `point` (through `transform`). Without a current point it
    /// starts a subpath at `point`, where CoreGraphics requires one; see <doc:Status#Classes-and-protocols>.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        path.addLine(to: point.applying(transform))
    }

    /// A move to the first point, then lines through the rest.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        path.move(to: first.applying(transform))
        for p in points.dropFirst() { path.addLine(to: p.applying(transform)) }
    }

    /// Adds a quadratic Bézier curve from the current point to `end` with one control point, both through
    /// `transform`. Without a current point it starts a subpath at `end` instead.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        path.addQuadCurve(to: end.applying(transform), control: control.applying(transform))
    }

    /// Adds a cubic Bézier curve from the current point to `end` with two control points, all through
    /// `transform`. Without a current point it starts a subpath at `end` instead.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        path.addCurve(to: end.applying(transform), control1: control1.applying(transform), control2: control2.applying(transform))
    }

    /// Angles in radians from +x towards +y (clockwise on Strata's y-down screen); `clockwise: true`
    /// decreases the angle; angles 2π or more apart give a full circle. A line joins the current point, if
    /// any, to the arc's start.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        var arc = Path()
        arc.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        path.append(contentsOf: arc.mapped { $0.applying(transform) }, connecting: true)
    }

    /// An arc of `delta` radians from `startAngle` (positive increases the angle), at most a full circle.
    /// A line joins the current point, if any, to the arc's start.
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        var arc = Path()
        arc.addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: delta)
        path.append(contentsOf: arc.mapped { $0.applying(transform) }, connecting: true)
    }

    /// CGPathAddArcToPoint: a line from the current point to the first tangent point, then the arc of
    /// `radius` touching the lines current point → `tangent1End` → `tangent2End`, built in the transform's
    /// space (the current point taken back through it) and then transformed. Without a current point it
    /// moves to `tangent1End`; collinear points or a radius ≤ 0 give a line to it (see `Path.addArc(tangent1End:…)`).
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity) {
        var arc = Path()
        let current = path.currentPoint
        if let current { arc.move(to: current.applying(transform.determinant != 0 ? transform.inverted() : .identity)) }
        arc.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)
        // With a current point the arc's own leading move is that point again: continue from it instead.
        for e in arc.mapped({ $0.applying(transform) }).elements.dropFirst(current == nil ? 0 : 1) { path.append(e) }
    }

    /// Adds `rect` (standardised) as a closed subpath from its top-left corner, clockwise on screen, through
    /// `transform`.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        var p = Path()
        p.addRect(rect)
        path.append(contentsOf: p.mapped { $0.applying(transform) })
    }

    /// Adds each rectangle as its own closed subpath, as `addRect(_:transform:)` does.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// Adds `rect` with quarter-ellipse corners as a closed subpath, clockwise on screen from where the top edge
    /// leaves the top-left corner, through `transform`. Corner sizes are clamped to 0…half the side (CoreGraphics
    /// asserts instead); a corner width or height of 0 gives a plain rectangle.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        var p = Path()
        p.addRoundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
        path.append(contentsOf: p.mapped { $0.applying(transform) })
    }

    /// Adds the ellipse inscribed in `rect` as a closed subpath of four cubic curves, from its right-hand side
    /// clockwise on screen, through `transform`.
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

    /// Closes the current subpath with a line back to its start, which becomes the current point; does nothing
    /// without a current point.
    public func closeSubpath() { path.closeSubpath() }
}
