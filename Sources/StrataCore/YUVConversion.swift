import Foundation

/// How 8-bit YUV maps to RGB (ITU-R BT.601 and BT.709, limited or full range): the one definition of the
/// arithmetic `yuv.frag` does on the GPU, which tests hold it to.
public enum YUVConversion {
    public enum Matrix: Sendable { case bt601, bt709 }

    /// Cr's weight in R, Cb's and Cr's in G, Cb's in B.
    public static func coefficients(_ matrix: Matrix) -> (vr: Double, ug: Double, vg: Double, ub: Double) {
        switch matrix {
        case .bt601: (1.402, -0.344136, -0.714136, 1.772)
        case .bt709: (1.5748, -0.187324, -0.468124, 1.8556)
        }
    }

    /// What is subtracted from the normalised (0…1) Y, Cb, Cr values, and what they are then multiplied by.
    public static func offsetAndScale(fullRange: Bool) -> (offset: (Double, Double, Double), scale: (Double, Double, Double)) {
        let chroma: Double = 128.0 / 255
        if fullRange { return ((0, chroma, chroma), (1, 1, 1)) }
        let luma: Double = 16.0 / 255, lumaScale: Double = 255.0 / 219, chromaScale: Double = 255.0 / 224
        return ((luma, chroma, chroma), (lumaScale, chromaScale, chromaScale))
    }

    /// The RGB (0…1 each, clamped) of one pixel's 8-bit Y, Cb, Cr.
    public static func rgb(y: UInt8, cb: UInt8, cr: UInt8, matrix: Matrix, fullRange: Bool) -> (r: Double, g: Double, b: Double) {
        let (o, s) = offsetAndScale(fullRange: fullRange)
        let yy = (Double(y) / 255 - o.0) * s.0, u = (Double(cb) / 255 - o.1) * s.1, v = (Double(cr) / 255 - o.2) * s.2
        let k = coefficients(matrix)
        func clamp(_ x: Double) -> Double { min(1, max(0, x)) }
        return (clamp(yy + k.vr * v), clamp(yy + k.ug * u + k.vg * v), clamp(yy + k.ub * u))
    }
}
