import Testing
@testable import StrataKMSDevice

@Suite struct XRGB8888Tests {
    @Test func bytesBGRXBecomeRGBAWithOpaqueAlphaAndTheStridePaddingIsSkipped() {
        // 2x2, stride 12: 8 bytes of pixels then 4 of padding per row. X bytes are junk on purpose.
        let bytes: [UInt8] = [
            0x10, 0x20, 0x30, 0x00, 0x01, 0x02, 0x03, 0x7f, 0xee, 0xee, 0xee, 0xee,
            0xff, 0x00, 0x00, 0x12, 0x00, 0x00, 0xff, 0xff, 0xee, 0xee, 0xee, 0xee,
        ]
        #expect(XRGB8888.rgba(from: bytes, width: 2, height: 2, stride: 12) == [
            0x30, 0x20, 0x10, 0xff, 0x03, 0x02, 0x01, 0xff,
            0x00, 0x00, 0xff, 0xff, 0xff, 0x00, 0x00, 0xff,
        ])
    }

    @Test func theLastRowNeedsNoPadding() {
        let bytes: [UInt8] = [1, 2, 3, 4, 9, 9, 9, 9, 5, 6, 7, 8]
        #expect(XRGB8888.rgba(from: bytes, width: 1, height: 2, stride: 8) == [3, 2, 1, 255, 7, 6, 5, 255])
    }

    @Test func aShortStrideOrBufferIsRefused() {
        #expect(XRGB8888.rgba(from: [UInt8](repeating: 0, count: 64), width: 2, height: 2, stride: 7) == nil)
        #expect(XRGB8888.rgba(from: [UInt8](repeating: 0, count: 15), width: 2, height: 2, stride: 8) == nil)
        #expect(XRGB8888.rgba(from: [], width: 0, height: 0, stride: 0) == [])
    }
}
