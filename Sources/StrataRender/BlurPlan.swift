import Foundation

/// How a layer filter's Gaussian blur of σ target pixels is drawn (Renderer+Filters), the way compositors
/// blur cheaply (KWin's and picom's dual-filter blurs, Mutter's): the group is halved `levels` times (each
/// a 2 × 2 average), blurred there by a separable Gaussian of at most 3 texels' σ, and doubled back up
/// (bilinear). Its cost does not grow with σ: the halvings shrink the pixels as σ grows, and the
/// Gaussian keeps at most 9 taps a side. The halvings and doublings spread a pixel too: their variance,
/// (4^levels − 1)/3 pixels², is taken from the Gaussian's, so the whole is a blur of σ.
public struct BlurPlan: Equatable, Sendable {
    /// Halvings before the Gaussian (0: full resolution).
    public let levels: Int
    /// The Gaussian's σ in texels of the smallest level.
    public let sigma: Double

    /// The most halvings: σ up to 3 · 2⁷ = 384 pixels keeps 9 taps; beyond, the taps spread (`ShadowKernel`).
    static let maxLevels = 7
    /// The largest σ (texels) blurred without halving once more.
    static let levelSigma = 3.0

    public init(sigma σ: Double) {
        var k = 0
        while k < Self.maxLevels, σ / Double(1 << k) > Self.levelSigma { k += 1 }
        levels = k
        let resampling = (pow(4, Double(k)) - 1) / 3
        sigma = (max(0, σ * σ - resampling)).squareRoot() / Double(1 << k)
    }

    /// How far the blur reaches past what it blurs, in target pixels: the Gaussian's 3σ, a pixel, and the
    /// halvings' and doublings' own spread (two texels of the smallest level).
    public var reach: Int {
        let scale = 1 << levels
        return Int((3 * sigma * Double(scale)).rounded(.up)) + 1 + (levels > 0 ? 2 * scale : 0)
    }
}
