import Foundation
import Logging
import Strata

/// UIKit's corners of a rectangle (`UIRectCorner`): the option set `init(roundedRect:byRoundingCorners:cornerRadii:)`
/// takes, with UIKit's raw values.
public typealias UIRectCorner = CGMutablePath.RectCorner

/// A path with the drawing state UIKit keeps beside it (line width, caps, joins, dash, fill rule), drawn into the
/// current context (`UIGraphicsGetCurrentContext()`: a view's `draw(_:)`, an image renderer's block). The
/// geometry is a `CGMutablePath` built with UIKit's conventions (CGMutablePath+UIBezierPath.swift: `clockwise:
/// true` increases the angle on the y-down screen). Not main-actor, as UIKit's is not.
open class UIBezierPath: NSObject {
    private var storage = CGMutablePath()

    /// The stroke's width in points (1 by default), set on the context by `stroke()`.
    open var lineWidth: CGFloat = 1
    /// How open subpaths' ends are stroked (`.butt` by default).
    open var lineCapStyle: CGLineCap = .butt
    /// How corners between segments are stroked (`.miter` by default).
    open var lineJoinStyle: CGLineJoin = .miter
    /// The longest miter join, as a multiple of the line width, before it is bevelled instead (10 by default).
    open var miterLimit: CGFloat = 10
    /// Kept for code that sets it; Strata flattens curves to its own tolerance (0.01 units) when it needs to.
    open var flatness: CGFloat = 0.6
    /// Whether `fill()`, `addClip()` and `contains(_:)` use the even-odd rule (true) or the non-zero winding rule
    /// (false, the default).
    open var usesEvenOddFillRule = false
    private var dash: (lengths: [CGFloat], phase: CGFloat) = ([], 0)

    public override init() { super.init() }

    /// A closed rectangle path, from the rectangle's top-left corner clockwise on screen.
    public convenience init(rect: CGRect) {
        self.init()
        storage.addRect(rect)
    }

    /// A closed ellipse inscribed in `rect`, four cubic curves from its right-hand side clockwise on screen.
    public convenience init(ovalIn rect: CGRect) { self.init(path: CGMutablePath(ovalIn: rect)) }

    /// A closed rectangle with corners of `cornerRadius`, clamped to half the shorter side. Unlike UIKit's
    /// continuous (iOS 7) corners these are quarter circles. See <doc:Status#Classes-and-protocols>.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(path: CGMutablePath(roundedRect: rect, cornerRadius: cornerRadius))
    }

    /// A closed rectangle whose chosen `corners` are quarter ellipses of `cornerRadii` (each dimension clamped to
    /// half the side, as UIKit documents); the other corners are sharp. `.topLeft` is at the rectangle's minimum y.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init(path: CGMutablePath(roundedRect: rect, byRoundingCorners: corners, cornerRadii: cornerRadii))
    }

    /// An open arc of a circle: angles in radians from the +x axis, `clockwise: true` increasing the angle
    /// (clockwise on the y-down screen), as UIKit's; angles 2π or more apart give a full circle.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init(path: CGMutablePath(arcCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                                      clockwise: clockwise))
    }

    /// A path over a copy of `cgPath`.
    public convenience init(cgPath: CGPath) { self.init(path: cgPath.mutableCopy()) }

    private convenience init(path: CGMutablePath) {
        self.init()
        storage = path
    }

    /// The geometry: an immutable copy, as UIKit's getter returns; setting copies the path in.
    open var cgPath: CGPath {
        get { storage.copy() }
        set { storage = newValue.mutableCopy() }
    }

    // MARK: building

    /// Starts a new subpath at `point`, which becomes the current point.
    open func move(to point: CGPoint) { storage.move(to: point) }
    /// Adds a straight line from the current point to `point`. Without a current point it moves to `point`
    /// instead.
    open func addLine(to point: CGPoint) { storage.addLine(to: point) }
    /// Adds an arc as `init(arcCenter:radius:startAngle:endAngle:clockwise:)` draws it (`clockwise: true` increases
    /// the angle), joined to the current point, if any, by a straight line to its start.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        storage.addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    /// Adds a cubic Bézier curve from the current point to `endPoint` with two control points. Without a current
    /// point it moves to `endPoint` instead.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        storage.addCurve(to: endPoint, controlPoint1: controlPoint1, controlPoint2: controlPoint2)
    }
    /// Adds a quadratic Bézier curve from the current point to `endPoint` with one control point. Without a
    /// current point it moves to `endPoint` instead.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        storage.addQuadCurve(to: endPoint, controlPoint: controlPoint)
    }
    /// Closes the current subpath with a line back to its start, which becomes the current point; does nothing
    /// without a current point.
    open func close() { storage.close() }
    /// Removes every subpath, leaving the path empty with no current point; the drawing state is kept.
    open func removeAllPoints() { storage.removeAllPoints() }
    /// Adds `bezierPath`'s subpaths after this path's (its geometry only, not its drawing state).
    open func append(_ bezierPath: UIBezierPath) { storage.append(bezierPath.storage) }
    /// Transforms every point and control point of the path in place.
    open func apply(_ transform: CGAffineTransform) { storage.apply(transform) }

    // MARK: geometry

    /// Whether the path has no elements at all (a lone `move(to:)` makes it non-empty).
    open var isEmpty: Bool { storage.isEmpty }
    /// Every point and control point (CGPath's `boundingBox`); `.null` when empty.
    open var bounds: CGRect { storage.bounds }
    /// Where the next segment starts: the end of the last one, a subpath's start after `close()`, or `.zero` when
    /// there is none.
    open var currentPoint: CGPoint { storage.currentPoint }
    /// Whether the filled area (by the path's fill rule, subpaths implicitly closed) contains `point`.
    open func contains(_ point: CGPoint) -> Bool {
        storage.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    // MARK: drawing state and drawing

    /// UIKit's C-array form: `count` lengths from `pattern` (nil or 0 turns dashing off), starting `phase` in.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else { dash = ([], 0); return }
        dash = (Array(UnsafeBufferPointer(start: pattern, count: count)), phase)
    }

    /// The dash pattern into `pattern` (at most `count` of the lengths it holds, when not nil) and its `count`
    /// and `phase`.
    open func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
                          phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern, let count {
            for (i, length) in dash.lengths.prefix(max(0, count.pointee)).enumerated() { pattern[i] = length }
        }
        count?.pointee = dash.lengths.count
        phase?.pointee = dash.phase
    }

    /// Fills the enclosed area with the context's fill colour (`UIColor.setFill()`), by the path's fill rule.
    /// The context's state is saved and restored around it. Without a current context nothing is drawn and the
    /// call is logged, as UIKit's "invalid context 0x0".
    open func fill() { draw { context in context.fillPath(using: self.fillRule) } }
    /// Fills as `fill()` does, composited with `blendMode` at `alpha` (0–1) times the fill colour's alpha; the
    /// blend mode and alpha last only for this call.
    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        draw { context in
            context.setBlendMode(blendMode)
            context.setAlpha(alpha)
            context.fillPath(using: self.fillRule)
        }
    }

    /// Strokes the path with the context's stroke colour (`UIColor.setStroke()`) and the path's line width,
    /// caps, joins, miter limit and dash.
    open func stroke() { draw { context in self.strokeInto(context) } }
    /// Strokes as `stroke()` does, composited with `blendMode` at `alpha` (0–1); the blend mode and alpha last only
    /// for this call.
    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        draw { context in
            context.setBlendMode(blendMode)
            context.setAlpha(alpha)
            self.strokeInto(context)
        }
    }

    /// Intersects the current context's clip with the enclosed area (the state is not saved, as in UIKit).
    open func addClip() {
        guard let context = Self.currentContext("addClip()") else { return }
        context.beginPath()
        context.addPath(storage)
        context.clip(using: fillRule)
    }

    private var fillRule: CGPathFillRule { usesEvenOddFillRule ? .evenOdd : .winding }

    private func strokeInto(_ context: CGContext) {
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        context.setLineDash(phase: dash.phase, lengths: dash.lengths)
        context.strokePath()
    }

    private static func currentContext(_ call: String) -> CGContext? {
        guard let context = UIGraphicsGetCurrentContext() else {
            StrataLog.logger.error("UIBezierPath.\(call): invalid context: no current context (draw inside draw(_:) or an image renderer)")
            return nil
        }
        return context
    }

    private func draw(_ call: String = #function, _ paint: (CGContext) -> Void) {
        guard let context = Self.currentContext(call) else { return }
        context.saveGState()
        defer { context.restoreGState() }
        context.beginPath()
        context.addPath(storage)
        paint(context)
    }
}
