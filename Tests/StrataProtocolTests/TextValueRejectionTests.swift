import Foundation
import StrataCore
@testable import StrataProtocol
import Testing

/// Malformed text values are refused while decoding, naming what is wrong, before anything is kept.
@Suite struct TextValueRejectionTests {
    /// A setProperty of layer 1's `string` (property 90) whose text value is `payload`.
    static func setString(_ payload: (inout LE) -> Void) -> [UInt8] {
        var op = LE()
        op.u8(3); op.u64(1); op.u16(90); op.u8(13); op.u8(1)
        payload(&op)
        return op.bytes
    }

    static func utf8(_ s: String, into w: inout LE) {
        w.u32(UInt32(s.utf8.count))
        for b in s.utf8 { w.u8(b) }
    }

    @Test func aStringLongerThanAnyTextIsRefusedBeforeItIsRead() {
        let bytes = Self.setString { $0.u32(3 * 65_536 + 1) }
        let error = protocolError { try decodeCommit(commitBody(rawOperation: bytes)) }
        #expect(error?.description == "operation 0 string: string of 196609 bytes exceeds 196608")
    }

    @Test func tooManyRunsAreRefused() {
        let bytes = Self.setString { Self.utf8("abc", into: &$0); $0.u32(4097) }
        #expect(protocolError { try decodeCommit(commitBody(rawOperation: bytes)) }?.description.contains("4097 attribute runs exceed 4096") == true)
    }

    @Test func anUnknownLineStyleIsRefused() {
        let bytes = Self.setString { w in
            Self.utf8("abc", into: &w); w.u32(1); w.u32(0); w.u32(3)
            w.u8(0); w.u8(0); w.u8(0) // no font, size, colour
            w.u8(7)                    // underline style 7
        }
        #expect(protocolError { try decodeCommit(commitBody(rawOperation: bytes)) }?.description.contains("unknown line style 7") == true)
    }

    @Test func aNonFiniteKernIsRefused() {
        let bytes = Self.setString { w in
            Self.utf8("abc", into: &w); w.u32(1); w.u32(0); w.u32(3)
            w.u8(0); w.u8(0); w.u8(0); w.u8(1); w.u8(0); w.u8(0); w.u8(0) // … single underline, no colours
            w.u8(1); w.f64(.nan)                                         // kern NaN
        }
        #expect(protocolError { try decodeCommit(commitBody(rawOperation: bytes)) }?.description.contains("is not a finite number") == true)
    }

    @Test func aFontNameLongerThan256BytesIsRefused() {
        var op = LE()
        op.u8(3); op.u64(1); op.u16(91); op.u8(12); op.u8(1); op.u32(257)
        #expect(protocolError { try decodeCommit(commitBody(rawOperation: op.bytes)) }?.description.contains("string of 257 bytes exceeds 256") == true)
    }
}
