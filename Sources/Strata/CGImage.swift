import Foundation
import StrataPNG

/// An immutable RGBA8 bitmap used as layer contents, standing in for CoreGraphics' CGImage.
/// Pixels are stored premultiplied; one image shown by several layers is shared with the server once.
public final class CGImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Premultiplied RGBA8, rows top to bottom.
    let premultipliedPixels: [UInt8]
    let imageID: UInt64

    private static let idLock = NSLock()
    nonisolated(unsafe) private static var lastID: UInt64 = 0

    /// Creates an image from RGBA8 pixels (rows top to bottom), straight alpha unless `premultiplied`.
    public init?(width: Int, height: Int, rgba: [UInt8], premultiplied: Bool = false) {
        guard width > 0, height > 0, width <= 16384, height <= 16384, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        premultipliedPixels = RGBAImage(width: width, height: height, pixels: rgba, isPremultiplied: premultiplied).premultiplied().pixels
        Self.idLock.lock()
        Self.lastID += 1
        imageID = Self.lastID
        Self.idLock.unlock()
    }

    /// Decodes a PNG file with libpng.
    public static func fromPNG(path: String) throws -> CGImage {
        let img = try PNGCodec.read(path: path)
        guard let image = CGImage(width: img.width, height: img.height, rgba: img.pixels) else {
            throw PNGError.read(path: path, reason: "unsupported dimensions \(img.width)x\(img.height)")
        }
        return image
    }
}
