import Foundation

/// An sRGB colour with straight (non-premultiplied) components in 0…1, like CGColor's components.
/// The renderer premultiplies.
public struct Color: Hashable, Sendable {
    public var red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0, alpha: 1)
    public static let white = Color(red: 1, green: 1, blue: 1, alpha: 1)

    public var components: [CGFloat] { [red, green, blue, alpha] }

    /// Parses `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = hex.dropFirst()
        guard digits.count == 6 || digits.count == 8, let v = UInt32(digits, radix: 16) else { return nil }
        let has = digits.count == 8
        let r = has ? (v >> 24) & 0xff : (v >> 16) & 0xff
        let g = has ? (v >> 16) & 0xff : (v >> 8) & 0xff
        let b = has ? (v >> 8) & 0xff : v & 0xff
        let a = has ? v & 0xff : 0xff
        self.init(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: CGFloat(a) / 255)
    }
}
