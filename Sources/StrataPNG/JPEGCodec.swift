import CStrataJPEG
import Foundation

/// JPEG decoding with libjpeg-turbo (its errors come back as `JPEGError`, never ending the process), the
/// EXIF orientation applied so that the image stands as it was taken.
public enum JPEGCodec {
    /// The largest side decoded (JPEG's own limit, 65,535; the server splits what exceeds its texture limit).
    public static let maxSide = 65535
    /// The most pixels decoded (1 GiB of RGBA): a header claiming more is refused before any pixel is decoded,
    /// so a few hostile bytes cannot make the decoder allocate gigabytes. A 20000 × 12000 poster fits.
    public static let maxPixels = 1 << 28

    public static func read(path: String) throws -> RGBAImage {
        guard let data = FileManager.default.contents(atPath: path) else { throw JPEGError(path: path, reason: "cannot read the file") }
        return try decode(data, path: path)
    }

    /// Straight-alpha RGBA (opaque: JPEG has no alpha), rows top to bottom, turned upright.
    public static func decode(_ data: Data, path: String = "JPEG data", maxSide: Int = JPEGCodec.maxSide) throws -> RGBAImage {
        var image = StrataJPEGImage()
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes -> Int32 in
            guard let base = bytes.bindMemory(to: UInt8.self).baseAddress else { return -1 }
            return strata_jpeg_decode(base, bytes.count, Int32(min(maxSide, Self.maxSide)), Int64(Self.maxPixels), &image, &message,
                                      message.count)
        }
        guard status == 0, let pixels = image.pixels else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw JPEGError(path: path, reason: reason.isEmpty ? "not a JPEG" : reason)
        }
        defer { strata_jpeg_free(&image) }
        let (w, h) = (Int(image.width), Int(image.height))
        let stored = RGBAImage(width: w, height: h, pixels: Array(UnsafeBufferPointer(start: pixels, count: w * h * 4)), isPremultiplied: false)
        return Orientation(rawValue: Int(image.orientation))?.applied(to: stored) ?? stored
    }

    public static var version: String { String(cString: strata_jpeg_version()) }

    /// Writes `image` (its colour; JPEG keeps no alpha) as a JPEG of `quality` (1…100).
    public static func write(_ image: RGBAImage, path: String, quality: Int = 90) throws {
        guard FileManager.default.createFile(atPath: path, contents: try encode(image, quality: quality)) else {
            throw JPEGError(path: path, reason: "cannot write the file")
        }
    }

    /// The ways a JPEG can be coded that decoders tell apart (seeds for the fuzzers).
    public struct Variant: Sendable {
        public var progressive = false, grayscale = false, fullChroma = false
        public var restartRows = 0
        public init(progressive: Bool = false, grayscale: Bool = false, fullChroma: Bool = false, restartRows: Int = 0) {
            self.progressive = progressive; self.grayscale = grayscale; self.fullChroma = fullChroma; self.restartRows = restartRows
        }
    }

    /// `image` coded as a JPEG of `quality` (1…100), in `variant`'s way.
    public static func encode(_ image: RGBAImage, quality: Int = 90, variant: Variant = Variant()) throws -> Data {
        let straight = image.isPremultiplied ? image.unpremultiplied() : image
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        let flags = (variant.progressive ? Int32(STRATA_JPEG_PROGRESSIVE) : 0) | (variant.grayscale ? Int32(STRATA_JPEG_GRAYSCALE) : 0)
            | (variant.fullChroma ? Int32(STRATA_JPEG_FULL_CHROMA) : 0)
        let status = straight.pixels.withUnsafeBufferPointer { px in
            strata_jpeg_encode(px.baseAddress, Int32(image.width), Int32(image.height), Int32(min(max(quality, 1), 100)), flags,
                               Int32(variant.restartRows), &out, &size, &message, message.count)
        }
        defer { free(out) }
        guard status == 0, let out else {
            throw JPEGError(path: "JPEG data", reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Data(bytes: out, count: Int(size))
    }

    /// EXIF's orientations: how the stored pixels are turned to stand upright.
    enum Orientation: Int {
        case up = 1, mirrored = 2, down = 3, mirroredDown = 4, mirroredLeft = 5, right = 6, mirroredRight = 7, left = 8

        /// The upright image: each upright pixel (x, y) read from the stored one it came from.
        func applied(to s: RGBAImage) -> RGBAImage {
            guard self != .up else { return s }
            let swaps = rawValue >= 5
            let (w, h) = swaps ? (s.height, s.width) : (s.width, s.height)
            var out = [UInt8](repeating: 0, count: w * h * 4)
            for y in 0..<h {
                for x in 0..<w {
                    let (sx, sy): (Int, Int)
                    switch self {
                    case .up: (sx, sy) = (x, y)
                    case .mirrored: (sx, sy) = (s.width - 1 - x, y)
                    case .down: (sx, sy) = (s.width - 1 - x, s.height - 1 - y)
                    case .mirroredDown: (sx, sy) = (x, s.height - 1 - y)
                    case .mirroredLeft: (sx, sy) = (y, x)
                    case .right: (sx, sy) = (y, s.height - 1 - x)
                    case .mirroredRight: (sx, sy) = (s.width - 1 - y, s.height - 1 - x)
                    case .left: (sx, sy) = (s.width - 1 - y, x)
                    }
                    let from = (sy * s.width + sx) * 4, to = (y * w + x) * 4
                    for c in 0..<4 { out[to + c] = s.pixels[from + c] }
                }
            }
            return RGBAImage(width: w, height: h, pixels: out, isPremultiplied: s.isPremultiplied)
        }
    }
}

public struct JPEGError: Error, CustomStringConvertible, Equatable {
    public let path: String
    public let reason: String
    public var description: String { "cannot decode JPEG \(path): \(reason)" }
}

/// An image file by its content: PNG or JPEG (the first bytes say which).
public enum ImageFile {
    public static func read(path: String) throws -> RGBAImage {
        // Unreadable, or not JPEG: libpng reads it (and says why it cannot).
        if let handle = FileHandle(forReadingAtPath: path) {
            let magic = handle.readData(ofLength: 4)
            try? handle.close()
            if magic.starts(with: [0xFF, 0xD8, 0xFF]) { return try JPEGCodec.read(path: path) }
        }
        return try PNGCodec.read(path: path)
    }

    /// PNG or JPEG bytes held in memory, whichever their first bytes say (anything not JPEG goes to libpng,
    /// which says why it cannot read it); `path` names them in errors.
    public static func decode(_ data: Data, path: String = "image data") throws -> RGBAImage {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return try JPEGCodec.decode(data, path: path) }
        return try PNGCodec.decode(data, path: path)
    }
}
