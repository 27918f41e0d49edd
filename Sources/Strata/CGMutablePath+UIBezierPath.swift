import Foundation
import StrataCore

/// UIBezierPath's path-building API on CGMutablePath, so ported UIKit code compiles once `UIBezierPath` is
/// renamed `CGMutablePath`. UIKit draws y-down like Strata, so its `clockwise` is the opposite of
/// CoreGraphics' flag: true increases the angle. Drawing state (lineWidth, stroke(), fill()…) is not here.
extension CGMutablePath {
    /// UIRectCorner: which corners `init(roundedRect:byRoundingCorners:cornerRadii:)` rounds.
    public struct RectCorner: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The corner at the rectangle's minimum x and minimum y (raw value 1).
        public static let topLeft = RectCorner(rawValue: 1 << 0)
        /// The corner at maximum x and minimum y (raw value 2).
        public static let topRight = RectCorner(rawValue: 1 << 1)
        /// The corner at minimum x and maximum y (raw value 4).
        public static let bottomLeft = RectCorner(rawValue: 1 << 2)
        /// The corner at maximum x and maximum y (raw value 8).
        public static let bottomRight = RectCorner(rawValue: 1 << 3)
        /// Every corner (all bits set, as UIKit's).
        public static let allCorners = RectCorner(rawValue: ~0)
    }

    /// An arc as UIKit draws it: `clockwise: true` increases the angle (clockwise on a y-down screen);
    /// angles 2π or more apart give a full circle.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// UIKit's arc: `clockwise: true` increases the angle. A line joins the current point, if any, to its start.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// The ellipse inscribed in `rect`, as `addEllipse(in:)` makes it.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        addEllipse(in: rect)
    }

    /// Circular corners of `cornerRadius`, clamped to half the shorter side (UIKit's iOS 7 "continuous"
    /// corner curve is not reproduced: these are quarter circles).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let s = rect.standardized
        let radius = min(cornerRadius, min(s.width, s.height) / 2) // NaN stays NaN: a plain rectangle
        path.addRoundedRect(s, cornerWidth: radius, cornerHeight: radius)
    }

    /// Quarter-ellipse corners of `cornerRadii` at the chosen corners (top = minY), each dimension clamped
    /// to half the side as UIKit documents; the other corners are sharp.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: RectCorner, cornerRadii: CGSize) {
        self.init()
        func size(_ corner: RectCorner) -> CGSize { corners.contains(corner) ? cornerRadii : .zero }
        path.addRoundedRect(rect, topLeft: size(.topLeft), topRight: size(.topRight), bottomLeft: size(.bottomLeft),
                            bottomRight: size(.bottomRight))
    }

    /// UIBezierPath's name for `addCurve(to:control1:control2:)`: a cubic Bézier curve from the current point to
    /// `end`.
    public func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
    }

    /// UIBezierPath's name for `addQuadCurve(to:control:)`: a quadratic Bézier curve from the current point to
    /// `end`.
    public func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) {
        addQuadCurve(to: end, control: controlPoint)
    }

    /// UIBezierPath's name for `closeSubpath()`: a line back to the subpath's start.
    public func close() { closeSubpath() }

    /// Appends `other`'s subpaths (UIBezierPath.append).
    public func append(_ other: CGPath) { addPath(other) }

    /// Transforms every point and control point in place.
    public func apply(_ transform: CGAffineTransform) { path = path.mapped { $0.applying(transform) } }

    /// Removes every element, leaving an empty path with no current point.
    public func removeAllPoints() { path = Path() }

    /// The path itself (not a copy): later changes show through it, as layers copy paths when set.
    public var cgPath: CGPath { self }

    /// `boundingBox`: every point and control point; `.null` when empty.
    public var bounds: CGRect { boundingBox }
}
