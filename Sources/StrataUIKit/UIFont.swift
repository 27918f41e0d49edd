import Foundation
import Strata

/// UIKit's font is Core Text's (`CTFont`), as the two are toll-free bridged on Apple's systems: a `UIFont` goes
/// wherever a `CTFont` does (`NSAttributedString.Key.font`, `CATextLayer.font`). Its name is what fontconfig
/// matches to an installed face when text is laid out. The system font is fontconfig's `sans-serif` at the
/// weight asked for (docs/status.md, `UIFont`).
public typealias UIFont = CTFont

extension CTFont {
    /// UIKit's font weights (the values of `UIFont.Weight`'s constants), mapped to fontconfig weights by
    /// `fontconfigWeight`.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)

        /// The fontconfig weight of the nearest of UIKit's named weights: ultraLight is CSS 100 (fontconfig's
        /// thin, 0), thin 200 (extralight, 40), light 300 (50), regular 400 (80), medium 500 (100), semibold 600
        /// (demibold, 180), bold 700 (200), heavy 800 (extrabold, 205), black 900 (210), as San Francisco's.
        var fontconfigWeight: Int {
            let named: [(CGFloat, Int)] = [(-0.8, 0), (-0.6, 40), (-0.4, 50), (0, 80), (0.23, 100), (0.3, 180),
                                           (0.4, 200), (0.56, 205), (0.62, 210)]
            let value = rawValue.isFinite ? rawValue : 0
            return named.min { abs($0.0 - value) < abs($1.0 - value) }?.1 ?? 80
        }
    }

    /// Dynamic Type's text styles, at the sizes and weights of iOS's default ("Large") content size.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// Size and weight at the default content size (Apple's Human Interface Guidelines' Dynamic Type table);
        /// an unknown style is body's.
        var defaultAppearance: (size: CGFloat, weight: Weight) {
            switch self {
            case .largeTitle: (34, .regular)
            case .title1: (28, .regular)
            case .title2: (22, .regular)
            case .title3: (20, .regular)
            case .headline: (17, .semibold)
            case .subheadline: (15, .regular)
            case .callout: (16, .regular)
            case .footnote: (13, .regular)
            case .caption1: (12, .regular)
            case .caption2: (11, .regular)
            default: (17, .regular)
            }
        }
    }

    // MARK: making fonts

    public class func systemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .regular) }
    public class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(validName: "sans-serif:weight=\(weight.fontconfigWeight)", size: fontSize)
    }
    public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }
    public class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(validName: "sans-serif:slant=100", size: fontSize)
    }
    /// fontconfig's `monospace` at the weight.
    public class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(validName: "monospace:weight=\(weight.fontconfigWeight)", size: fontSize)
    }
    /// The system font: its digits are already all one width in the fonts Strata's systems carry (DejaVu Sans,
    /// Noto Sans), which is what this font is for.
    public class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }
    /// The text style's font at the default content size (Strata has no accessibility text sizes).
    public class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let look = style.defaultAppearance
        return systemFont(ofSize: look.size, weight: look.weight)
    }
    /// The same face at another size.
    public func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(validName: fontName, size: fontSize) }

    public class var systemFontSize: CGFloat { 14 }
    public class var smallSystemFontSize: CGFloat { 12 }
    public class var labelFontSize: CGFloat { 17 }
    public class var buttonFontSize: CGFloat { 18 }

    // MARK: metrics (in points, from the matched face's tables)

    /// The family part of the name: before a fontconfig `:`, or before a PostScript name's style (`Helvetica-Bold`).
    public var familyName: String {
        if let colon = fontName.firstIndex(of: ":") { return String(fontName[..<colon]) }
        if let dash = fontName.lastIndex(of: "-"), dash != fontName.startIndex { return String(fontName[..<dash]) }
        return fontName
    }
    public var ascender: CGFloat { CTFontGetAscent(self) }
    /// Below the baseline: negative, as UIKit gives it.
    public var descender: CGFloat { -CTFontGetDescent(self) }
    public var leading: CGFloat { CTFontGetLeading(self) }
    public var capHeight: CGFloat { CTFontGetCapHeight(self) }
    public var xHeight: CGFloat { CTFontGetXHeight(self) }
    /// The height of one line of text: ascender − descender + leading.
    public var lineHeight: CGFloat { ascender - descender + leading }
}
