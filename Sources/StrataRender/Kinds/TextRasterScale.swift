import Foundation
import StrataCore

/// How large a text layer's glyphs are rasterised: from the scale its matrix shows it at, and glyph pixel
/// sizes quantised so an animated scale reuses rasters instead of making new ones every frame.
enum TextRasterScale {
    /// The largest on-screen scale (target pixels per layer unit, in any direction) `m` shows `box` at:
    /// the largest singular value of the projected mapping's Jacobian at the box's corners and centre
    /// (exact for an affine matrix, where it is the same everywhere; under perspective the nearest part of
    /// the box is the largest). nil when no part of it is in front of the eye.
    static func shownScale(_ m: Transform3D, over box: CGRect) -> CGFloat? {
        let points = [CGPoint(x: box.midX, y: box.midY), CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.minY),
                      CGPoint(x: box.minX, y: box.maxY), CGPoint(x: box.maxX, y: box.maxY)]
        var best: CGFloat?
        for p in points {
            let w = p.x * m.m14 + p.y * m.m24 + m.m44
            guard w > 1e-6 else { continue }
            let X = (p.x * m.m11 + p.y * m.m21 + m.m41) / w, Y = (p.x * m.m12 + p.y * m.m22 + m.m42) / w
            // ∂(X, Y)/∂(x, y) of (numerator / w).
            let a = (m.m11 - X * m.m14) / w, b = (m.m21 - X * m.m24) / w
            let c = (m.m12 - Y * m.m14) / w, d = (m.m22 - Y * m.m24) / w
            let s = a * a + b * b + c * c + d * d, det = a * d - b * c
            let sigma = ((s + max(0, s * s - 4 * det * det).squareRoot()) / 2).squareRoot()
            guard sigma.isFinite else { continue }
            best = max(best ?? 0, sigma)
        }
        return best
    }

    /// A glyph pixel size rounded to a step that keeps the size error invisible: 1/64 px below 48 px,
    /// 1/4 px to 128 px, whole pixels above (under 1 % of the em everywhere); 0 for nothing drawable.
    static func quantized(_ pixels: CGFloat) -> CGFloat {
        guard pixels.isFinite, pixels > 0 else { return 0 }
        if pixels < 48 { return (pixels * 64).rounded() / 64 }
        if pixels < 128 { return (pixels * 4).rounded() / 4 }
        return pixels.rounded()
    }

    /// The x and y scale of a matrix that only scales (uniformly, not mirrored) and translates in 2D:
    /// the case drawn pixel for pixel.
    static func axisAlignedScale(_ m: Transform3D) -> CGFloat? {
        guard m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 == 1, m.m11 > 0, m.m11 == m.m22 else { return nil }
        return m.m11
    }
}
