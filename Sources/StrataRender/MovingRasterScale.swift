import Foundation

/// The scale at which something drawn into a bitmap is rasterised while an animation may move or scale
/// it (a text layer's glyphs, a moving layer's shadow): its shown scale rounded up to a quarter octave, so
/// an animated scale makes a new bitmap a few times over the animation instead of at every frame's size.
/// What is drawn is minified by at most 16 % (2^¼) meanwhile; once still, it is drawn at its exact scale.
public enum MovingRasterScale {
    public static func stepped(_ scale: CGFloat) -> CGFloat {
        guard scale.isFinite, scale > 0 else { return scale }
        return CGFloat(pow(2, ((log2(Double(scale)) * 4).rounded(.up)) / 4))
    }
}
