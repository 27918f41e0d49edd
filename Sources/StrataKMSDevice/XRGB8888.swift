/// GBM_FORMAT_XRGB8888 pixels: one little-endian 32-bit word x:R:G:B each, so the bytes in memory are
/// B, G, R, X. A scanout buffer holds rows top to bottom, as the screen shows them.
public enum XRGB8888 {
    /// RGBA8 bytes (alpha 255: the X byte is undefined), rows top to bottom, from `height` rows of
    /// `stride` bytes each. Nil when the stride or the buffer is too short for the size.
    public static func rgba(from bytes: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) -> [UInt8]? {
        guard width >= 0, height >= 0, stride >= width * 4 else { return nil }
        guard width > 0, height > 0 else { return [] }
        guard bytes.count >= stride * (height - 1) + width * 4 else { return nil }
        var out = [UInt8](repeating: 255, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<height {
                let row = y * stride, outRow = y * width * 4
                for x in 0..<width {
                    let s = row + x * 4, d = outRow + x * 4
                    dst[d] = bytes[s + 2]
                    dst[d + 1] = bytes[s + 1]
                    dst[d + 2] = bytes[s]
                }
            }
        }
        return out
    }

    public static func rgba(from bytes: [UInt8], width: Int, height: Int, stride: Int) -> [UInt8]? {
        bytes.withUnsafeBytes { rgba(from: $0, width: width, height: height, stride: stride) }
    }
}
