import Foundation
import StrataCore

/// CAGradientLayer's gradient shapes (kCAGradientLayerAxial is "axial").
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A linear gradient from `startPoint` to `endPoint`, constant along lines perpendicular to it (the default).
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Ellipses around `startPoint` reaching `endPoint`'s distance along each axis: the first colour at the
    /// centre, the last on that ellipse.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// A sweep around `startPoint`, starting in the direction of `endPoint` and turning clockwise on the y-down
    /// screen (Strata's choice where Apple is silent: see <doc:Status#Layer-subclasses>).
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A layer that fills its bounds with a gradient of `colors` (over its background, rounded by its
/// corners like the background), computed per pixel by the server and dithered.
open class CAGradientLayer: CALayer {
    override class var layerKind: LayerKind { .gradient }

    /// The colours, as CGColors (Core Animation's `[Any]?`). Animatable element by element.
    public var colors: [Any]? {
        get { read { $0.gradient.colors?.map { CGColor($0) } } }
        set {
            guard let newValue else { set(.colors, .colors(nil)); return }
            let list = newValue.compactMap { ($0 as? CGColor)?.color }
            guard list.count == newValue.count else {
                StrataLog.logger.error("\(Swift.type(of: self)) (layer \(layerID)): colors rejected: every element must be a CGColor")
                return
            }
            set(.colors, .colors(list))
        }
    }
    /// Where each colour sits, 0…1 along the gradient (default nil: evenly spread). A count other than the
    /// colours' draws nothing. Animatable.
    public var locations: [NSNumber]? {
        get { read { $0.gradient.locations?.map { NSNumber(value: Double($0)) } } }
        set { set(.locations, .numbers(newValue?.map { CGFloat($0.doubleValue) })) }
    }
    /// In unit coordinates of the bounds (default (0.5, 0) and (0.5, 1): top to bottom). Animatable.
    public var startPoint: CGPoint { get { read { $0.gradient.startPoint } } set { set(.startPoint, newValue) } }
    /// Where the gradient ends, in unit coordinates of the bounds (default (0.5, 1): the bottom edge's middle);
    /// with `startPoint` it sets the axis, the radial ellipse's reach or the conic start direction. Animatable,
    /// implicitly too.
    public var endPoint: CGPoint { get { read { $0.gradient.endPoint } } set { set(.endPoint, newValue) } }
    /// Axial (default), radial or conic. Not animatable.
    public var type: CAGradientLayerType {
        get { CAGradientLayerType(rawValue: name(of: .gradientType)) }
        set { set(.gradientType, named: newValue.rawValue, what: "gradient type") }
    }
}
