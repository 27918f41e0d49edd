import Foundation
import StrataCore

/// A minimal stand-in for CoreGraphics' CGColorSpace: what gradients are created with. Strata draws in one
/// space, sRGB (every `CGColor` is sRGB), so only two models exist: RGB (device RGB and `sRGB`, both read
/// as sRGB components) and grey (device grey and `genericGrayGamma2_2`, a grey g read as the sRGB colour
/// (g, g, g)). `CGColorSpace(name:)` returns nil, logging "unsupported: color space NAME", for every other
/// name (linear, extended, wide-gamut, CMYK, Lab spaces): Strata cannot draw in them. Names are Strings,
/// as there is no CFString on Linux.
public final class CGColorSpace: @unchecked Sendable {
    public static let sRGB = "kCGColorSpaceSRGB"
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"

    /// The name given at creation; nil for the device spaces (as in CoreGraphics).
    public let name: String?
    public let model: CGColorSpaceModel

    init(name: String?, model: CGColorSpaceModel) {
        self.name = name
        self.model = model
    }

    /// nil, logging "unsupported: color space NAME", unless `name` is `sRGB` or `genericGrayGamma2_2`.
    public convenience init?(name: String) {
        switch name {
        case Self.sRGB: self.init(name: name, model: .rgb)
        case Self.genericGrayGamma2_2: self.init(name: name, model: .monochrome)
        default:
            StrataLog.logger.error("CGColorSpace(name:): unsupported: color space \(name)")
            return nil
        }
    }

    /// Colour components without alpha: 3 for RGB, 1 for grey.
    public var numberOfComponents: Int { model == .rgb ? 3 : 1 }

    /// The sRGB colour of `numberOfComponents` components followed by alpha, read from `c`.
    func color(_ c: UnsafePointer<CGFloat>) -> Color {
        model == .rgb ? Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]) : Color(red: c[0], green: c[0], blue: c[0], alpha: c[1])
    }
}

/// The colour models CGColorSpace can have (CoreGraphics' raw values); Strata makes only these two.
public enum CGColorSpaceModel: Int32, Sendable {
    case monochrome = 0, rgb = 1
}

/// Device RGB: Strata's sRGB.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(name: nil, model: .rgb) }

/// Device grey: a grey g is drawn as the sRGB colour (g, g, g).
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: nil, model: .monochrome) }
