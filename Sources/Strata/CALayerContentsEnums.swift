import Foundation

/// CALayer.contentsGravity's values (Core Animation's kCAGravity… constants).
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Stretches the image to fill the bounds, whatever its aspect ratio (the default).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// Scales the image to fit inside the bounds keeping its aspect ratio, centred.
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// Scales the image to cover the bounds keeping its aspect ratio, centred (it may reach beyond them).
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
    /// The image at its natural size (pixels ÷ `contentsScale`), centred.
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// Natural size, centred horizontally, pinned to the maxY edge: named y up, as on iOS, so the bottom edge on screen.
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// Natural size, centred horizontally, pinned to the minY edge: named y up, as on iOS, so the top edge on screen.
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// Natural size, centred vertically, pinned to the left edge.
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// Natural size, centred vertically, pinned to the right edge.
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// Natural size, in the minX, maxY corner: named y up, as on iOS, so the bottom-left corner on screen.
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// Natural size, in the maxX, maxY corner: named y up, as on iOS, so the bottom-right corner on screen.
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// Natural size, in the minX, minY corner: named y up, as on iOS, so the top-left corner on screen.
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// Natural size, in the maxX, minY corner: named y up, as on iOS, so the top-right corner on screen.
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
}

/// CALayer's minificationFilter / magnificationFilter values (kCAFilterLinear, …).
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Bilinear sampling between the nearest pixels (the default).
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// The nearest pixel, unblended: hard-edged pixel art when magnified.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// As a minification filter, blends mipmap levels (built on first use; `minificationFilterBias` shifts
    /// the level); as a magnification filter, the same as `linear`.
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// CALayer's `cornerCurve`: `.circular` (quarter circles) or `.continuous` (Apple's smooth corners).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Quarter-circle corners of `cornerRadius` (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Apple's continuous ("squircle") corners, as UIBezierPath draws them: they reach 1.52866483 × `cornerRadius`
    /// along each edge, at most half the shorter side (the radius shrinks to fit, Strata's choice).
    /// See <doc:Status#CALayer-properties-(spec-§13)>.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}
