import Foundation
import StrataCore

/// How a layer looks around its contents: opacity, background, corners, border, shadow, edges and
/// rasterization. Animatable (implicit animation) unless said otherwise.
extension CALayer {
    public var opacity: Float { get { read { Float($0.opacity) } } set { set(.opacity, CGFloat(newValue)) } }
    public var backgroundColor: CGColor? { get { read { $0.backgroundColor.map(CGColor.init) } } set { set(.backgroundColor, newValue?.color) } }
    public var isHidden: Bool { get { read { $0.isHidden } } set { set(.hidden, newValue) } }

    /// Radius of the rounded corners of the background, the border and (with masksToBounds) the clip.
    public var cornerRadius: CGFloat { get { read { $0.cornerRadius } } set { set(.cornerRadius, newValue) } }
    /// Which corners cornerRadius rounds (default all four). Not animatable.
    public var maskedCorners: CACornerMask {
        get { read { CACornerMask(rawValue: UInt($0.maskedCorners)) } }
        set { set(.maskedCorners, UInt8(newValue.rawValue & 15)) }
    }
    /// Width of the border, drawn inside the bounds above the contents and sublayers (default 0).
    public var borderWidth: CGFloat { get { read { $0.borderWidth } } set { set(.borderWidth, newValue) } }
    /// Colour of the border (default opaque black).
    public var borderColor: CGColor? { get { read { $0.borderColor.map(CGColor.init) } } set { set(.borderColor, newValue?.color) } }
    /// Whether the contents and sublayers (and the shadow) are clipped to the bounds, rounded by
    /// cornerRadius (default false).
    public var masksToBounds: Bool { get { read { $0.masksToBounds } } set { set(.masksToBounds, newValue) } }

    /// The shadow's colour (default opaque black; nil draws none).
    public var shadowColor: CGColor? { get { read { $0.shadowColor.map(CGColor.init) } } set { set(.shadowColor, newValue?.color) } }
    /// The shadow's opacity, 0 (default: no shadow) to 1.
    public var shadowOpacity: Float { get { read { Float($0.shadowOpacity) } } set { set(.shadowOpacity, CGFloat(newValue)) } }
    /// The shadow's offset in the layer's coordinates (default (0, −3): upwards, +y being down).
    public var shadowOffset: CGSize { get { read { $0.shadowOffset } } set { set(.shadowOffset, newValue) } }
    /// The shadow's blur radius in points (default 3).
    public var shadowRadius: CGFloat { get { read { $0.shadowRadius } } set { set(.shadowRadius, newValue) } }
    /// The shadow's shape: this path filled (nonzero winding) in the layer's coordinates, instead of the
    /// alpha of the layer's contents and sublayers (default nil). Animatable between paths of the same
    /// structure. The path is copied, as Core Animation retains an immutable CGPath.
    public var shadowPath: CGPath? { get { read { $0.shadowPath.map(CGPath.init) } } set { set(.shadowPath, newValue?.path) } }

    /// Whether a layer with opacity below 1 composites its background, contents and sublayers once, as a
    /// group, before applying the opacity (default true); false applies it to each piece separately, so
    /// overlapping sublayers show through each other. Not animatable.
    public var allowsGroupOpacity: Bool { get { read { $0.allowsGroupOpacity } } set { set(.allowsGroupOpacity, newValue) } }
    /// Whether the layer's edges are anti-aliased (those in `edgeAntialiasingMask`). Core Animation takes
    /// the default from the app's Info.plist; Strata's is true. Not animatable.
    public var allowsEdgeAntialiasing: Bool { get { read { $0.allowsEdgeAntialiasing } } set { set(.allowsEdgeAntialiasing, newValue) } }
    /// Which edges are anti-aliased when `allowsEdgeAntialiasing` is true (default all four). Turning an
    /// edge off keeps layers that meet edge to edge from showing a seam. Not animatable.
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { read { CAEdgeAntialiasingMask(rawValue: UInt32($0.edgeAntialiasingMask)) } }
        set { set(.edgeAntialiasingMask, UInt8(newValue.rawValue & 15)) }
    }

    /// Whether the layer and its sublayers (shadow included, opacity not) are drawn once into a bitmap in
    /// the layer's own space, and that bitmap composited and reused while the subtree is unchanged
    /// (default false). Animatable (a Bool: switches half-way).
    public var shouldRasterize: Bool { get { read { $0.shouldRasterize } } set { set(.shouldRasterize, newValue) } }
    /// Bitmap pixels per layer unit when rasterizing (default 1); must be > 0. Animatable.
    public var rasterizationScale: CGFloat { get { read { $0.rasterizationScale } } set { set(.rasterizationScale, newValue) } }
}
