import Foundation
@testable import Strata
import StrataPNG
import StrataUIKit
import Testing

/// Image bytes as an app gets them (a download, a cache): a PNG and a JPEG made here.
enum ImageBytes {
    /// 3 × 2: red, green, blue over white, black and half-transparent white.
    static let pngPixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
                                     255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 128]

    static func png(_ image: RGBAImage = RGBAImage(width: 3, height: 2, pixels: pngPixels, isPremultiplied: false)) throws -> Data {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("uiimage-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNGCodec.write(image, path: path)
        return try #require(FileManager.default.contents(atPath: path))
    }

    /// `width` × `height` of one colour (opaque).
    static func solid(_ width: Int, _ height: Int, _ rgb: [UInt8]) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: Array((0..<(width * height)).map { _ in rgb + [255] }.joined()), isPremultiplied: false)
    }
}

@Suite struct UIImageDataTests {
    @Test func pngBytesGiveTheirSizeAndPixels() throws {
        let image = try #require(UIImage(data: try ImageBytes.png()))
        #expect(image.size == CGSize(width: 3, height: 2) && image.scale == 1)
        let cg = try #require(image.cgImage)
        // Stored premultiplied: the half-transparent white is 128 × 128 / 255 ≈ 128.
        #expect(cg.premultipliedPixels == Array(ImageBytes.pngPixels.prefix(20)) + [128, 128, 128, 128])
        let doubled = try #require(UIImage(data: try ImageBytes.png(), scale: 2))
        #expect(doubled.size == CGSize(width: 1.5, height: 1) && doubled.scale == 2)
    }

    @Test func jpegBytesGiveTheirSizeAndColour() throws {
        let data = try JPEGCodec.encode(ImageBytes.solid(16, 8, [40, 120, 200]), quality: 95)
        let image = try #require(UIImage(data: data))
        #expect(image.size == CGSize(width: 16, height: 8))
        let pixels = try #require(image.cgImage).premultipliedPixels
        #expect(pixels.count == 16 * 8 * 4)
        // Lossy: within 3 of the colour coded, opaque.
        for i in stride(from: 0, to: pixels.count, by: 4) {
            #expect(zip(pixels[i..<(i + 3)], [40, 120, 200] as [Int]).allSatisfy { abs(Int($0) - $1) <= 3 } && pixels[i + 3] == 255)
        }
    }

    @Test func bytesThatAreNoImageGiveNil() throws {
        let png = try ImageBytes.png()
        #expect(UIImage(data: Data()) == nil)
        #expect(UIImage(data: Data("not an image".utf8)) == nil)
        #expect(UIImage(data: png.prefix(png.count / 2)) == nil) // cut short
        #expect(UIImage(data: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 1, 2, 3])) == nil) // a JPEG's start, then nothing
        #expect(UIImage(data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])) == nil) // a PNG's signature only
    }
}

extension ClientProcessSuite {
/// An image made from bytes shows on a real server (320 × 240), in an image view as iOS code shows one.
@MainActor
@Suite struct UIImageDataServerTests {
    @Test func imagesFromPNGAndJPEGBytesShowOnTheServer() async throws {
        // 2 × 1 PNG: red then blue, shown 80 × 40 (each source pixel fills a 40 × 40 square).
        let png = try ImageBytes.png(RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255], isPremultiplied: false))
        let pngImage = try #require(UIImage(data: png))
        let pngView = UIImageView(image: pngImage)
        pngView.frame = CGRect(x: 20, y: 20, width: 80, height: 40)
        let jpegImage = try #require(UIImage(data: try JPEGCodec.encode(ImageBytes.solid(8, 8, [0, 200, 60]), quality: 95)))
        let jpegView = UIImageView(image: jpegImage)
        jpegView.frame = CGRect(x: 160, y: 100, width: 64, height: 64)
        let session = try ExampleSession(controller: UIViewController(), size: "320x240") { c in
            c.view.backgroundColor = UIColor.black
            c.view.addSubview(pngView)
            c.view.addSubview(jpegView)
        }
        defer { session.close() }
        #expect(await session.run(until: { (try? session.pixel(30, 40)) == [255, 0, 0, 255] }))
        #expect(try session.pixel(90, 40) == [0, 0, 255, 255])
        #expect(close(try session.pixel(192, 132), [0, 200, 60, 255]))
        #expect(try session.pixel(10, 10) == [0, 0, 0, 255]) // outside both: the black view
    }
}
}
