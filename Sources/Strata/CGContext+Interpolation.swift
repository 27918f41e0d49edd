import CStrataCairo
import Foundation

/// How images are sampled when drawn scaled or transformed (CoreGraphics' CGInterpolationQuality; same
/// raw values). `none` is nearest-neighbour (hard texel edges); `default` and `low` are bilinear (Cairo's
/// BILINEAR, what Strata always used); `medium` and `high` are Cairo's GOOD (bilinear when enlarging, a box
/// filter over the covered texels when shrinking).
public enum CGInterpolationQuality: Int32, Sendable {
    /// The context's default: bilinear (raw value 0).
    case `default` = 0
    /// No interpolation: nearest-neighbour sampling, hard texel edges (raw value 1).
    case none = 1
    /// Bilinear, as `default` (raw value 2).
    case low = 2
    /// Cairo's GOOD filter: bilinear when enlarging, a box filter over the covered texels when shrinking (raw value 3).
    case high = 3
    /// Cairo's GOOD filter, as `high` (raw value 4).
    case medium = 4

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
