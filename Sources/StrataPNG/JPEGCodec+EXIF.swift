import Foundation

extension JPEGCodec {
    /// `image` coded as a JPEG of `quality` (1…100) that says, in an EXIF APP1 segment, how its pixels are
    /// turned to stand upright (`orientation`, 1…8; 1 writes no segment). UIKit's `jpegData(compressionQuality:)`
    /// keeps an image's orientation this way, without turning its pixels.
    public static func encode(_ image: RGBAImage, quality: Int, exifOrientation orientation: Int) throws -> Data {
        let plain = try encode(image, quality: quality)
        guard (2...8).contains(orientation) else { return plain }
        return withEXIFOrientation(plain, orientation)
    }

    /// `jpeg` with an APP1 "Exif" segment holding only the orientation tag, placed after the JFIF APP0
    /// segment libjpeg writes (where libjpeg's own `jpeg_write_marker` would put it), else after SOI.
    static func withEXIFOrientation(_ jpeg: Data, _ orientation: Int) -> Data {
        let bytes = [UInt8](jpeg)
        var at = 2
        if bytes.count > 6, bytes[2] == 0xFF, bytes[3] == 0xE0 { at = 4 + (Int(bytes[4]) << 8 | Int(bytes[5])) }
        guard bytes.count >= at else { return jpeg }
        // Big-endian TIFF: header, IFD0 at offset 8 with one entry (0x0112, SHORT, count 1, value), no next IFD.
        let tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0,
                             0, 0, 0, 0]
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        var out = Data(bytes[..<at])
        out.append(contentsOf: segment)
        out.append(contentsOf: bytes[at...])
        return out
    }
}
