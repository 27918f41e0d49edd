import Foundation

/// `#colorLiteral(red:green:blue:alpha:)`, as UIKit's UIColor takes it (`_ExpressibleByColorLiteral`), on
/// CGColor (StrataUIKit's `UIColor`): an sRGB colour with those components, which the compiler passes as
/// `Float`s, so 0.2 arrives as 0.2 rounded to a `Float` (0.20000000298…), as on iOS.
extension CGColor: _ExpressibleByColorLiteral {
    /// UIKit declares it `required`; CGColor is final, so it needs not be (and cannot be, in an extension).
    public convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
}

/// The type a `#colorLiteral` without a type from context makes (UIKit's overlay names UIColor, which is
/// CGColor here).
public typealias _ColorLiteralType = CGColor
