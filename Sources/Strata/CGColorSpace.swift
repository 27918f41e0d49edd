import Foundation
import StrataCore

/// A minimal stand-in for CoreGraphics' CGColorSpace: what gradients are created with. Strata draws in one
/// space, sRGB (every `CGColor` is sRGB), so only two models exist: RGB (device RGB and `sRGB`, both read
/// as sRGB components) and grey (device grey and `genericGrayGamma2_2`, a grey g read as the sRGB colour
/// (g, g, g)). `CGColorSpace(name:)` returns nil, logging "unsupported: color space NAME", for every other
/// name (linear, extended, wide-gamut, CMYK, Lab spaces): Strata cannot draw in them. Names are Strings,
/// as there is no CFString on Linux.
public final class CGColorSpace: @unchecked Sendable {
    /// The name of the sRGB space (`"kCGColorSpaceSRGB"`), which `CGColorSpace(name:)` accepts: an RGB space,
    /// Strata's only colour space.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// The name of CoreGraphics' generic linear RGB space; `CGColorSpace(name:)` returns nil for it and logs
    /// "unsupported: color space kCGColorSpaceGenericRGBLinear" (Strata draws only in sRGB). See
    /// <doc:Status#Classes-and-protocols>.
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    /// The name of the linear sRGB space; `CGColorSpace(name:)` returns nil for it and logs "unsupported: color
    /// space kCGColorSpaceLinearSRGB" (Strata draws only in sRGB).
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    /// The name of the extended-range sRGB space; `CGColorSpace(name:)` returns nil for it and logs
    /// "unsupported: color space kCGColorSpaceExtendedSRGB" (Strata draws only in sRGB).
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// The name of the Display P3 wide-gamut space; `CGColorSpace(name:)` returns nil for it and logs
    /// "unsupported: color space kCGColorSpaceDisplayP3" (Strata draws only in sRGB).
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    /// The name of the grey space with gamma 2.2 (`"kCGColorSpaceGenericGrayGamma2_2"`), which
    /// `CGColorSpace(name:)` accepts: a grey g is drawn as the sRGB colour (g, g, g).
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"

    /// The name given at creation; nil for the device spaces (as in CoreGraphics).
    public let name: String?
    /// The space's colour model: `.rgb` (device RGB, `sRGB`) or `.monochrome` (device grey,
    /// `genericGrayGamma2_2`).
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
    /// One grey component (raw value 0): device grey and `genericGrayGamma2_2`.
    case monochrome = 0
    /// Red, green and blue components (raw value 1): device RGB and `sRGB`.
    case rgb = 1
}

/// Device RGB: Strata's sRGB.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(name: nil, model: .rgb) }

/// Device grey: a grey g is drawn as the sRGB colour (g, g, g).
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: nil, model: .monochrome) }
