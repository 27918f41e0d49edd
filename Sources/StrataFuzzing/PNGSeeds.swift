/// PNG files of every kind libpng tells apart (colour type × bit depth, with and without transparency, a
/// palette, interlaced or not) for the decoder fuzzer's `.png` mode: PNGCodec's own encoder writes only
/// 8-bit RGBA. The image data is one zlib stream of stored (uncompressed) deflate blocks, so a mutation of
/// the pixels reaches the filters and the colour conversion rather than failing the inflate first.
public enum PNGSeeds {
    /// (name, bytes) for each kind, 5 × 3 pixels.
    public static func all() -> [(String, [UInt8])] {
        let (w, h) = (5, 3)
        var out: [(String, [UInt8])] = []
        // colour type: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA; the depths each allows.
        let kinds: [(type: UInt8, channels: Int, depths: [Int])] = [(0, 1, [1, 2, 4, 8, 16]), (2, 3, [8, 16]), (3, 1, [1, 2, 4, 8]),
                                                                   (4, 2, [8, 16]), (6, 4, [8, 16])]
        for kind in kinds {
            for depth in kind.depths {
                for interlaced in [false, true] {
                    var extra: [[UInt8]] = []
                    if kind.type == 3 {
                        var palette: [UInt8] = []
                        for i in 0..<(1 << min(depth, 4)) { palette += [UInt8(i * 16), UInt8(255 - i * 16), 128] }
                        extra.append(chunk("PLTE", palette))
                        extra.append(chunk("tRNS", [0, 128, 255]))
                    } else if kind.type == 0 || kind.type == 2, depth == 8 {
                        extra.append(chunk("tRNS", [UInt8](repeating: 0, count: kind.type == 0 ? 2 : 6)))
                    }
                    let name = "png-type\(kind.type)-\(depth)bit\(interlaced ? "-interlaced" : "")"
                    out.append((name, file(width: w, height: h, depth: depth, type: kind.type, channels: kind.channels,
                                           interlaced: interlaced, extra: extra)))
                }
            }
        }
        return out
    }

    private static func file(width: Int, height: Int, depth: Int, type: UInt8, channels: Int, interlaced: Bool, extra: [[UInt8]]) -> [UInt8] {
        var header: [UInt8] = []
        header += be32(width)
        header += be32(height)
        header += [UInt8(depth), type, 0, 0, interlaced ? 1 : 0]
        // Adam7's passes (origin and step in x and y) or the one whole image; each pass's rows filtered with
        // filter type (row mod 5), every one libpng undoes.
        let passes: [(Int, Int, Int, Int)] = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)] : [(0, 0, 1, 1)]
        var raw: [UInt8] = []
        var row = 0
        for (x0, y0, dx, dy) in passes {
            let columns = width > x0 ? (width - x0 + dx - 1) / dx : 0
            let rows = height > y0 ? (height - y0 + dy - 1) / dy : 0
            guard columns > 0, rows > 0 else { continue }
            let bytes = (columns * channels * depth + 7) / 8
            for r in 0..<rows {
                raw.append(UInt8(row % 5))
                raw += (0..<bytes).map { UInt8(truncatingIfNeeded: $0 * 37 + r * 11 + row) }
                row += 1
            }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", header)
        for c in extra { png += c }
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return png
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var out = be32(data.count)
        out += body
        out += be32(Int(crc32(body)))
        return out
    }

    /// A zlib stream of stored deflate blocks.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let n = min(65535, data.count - start)
            let last: UInt8 = start + n == data.count ? 1 : 0
            let length: [UInt8] = [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out.append(last)
            out += length
            out += data[start..<start + n]
            start += n
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + be32(Int(b << 16 | a))
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    private static func be32(_ v: Int) -> [UInt8] { [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
}
