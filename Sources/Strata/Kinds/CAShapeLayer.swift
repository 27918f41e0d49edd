import Foundation
import StrataCore

/// CAShapeLayer's fill rules (kCAFillRuleNonZero is "non-zero").
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A point is inside when the path winds around it a non-zero number of times (`"non-zero"`; the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// A point is inside when a ray from it crosses the path an odd number of times (`"even-odd"`): overlapping
    /// subpaths cut holes.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// CAShapeLayer's line caps (kCALineCapButt, …).
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Open ends stop square at the end point (`"butt"`; the default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// Open ends get a half circle of the line's width around the end point (`"round"`).
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// Open ends extend square by half the line's width past the end point (`"square"`).
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// CAShapeLayer's line joins (kCALineJoinMiter, …).
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Corners are extended to a sharp point, bevelled where the point would pass `miterLimit` (`"miter"`; the
    /// default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// Corners are rounded with a circle of the line's width (`"round"`).
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// Corners are cut straight across (`"bevel"`).
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// A layer that draws a path: filled (with `fillColor` and `fillRule`), then stroked (with `strokeColor`,
/// `lineWidth`, caps, joins and dashes, between `strokeStart` and `strokeEnd` of its length). The server
/// draws it anti-aliased at the resolution it is shown, between the layer's contents and its first
/// sublayer, not clipped by its bounds unless `masksToBounds`; it needs no backing store.
open class CAShapeLayer: CALayer {
    override class var layerKind: LayerKind { .shape }

    /// The shape (copied when set, as Core Animation keeps an immutable CGPath). Animatable point by point
    /// between paths of the same structure.
    public var path: CGPath? { get { read { $0.shape.path.map(CGPath.init) } } set { set(.path, newValue?.path) } }
    /// Default opaque black; nil fills nothing. Animatable.
    public var fillColor: CGColor? { get { read { $0.shape.fillColor.map(CGColor.init) } } set { set(.fillColor, newValue?.color) } }
    /// How the path's inside is decided for the fill: `.nonZero` (the default) or `.evenOdd`. An unknown rule is
    /// logged and ignored. Not animatable.
    public var fillRule: CAShapeLayerFillRule {
        get { CAShapeLayerFillRule(rawValue: name(of: .fillRule)) }
        set { set(.fillRule, named: newValue.rawValue, what: "fill rule") }
    }
    /// Default nil: no stroke. Animatable.
    public var strokeColor: CGColor? { get { read { $0.shape.strokeColor.map(CGColor.init) } } set { set(.strokeColor, newValue?.color) } }
    /// Default 1; must not be negative. Animatable.
    public var lineWidth: CGFloat { get { read { $0.shape.lineWidth } } set { set(.lineWidth, newValue) } }
    /// How the stroke's open ends are drawn: `.butt` (the default), `.round` or `.square`. An unknown cap is
    /// logged and ignored. Not animatable.
    public var lineCap: CAShapeLayerLineCap {
        get { CAShapeLayerLineCap(rawValue: name(of: .lineCap)) }
        set { set(.lineCap, named: newValue.rawValue, what: "line cap") }
    }
    /// How the stroke's corners are drawn: `.miter` (the default), `.round` or `.bevel`. An unknown join is
    /// logged and ignored. Not animatable.
    public var lineJoin: CAShapeLayerLineJoin {
        get { CAShapeLayerLineJoin(rawValue: name(of: .lineJoin)) }
        set { set(.lineJoin, named: newValue.rawValue, what: "line join") }
    }
    /// Default 10. Animatable.
    public var miterLimit: CGFloat { get { read { $0.shape.miterLimit } } set { set(.miterLimit, newValue) } }
    /// Lengths of painted and unpainted segments, repeating (default nil: a solid line). Not animatable.
    public var lineDashPattern: [NSNumber]? {
        get { read { $0.shape.lineDashPattern?.map { NSNumber(value: Double($0)) } } }
        set { set(.lineDashPattern, .numbers(newValue?.map { CGFloat($0.doubleValue) })) }
    }
    /// How far into the dash pattern the line starts (default 0). Animatable.
    public var lineDashPhase: CGFloat { get { read { $0.shape.lineDashPhase } } set { set(.lineDashPhase, newValue) } }
    /// Where stroking starts and ends, as fractions of the path's length (defaults 0 and 1). Animatable.
    public var strokeStart: CGFloat { get { read { $0.shape.strokeStart } } set { set(.strokeStart, newValue) } }
    /// Where stroking ends, as a fraction of the whole path's length (default 1), clamped to 0…1 when drawn; with
    /// `strokeStart` it trims the stroke, not the fill. Animatable, implicitly too (the usual progress ring).
    public var strokeEnd: CGFloat { get { read { $0.shape.strokeEnd } } set { set(.strokeEnd, newValue) } }
}
