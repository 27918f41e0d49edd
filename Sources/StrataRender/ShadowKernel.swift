import Foundation

/// Weights of a one-sided Gaussian kernel for the shadow blur: the centre and up to 64 taps on each side,
/// covering 3σ, normalised so both sides and the centre sum to 1. Beyond 64 taps the taps spread out
/// (`stride` texels apart), still covering 3σ. σ ≤ 0 gives a single tap (no blur).
public struct ShadowKernel {
    static let maxTaps = 64
    let weights: [Double]
    let stride: Double

    /// How many texels the blur reaches on each side: ⌈3σ⌉ (0 without blur).
    static func reach(sigma: Double) -> Int {
        guard sigma > 0, sigma.isFinite else { return 0 }
        return Int(min(3 * sigma, 1e6).rounded(.up))
    }

    /// How far past what a shadow group holds its blur draws (and a pixel more), for σ in target pixels.
    public static func drawnReach(sigma: CGFloat) -> Int { reach(sigma: Double(sigma)) + 1 }

    init(sigma: Double) {
        guard sigma > 0, sigma.isFinite else { weights = [1]; stride = 1; return }
        let reach = Self.reach(sigma: sigma)
        let taps = min(reach, Self.maxTaps)
        let step = Double(reach) / Double(max(taps, 1))
        stride = step
        var w = (0...taps).map { i -> Double in
            let x = Double(i) * step
            return exp(-x * x / (2 * sigma * sigma))
        }
        let total = w[0] + 2 * w.dropFirst().reduce(0, +)
        w = w.map { $0 / total }
        weights = w
    }
}
