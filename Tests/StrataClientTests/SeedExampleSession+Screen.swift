import Foundation
import Strata
import StrataUIKit

/// One snapshot of the server's screen, read pixel by pixel (many pixels, one round trip).
struct ScreenShot: Equatable {
    let width: Int
    let pixels: [UInt8]

    /// The pixel at (x, y) as RGBA.
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * width + x) * 4
        return Array(pixels[i..<(i + 4)])
    }

    /// The pixels of the rectangle (x, y, w, h), row by row.
    func region(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> [[UInt8]] {
        (y..<(y + h)).flatMap { row in (x..<(x + w)).map { pixel($0, row) } }
    }
}

extension ExampleSession {
    /// The server's screen now.
    func screen() throws -> ScreenShot {
        let shot = try server.snapshot()
        return ScreenShot(width: shot.width, pixels: shot.pixels)
    }
}

/// Whether two transforms are equal within `tolerance` in every entry.
func close(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: CGFloat = 1e-9) -> Bool {
    let x = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
    let y = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
    return zip(x, y).allSatisfy { abs($0 - $1) <= tolerance }
}

/// Whether two points are within `tolerance` of each other in x and y.
func close(_ a: CGPoint?, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}
