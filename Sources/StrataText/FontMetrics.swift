import Foundation

/// A face's vertical metrics in font design units (y up, the baseline at 0), as the font's tables give them.
/// Multiply by `size / unitsPerEm` for points (`scaled(to:)`).
public struct FontMetrics: Hashable, Sendable {
    public var unitsPerEm: CGFloat
    /// Above the baseline (positive).
    public var ascender: CGFloat
    /// Below the baseline (negative, as fonts store it).
    public var descender: CGFloat
    public var lineGap: CGFloat
    /// The top of the underline stroke (negative: below the baseline), as OpenType's `post` table defines it.
    public var underlinePosition: CGFloat
    public var underlineThickness: CGFloat
    /// The top of the strikeout stroke above the baseline (OS/2's yStrikeoutPosition).
    public var strikeoutPosition: CGFloat
    public var strikeoutThickness: CGFloat
    /// The height of flat capitals and of a lowercase x above the baseline (OS/2's sCapHeight and sxHeight).
    public var capHeight: CGFloat
    public var xHeight: CGFloat

    public init(unitsPerEm: CGFloat, ascender: CGFloat, descender: CGFloat, lineGap: CGFloat,
                underlinePosition: CGFloat, underlineThickness: CGFloat, strikeoutPosition: CGFloat, strikeoutThickness: CGFloat,
                capHeight: CGFloat? = nil, xHeight: CGFloat? = nil) {
        self.unitsPerEm = unitsPerEm; self.ascender = ascender; self.descender = descender; self.lineGap = lineGap
        self.underlinePosition = underlinePosition; self.underlineThickness = underlineThickness
        self.strikeoutPosition = strikeoutPosition; self.strikeoutThickness = strikeoutThickness
        self.capHeight = capHeight ?? 0.7 * unitsPerEm
        self.xHeight = xHeight ?? 0.5 * unitsPerEm
    }

    /// What a face without usable tables (or no font at all) gets: common proportions of the em.
    public static func fallback(unitsPerEm: CGFloat = 1000) -> FontMetrics {
        FontMetrics(unitsPerEm: unitsPerEm, ascender: 0.8 * unitsPerEm, descender: -0.2 * unitsPerEm, lineGap: 0,
                    underlinePosition: -0.1 * unitsPerEm, underlineThickness: 0.05 * unitsPerEm,
                    strikeoutPosition: 0.3 * unitsPerEm, strikeoutThickness: 0.05 * unitsPerEm)
    }

    /// The same metrics in points at `size`.
    public func scaled(to size: CGFloat) -> FontMetrics {
        let k = unitsPerEm > 0 ? size / unitsPerEm : 0
        return FontMetrics(unitsPerEm: size, ascender: ascender * k, descender: descender * k, lineGap: lineGap * k,
                           underlinePosition: underlinePosition * k, underlineThickness: underlineThickness * k,
                           strikeoutPosition: strikeoutPosition * k, strikeoutThickness: strikeoutThickness * k,
                           capHeight: capHeight * k, xHeight: xHeight * k)
    }

    /// Line height: ascender − descender + line gap.
    public var lineHeight: CGFloat { ascender - descender + lineGap }
}
