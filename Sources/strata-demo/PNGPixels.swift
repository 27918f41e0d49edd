import Foundation

/// The RGBA8 pixels of an 8-bit, non-interlaced RGB or RGBA PNG (what the server records).
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
        guard let data = FileManager.default.contents(atPath: path) else { throw DemoError("cannot read \(path)") }
        let chunks = try PNGChunks.read(Array(data), name: path)
        guard let header = chunks.first, header.type == "IHDR", header.data.count == 13 else { throw DemoError("\(path): no IHDR") }
        let h = header.data
        width = Int(PNGChunks.readUInt32(h, 0))
        height = Int(PNGChunks.readUInt32(h, 4))
        let channels: Int
        switch (h[8], h[9]) {
        case (8, 6): channels = 4
        case (8, 2): channels = 3
        default: throw DemoError("\(path): only 8-bit RGB and RGBA PNGs are read (depth \(h[8]), colour type \(h[9]))")
        }
        guard h[12] == 0, width > 0, height > 0, width <= 16384, height <= 16384 else { throw DemoError("\(path): interlaced or too large") }
        let compressed = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        let stride = width * channels
        let raw = try Inflate.zlib(compressed, expectedSize: (stride + 1) * height)
        guard raw.count >= (stride + 1) * height else { throw DemoError("\(path): too little image data") }
        rgba = Self.unfilter(raw, width: width, height: height, channels: channels)
    }

    /// Undoes PNG's per-row filters and widens RGB to RGBA.
    private static func unfilter(_ raw: [UInt8], width: Int, height: Int, channels bpp: Int) -> [UInt8] {
        let stride = width * bpp
        var previous = [UInt8](repeating: 0, count: stride)
        var row = [UInt8](repeating: 0, count: stride)
        var out = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            let base = y * (stride + 1)
            let filter = raw[base]
            for i in 0..<stride {
                let x = raw[base + 1 + i]
                let a = i >= bpp ? Int(row[i - bpp]) : 0
                let b = Int(previous[i])
                let c = i >= bpp ? Int(previous[i - bpp]) : 0
                let predictor: Int
                switch filter {
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: predictor = 0
                }
                row[i] = x &+ UInt8(truncatingIfNeeded: predictor)
            }
            for px in 0..<width {
                let o = (y * width + px) * 4
                for k in 0..<bpp { out[o + k] = row[px * bpp + k] }
            }
            swap(&previous, &row)
        }
        return out
    }
}
