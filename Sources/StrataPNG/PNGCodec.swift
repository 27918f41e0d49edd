import CStrataPNG
import Foundation

/// An RGBA8 image, rows top to bottom, 4 bytes per pixel, tightly packed.
public struct RGBAImage: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]
    /// Whether colour channels are premultiplied by alpha.
    public var isPremultiplied: Bool

    public init(width: Int, height: Int, pixels: [UInt8], isPremultiplied: Bool) {
        precondition(pixels.count == width * height * 4, "RGBAImage pixel count mismatch")
        self.width = width; self.height = height; self.pixels = pixels; self.isPremultiplied = isPremultiplied
    }

    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Premultiplied copy (rounded to nearest).
    public func premultiplied() -> RGBAImage {
        guard !isPremultiplied else { return self }
        var p = pixels
        for i in stride(from: 0, to: p.count, by: 4) {
            let a = UInt32(p[i + 3])
            for c in 0..<3 { p[i + c] = UInt8((UInt32(p[i + c]) * a + 127) / 255) }
        }
        return RGBAImage(width: width, height: height, pixels: p, isPremultiplied: true)
    }

    /// Straight-alpha copy (what PNG stores).
    public func unpremultiplied() -> RGBAImage {
        guard isPremultiplied else { return self }
        var p = pixels
        for i in stride(from: 0, to: p.count, by: 4) {
            let a = UInt32(p[i + 3])
            guard a > 0, a < 255 else { continue }
            for c in 0..<3 { p[i + c] = UInt8(min(255, (UInt32(p[i + c]) * 255 + a / 2) / a)) }
        }
        return RGBAImage(width: width, height: height, pixels: p, isPremultiplied: false)
    }
}

public enum PNGError: Error, CustomStringConvertible, Equatable {
    case read(path: String, reason: String)
    case write(path: String, reason: String)

    public var description: String {
        switch self {
        case let .read(path, reason): "cannot read PNG \(path): \(reason)"
        case let .write(path, reason): "cannot write PNG \(path): \(reason)"
        }
    }
}

/// PNG decoding and encoding through libpng's simplified API.
public enum PNGCodec {
    private static func message(_ image: png_image) -> String {
        var m = image.message
        return withUnsafeBytes(of: &m) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Decodes a PNG file into straight-alpha RGBA8 (any PNG colour type is converted).
    public static func read(path: String) throws -> RGBAImage {
        var image = png_image()
        image.version = STRATA_PNG_IMAGE_VERSION
        guard FileManager.default.fileExists(atPath: path) else { throw PNGError.read(path: path, reason: "no such file") }
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw PNGError.read(path: path, reason: message(image))
        }
        return try finishRead(&image, path: path)
    }

    /// Decodes PNG bytes held in memory (`UIImage(data:)`), as `read(path:)` decodes a file; `path` names
    /// them in errors.
    public static func decode(_ data: Data, path: String = "PNG data") throws -> RGBAImage {
        // libpng reads from the buffer until the image is finished, so both steps run inside this closure.
        try data.withUnsafeBytes { bytes in
            var image = png_image()
            image.version = STRATA_PNG_IMAGE_VERSION
            guard let base = bytes.baseAddress, png_image_begin_read_from_memory(&image, base, bytes.count) != 0 else {
                throw PNGError.read(path: path, reason: bytes.isEmpty ? "no data" : message(image))
            }
            return try finishRead(&image, path: path)
        }
    }

    /// The pixels of an image whose header libpng has read.
    private static func finishRead(_ image: inout png_image, path: String) throws -> RGBAImage {
        image.format = STRATA_PNG_FORMAT_RGBA
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            png_image_free(&image)
            throw PNGError.read(path: path, reason: "unsupported size \(width)x\(height)")
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ok = pixels.withUnsafeMutableBytes { buf in
            png_image_finish_read(&image, nil, buf.baseAddress, Int32(width * 4), nil)
        }
        guard ok != 0 else { throw PNGError.read(path: path, reason: message(image)) }
        return RGBAImage(width: width, height: height, pixels: pixels, isPremultiplied: false)
    }

    /// Writes `img` as a PNG file (see `encode(_:)`).
    public static func write(_ img: RGBAImage, path: String) throws {
        let data: Data
        do { data = try encode(img) } catch PNGError.write(_, let reason) { throw PNGError.write(path: path, reason: reason) }
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            throw PNGError.write(path: path, reason: "cannot create the file")
        }
    }

    /// `img` coded as an 8-bit RGBA PNG held in memory (straight alpha, as PNG stores it: a premultiplied
    /// image is converted first). libpng's simplified API reports errors by its return value, so none
    /// longjmps through Swift.
    public static func encode(_ img: RGBAImage) throws -> Data {
        let straight = img.unpremultiplied()
        return try straight.pixels.withUnsafeBytes { pixels in
            // A guess at the size; a second pass gets the size libpng says it needs when the guess is short.
            var capacity = pixels.count / 2 + 1024
            for _ in 0..<2 {
                var image = png_image()
                image.version = STRATA_PNG_IMAGE_VERSION
                image.width = UInt32(straight.width)
                image.height = UInt32(straight.height)
                image.format = STRATA_PNG_FORMAT_RGBA
                var out = Data(count: capacity)
                var size = png_alloc_size_t(capacity)
                let ok = out.withUnsafeMutableBytes { buffer in
                    png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, pixels.baseAddress, Int32(straight.width * 4), nil)
                }
                if ok != 0 {
                    out.count = Int(size)
                    return out
                }
                // Failed with a larger size: only the buffer was short. Otherwise libpng says why.
                guard Int(size) > capacity else { throw PNGError.write(path: "PNG data", reason: message(image)) }
                capacity = Int(size)
            }
            throw PNGError.write(path: "PNG data", reason: "the encoded size kept growing")
        }
    }
}
