import Foundation
import StrataPNG

/// PNG and JPEG bytes of an image, for UIKit's `pngData()` and `jpegData(compressionQuality:)` (StrataUIKit
/// does not see StrataPNG).
extension CGImage {
    /// The pixels as a PNG with straight alpha (PNG's), at the image's pixel size; nil when it cannot be coded.
    package func pngData() -> Data? {
        let image = RGBAImage(width: width, height: height, pixels: premultipliedPixels, isPremultiplied: true)
        return try? PNGCodec.encode(image)
    }

    /// The pixels as a JPEG of `quality` (1…100), saying EXIF orientation `exifOrientation` (1…8). JPEG has no
    /// alpha: the premultiplied colours are kept, as if drawn over black (what iOS writes for a translucent
    /// image). nil when it cannot be coded.
    package func jpegData(quality: Int, exifOrientation: Int = 1) -> Data? {
        var pixels = premultipliedPixels
        for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
        let image = RGBAImage(width: width, height: height, pixels: pixels, isPremultiplied: false)
        return try? JPEGCodec.encode(image, quality: quality, exifOrientation: exifOrientation)
    }
}
