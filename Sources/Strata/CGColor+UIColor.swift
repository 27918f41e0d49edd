import Foundation
import StrataCore

/// UIColor's everyday API on CGColor, so ported UIKit code compiles once `UIColor` is renamed `CGColor`:
/// `UIColor.red.cgColor` becomes `CGColor.red.cgColor`, `UIColor(white:alpha:)` `CGColor(white:alpha:)`.
/// The named colours have UIKit's sRGB values. Dynamic (light/dark) and pattern colours are not here.
extension CGColor {
    /// The colour itself (UIColor's bridge to CGColor).
    public var cgColor: CGColor { self }

    /// UIKit's grey scale initialiser (`init(white:alpha:)`); CoreGraphics spells it `init(gray:alpha:)`.
    public convenience init(white: CGFloat, alpha: CGFloat) { self.init(gray: white, alpha: alpha) }

    /// The same colour with another alpha (UIKit's `withAlphaComponent(_:)`).
    public func withAlphaComponent(_ alpha: CGFloat) -> CGColor {
        CGColor(Color(red: color.red, green: color.green, blue: color.blue, alpha: alpha))
    }

    /// CoreGraphics' `copy(alpha:)`: the same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? { withAlphaComponent(alpha) }

    public static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = CGColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = CGColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = CGColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    public static let gray = CGColor(gray: 0.5, alpha: 1)
    public static let darkGray = CGColor(gray: 1.0 / 3, alpha: 1)
    public static let lightGray = CGColor(gray: 2.0 / 3, alpha: 1)
}
