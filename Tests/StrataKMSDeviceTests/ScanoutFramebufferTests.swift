import CStrataGBM
import Testing
@testable import StrataKMSDevice

@Suite struct ScanoutFramebufferTests {
    static func layout(modifier: UInt64) -> ScanoutBufferLayout {
        ScanoutBufferLayout(width: 64, height: 32, format: STRATA_GBM_FORMAT_XRGB8888, modifier: modifier,
                            handles: [7], strides: [256], offsets: [0])
    }

    @Test func onlyARealModifierIsNamedToTheKernel() {
        #expect(!Self.layout(modifier: STRATA_DRM_FORMAT_MOD_INVALID).needsExplicitModifier)
        #expect(!Self.layout(modifier: STRATA_DRM_FORMAT_MOD_LINEAR).needsExplicitModifier)
        // I915_FORMAT_MOD_X_TILED: vendor 0x01, code 1.
        #expect(Self.layout(modifier: 0x0100_0000_0000_0001).needsExplicitModifier)
    }

    @Test func theCArraysHaveFourEntries() {
        #expect(ScanoutBufferLayout.padded([UInt32(7)]) == [7, 0, 0, 0])
        #expect(ScanoutBufferLayout.padded([UInt64]()) == [0, 0, 0, 0])
        #expect(ScanoutBufferLayout.padded([UInt32](1...5)) == [1, 2, 3, 4])
    }

    /// The kernel refuses the ioctl on a file that is not a DRM node: the error names the call that was chosen.
    @Test func aFailedAddFBNamesTheCallAndErrno() throws {
        let null = try OpenFile("/dev/null")
        #expect(throws: KMSDeviceError("drmModeAddFB2(64x32, format 0x34325258, modifier 0x0) failed: Inappropriate ioctl for device (errno 25)")) {
            _ = try Self.layout(modifier: STRATA_DRM_FORMAT_MOD_LINEAR).addFramebuffer(drmFD: null.fd)
        }
        #expect(throws: KMSDeviceError("drmModeAddFB2WithModifiers(64x32, format 0x34325258, modifier 0x100000000000001) failed: Inappropriate ioctl for device (errno 25)")) {
            _ = try Self.layout(modifier: 0x0100_0000_0000_0001).addFramebuffer(drmFD: null.fd)
        }
    }
}
