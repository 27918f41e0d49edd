import Foundation
import StrataPNG

/// Test videos made by the tests themselves (no binary video is committed): raw I420 frames written here,
/// each carrying its index as a code, encoded to H.264 in MP4 by GStreamer's x264 encoder (`gst-launch-1.0`).
/// A frame is `width` × `height`: its top row holds 10 blocks of `block` pixels, white for a 1 bit and black for
/// a 0 (most significant first; up to 1023 frames), below them its colour band: red, green, blue and grey quarters.
enum VideoFixtures {
    static let width = 128, height = 64, block = 12, bits = 10, fps = 30

    /// Where the fixtures go (made once per test run).
    static let directory: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-video-fixtures-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }()

    /// An MP4 of `frames` coded frames at 30 fps (made on first use); `turned`: its track's matrix turns it 90°
    /// clockwise, as a phone held upright writes it.
    static func clip(frames: Int, turned: Bool = false) throws -> URL {
        let url = directory.appendingPathComponent("clip-\(frames)\(turned ? "-turned" : "").mp4")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        let raw = directory.appendingPathComponent("clip-\(frames).yuv")
        var bytes: [UInt8] = []
        for i in 0..<frames { bytes += frame(i) }
        try Data(bytes).write(to: raw)
        let (status, output) = try runToCompletion(URL(fileURLWithPath: "/usr/bin/gst-launch-1.0"), [
            "-q", "filesrc", "location=\(raw.path)", "!",
            "rawvideoparse", "width=\(width)", "height=\(height)", "format=i420", "framerate=\(fps)/1", "!",
            "x264enc", "pass=quant", "quantizer=8", "bframes=0", "key-int-max=15", "speed-preset=ultrafast", "!",
            "h264parse", "!", "mp4mux", "!", "filesink", "location=\(url.path)",
        ])
        guard status == 0, FileManager.default.fileExists(atPath: url.path) else {
            throw FixtureError(message: "gst-launch-1.0 could not encode the fixture (\(status)): \(output)")
        }
        try? FileManager.default.removeItem(at: raw)
        if turned { try turnClockwise(url) }
        return url
    }

    /// Writes the matrix of a 90° clockwise turn into the file's track header (`tkhd`), as phones do (mp4mux
    /// writes no orientation tag): a, b, c, d = 0, 1, −1, 0 in 16.16, tx = the height.
    static func turnClockwise(_ url: URL) throws {
        var data = try Data(contentsOf: url)
        guard let at = data.range(of: Data("tkhd".utf8))?.lowerBound else { throw FixtureError(message: "no tkhd in \(url.path)") }
        // After the box type: version and flags (4), times and track id (20 or 32), reserved (8), layer,
        // alternate group, volume, reserved (8): then the 3 × 3 matrix.
        let version = data[at + 4]
        let matrix = at + 4 + 4 + (version == 0 ? 20 : 32) + 8 + 8
        let values: [Int32] = [0, 0x10000, 0, -0x10000, 0, 0, Int32(height) << 16, 0, 0x4000_0000]
        for (i, v) in values.enumerated() {
            for b in 0..<4 { data[matrix + i * 4 + b] = UInt8(truncatingIfNeeded: UInt32(bitPattern: v) >> (24 - 8 * UInt32(b))) }
        }
        try data.write(to: url)
    }

    /// A Matroska file whose video track is in a codec no decoder exists for (codec id "V_QUANTUMCODEC"),
    /// written here element by element (EBML): GStreamer demuxes it and finds no decoder.
    static func unsupportedCodec() throws -> URL {
        let url = directory.appendingPathComponent("unsupported.mkv")
        func size(_ n: Int) -> [UInt8] {
            var length = 1
            while n >= (1 << (7 * length)) - 1 { length += 1 }
            let value = (1 << (7 * length)) | n
            return (0..<length).reversed().map { UInt8((value >> (8 * $0)) & 0xFF) }
        }
        func element(_ id: [UInt8], _ payload: [UInt8]) -> [UInt8] { id + size(payload.count) + payload }
        func uint(_ v: Int) -> [UInt8] { v < 256 ? [UInt8(v)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        let header = element([0x1A, 0x45, 0xDF, 0xA3], element([0x42, 0x86], uint(1)) + element([0x42, 0xF7], uint(1))
            + element([0x42, 0xF2], uint(4)) + element([0x42, 0xF3], uint(8)) + element([0x42, 0x82], Array("matroska".utf8))
            + element([0x42, 0x87], uint(4)) + element([0x42, 0x85], uint(2)))
        let info = element([0x15, 0x49, 0xA9, 0x66], element([0x2A, 0xD7, 0xB1], [0x0F, 0x42, 0x40]))
        let video = element([0xE0], element([0xB0], uint(64)) + element([0xBA], uint(32)))
        let track = element([0xAE], element([0xD7], uint(1)) + element([0x73, 0xC5], uint(1)) + element([0x83], uint(1))
            + element([0x86], Array("V_QUANTUMCODEC".utf8)) + video)
        var blocks: [UInt8] = []
        for i in 0..<5 { blocks += element([0xA3], [0x81, 0, UInt8(i * 33), 0x80] + (0..<200).map { UInt8($0) }) }
        let cluster = element([0x1F, 0x43, 0xB6, 0x75], element([0xE7], uint(0)) + blocks)
        let segment = element([0x18, 0x53, 0x80, 0x67], info + element([0x16, 0x54, 0xAE, 0x6B], track) + cluster)
        try Data(header + segment).write(to: url)
        return url
    }

    struct FixtureError: Error, CustomStringConvertible { let message: String; var description: String { message } }

    /// Frame `index` in I420, limited range (BT.601).
    static func frame(_ index: Int) -> [UInt8] {
        var y = [UInt8](repeating: 0, count: width * height)
        let (cw, ch) = (width / 2, height / 2)
        var u = [UInt8](repeating: 128, count: cw * ch), v = [UInt8](repeating: 128, count: cw * ch)
        // The quarters' colours as (Y, Cb, Cr): red, green, blue, grey.
        let bands: [(UInt8, UInt8, UInt8)] = [(81, 90, 240), (145, 54, 34), (41, 240, 110), (126, 128, 128)]
        for row in 0..<height {
            for col in 0..<width {
                if row < block {
                    let bit = col / block < bits ? (index >> (bits - 1 - col / block)) & 1 : 0
                    y[row * width + col] = bit == 1 ? 235 : 16
                } else {
                    y[row * width + col] = bands[col * 4 / width].0
                }
            }
        }
        for row in (block / 2)..<ch {
            for col in 0..<cw {
                let band = bands[col * 4 / cw]
                u[row * cw + col] = band.1
                v[row * cw + col] = band.2
            }
        }
        return y + u + v
    }

    /// The index coded in a shown frame: the video drawn at (`x`, `y`) … with `scale` screen pixels a video pixel.
    static func code(in pixels: [UInt8], width screenWidth: Int, x: Int, y: Int, scale: Int = 1) -> Int {
        var value = 0
        for bit in 0..<bits {
            let px = x + (bit * block + block / 2) * scale, py = y + (block / 2) * scale
            let i = (py * screenWidth + px) * 4
            value = value << 1 | (pixels[i + 1] > 128 ? 1 : 0)
        }
        return value
    }
}
