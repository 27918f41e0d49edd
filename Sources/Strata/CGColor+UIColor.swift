import Foundation
import StrataCore

/// UIColor's everyday API on CGColor, so ported UIKit code compiles once `UIColor` is renamed `CGColor`:
/// `UIColor.red.cgColor` becomes `CGColor.red.cgColor`, `UIColor(white:alpha:)` `CGColor(white:alpha:)`.
/// The named colours have UIKit's sRGB values. Dynamic (light/dark) and pattern colours are not here.
extension CGColor {
    /// The colour itself (UIColor's bridge to CGColor).
    public var cgColor: CGColor { self }

    /// UIKit's bridge from CoreGraphics (`UIColor(cgColor: layer.borderColor!)`): the same colour, a grey
    /// staying a grey.
    public convenience init(cgColor: CGColor) { self.init(cgColor.color, isGray: cgColor.isGray) }

    /// UIKit's grey scale initialiser (`init(white:alpha:)`); CoreGraphics spells it `init(gray:alpha:)`.
    public convenience init(white: CGFloat, alpha: CGFloat) { self.init(gray: white, alpha: alpha) }

    /// The same colour with another alpha (UIKit's `withAlphaComponent(_:)`).
    public func withAlphaComponent(_ alpha: CGFloat) -> CGColor {
        CGColor(Color(red: color.red, green: color.green, blue: color.blue, alpha: alpha), isGray: isGray)
    }

    /// UIKit's HSB initialiser (hue in 0…1 of a turn; each value clamped to 0…1).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = min(max(hue, 0), 1) * 6, s = min(max(saturation, 0), 1), v = min(max(brightness, 0), 1)
        let sector = Int(h.rounded(.down)) % 6, f = h - h.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][sector]
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// UIKit's `getRed(_:green:blue:alpha:)`: writes the components it is given pointers for; true (every
    /// colour here converts to RGB).
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = color.red; green?.pointee = color.green; blue?.pointee = color.blue; alpha?.pointee = color.alpha
        return true
    }

    /// UIKit's `getHue(_:saturation:brightness:alpha:)` (hue in 0…1 of a turn; 0 for a grey); true.
    @discardableResult
    public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                       brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let r = color.red, g = color.green, b = color.blue
        let v = max(r, g, b), d = v - min(r, g, b)
        var h: CGFloat = 0
        if d > 0 {
            if v == r { h = (g - b) / d } else if v == g { h = 2 + (b - r) / d } else { h = 4 + (r - g) / d }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h; saturation?.pointee = v > 0 ? d / v : 0; brightness?.pointee = v; alpha?.pointee = color.alpha
        return true
    }

    /// UIKit's `getWhite(_:alpha:)`: true for a grey (whose white it writes), false for another colour.
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard isGray else { return false }
        white?.pointee = color.red; alpha?.pointee = color.alpha
        return true
    }

    /// CoreGraphics' `copy(alpha:)`: the same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? { withAlphaComponent(alpha) }

    /// UIKit's `red`: opaque sRGB (1, 0, 0).
    public static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// UIKit's `green`: opaque sRGB (0, 1, 0).
    public static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// UIKit's `blue`: opaque sRGB (0, 0, 1).
    public static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// UIKit's `cyan`: opaque sRGB (0, 1, 1).
    public static let cyan = CGColor(red: 0, green: 1, blue: 1, alpha: 1)
    /// UIKit's `yellow`: opaque sRGB (1, 1, 0).
    public static let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
    /// UIKit's `magenta`: opaque sRGB (1, 0, 1).
    public static let magenta = CGColor(red: 1, green: 0, blue: 1, alpha: 1)
    /// UIKit's `orange`: opaque sRGB (1, 0.5, 0).
    public static let orange = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// UIKit's `purple`: opaque sRGB (0.5, 0, 0.5).
    public static let purple = CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    /// UIKit's `brown`: opaque sRGB (0.6, 0.4, 0.2).
    public static let brown = CGColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    /// UIKit's `gray`: an opaque grey of white 0.5 (two components, white and alpha).
    public static let gray = CGColor(gray: 0.5, alpha: 1)
    /// UIKit's `darkGray`: an opaque grey of white 1/3 (two components, white and alpha).
    public static let darkGray = CGColor(gray: 1.0 / 3, alpha: 1)
    /// UIKit's `lightGray`: an opaque grey of white 2/3 (two components, white and alpha).
    public static let lightGray = CGColor(gray: 2.0 / 3, alpha: 1)
}
