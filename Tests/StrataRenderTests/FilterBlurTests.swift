import Foundation
import StrataCore
import StrataRender
import Testing

/// A layer's `filters` blur against an independent reference: the layer's drawing (a black square) blurred
/// on the CPU by a sampled Gaussian of σ = inputRadius pixels (Core Image's), composited over white. The
/// GPU's blur halves and doubles the layer to keep its cost flat (`BlurPlan`): it stays within a few levels
/// of the exact Gaussian everywhere, at small and large radii.
@Suite struct FilterBlurTests {
    static let size = 200

    /// A 40 × 40 black square at (80, 80), blurred by `radius`, over white.
    static func scene(radius: Double) -> String {
        """
        {"strata":1,"size":[\(size),\(size)],"background":"#FFFFFF","layers":[
         {"id":"square","bounds":[0,0,40,40],"position":[100,100],"backgroundColor":"#000000",
          "filters":[{"type":"CIGaussianBlur","name":"blur","inputRadius":\(radius)}]}]}
        """
    }

    /// The reference: the square's coverage blurred by a separable Gaussian (weights sampled at whole pixels,
    /// normalised), as grey levels over white.
    static func reference(sigma: Double) -> [Double] {
        let n = size
        let reach = Int((4 * sigma).rounded(.up))
        var w = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = w.reduce(0, +)
        w = w.map { $0 / total }
        var coverage = [Double](repeating: 0, count: n)
        for x in 80..<120 { coverage[x] = 1 }
        // The square is separable: its blur is the product of the blurred row and column.
        let line = (0..<n).map { x in (-reach...reach).reduce(0.0) { s, d in
            let i = x + d
            return s + (i >= 0 && i < n ? coverage[i] * w[d + reach] : 0)
        } }
        var grey = [Double](repeating: 255, count: n * n)
        for y in 0..<n { for x in 0..<n { grey[y * n + x] = 255 * (1 - line[x] * line[y]) } }
        return grey
    }

    @Test(arguments: [2.0, 4.0, 8.0, 24.0, 64.0])
    func aBlurredLayerMatchesTheExactGaussian(radius: Double) throws {
        let image = try Golden.render(Self.scene(radius: radius))
        let expected = Self.reference(sigma: radius)
        var worst = 0.0, sum = 0.0
        for i in 0..<(Self.size * Self.size) {
            let d = abs(Double(image.pixels[i * 4]) - expected[i])
            worst = max(worst, d)
            sum += d
        }
        let mean = sum / Double(Self.size * Self.size)
        #expect(worst <= 4 && mean <= 1, "σ \(radius): worst \(worst) levels, mean \(mean)")
    }
}
