import Foundation
import StrataPNG

/// The straight RGBA8 pixels of a PNG (what the server records), decoded by libpng.
struct PNGPixels {
    let width: Int
    let height: Int
    /// Rows top to bottom, 4 bytes a pixel.
    var rgba: [UInt8]

    init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    init(path: String) throws {
        let image = try PNGCodec.read(path: path)
        self.init(width: image.width, height: image.height, rgba: image.pixels)
    }
}
