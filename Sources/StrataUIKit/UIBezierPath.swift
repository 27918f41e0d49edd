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

    open var lineWidth: CGFloat = 1
    open var lineCapStyle: CGLineCap = .butt
    open var lineJoinStyle: CGLineJoin = .miter
    open var miterLimit: CGFloat = 10
    /// Kept for code that sets it; Strata flattens curves to its own tolerance (0.01 units) when it needs to.
    open var flatness: CGFloat = 0.6
    open var usesEvenOddFillRule = false
    private var dash: (lengths: [CGFloat], phase: CGFloat) = ([], 0)

    public override init() { super.init() }

    public convenience init(rect: CGRect) {
        self.init()
        storage.addRect(rect)
    }

    public convenience init(ovalIn rect: CGRect) { self.init(path: CGMutablePath(ovalIn: rect)) }

    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(path: CGMutablePath(roundedRect: rect, cornerRadius: cornerRadius))
    }

    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init(path: CGMutablePath(roundedRect: rect, byRoundingCorners: corners, cornerRadii: cornerRadii))
    }

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

    open func move(to point: CGPoint) { storage.move(to: point) }
    open func addLine(to point: CGPoint) { storage.addLine(to: point) }
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        storage.addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        storage.addCurve(to: endPoint, controlPoint1: controlPoint1, controlPoint2: controlPoint2)
    }
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        storage.addQuadCurve(to: endPoint, controlPoint: controlPoint)
    }
    open func close() { storage.close() }
    open func removeAllPoints() { storage.removeAllPoints() }
    open func append(_ bezierPath: UIBezierPath) { storage.append(bezierPath.storage) }
    open func apply(_ transform: CGAffineTransform) { storage.apply(transform) }

    // MARK: geometry

    open var isEmpty: Bool { storage.isEmpty }
    /// Every point and control point (CGPath's `boundingBox`); `.null` when empty.
    open var bounds: CGRect { storage.bounds }
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
