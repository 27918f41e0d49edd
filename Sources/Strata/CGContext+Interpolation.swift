import CStrataCairo
import Foundation

/// How images are sampled when drawn scaled or transformed (CoreGraphics' CGInterpolationQuality; same
/// raw values). `none` is nearest-neighbour (hard texel edges); `default` and `low` are bilinear (Cairo's
/// BILINEAR, what Strata always used); `medium` and `high` are Cairo's GOOD (bilinear when enlarging, a box
/// filter over the covered texels when shrinking).
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0, none = 1, low = 2, high = 3, medium = 4

    var cairo: cairo_filter_t {
        switch self {
        case .none: CAIRO_FILTER_NEAREST
        case .default, .low: CAIRO_FILTER_BILINEAR
        case .medium, .high: CAIRO_FILTER_GOOD
        }
    }
}

extension CGContext {
    /// How `draw(_:in:)`, tiled drawing and `clip(to:mask:)` sample images; part of the graphics state.
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }
}
