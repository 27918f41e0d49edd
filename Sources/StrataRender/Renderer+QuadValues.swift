import CStrataGL
import Foundation
import StrataCore

/// The values a quad's instance carries, worked out from a command: texture parameters, tints, corner radii
/// and the anti-aliasing reach.
extension Renderer {
    /// texture.frag's per-quad values for a layer's image: the anti-aliasing reach, its edges (z = 1 +
    /// the CAEdgeAntialiasingMask bits; 0 turns the fade off) and the level-of-detail bias (trilinear
    /// minification only, as minificationFilterBias is defined).
    static func textureParams(_ matrix: Transform3D, edges: UInt8, sampling: Sampling) -> (Float, Float, Float, Float) {
        let bias = sampling.minFilter == .trilinear && sampling.bias.isFinite ? Float(sampling.bias) : 0
        return (Float(pixelInLayerUnits(matrix)), 0, 1 + Float(edges), bias)
    }

    /// texture.frag's colour for a premultiplied image drawn times `alpha`, its red, green and blue
    /// multiplied by `tint`.
    static func tinted(_ alpha: CGFloat, _ tint: Color) -> (Float, Float, Float, Float) {
        let f = Float(alpha)
        return (Float(tint.red) * f, Float(tint.green) * f, Float(tint.blue) * f, f)
    }

    /// Core Animation clamps the corner radius to half the shorter side.
    static func clampRadius(_ r: CGFloat, _ rect: CGRect) -> CGFloat {
        max(0, min(r, min(abs(rect.width), abs(rect.height)) / 2))
    }

    /// Per-corner radii for the shape shaders: `radius` where `corners` has the corner's CACornerMask bit.
    /// A continuous corner (`CornerCurve.continuousCornersBit` in `corners`) has its radius negated: the
    /// shaders' `roundedBox` draws it as Apple's continuous curve.
    static func radii(_ radius: CGFloat, _ corners: UInt8) -> (Float, Float, Float, Float) {
        let sign: Float = corners & CornerCurve.continuousCornersBit != 0 ? -1 : 1
        func r(_ bit: UInt8) -> Float { corners & bit != 0 ? Float(radius) * sign : 0 }
        return (r(1), r(2), r(4), r(8))
    }

    /// About one target pixel in the layer's units, from the layer-to-target matrix's scale (its smaller
    /// axis, so the fade covers at least a pixel): how far quads grow for edge anti-aliasing.
    static func pixelInLayerUnits(_ m: Transform3D) -> CGFloat {
        let sx = (m.m11 * m.m11 + m.m12 * m.m12).squareRoot(), sy = (m.m21 * m.m21 + m.m22 * m.m22).squareRoot()
        let s = min(sx, sy)
        return s > 1e-6 && s.isFinite ? min(1 / s, 1e4) : 0
    }
}
