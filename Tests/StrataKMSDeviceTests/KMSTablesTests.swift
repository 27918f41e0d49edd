import CStrataDRM
import Glibc
import StrataKMS
import Testing
@testable import StrataKMSDevice

@Suite struct ConnectorNameTests {
    @Test func namesAreTheKernels() {
        #expect(ConnectorName.name(type: UInt32(DRM_MODE_CONNECTOR_HDMIA), typeID: 1) == "HDMI-A-1")
        #expect(ConnectorName.name(type: UInt32(DRM_MODE_CONNECTOR_DisplayPort), typeID: 2) == "DP-2")
        #expect(ConnectorName.name(type: UInt32(DRM_MODE_CONNECTOR_eDP), typeID: 1) == "eDP-1")
        #expect(ConnectorName.name(type: UInt32(DRM_MODE_CONNECTOR_VIRTUAL), typeID: 1) == "Virtual-1")
        #expect(ConnectorName.name(type: UInt32(DRM_MODE_CONNECTOR_DVII), typeID: 1) == "DVI-I-1")
        #expect(ConnectorName.typeName(UInt32(DRM_MODE_CONNECTOR_9PinDIN)) == "DIN")
        #expect(ConnectorName.typeName(UInt32(DRM_MODE_CONNECTOR_SVIDEO)) == "SVIDEO")
        #expect(ConnectorName.typeName(UInt32(DRM_MODE_CONNECTOR_DSI)) == "DSI")
        #expect(ConnectorName.typeName(UInt32(DRM_MODE_CONNECTOR_WRITEBACK)) == "Writeback")
        #expect(ConnectorName.typeName(UInt32(DRM_MODE_CONNECTOR_USB)) == "USB")
    }

    @Test func aTypeNewerThanTheTableIsUnknown() {
        #expect(ConnectorName.name(type: 99, typeID: 3) == "Unknown-3")
        #expect(ConnectorName.name(type: UInt32.max, typeID: 1) == "Unknown-1")
    }
}

@Suite struct ModeRefreshTests {
    @Test func progressiveModesAreExact() {
        // CEA 1080p60: 148.5 MHz over 2200 × 1125.
        #expect(ModeRefresh.milliHz(clockKHz: 148_500, htotal: 2200, vtotal: 1125) == 60000)
        // 1080p59.94: 148.3516 MHz (the kernel stores 148351 kHz): 59939.8 rounds to 59940.
        #expect(ModeRefresh.milliHz(clockKHz: 148_351, htotal: 2200, vtotal: 1125) == 59940)
        // 720p50: 74.25 MHz over 1980 × 750.
        #expect(ModeRefresh.milliHz(clockKHz: 74_250, htotal: 1980, vtotal: 750) == 50000)
        // VGA 640x480: 25.175 MHz over 800 × 525 = 59.940476 Hz.
        #expect(ModeRefresh.milliHz(clockKHz: 25_175, htotal: 800, vtotal: 525) == 59940)
    }

    @Test func interlacedModesCountFields() {
        // 1080i60: 74.25 MHz over 2200 × 1125 draws 30 frames, 60 fields a second.
        #expect(ModeRefresh.milliHz(clockKHz: 74_250, htotal: 2200, vtotal: 1125, flags: UInt32(DRM_MODE_FLAG_INTERLACE)) == 60000)
    }

    @Test func doubleScanAndVscanDivide() {
        #expect(ModeRefresh.milliHz(clockKHz: 25_175, htotal: 800, vtotal: 525, flags: UInt32(DRM_MODE_FLAG_DBLSCAN)) == 29970)
        #expect(ModeRefresh.milliHz(clockKHz: 25_175, htotal: 800, vtotal: 525, vscan: 2) == 29970)
        #expect(ModeRefresh.milliHz(clockKHz: 25_175, htotal: 800, vtotal: 525, vscan: 1) == 59940)
    }

    @Test func emptyTimingsGiveZeroRatherThanTrap() {
        #expect(ModeRefresh.milliHz(clockKHz: 148_500, htotal: 0, vtotal: 1125) == 0)
    }

    @Test func aModeWithoutTimingsFallsBackToItsVrefresh() {
        var mode = drmModeModeInfo()
        mode.vrefresh = 75
        #expect(ModeRefresh.milliHz(mode) == 75000)
        mode.clock = 148_500; mode.htotal = 2200; mode.vtotal = 1125
        #expect(ModeRefresh.milliHz(mode) == 60000)
    }
}

@Suite struct PlaneRotationTests {
    @Test func drmCountsCounterClockwiseStrataClockwise() {
        #expect(PlaneRotation.clockwiseDegrees(drmName: "rotate-0") == 0)
        #expect(PlaneRotation.clockwiseDegrees(drmName: "rotate-90") == 270)
        #expect(PlaneRotation.clockwiseDegrees(drmName: "rotate-180") == 180)
        #expect(PlaneRotation.clockwiseDegrees(drmName: "rotate-270") == 90)
        #expect(PlaneRotation.clockwiseDegrees(drmName: "reflect-x") == nil)
    }

    @Test func theValueSetIsTheDRMBit() {
        #expect(PlaneRotation.bit(clockwiseDegrees: 0) == UInt64(DRM_MODE_ROTATE_0))
        #expect(PlaneRotation.bit(clockwiseDegrees: 90) == UInt64(DRM_MODE_ROTATE_270))
        #expect(PlaneRotation.bit(clockwiseDegrees: 180) == UInt64(DRM_MODE_ROTATE_180))
        #expect(PlaneRotation.bit(clockwiseDegrees: 270) == UInt64(DRM_MODE_ROTATE_90))
        #expect(PlaneRotation.bit(clockwiseDegrees: 45) == nil)
    }

    @Test func aBitmaskEnumGivesBitIndices() {
        // What a plane that rotates 0° and 180° and reflects reports (bitmask entries carry bit numbers).
        let supported = PlaneRotation.supported([("rotate-0", 0), ("rotate-180", 2), ("reflect-x", 4), ("reflect-y", 5)])
        #expect(supported == [0: UInt64(DRM_MODE_ROTATE_0), 180: UInt64(DRM_MODE_ROTATE_180)])
        let all = PlaneRotation.supported([("rotate-0", 0), ("rotate-90", 1), ("rotate-180", 2), ("rotate-270", 3)])
        #expect(all == [0: 1, 90: 8, 180: 4, 270: 2])
        // A bogus index must not trap the shift.
        #expect(PlaneRotation.supported([("rotate-0", 64)]) == [:])
    }
}

@Suite struct ErrnoTests {
    @Test func libdrmsNegativeErrnoMapsToTheProtocolsErrors() {
        #expect(Errno.drmError("drmModeAtomicCommit", returned: -EBUSY) == .busy)
        #expect(Errno.drmError("drmModeAtomicCommit", returned: -EACCES) == .notMaster)
        #expect(Errno.drmError("drmModePageFlip", returned: -EPERM) == .notMaster)
        #expect(Errno.drmError("drmModeAtomicCommit", returned: -EINVAL) == .rejected("drmModeAtomicCommit: Invalid argument (EINVAL)"))
        #expect(Errno.drmError("drmModeSetCrtc", returned: -ENOSPC).description.contains("ENOSPC"))
    }

    @Test func charArraysWithoutNULStopAtTheirEnd() {
        #expect(string(fromCharTuple: (CChar(72), CChar(68), CChar(77), CChar(73))) == "HDMI")
        #expect(string(fromCharTuple: (CChar(68), CChar(80), CChar(0), CChar(88))) == "DP")
    }
}
