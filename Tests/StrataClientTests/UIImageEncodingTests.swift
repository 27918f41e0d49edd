import Foundation
@testable import Strata
import StrataPNG
import StrataUIKit
import Testing

/// UIKit's `pngData()`, `jpegData(compressionQuality:)` and the image renderer's `pngData`/`jpegData`: real
/// PNG and JPEG bytes, decoded back here. PNG keeps pixels exactly (straight alpha); JPEG within a tolerance.
@Suite struct UIImageEncodingTests {
    @Test func pngDataKeepsEveryPixelAndStraightAlpha() throws {
        // Opaque red, green, blue, white, transparent, and half-transparent red (straight alpha 128).
        let straight: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0, 0, 255, 0, 0, 128]
        let cg = try #require(CGImage(width: 3, height: 2, rgba: straight))
        let data = try #require(UIImage(cgImage: cg, scale: 2, orientation: .up).pngData())
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let decoded = try PNGCodec.decode(data)
        // The bitmap's pixel size, whatever the scale.
        #expect((decoded.width, decoded.height) == (3, 2))
        #expect(Array(decoded.pixels[0..<20]) == Array(straight[0..<20]))
        let half = decoded.pixel(x: 2, y: 1)
        #expect(abs(Int(half.r) - 255) <= 1 && half.g == 0 && half.b == 0 && half.a == 128)
        // And UIImage(data:) reads it back as the same premultiplied bitmap.
        let again = try #require(UIImage(data: data)?.cgImage)
        #expect(again.premultipliedPixels == cg.premultipliedPixels)
    }

    @Test func pngEncodingOfIncompressiblePixelsRoundTrips() throws {
        // Noise does not shrink: the first buffer libpng is given is too small, and the second pass is taken.
        let noise = RGBAImage(width: 64, height: 64, pixels: Self.noise(count: 64 * 64 * 4), isPremultiplied: false)
        let data = try PNGCodec.encode(noise)
        #expect(data.count > noise.pixels.count / 2 + 1024)
        #expect(try PNGCodec.decode(data) == noise)
    }

    @Test func jpegDataKeepsAFlatColourAndDropsAlphaAsOverBlack() throws {
        let flat = try #require(CGImage(width: 16, height: 16, rgba: Self.fill([200, 100, 50, 255], count: 256)))
        let data = try #require(UIImage(cgImage: flat).jpegData(compressionQuality: 0.9))
        #expect(data.starts(with: [0xFF, 0xD8, 0xFF]))
        let decoded = try JPEGCodec.decode(data)
        #expect((decoded.width, decoded.height) == (16, 16))
        #expect(Self.near(decoded.pixel(x: 7, y: 7), (200, 100, 50), within: 4))
        // Half-transparent white: its premultiplied colour (128 grey), opaque.
        let translucent = try #require(CGImage(width: 16, height: 16, rgba: Self.fill([255, 255, 255, 128], count: 256)))
        let grey = try JPEGCodec.decode(try #require(UIImage(cgImage: translucent).jpegData(compressionQuality: 1)))
        #expect(Self.near(grey.pixel(x: 7, y: 7), (128, 128, 128), within: 3))
        #expect(grey.pixel(x: 7, y: 7).a == 255)
    }

    @Test func lowerJPEGQualityGivesNoMoreBytesAndQualityIsClamped() throws {
        let noisy = UIImage(cgImage: try #require(CGImage(width: 64, height: 64, rgba: Self.noise(count: 64 * 64 * 4).enumerated().map {
            $0.offset % 4 == 3 ? 255 : $0.element
        })))
        let sizes = try [0, 0.25, 0.5, 0.75, 1].map { try #require(noisy.jpegData(compressionQuality: $0)).count }
        #expect(sizes == sizes.sorted(), "\(sizes)")
        #expect(sizes[0] < sizes[4])
        #expect(noisy.jpegData(compressionQuality: -3) == noisy.jpegData(compressionQuality: 0))
        #expect(noisy.jpegData(compressionQuality: 7) == noisy.jpegData(compressionQuality: 1))
        #expect(noisy.jpegData(compressionQuality: .nan) == noisy.jpegData(compressionQuality: 1))
    }

    @Test func pngDataDropsTheOrientationAndJPEGDataKeepsItInEXIF() throws {
        // 32×16 quadrants: red, green over blue, white. Each orientation, as iOS: the PNG is the bitmap as
        // stored; the JPEG decodes upright, as the image is drawn.
        var rgba: [UInt8] = []
        for y in 0..<16 {
            for x in 0..<32 { rgba += y < 8 ? (x < 16 ? [255, 0, 0, 255] : [0, 255, 0, 255]) : (x < 16 ? [0, 0, 255, 255] : [255, 255, 255, 255]) }
        }
        let cg = try #require(CGImage(width: 32, height: 16, rgba: rgba))
        let orientations: [UIImage.Orientation] = [.up, .down, .left, .right, .upMirrored, .downMirrored, .leftMirrored, .rightMirrored]
        for orientation in orientations {
            let image = UIImage(cgImage: cg, scale: 1, orientation: orientation)
            let pngData = try #require(image.pngData())
            let png = try #require(UIImage(data: pngData))
            #expect(png.imageOrientation == .up && png.size == CGSize(width: 32, height: 16), "\(orientation)")
            #expect(png.cgImage?.premultipliedPixels == cg.premultipliedPixels, "\(orientation)")

            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            let drawn = try PNGCodec.decode(UIGraphicsImageRenderer(size: image.size, format: format).pngData { _ in image.draw(at: .zero) })
            let jpeg = try JPEGCodec.decode(try #require(image.jpegData(compressionQuality: 1)))
            #expect((jpeg.width, jpeg.height) == (drawn.width, drawn.height), "\(orientation)")
            // The middle of each upright quadrant.
            for (fx, fy) in [(1, 1), (3, 1), (1, 3), (3, 3)] {
                let (x, y) = (drawn.width * fx / 4, drawn.height * fy / 4)
                let want = drawn.pixel(x: x, y: y)
                #expect(Self.near(jpeg.pixel(x: x, y: y), (want.r, want.g, want.b), within: 8), "\(orientation) at \(x),\(y)")
            }
        }
    }

    @Test func theRendererEncodesWhatItDraws() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 1), format: format)
        let actions: (UIGraphicsImageRendererContext) -> Void = { context in
            context.cgContext.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            context.cgContext.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
            context.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        }
        let png = try PNGCodec.decode(renderer.pngData(actions: actions))
        let image = try #require(renderer.image(actions: actions).cgImage)
        #expect((png.width, png.height) == (4, 2))
        #expect(png == RGBAImage(width: 4, height: 2, pixels: image.premultipliedPixels, isPremultiplied: true).unpremultiplied())
        #expect(png.pixel(x: 0, y: 0) == (255, 0, 0, 255))
        let blue = png.pixel(x: 3, y: 1)
        #expect(blue.r == 0 && blue.g == 0 && blue.b >= 254 && (127...128).contains(blue.a))

        let flat = try JPEGCodec.decode(UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8), format: format)
            .jpegData(withCompressionQuality: 0.8) { context in
                context.cgContext.setFillColor(red: 0, green: 0.5, blue: 1, alpha: 1)
                context.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
            })
        #expect((flat.width, flat.height) == (16, 16))
        #expect(Self.near(flat.pixel(x: 8, y: 8), (0, 128, 255), within: 4))
    }

    @Test func anImageWithoutABitmapHasNoData() {
        let empty = UIImage(imageLiteralResourceName: "strata-no-such-image-for-encoding")
        #expect(empty.pngData() == nil)
        #expect(empty.jpegData(compressionQuality: 0.5) == nil)
    }

    /// `count` pixels of one colour.
    static func fill(_ pixel: [UInt8], count: Int) -> [UInt8] { Array([[UInt8]](repeating: pixel, count: count).joined()) }

    /// Whether a pixel's colour is within `within` of `want` in each channel.
    static func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ want: (UInt8, UInt8, UInt8), within: Int) -> Bool {
        abs(Int(p.r) - Int(want.0)) <= within && abs(Int(p.g) - Int(want.1)) <= within && abs(Int(p.b) - Int(want.2)) <= within
    }

    /// `count` bytes of fixed pseudo-random noise (a 32-bit xorshift), the same every run.
    static func noise(count: Int) -> [UInt8] {
        var state: UInt32 = 0x9E37_79B9
        return (0..<count).map { _ in
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }
}
