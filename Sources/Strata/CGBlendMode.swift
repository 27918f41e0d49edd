import CStrataCairo
import Foundation

/// How painting combines with what is already in the context (CoreGraphics' CGBlendMode; same cases and
/// raw values). Each is Cairo's operator of the same formula: the separable and non-separable modes of
/// the PDF reference (multiply … luminosity), the Porter-Duff operators (clear … xor; `copy` is SOURCE), and
/// `plusLighter` = ADD (R = min(1, S + D)). `plusDarker` (R = max(0, 1 − ((1 − D) + (1 − S)))) has no Cairo
/// operator: setting it logs "unsupported: blend mode plusDarker" and paints as `normal`.
public enum CGBlendMode: Int32, Sendable, CaseIterable {
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
         difference, exclusion, hue, saturation, color, luminosity,
         clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut, destinationAtop,
         xor, plusDarker, plusLighter

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
