import CStrataCairo
import Foundation

/// How painting combines with what is already in the context (CoreGraphics' CGBlendMode; same cases and
/// raw values). Each is Cairo's operator of the same formula: the separable and non-separable modes of
/// the PDF reference (multiply … luminosity), the Porter-Duff operators (clear … xor; `copy` is SOURCE), and
/// `plusLighter` = ADD (R = min(1, S + D)). `plusDarker` (R = max(0, 1 − ((1 − D) + (1 − S)))) has no Cairo
/// operator: setting it logs "unsupported: blend mode plusDarker" and paints as `normal`.
public enum CGBlendMode: Int32, Sendable, CaseIterable {
    /// Paints the source over the destination (R = S + D·(1 − Sa); Cairo's OVER). Raw value 0.
    case normal = 0
    /// Multiplies source and destination colours: the result is never lighter than either (Cairo's MULTIPLY).
    case multiply
    /// Multiplies the inverses of source and destination: the result is never darker than either (Cairo's SCREEN).
    case screen
    /// Multiplies or screens depending on the destination, keeping its highlights and shadows (Cairo's OVERLAY).
    case overlay
    /// Keeps the darker of source and destination per component (Cairo's DARKEN).
    case darken
    /// Keeps the lighter of source and destination per component (Cairo's LIGHTEN).
    case lighten
    /// Brightens the destination to reflect the source (Cairo's COLOR_DODGE).
    case colorDodge
    /// Darkens the destination to reflect the source (Cairo's COLOR_BURN).
    case colorBurn
    /// Darkens or lightens depending on the source colour, like a diffuse spotlight (Cairo's SOFT_LIGHT).
    case softLight
    /// Multiplies or screens depending on the source colour, like a harsh spotlight (Cairo's HARD_LIGHT).
    case hardLight
    /// The absolute difference of source and destination per component (Cairo's DIFFERENCE).
    case difference
    /// Like `difference` with lower contrast (Cairo's EXCLUSION).
    case exclusion
    /// The source's hue with the destination's saturation and luminosity (Cairo's HSL_HUE).
    case hue
    /// The source's saturation with the destination's hue and luminosity (Cairo's HSL_SATURATION).
    case saturation
    /// The source's hue and saturation with the destination's luminosity (Cairo's HSL_COLOR).
    case color
    /// The source's luminosity with the destination's hue and saturation (Cairo's HSL_LUMINOSITY).
    case luminosity
    /// Clears what is painted to transparent (R = 0; Cairo's CLEAR).
    case clear
    /// Replaces the destination with the source where painted (R = S; Cairo's SOURCE).
    case copy
    /// The source where the destination is opaque (R = S·Da; Cairo's IN).
    case sourceIn
    /// The source where the destination is transparent (R = S·(1 − Da); Cairo's OUT).
    case sourceOut
    /// The source over the destination, only where the destination is (R = S·Da + D·(1 − Sa); Cairo's ATOP).
    case sourceAtop
    /// The destination over the source (R = S·(1 − Da) + D; Cairo's DEST_OVER).
    case destinationOver
    /// The destination where the source is opaque (R = D·Sa; Cairo's DEST_IN).
    case destinationIn
    /// The destination where the source is transparent (R = D·(1 − Sa); Cairo's DEST_OUT).
    case destinationOut
    /// The destination over the source, only where the source is (R = S·(1 − Da) + D·Sa; Cairo's DEST_ATOP).
    case destinationAtop
    /// Source and destination where only one of them is (R = S·(1 − Da) + D·(1 − Sa); Cairo's XOR).
    case xor
    /// R = max(0, 1 − ((1 − D) + (1 − S))) in CoreGraphics. Cairo has no such operator: Strata logs
    /// "unsupported: blend mode plusDarker" and paints as `normal`. See <doc:Status#Classes-and-protocols>.
    case plusDarker
    /// The sum of source and destination, capped at 1 (R = min(1, S + D); Cairo's ADD).
    case plusLighter

    /// Cairo's operator; nil for `plusDarker`.
    var cairo: cairo_operator_t? {
        switch self {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: CAIRO_OPERATOR_CLEAR
        case .copy: CAIRO_OPERATOR_SOURCE
        case .sourceIn: CAIRO_OPERATOR_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        case .plusDarker: nil
        case .plusLighter: CAIRO_OPERATOR_ADD
        }
    }
}

extension cairo_operator_t {
    /// Cairo's operators that change the destination outside what is painted (where the source is
    /// transparent the result is too). Quartz changes only what is painted, so these are composited
    /// through a coverage mask (see `CGContext.composite`).
    var isUnboundedInCairo: Bool {
        self == CAIRO_OPERATOR_IN || self == CAIRO_OPERATOR_OUT || self == CAIRO_OPERATOR_DEST_IN || self == CAIRO_OPERATOR_DEST_ATOP
    }
}
