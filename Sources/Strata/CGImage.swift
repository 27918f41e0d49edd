import Foundation
import StrataPNG
import StrataProtocol

/// An immutable RGBA8 bitmap used as layer contents, standing in for CoreGraphics' CGImage.
/// Pixels are stored premultiplied; one image shown by several layers is shared with the server once.
/// A layer's backing store is also shown through a CGImage: its pixels are the store's current drawing.
///
/// An image's pixels live in a sealed memfd from the moment it is made (decoded, drawn or built from pixels):
/// showing it sends that descriptor, so setting it as `contents`, again or on many layers, copies nothing
/// (<doc:Status#Classes-and-protocols>). Where no memfd can be had (the descriptor limit reached) the pixels stay in the
/// process and are copied into one when first shown.
public final class CGImage: @unchecked Sendable {
    /// The image's width in pixels (1…65535).
    public let width: Int
    /// The image's height in pixels (1…65535).
    public let height: Int
    /// The premultiplied pixels, sealed (nil: kept in `storedPixels`, or a backing store's image).
    let sharedPixels: SharedPixelBuffer?
    private let storedPixels: [UInt8]
    /// Set for the image that shows a layer's backing store (see CALayer+Display.swift).
    let backingStore: LayerBackingStore?
    let imageID: UInt64

    /// Premultiplied RGBA8, rows top to bottom (for a backing store: a copy of what it holds now).
    var premultipliedPixels: [UInt8] {
        if let store = backingStore { return store.context.makeImage()?.premultipliedPixels ?? [] }
        if let sharedPixels { return sharedPixels.bytes() }
        return storedPixels
    }

    /// Runs `body` over the premultiplied pixels without copying them (a backing store's: a copy).
    func withPremultipliedPixels<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        if backingStore == nil, let sharedPixels {
            return try body(UnsafeBufferPointer(start: sharedPixels.base.assumingMemoryBound(to: UInt8.self), count: sharedPixels.byteCount))
        }
        return try premultipliedPixels.withUnsafeBufferPointer(body)
    }

    /// Largest side of an image: PNG's and JPEG's limit (`WireFormat.maxImageSide`); the server splits an
    /// image larger than its texture limit into tiles.
    static let maxSide = 65535

    private static let idLock = NSLock()
    nonisolated(unsafe) private static var lastID: UInt64 = 0

    /// Creates an image from RGBA8 pixels (rows top to bottom), straight alpha unless `premultiplied`.
    public init?(width: Int, height: Int, rgba: [UInt8], premultiplied: Bool = false) {
        guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        let pixels = RGBAImage(width: width, height: height, pixels: rgba, isPremultiplied: premultiplied).premultiplied().pixels
        if let shared = Self.sharedBuffer(byteCount: pixels.count, fill: { base in
            pixels.withUnsafeBytes { if let src = $0.baseAddress { base.copyMemory(from: src, byteCount: pixels.count) } }
            return true
        }) {
            sharedPixels = shared
            storedPixels = []
        } else {
            sharedPixels = nil
            storedPixels = pixels
        }
        backingStore = nil
        imageID = Self.nextID()
    }

    /// An image whose premultiplied RGBA rows `fill` writes straight into its shared memory (false: it could
    /// not; no image).
    init?(width: Int, height: Int, premultipliedFill fill: (UnsafeMutableRawPointer) -> Bool) {
        guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide else { return nil }
        self.width = width
        self.height = height
        if let shared = Self.sharedBuffer(byteCount: width * height * 4, fill: fill) {
            sharedPixels = shared
            storedPixels = []
        } else {
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            guard pixels.withUnsafeMutableBytes({ $0.baseAddress.map(fill) ?? false }) else { return nil }
            sharedPixels = nil
            storedPixels = pixels
        }
        backingStore = nil
        imageID = Self.nextID()
    }

    /// A sealed memfd of `byteCount` bytes that `fill` wrote; nil when none could be made (or `fill` failed).
    private static func sharedBuffer(byteCount: Int, fill: (UnsafeMutableRawPointer) -> Bool) -> SharedPixelBuffer? {
        _ = descriptorLimitRaised
        guard let buffer = try? SharedPixelBuffer(byteCount: byteCount, name: "strata-image"), fill(buffer.base) else { return nil }
        buffer.seal()
        return buffer
    }

    /// Each image holds a descriptor: the soft limit (often 1024) is raised to the hard one once, as the
    /// first image is made, so an app with thousands of images keeps them shared.
    private static let descriptorLimitRaised: Void = {
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        if getrlimit(resource, &limit) == 0, limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(resource, &limit)
        }
    }()

    /// The image showing `store`: one identity (one image on the server) for the store's whole life.
    init(backingStore store: LayerBackingStore) {
        width = store.context.width
        height = store.context.height
        sharedPixels = nil
        storedPixels = []
        backingStore = store
        imageID = Self.nextID()
    }

    private static func nextID() -> UInt64 {
        idLock.lock()
        defer { idLock.unlock() }
        lastID += 1
        return lastID
    }

    /// Decodes a PNG file with libpng.
    public static func fromPNG(path: String) throws -> CGImage {
        try make(PNGCodec.read(path: path), path: path)
    }

    /// Decodes a JPEG file with libjpeg-turbo, turned upright by its EXIF orientation.
    public static func fromJPEG(path: String) throws -> CGImage {
        try make(JPEGCodec.read(path: path), path: path)
    }

    /// Decodes a PNG or JPEG file, whichever its first bytes say it is (as `UIImage(contentsOfFile:)` would).
    public static func fromFile(path: String) throws -> CGImage {
        try make(ImageFile.read(path: path), path: path)
    }

    /// Decodes PNG or JPEG bytes, whichever their first bytes say (as `UIImage(data:)` does).
    public static func fromData(_ data: Data) throws -> CGImage {
        try make(ImageFile.decode(data), path: "image data")
    }

    private static func make(_ img: RGBAImage, path: String) throws -> CGImage {
        guard let image = CGImage(width: img.width, height: img.height, rgba: img.pixels, premultiplied: img.isPremultiplied) else {
            throw PNGError.read(path: path, reason: "unsupported dimensions \(img.width)x\(img.height)")
        }
        return image
    }
}
