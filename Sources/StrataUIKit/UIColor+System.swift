import Strata

/// UIKit's system colours in their light appearance as iOS 13 to iOS 18 define them (Apple's Human Interface
/// Guidelines' colour tables for those releases; iOS 26 retuned several). Strata has no dark mode or trait
/// collections, so each is one fixed colour (the `UIColor` row of <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>).
extension CGColor {
    private static func rgb(_ red: CGFloat, _ green: CGFloat, _ blue: CGFloat, _ alpha: CGFloat = 1) -> CGColor {
        CGColor(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
    }

    // Tints.
    /// UIKit's system red, in its light appearance: sRGB (255, 59, 48), opaque.
    public static let systemRed = rgb(255, 59, 48)
    /// UIKit's system orange, in its light appearance: sRGB (255, 149, 0), opaque.
    public static let systemOrange = rgb(255, 149, 0)
    /// UIKit's system yellow, in its light appearance: sRGB (255, 204, 0), opaque.
    public static let systemYellow = rgb(255, 204, 0)
    /// UIKit's system green, in its light appearance: sRGB (52, 199, 89), opaque.
    public static let systemGreen = rgb(52, 199, 89)
    /// UIKit's system mint, in its light appearance: sRGB (0, 199, 190), opaque.
    public static let systemMint = rgb(0, 199, 190)
    /// UIKit's system teal, in its light appearance: sRGB (48, 176, 199), opaque.
    public static let systemTeal = rgb(48, 176, 199)
    /// UIKit's system cyan, in its light appearance: sRGB (50, 173, 230), opaque.
    public static let systemCyan = rgb(50, 173, 230)
    /// UIKit's system blue (the default `tintColor`), in its light appearance: sRGB (0, 122, 255), opaque.
    public static let systemBlue = rgb(0, 122, 255)
    /// UIKit's system indigo, in its light appearance: sRGB (88, 86, 214), opaque.
    public static let systemIndigo = rgb(88, 86, 214)
    /// UIKit's system purple, in its light appearance: sRGB (175, 82, 222), opaque.
    public static let systemPurple = rgb(175, 82, 222)
    /// UIKit's system pink, in its light appearance: sRGB (255, 45, 85), opaque.
    public static let systemPink = rgb(255, 45, 85)
    /// UIKit's system brown, in its light appearance: sRGB (162, 132, 94), opaque.
    public static let systemBrown = rgb(162, 132, 94)

    // Greys.
    /// UIKit's base system grey, in its light appearance: sRGB (142, 142, 147), opaque.
    public static let systemGray = rgb(142, 142, 147)
    /// UIKit's second system grey (lighter than `systemGray`), in its light appearance: sRGB (174, 174, 178), opaque.
    public static let systemGray2 = rgb(174, 174, 178)
    /// UIKit's third system grey, in its light appearance: sRGB (199, 199, 204), opaque.
    public static let systemGray3 = rgb(199, 199, 204)
    /// UIKit's fourth system grey, in its light appearance: sRGB (209, 209, 214), opaque.
    public static let systemGray4 = rgb(209, 209, 214)
    /// UIKit's fifth system grey, in its light appearance: sRGB (229, 229, 234), opaque.
    public static let systemGray5 = rgb(229, 229, 234)
    /// UIKit's sixth and lightest system grey, in its light appearance: sRGB (242, 242, 247), opaque.
    public static let systemGray6 = rgb(242, 242, 247)

    // Text.
    /// The colour of primary text (a `UILabel`'s default `textColor`), in its light appearance: sRGB (0, 0, 0),
    /// opaque.
    public static let label = rgb(0, 0, 0)
    /// The colour of secondary text, in its light appearance: sRGB (60, 60, 67) at alpha 0.6.
    public static let secondaryLabel = rgb(60, 60, 67, 0.6)
    /// The colour of tertiary text (Strata's disabled label and button titles), in its light appearance: sRGB (60,
    /// 60, 67) at alpha 0.3.
    public static let tertiaryLabel = rgb(60, 60, 67, 0.3)
    /// The colour of quaternary text, in its light appearance: sRGB (60, 60, 67) at alpha 0.18.
    public static let quaternaryLabel = rgb(60, 60, 67, 0.18)
    /// The colour of placeholder text, in its light appearance: sRGB (60, 60, 67) at alpha 0.3.
    public static let placeholderText = rgb(60, 60, 67, 0.3)
    /// The colour of links, in its light appearance: sRGB (0, 122, 255), opaque.
    public static let link = rgb(0, 122, 255)
    /// Light text for dark backgrounds (not a dynamic colour in UIKit either): white at alpha 0.6, a grey.
    public static let lightText = CGColor(white: 1, alpha: 0.6)
    /// Dark text for light backgrounds (not a dynamic colour in UIKit either): opaque black, a grey.
    public static let darkText = CGColor(white: 0, alpha: 1)

    // Fills, separators and backgrounds.
    /// The fill for thin and small shapes (a slider's right-hand track, a progress view's track), in its light
    /// appearance: sRGB (120, 120, 128) at alpha 0.2.
    public static let systemFill = rgb(120, 120, 128, 0.2)
    /// The fill for medium-size shapes (an off switch's track), in its light appearance: sRGB (120, 120, 128) at
    /// alpha 0.16.
    public static let secondarySystemFill = rgb(120, 120, 128, 0.16)
    /// The fill for large shapes (a segmented control's track), in its light appearance: sRGB (118, 118, 128) at
    /// alpha 0.12.
    public static let tertiarySystemFill = rgb(118, 118, 128, 0.12)
    /// The fill for large areas holding complex content, in its light appearance: sRGB (116, 116, 128) at alpha 0.08.
    public static let quaternarySystemFill = rgb(116, 116, 128, 0.08)
    /// The colour of thin separators that let what is beneath show through, in its light appearance: sRGB (60, 60,
    /// 67) at alpha 0.29.
    public static let separator = rgb(60, 60, 67, 0.29)
    /// The colour of opaque separators, in its light appearance: sRGB (198, 198, 200), opaque.
    public static let opaqueSeparator = rgb(198, 198, 200)
    /// The background of an interface's main view, in its light appearance: sRGB (255, 255, 255), opaque.
    public static let systemBackground = rgb(255, 255, 255)
    /// The background of content layered on `systemBackground`, in its light appearance: sRGB (242, 242, 247),
    /// opaque.
    public static let secondarySystemBackground = rgb(242, 242, 247)
    /// The background of content layered on `secondarySystemBackground`, in its light appearance: sRGB (255, 255,
    /// 255), opaque.
    public static let tertiarySystemBackground = rgb(255, 255, 255)
    /// The background of a grouped interface's main view, in its light appearance: sRGB (242, 242, 247), opaque.
    public static let systemGroupedBackground = rgb(242, 242, 247)
    /// The background of content layered on `systemGroupedBackground`, in its light appearance: sRGB (255, 255, 255),
    /// opaque.
    public static let secondarySystemGroupedBackground = rgb(255, 255, 255)
    /// The background of content layered on `secondarySystemGroupedBackground`, in its light appearance: sRGB (242,
    /// 242, 247), opaque.
    public static let tertiarySystemGroupedBackground = rgb(242, 242, 247)
}

/// Setting the current context's colours from a colour, as drawing code in `draw(_:)` does.
extension CGColor {
    /// The current context's fill and stroke colour.
    public func set() {
        setFill()
        setStroke()
    }
    /// The current context's fill colour (nothing without a current context).
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(self) }
    /// The current context's stroke colour (nothing without a current context).
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(self) }
}
