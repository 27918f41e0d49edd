import Foundation

/// Little-endian binary writer.
public struct ByteWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() { bytes.reserveCapacity(256) }

    public mutating func u8(_ v: UInt8) { bytes.append(v) }
    public mutating func bool(_ v: Bool) { bytes.append(v ? 1 : 0) }
    public mutating func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    public mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    public mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    public mutating func f64(_ v: Double) { u64(v.bitPattern) }
    public mutating func string(_ s: String) {
        let utf8 = Array(s.utf8)
        u32(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
    }
    public mutating func raw(_ b: [UInt8]) { bytes.append(contentsOf: b) }
}

/// Little-endian binary reader that throws `ProtocolError.truncated` instead of reading past the end.
public struct ByteReader {
    private let bytes: [UInt8]
    public private(set) var offset: Int

    public init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    public var remaining: Int { bytes.count - offset }

    private mutating func take(_ n: Int, _ what: String) throws -> ArraySlice<UInt8> {
        guard n >= 0, remaining >= n else { throw ProtocolError.truncated(what) }
        defer { offset += n }
        return bytes[offset..<offset + n]
    }

    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type, _ what: String) throws -> T {
        let slice = try take(MemoryLayout<T>.size, what)
        var v: T = 0
        for (i, b) in slice.enumerated() { v |= T(b) << (8 * i) }
        return v
    }

    public mutating func u8(_ what: String) throws -> UInt8 { try integer(UInt8.self, what) }
    public mutating func u16(_ what: String) throws -> UInt16 { try integer(UInt16.self, what) }
    public mutating func u32(_ what: String) throws -> UInt32 { try integer(UInt32.self, what) }
    public mutating func u64(_ what: String) throws -> UInt64 { try integer(UInt64.self, what) }
    public mutating func f64(_ what: String) throws -> Double { Double(bitPattern: try u64(what)) }

    /// A double that must be finite (times, rates): NaN or an infinity is `invalid`.
    public mutating func finiteF64(_ what: String) throws -> Double {
        let v = try f64(what)
        guard v.isFinite else { throw ProtocolError.invalid("\(what): \(v) is not a finite number") }
        return v
    }
    public mutating func bool(_ what: String) throws -> Bool {
        switch try u8(what) {
        case 0: return false
        case 1: return true
        case let b: throw ProtocolError.invalid("\(what): boolean byte \(b) is neither 0 nor 1")
        }
    }
    public mutating func string(_ what: String, max: Int = 4096) throws -> String {
        let n = Int(try u32("\(what) length"))
        guard n <= max else { throw ProtocolError.invalid("\(what): string of \(n) bytes exceeds \(max)") }
        let slice = try take(n, what)
        guard let s = String(validating: slice, as: UTF8.self) else {
            throw ProtocolError.invalid("\(what): not valid UTF-8")
        }
        return s
    }
    public mutating func raw(_ n: Int, _ what: String) throws -> [UInt8] { Array(try take(n, what)) }

    public func expectEnd() throws {
        if remaining != 0 { throw ProtocolError.trailingBytes(remaining) }
    }
}
