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
public typealias CFString = NSString
public typealias CFArray = NSArray
public typealias CFDictionary = NSDictionary
public typealias CFNumber = NSNumber

/// Darwin's `HUGE` (math.h's MAXFLOAT), which Core Animation code writes as a repeatCount meaning "for
/// ever" (`animation.repeatCount = HUGE`); glibc's math.h no longer defines it.
public let HUGE: Float = .greatestFiniteMagnitude

/// Core Animation's 4×4 transform (row-vector convention, translation in m41…m43).
public typealias CATransform3D = Transform3D

public let CATransform3DIdentity = Transform3D.identity

public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t.isIdentity }
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D { .translation(tx, ty, tz) }
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D { .scale(sx, sy, sz) }
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
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        color = Color(red: red, green: green, blue: blue, alpha: alpha)
        isGray = false
    }
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }
    public init(gray: CGFloat, alpha: CGFloat) {
        color = Color(red: gray, green: gray, blue: gray, alpha: alpha)
        isGray = true
    }
    init(_ color: Color) { self.color = color; isGray = false }
    init(_ color: Color, isGray: Bool) { self.color = color; self.isGray = isGray }
    /// CoreGraphics' constant colours (kCGColorWhite, …); UIKit's other named colours are in CGColor+UIColor.
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let black = CGColor(gray: 0, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)
    /// [red, green, blue, alpha], or [white, alpha] for a grey.
    public var components: [CGFloat]? { isGray ? [color.red, color.alpha] : color.components }
    /// 4, or 2 for a grey.
    public var numberOfComponents: Int { isGray ? 2 : 4 }
    public var alpha: CGFloat { color.alpha }
    public static func == (a: CGColor, b: CGColor) -> Bool { a.color == b.color }
}
