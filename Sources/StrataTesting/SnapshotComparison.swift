import StrataPNG

/// How two images of the same size differ, channel by channel on premultiplied RGBA8.
///
/// Premultiplied because that is what the server composites and `snapshot()` returns; a reference PNG
/// (straight alpha, as PNG stores it) is premultiplied again before comparing, which gives back the
/// exact bytes it was written from, so a freshly recorded reference always matches itself.
public struct SnapshotComparison: Equatable, Sendable {
    /// Pixels with some channel differing by more than the tolerance.
    public let differingPixels: Int
    /// The largest difference of any channel of any pixel (0…255).
    public let largestDifference: UInt8
    /// Whether each pixel (row by row) differs by more than the tolerance.
    let mask: [Bool]

    init(_ actual: RGBAImage, _ reference: RGBAImage, tolerance: UInt8) {
        let a = actual.premultiplied().pixels, b = reference.premultiplied().pixels
        var mask = [Bool](repeating: false, count: a.count / 4)
        var count = 0, largest: UInt8 = 0
        for p in 0..<mask.count {
            var worst: UInt8 = 0
            for c in 0..<4 {
                let x = a[p * 4 + c], y = b[p * 4 + c]
                worst = max(worst, x > y ? x - y : y - x)
            }
            largest = max(largest, worst)
            if worst > tolerance { mask[p] = true; count += 1 }
        }
        differingPixels = count
        largestDifference = largest
        self.mask = mask
    }

    /// `actual` dimmed to a quarter, opaque, with each differing pixel pure red: where to look.
    func diffImage(of actual: RGBAImage) -> RGBAImage {
        let source = actual.premultiplied().pixels
        var out = [UInt8](repeating: 255, count: source.count)
        for p in 0..<mask.count {
            if mask[p] {
                out[p * 4] = 255; out[p * 4 + 1] = 0; out[p * 4 + 2] = 0
            } else {
                for c in 0..<3 { out[p * 4 + c] = source[p * 4 + c] / 4 }
            }
        }
        return RGBAImage(width: actual.width, height: actual.height, pixels: out, isPremultiplied: false)
    }
}
