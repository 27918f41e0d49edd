import Foundation
import Strata

/// UIKit's font is Core Text's (`CTFont`), as the two are toll-free bridged on Apple's systems: a `UIFont` goes
/// wherever a `CTFont` does (`NSAttributedString.Key.font`, `CATextLayer.font`). Its name is what fontconfig
/// matches to an installed face when text is laid out. The system font is fontconfig's `sans-serif` at the
/// weight asked for (the `UIFont` row of <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>).
public typealias UIFont = CTFont

extension CTFont {
    /// UIKit's font weights (the values of `UIFont.Weight`'s constants), mapped to fontconfig weights by
    /// `fontconfigWeight`.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// A weight from UIKit's scale (-1 lightest … 1 heaviest; the same as `init(rawValue:)`). A font made with it
        /// takes the nearest of the nine named weights; a value that is not finite counts as `.regular`.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// The ultra-light weight (-0.8): fontconfig's thin (0), CSS 100.
        public static let ultraLight = Weight(-0.8)
        /// The thin weight (-0.6): fontconfig's extralight (40), CSS 200.
        public static let thin = Weight(-0.6)
        /// The light weight (-0.4): fontconfig's light (50), CSS 300.
        public static let light = Weight(-0.4)
        /// The regular weight (0): fontconfig's regular (80), CSS 400.
        public static let regular = Weight(0)
        /// The medium weight (0.23): fontconfig's medium (100), CSS 500.
        public static let medium = Weight(0.23)
        /// The semibold weight (0.3): fontconfig's demibold (180), CSS 600.
        public static let semibold = Weight(0.3)
        /// The bold weight (0.4): fontconfig's bold (200), CSS 700.
        public static let bold = Weight(0.4)
        /// The heavy weight (0.56): fontconfig's extrabold (205), CSS 800.
        public static let heavy = Weight(0.56)
        /// The black weight (0.62): fontconfig's black (210), CSS 900.
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

        /// The large title style: 34 points, regular.
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        /// The first-level title style: 28 points, regular.
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        /// The second-level title style: 22 points, regular.
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        /// The third-level title style: 20 points, regular.
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        /// The headline style: 17 points, semibold.
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        /// The subheadline style: 15 points, regular.
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        /// The body text style: 17 points, regular (also what an unknown style gets).
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        /// The callout style: 16 points, regular.
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        /// The footnote style: 13 points, regular.
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        /// The first caption style: 12 points, regular.
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        /// The second caption style: 11 points, regular.
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

    /// The system font at `fontSize` points, regular: fontconfig's `sans-serif` (weight 80). A size that is not a
    /// finite number above 0 gives 12 points, as Core Text does.
    public class func systemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .regular) }
    /// The system font, fontconfig's `sans-serif`, at `fontSize` points and the nearest of UIKit's nine named
    /// weights to `weight`. A size that is not a finite number above 0 gives 12 points, as Core Text does.
    public class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(validName: "sans-serif:weight=\(weight.fontconfigWeight)", size: fontSize)
    }
    /// The system font at `fontSize` points, bold: fontconfig's `sans-serif` at weight 200.
    public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }
    /// The system font at `fontSize` points, italic: fontconfig's `sans-serif` with slant 100 (italic), at its
    /// default weight.
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

    /// The standard system font size, 14 points, as UIKit's.
    public class var systemFontSize: CGFloat { 14 }
    /// The small system font size, 12 points, as UIKit's.
    public class var smallSystemFontSize: CGFloat { 12 }
    /// The standard label font size, 17 points, as UIKit's.
    public class var labelFontSize: CGFloat { 17 }
    /// The standard button font size, 18 points, as UIKit's.
    public class var buttonFontSize: CGFloat { 18 }

    // MARK: metrics (in points, from the matched face's tables)

    /// The family part of the name: before a fontconfig `:`, or before a PostScript name's style (`Helvetica-Bold`).
    public var familyName: String {
        if let colon = fontName.firstIndex(of: ":") { return String(fontName[..<colon]) }
        if let dash = fontName.lastIndex(of: "-"), dash != fontName.startIndex { return String(fontName[..<dash]) }
        return fontName
    }
    /// The height above the baseline, in points, from the face fontconfig matches the name to in this process
    /// (0.8 of the point size when the face has no usable metrics).
    public var ascender: CGFloat { CTFontGetAscent(self) }
    /// Below the baseline: negative, as UIKit gives it.
    public var descender: CGFloat { -CTFontGetDescent(self) }
    /// The line gap added between lines, in points, from the matched face's tables.
    public var leading: CGFloat { CTFontGetLeading(self) }
    /// The height of flat capitals above the baseline, in points: the matched face's OS/2 value, else the top
    /// of its "H", else 0.7 of the point size.
    public var capHeight: CGFloat { CTFontGetCapHeight(self) }
    /// The height of a lowercase x above the baseline, in points: the matched face's OS/2 value, else the top
    /// of its "x", else half the point size.
    public var xHeight: CGFloat { CTFontGetXHeight(self) }
    /// The height of one line of text: ascender − descender + leading.
    public var lineHeight: CGFloat { ascender - descender + leading }
}
