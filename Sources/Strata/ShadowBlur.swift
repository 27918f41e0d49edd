import Foundation

/// The blur of CGContext shadows: a separable Gaussian over an 8-bit alpha buffer, rows `stride` apart.
///
/// σ ≤ `exactLimit` (10 px): the sampled Gaussian e^(−x²/2σ²) for |x| ≤ ⌈3σ⌉, normalised to sum 1, applied
/// along rows then columns in Float, rounded to nearest. Larger σ: three successive box blurs per axis
/// whose combined variance is within 2 % of σ² (odd widths as in Kovesi's "boxes for Gauss"), linear
/// time in the pixel count whatever σ, close to the Gaussian in shape. Pixels outside the buffer count as 0.
enum ShadowBlur {
    static let exactLimit = 10.0

    /// How far (in pixels) one pixel's blur reaches.
    static func reach(sigma: Double) -> Int {
        guard sigma > 0 else { return 0 }
        if sigma <= exactLimit { return Int((3 * sigma).rounded(.up)) }
        return boxRadii(sigma: sigma).reduce(0, +)
    }

    /// The normalised kernel for σ ≤ `exactLimit`, centre at index `radius`.
    static func kernel(sigma: Double) -> [Float] {
        let radius = Int((3 * sigma).rounded(.up))
        let weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let sum = weights.reduce(0, +)
        return weights.map { Float($0 / sum) }
    }

    /// Radii of three box blurs whose variances sum to about σ² (each box 2r + 1 wide has variance
    /// ((2r + 1)² − 1) / 12).
    static func boxRadii(sigma: Double) -> [Int] {
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let m = ((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / (-4 * Double(lower) - 4)).rounded()
        return (0..<3).map { Double($0) < m ? (lower - 1) / 2 : (upper - 1) / 2 }
    }

    /// Blurs `width`×`height` alpha bytes in place.
    static func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma > 0, width > 0, height > 0 else { return }
        var plane = [Float](repeating: 0, count: width * height)
        var line = [Float](repeating: 0, count: max(width, height) + 2 * reach(sigma: sigma) + 2)
        plane.withUnsafeMutableBufferPointer { plane in
            line.withUnsafeMutableBufferPointer { line in
                for y in 0..<height {
                    for x in 0..<width { plane[y * width + x] = Float(data[y * stride + x]) }
                }
                // Rows (step 1 between neighbours), then columns (step `width`).
                let passes = [(count: height, length: width, start: width, step: 1), (count: width, length: height, start: 1, step: width)]
                if sigma <= exactLimit {
                    let k = kernel(sigma: sigma)
                    for pass in passes {
                        for i in 0..<pass.count {
                            convolve(plane.baseAddress! + i * pass.start, length: pass.length, step: pass.step, kernel: k, line: line.baseAddress!)
                        }
                    }
                } else {
                    for r in boxRadii(sigma: sigma) where r > 0 {
                        for pass in passes {
                            for i in 0..<pass.count {
                                box(plane.baseAddress! + i * pass.start, length: pass.length, step: pass.step, radius: r, line: line.baseAddress!)
                            }
                        }
                    }
                }
                for y in 0..<height {
                    for x in 0..<width { data[y * stride + x] = UInt8(min(max(plane[y * width + x], 0), 255).rounded()) }
                }
            }
        }
    }

    /// Convolves `length` values `step` apart with `k`, zeros outside; `line` is scratch of length + k.count.
    private static func convolve(_ values: UnsafeMutablePointer<Float>, length: Int, step: Int, kernel k: [Float],
                                 line: UnsafeMutablePointer<Float>) {
        let r = k.count / 2
        line.update(repeating: 0, count: length + 2 * r)
        for j in 0..<length { line[r + j] = values[j * step] }
        k.withUnsafeBufferPointer { k in
            for j in 0..<length {
                var s: Float = 0
                for t in 0..<k.count { s += k[t] * line[j + t] }
                values[j * step] = s
            }
        }
    }

    /// One box blur of radius `r` over `length` values `step` apart (a running sum), zeros outside.
    private static func box(_ values: UnsafeMutablePointer<Float>, length: Int, step: Int, radius r: Int,
                            line: UnsafeMutablePointer<Float>) {
        let scale = 1 / Float(2 * r + 1)
        for j in 0..<length { line[j] = values[j * step] }
        var sum: Float = 0
        for j in 0..<min(r, length) { sum += line[j] }
        for j in 0..<length {
            if j + r < length { sum += line[j + r] }
            if j - r - 1 >= 0 { sum -= line[j - r - 1] }
            values[j * step] = sum * scale
        }
    }
}
