@_exported import Foundation
import StrataCore
#if canImport(Glibc)
import Glibc
#endif

/// Seconds (Core Foundation's CFTimeInterval).
public typealias CFTimeInterval = Double

/// Core Foundation's object types, as ported code spells Foundation's (`textLayer.font = "Helvetica" as
/// CFTypeRef`, `[c1, c2] as CFArray`): Linux's Foundation does not export Core Foundation's names.
public typealias CFTypeRef = AnyObject
/// Core Foundation's string type, here Foundation's `NSString` (`name as CFString` and string literals
/// compile); font names, colour space names and `CATextLayer` fonts take it.
public typealias CFString = NSString
/// Core Foundation's array type, here Foundation's `NSArray` (`[c1, c2] as CFArray`, as
/// `CGGradient(colorsSpace:colors:locations:)` takes it).
public typealias CFArray = NSArray
/// Core Foundation's dictionary type, here Foundation's `NSDictionary`.
public typealias CFDictionary = NSDictionary
/// Core Foundation's number type, here Foundation's `NSNumber`.
public typealias CFNumber = NSNumber

/// Darwin's `HUGE` (math.h's MAXFLOAT), which Core Animation code writes as a repeatCount meaning "for
/// ever" (`animation.repeatCount = HUGE`); glibc's math.h no longer defines it.
public let HUGE: Float = .greatestFiniteMagnitude

/// Core Animation's 4×4 transform (row-vector convention, translation in m41…m43).
public typealias CATransform3D = Transform3D

/// The identity transform: 1 on the diagonal, 0 elsewhere.
public let CATransform3DIdentity = Transform3D.identity

/// Whether `t` equals `CATransform3DIdentity` exactly, element by element.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t.isIdentity }
/// Whether all sixteen elements of `a` and `b` are equal (no tolerance).
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }
/// A translation by (`tx`, `ty`, `tz`), in m41…m43.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D { .translation(tx, ty, tz) }
/// A scale by `sx`, `sy` and `sz` along the axes (m11, m22, m33); 0 flattens an axis.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D { .scale(sx, sy, sz) }
/// A rotation by `angle` radians about the axis (x, y, z), which need not be unit length; about +z a positive
/// angle turns clockwise on Strata's y-down screen. A zero-length or non-finite axis gives the identity.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    .rotation(angle, x, y, z)
}
/// `t' = translate(tx, ty, tz) · t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    .translation(tx, ty, tz) * t
}
/// `t' = scale(sx, sy, sz) · t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    .scale(sx, sy, sz) * t
}
/// `t' = rotation(angle, x, y, z) · t`; a zero-length axis leaves `t` unchanged.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    .rotation(angle, x, y, z) * t
}
/// `a · b`: `a` is applied first.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a * b }
/// The inverse, or `t` unchanged when it is not invertible.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { t.inverse ?? t }
/// Whether `t` maps the plane z = 0 to itself as a 2D affine transform: m13, m14, m23, m24, m31, m32, m34 and
/// m43 are 0, and m33 and m44 are 1.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.isAffine }

/// CLOCK_MONOTONIC seconds, the clock the render server also uses.
public func CACurrentMediaTime() -> CFTimeInterval {
    if let virtual = VirtualMediaTime.now { return virtual }
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// An sRGB colour (straight alpha), standing in for CoreGraphics' CGColor. A grey made with
/// `init(gray:alpha:)` stays in a grey colour space as Core Graphics' does: two components, white and alpha.
public final class CGColor: Equatable, @unchecked Sendable {
    let color: Color
    /// Whether the colour is a grey (Core Graphics' device grey space: `components` is [white, alpha]).
    let isGray: Bool
    /// A colour from red, green, blue and alpha components, each 0…1 (stored as given, not clamped). The
    /// components are sRGB, as every colour in Strata: see <doc:Status#Classes-and-protocols>.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        color = Color(red: red, green: green, blue: blue, alpha: alpha)
        isGray = false
    }
    /// A colour from sRGB components and alpha, 0…1; the same as `init(red:green:blue:alpha:)`.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// A grey (0 black … 1 white) with alpha, kept in a grey space as CoreGraphics' is: `components` is
    /// [gray, alpha]; drawn as the sRGB colour (gray, gray, gray).
    public init(gray: CGFloat, alpha: CGFloat) {
        color = Color(red: gray, green: gray, blue: gray, alpha: alpha)
        isGray = true
    }
    init(_ color: Color) { self.color = color; isGray = false }
    init(_ color: Color, isGray: Bool) { self.color = color; self.isGray = isGray }
    /// CoreGraphics' constant colours (kCGColorWhite, …); UIKit's other named colours are in CGColor+UIColor.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Opaque black, a grey (`components` [0, 1]).
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Transparent black, a grey (`components` [0, 0]).
    public static let clear = CGColor(gray: 0, alpha: 0)
    /// [red, green, blue, alpha], or [white, alpha] for a grey.
    public var components: [CGFloat]? { isGray ? [color.red, color.alpha] : color.components }
    /// 4, or 2 for a grey.
    public var numberOfComponents: Int { isGray ? 2 : 4 }
    /// The colour's alpha (opacity) component, 0 transparent … 1 opaque.
    public var alpha: CGFloat { color.alpha }
    public static func == (a: CGColor, b: CGColor) -> Bool { a.color == b.color }
}
