import CStrataCairo
import Foundation
import StrataCore

/// Axial and radial gradients (CoreGraphics' drawLinearGradient/drawRadialGradient), drawn by Cairo's
/// linear and radial patterns. They paint the whole clip (and mask clip), their points and radii in user
/// space through the CTM (a radial gradient under a non-uniform scale is elliptical, as in Quartz), each
/// colour's alpha times the global alpha, with the shadow and blend mode. The current path is left alone.
///
/// Location t runs from 0 at the start point (circle) to 1 at the end point (circle); for a radial
/// gradient t is the largest value whose circle, of radius ≥ 0, passes through the pixel (the PDF and
/// Cairo model). Without `drawsBeforeStartLocation` nothing is painted where t < 0, without
/// `drawsAfterEndLocation` nothing where t > 1; with them the colour at location 0 (1) is. Each end is
/// independent: no option is Cairo's EXTEND_NONE, both are EXTEND_PAD, and one alone is EXTEND_PAD with a
/// transparent stop at the same location as the end colour on the other side, so the pad beyond that
/// end is transparent. (With one option, where a radial gradient's circles do not nest, a pixel that a
/// circle beyond the unextended end passes through stays unpainted even if a circle within 0…1 passes
/// through it too; with no option Cairo takes that inner circle.)
///
/// Nothing is drawn for non-finite points or radii, negative radii, a singular CTM, an axial gradient
/// whose start and end coincide, or a radial one whose circles are identical.
extension CGContext {
    /// Paints `gradient` along the line from `start` (location 0) to `end` (location 1), in user space through
    /// the CTM, over the whole clip; lines perpendicular to it have one colour. Beyond each end the end colour is
    /// painted only with that end's option (`drawsBeforeStartLocation`, `drawsAfterEndLocation`). Draws nothing
    /// for non-finite points or `start == end`; the current path is left alone.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        guard [start.x, start.y, end.x, end.y].allSatisfy(\.isFinite), start != end,
              let pattern = CairoPattern(cairo_pattern_create_linear(Double(start.x), Double(start.y), Double(end.x), Double(end.y))) else { return }
        paintGradient(pattern, gradient, options)
    }

    /// Paints `gradient` between the circle at `startCenter` with `startRadius` (location 0) and the circle at
    /// `endCenter` with `endRadius` (location 1), in user space through the CTM (elliptical under a non-uniform
    /// scale), over the whole clip; each pixel takes the largest location whose circle passes through it. Beyond
    /// each end the end colour is painted only with that end's option. Draws nothing for non-finite values,
    /// negative radii or identical circles; the current path is left alone.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        guard [startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius].allSatisfy(\.isFinite),
              startRadius >= 0, endRadius >= 0, startCenter != endCenter || startRadius != endRadius,
              let pattern = CairoPattern(cairo_pattern_create_radial(Double(startCenter.x), Double(startCenter.y), Double(startRadius),
                                                                     Double(endCenter.x), Double(endCenter.y), Double(endRadius)))
        else { return }
        paintGradient(pattern, gradient, options)
    }

    /// Gives a gradient pattern (in user space) its stops, extend and matrix, and paints it.
    private func paintGradient(_ pattern: CairoPattern, _ gradient: CGGradient, _ options: CGGradientDrawingOptions) {
        guard let inverse = state.ctm.usableInverse else { return }
        let p = pattern.pattern
        var matrix = inverse.cairoMatrix // Cairo's pattern matrix maps device space to pattern space
        cairo_pattern_set_matrix(p, &matrix)
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        cairo_pattern_set_extend(p, before || after ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        func add(_ location: CGFloat, _ color: Color) {
            let c = sourceColor(color)
            cairo_pattern_add_color_stop_rgba(p, Double(location), Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha))
        }
        let stops = gradient.stops
        if after, !before { add(0, .clear) }
        add(0, stops[0].color) // the first colour down to 0 when its location is above
        for stop in stops { add(stop.location, stop.color) }
        add(1, stops[stops.count - 1].color)
        if before, !after { add(1, .clear) }
        guard cairo_pattern_status(p) == CAIRO_STATUS_SUCCESS else { return }
        paint([PaintLayer(setSource: { cairo_set_source($0, p) }, cover: { cairo_paint($0) })])
        withExtendedLifetime(pattern) {}
    }
}

/// Owns a Cairo pattern.
final class CairoPattern {
    let pattern: OpaquePointer

    /// nil when Cairo could not make it (it is destroyed then).
    init?(_ pattern: OpaquePointer?) {
        guard let pattern else { return nil }
        guard cairo_pattern_status(pattern) == CAIRO_STATUS_SUCCESS else {
            cairo_pattern_destroy(pattern)
            return nil
        }
        self.pattern = pattern
    }

    deinit { cairo_pattern_destroy(pattern) }
}
