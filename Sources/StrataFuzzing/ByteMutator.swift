import StrataProtocol

/// Byte-level mutations of encoded frames: bit flips, interesting integers over length and count fields,
/// inserted, deleted and duplicated ranges, splices of two frames. Most mutated frames get their header's
/// length fixed to the new body size, so they stay one frame and reach the decoder; the rest keep the old
/// length, which desynchronises the stream on purpose.
public enum ByteMutator {
    static let interesting32: [UInt32] = [0, 1, 2, 0x7f, 0x80, 0xff, 0x100, 0xffff, 0x1_0000, 4096, 4097, 16384, 16385,
                                          0x7fff_ffff, 0x8000_0000, 0xffff_ffff, UInt32(WireFormat.maxMessageSize), UInt32(WireFormat.maxMessageSize + 1)]
    static let interesting64: [UInt64] = [0x7ff0_0000_0000_0000, 0xfff0_0000_0000_0000, 0x7ff8_0000_0000_0000, // +inf, -inf, NaN
                                          0x8000_0000_0000_0000, 0x7fef_ffff_ffff_ffff, 1, 0, UInt64.max]

    public static func mutate(_ frame: [UInt8], splice other: [UInt8]?, _ r: inout FuzzRandom) -> [UInt8] {
        var f = frame
        let header = WireFormat.headerSize
        for _ in 0..<r.int(1...4) {
            let n = f.count
            switch r.int(0...9) {
            case 0 where n > 0:
                f[r.int(0...(n - 1))] ^= UInt8(1) << UInt8(r.int(0...7))
            case 1 where n > 0:
                f[r.int(0...(n - 1))] = r.pick([0, 1, 2, 0x7f, 0x80, 0xfe, 0xff]) ?? 0
            case 2 where n >= 4:
                let at = r.int(0...(n - 4)), v = r.pick(interesting32) ?? 0
                for i in 0..<4 { f[at + i] = UInt8(truncatingIfNeeded: v >> (8 * UInt32(i))) }
            case 3 where n >= 8:
                let at = r.int(0...(n - 8)), v = r.pick(interesting64) ?? 0
                for i in 0..<8 { f[at + i] = UInt8(truncatingIfNeeded: v >> (8 * UInt64(i))) }
            case 4:
                f.insert(contentsOf: r.bytes(r.skewed(64)), at: r.int(0...n))
            case 5 where n > header:
                let at = r.int(header...(n - 1))
                f.removeSubrange(at..<min(n, at + 1 + r.skewed(32)))
            case 6 where n > header:
                let at = r.int(header...(n - 1)), len = min(n - at, 1 + r.skewed(64))
                f.insert(contentsOf: f[at..<(at + len)], at: r.int(header...n))
            case 7 where n > header:
                f.removeSubrange(r.int(header...(n - 1))..<n) // truncate
            case 8 where n >= header:
                let type = r.chance(0.5) ? UInt16(r.int(0...12)) : UInt16(r.int(100...112))
                f[4] = UInt8(type & 0xff); f[5] = UInt8(type >> 8)
            default:
                if let other, other.count > header, n > header {
                    let at = r.int(header...n), from = r.int(header...(other.count - 1))
                    f.replaceSubrange(at..<n, with: other[from...])
                }
            }
        }
        if f.count >= header, r.chance(0.8) {
            let length = UInt32(f.count - header)
            for i in 0..<4 { f[i] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(i))) }
        }
        return f
    }
}
