import Foundation
import StrataPNG

/// An immutable RGBA8 bitmap used as layer contents, standing in for CoreGraphics' CGImage.
/// Pixels are stored premultiplied; one image shown by several layers is shared with the server once.
/// A layer's backing store is also shown through a CGImage: its pixels are the store's current drawing.
public final class CGImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    private let storedPixels: [UInt8]
    /// Set for the image that shows a layer's backing store (see CALayer+Display.swift).
    let backingStore: LayerBackingStore?
    let imageID: UInt64

    /// Premultiplied RGBA8, rows top to bottom (for a backing store: a copy of what it holds now).
    var premultipliedPixels: [UInt8] { backingStore?.context.makeImage()?.storedPixels ?? storedPixels }

    private static let idLock = NSLock()
    nonisolated(unsafe) private static var lastID: UInt64 = 0

    /// Creates an image from RGBA8 pixels (rows top to bottom), straight alpha unless `premultiplied`.
    public init?(width: Int, height: Int, rgba: [UInt8], premultiplied: Bool = false) {
        guard width > 0, height > 0, width <= 16384, height <= 16384, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        storedPixels = RGBAImage(width: width, height: height, pixels: rgba, isPremultiplied: premultiplied).premultiplied().pixels
        backingStore = nil
        imageID = Self.nextID()
    }

    /// The image showing `store`: one identity (one image on the server) for the store's whole life.
    init(backingStore store: LayerBackingStore) {
        width = store.context.width
        height = store.context.height
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

    private static func make(_ img: RGBAImage, path: String) throws -> CGImage {
        guard let image = CGImage(width: img.width, height: img.height, rgba: img.pixels, premultiplied: img.isPremultiplied) else {
            throw PNGError.read(path: path, reason: "unsupported dimensions \(img.width)x\(img.height)")
        }
        return image
    }
}
