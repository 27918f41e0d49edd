import Foundation

/// PNG's container: the signature, then chunks of length, type, data and a CRC-32 of type and data.
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    /// The chunks of a PNG file, CRCs checked.
    static func read(_ bytes: [UInt8], name: String) throws -> [Chunk] {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw DemoError("\(name): not a PNG file") }
        var chunks: [Chunk] = []
        var at = 8
        while at + 12 <= bytes.count {
            let length = Int(readUInt32(bytes, at))
            guard length <= bytes.count - at - 12 else { throw DemoError("\(name): a chunk runs past the end") }
            let typeBytes = Array(bytes[(at + 4)..<(at + 8)])
            let data = Array(bytes[(at + 8)..<(at + 8 + length)])
            guard readUInt32(bytes, at + 8 + length) == crc(typeBytes + data) else { throw DemoError("\(name): bad CRC") }
            let type = String(decoding: typeBytes, as: UTF8.self)
            chunks.append(Chunk(type: type, data: data))
            at += 12 + length
            if type == "IEND" { break }
        }
        return chunks
    }

    /// Appends a chunk with its length and CRC.
    static func write(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        appendUInt32(UInt32(data.count), to: &out)
        out += typeBytes
        out += data
        appendUInt32(crc(typeBytes + data), to: &out)
    }

    static func readUInt32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    static func appendUInt32(_ v: UInt32, to out: inout [UInt8]) {
        out += [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }

    static func appendUInt16(_ v: UInt16, to out: inout [UInt8]) {
        out += [UInt8(v >> 8), UInt8(v & 255)]
    }

    /// CRC-32 (ISO 3309, as PNG and zlib use it).
    static func crc(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
