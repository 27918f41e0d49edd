import Foundation

/// UIKit's image encoders. As on iOS, `pngData()` writes the bitmap as stored and drops `imageOrientation`
/// (PNG has no orientation: a `.right` image comes back sideways), while `jpegData(compressionQuality:)`
/// writes the bitmap as stored with the orientation in EXIF, so it decodes upright (<doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>).
extension UIImage {
    /// The bitmap (`cgImage`, its pixel size) as PNG; nil for an image without one.
    public func pngData() -> Data? { cgImage?.pngData() }

    /// The bitmap as JPEG with the orientation in EXIF; `compressionQuality` 0 (most compression) … 1 (best
    /// quality), clamped (not a number: 1). Alpha is dropped, as if over black. nil for an image without a bitmap.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        cgImage?.jpegData(quality: Self.jpegQuality(compressionQuality), exifOrientation: imageOrientation.exifValue)
    }

    /// libjpeg's quality (1…100) for UIKit's compression quality.
    static func jpegQuality(_ compressionQuality: CGFloat) -> Int {
        let q = compressionQuality.isNaN ? 1 : min(max(compressionQuality, 0), 1)
        return max(1, Int((q * 100).rounded()))
    }
}

extension UIImage.Orientation {
    /// The EXIF orientation (1…8) that says the same turn.
    var exifValue: Int {
        switch self {
        case .up: 1
        case .upMirrored: 2
        case .down: 3
        case .downMirrored: 4
        case .leftMirrored: 5
        case .right: 6
        case .rightMirrored: 7
        case .left: 8
        }
    }
}
