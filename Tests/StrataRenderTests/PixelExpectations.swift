import Foundation
import Testing

/// Golden pixel comparison. On the pinned Mesa llvmpipe rendering is bit-exact, so the tolerance is 0;
/// other rasterizers (a real GPU, softpipe) differ by ±1 or more on edges: set
/// STRATA_PIXEL_TOLERANCE=N to allow N levels per channel there.
enum PixelTolerance {
    static var current: Int { Int(ProcessInfo.processInfo.environment["STRATA_PIXEL_TOLERANCE"] ?? "") ?? 0 }
}

func expectPixel(_ pixels: [UInt8], width: Int, x: Int, y: Int, _ expected: [Int], tolerance: Int = PixelTolerance.current,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    let i = (y * width + x) * 4
    let got = (0..<4).map { Int(pixels[i + $0]) }
    let ok = zip(got, expected).allSatisfy { abs($0 - $1) <= tolerance }
    #expect(ok, "pixel (\(x),\(y)) is \(got), expected \(expected) ±\(tolerance)", sourceLocation: sourceLocation)
}
