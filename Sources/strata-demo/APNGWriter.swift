import Foundation
import Strata

/// Writes an animated PNG: the first frame is the file's image (IDAT), each later one a rectangle drawn
/// over the canvas (fdAT), with how long it shows. Each frame's pixels are compressed by writing them as a
/// PNG of their own (the client library's libpng writer) and taking its IDAT data.
struct APNGWriter {
    struct Frame {
        /// Where the frame's pixels go on the canvas.
        var x: Int, y: Int, width: Int, height: Int
        /// RGBA8, straight alpha; with `over`, transparent pixels leave the canvas as it was.
        var rgba: [UInt8]
        var over: Bool
        /// How long the frame shows, in milliseconds.
        var milliseconds: Int
    }

    let width: Int
    let height: Int
    private(set) var frames: [Frame] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    mutating func add(_ frame: Frame) { frames.append(frame) }

    /// Lengthens the last frame (a recorded frame identical to it shows nothing new).
    mutating func extendLast(by milliseconds: Int) {
        guard !frames.isEmpty else { return }
        frames[frames.count - 1].milliseconds += milliseconds
    }

    func write(to path: String) throws {
        guard let first = frames.first, first.x == 0, first.y == 0, first.width == width, first.height == height else {
            throw DemoError("an animation's first frame covers the whole canvas")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-demo-apng-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var out = PNGChunks.signature
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            let chunks = try Self.encode(frame, scratch: scratch)
            if index == 0 {
                // The encoded first frame's header and ancillary chunks (gamma, colour space) head the file.
                for chunk in chunks where chunk.type != "IDAT" && chunk.type != "IEND" {
                    PNGChunks.write(chunk.type, chunk.data, to: &out)
                    if chunk.type == "IHDR" {
                        var control: [UInt8] = []
                        PNGChunks.appendUInt32(UInt32(frames.count), to: &control)
                        PNGChunks.appendUInt32(0, to: &control)  // plays forever
                        PNGChunks.write("acTL", control, to: &out)
                    }
                }
            }
            PNGChunks.write("fcTL", Self.frameControl(frame, sequence: sequence, first: index == 0), to: &out)
            sequence += 1
            for chunk in chunks where chunk.type == "IDAT" {
                if index == 0 {
                    PNGChunks.write("IDAT", chunk.data, to: &out)
                } else {
                    var data: [UInt8] = []
                    PNGChunks.appendUInt32(sequence, to: &data)
                    PNGChunks.write("fdAT", data + chunk.data, to: &out)
                    sequence += 1
                }
            }
        }
        PNGChunks.write("IEND", [], to: &out)
        try Data(out).write(to: URL(fileURLWithPath: path))
    }

    private static func frameControl(_ frame: Frame, sequence: UInt32, first: Bool) -> [UInt8] {
        var data: [UInt8] = []
        for v in [sequence, UInt32(frame.width), UInt32(frame.height), UInt32(frame.x), UInt32(frame.y)] {
            PNGChunks.appendUInt32(v, to: &data)
        }
        PNGChunks.appendUInt16(UInt16(clamping: max(1, frame.milliseconds)), to: &data)
        PNGChunks.appendUInt16(1000, to: &data)
        data.append(0)  // dispose: none (the next frame draws over this one)
        data.append(frame.over && !first ? 1 : 0)  // blend: over, or source
        return data
    }

    private static func encode(_ frame: Frame, scratch: String) throws -> [PNGChunks.Chunk] {
        let image = StrataImage(width: frame.width, height: frame.height, pixels: frame.rgba, isPremultiplied: false)
        try image.writePNG(path: scratch)
        guard let data = FileManager.default.contents(atPath: scratch) else { throw DemoError("cannot read back \(scratch)") }
        let chunks = try PNGChunks.read(Array(data), name: scratch)
        guard let header = chunks.first, header.type == "IHDR", header.data.count == 13, header.data[8] == 8, header.data[9] == 6,
              header.data[12] == 0 else {
            throw DemoError("the PNG writer wrote something other than 8-bit RGBA")
        }
        return chunks
    }
}
