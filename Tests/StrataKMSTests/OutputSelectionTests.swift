import Foundation
@testable import StrataKMS
import Testing

@Suite struct OutputSelectionTests {
    @Test func thePreferredModeUnlessAnotherIsConfigured() {
        let (plain, problems) = OutputSelection.assign(hardware([hdmi()]), requests: [:])
        #expect(problems.isEmpty)
        #expect(plain.map(\.mode) == [mode1080p60])
        #expect(plain.first?.crtc == 40 && plain.first?.plane == 50)
        let (configured, _) = OutputSelection.assign(hardware([hdmi()]),
                                                     requests: ["HDMI-A-1": OutputRequest(mode: .init(width: 1920, height: 1080, refreshHz: 50))])
        #expect(configured.map(\.mode) == [mode1080p50])
        // Without a rate, the highest the connector offers at that size.
        let (sized, _) = OutputSelection.assign(hardware([hdmi()]), requests: ["HDMI-A-1": OutputRequest(mode: .init(width: 1920, height: 1080))])
        #expect(sized.map(\.mode) == [mode1080p60])
    }

    @Test func aModeTheConnectorLacksFallsBackToThePreferredOneAndSaysSo() {
        let (outputs, problems) = OutputSelection.assign(hardware([hdmi()]),
                                                         requests: ["HDMI-A-1": OutputRequest(mode: .init(width: 3840, height: 2160, refreshHz: 30))])
        #expect(outputs.map(\.mode) == [mode1080p60])
        #expect(problems == ["HDMI-A-1: mode 3840x2160@30.0 is not offered; using 1920x1080@60.0"])
    }

    @Test func rotationSwapsTheLogicalSizeAndUsesThePlaneWhereItCan() {
        let requests = ["HDMI-A-1": OutputRequest(rotation: 90), "DP-1": OutputRequest(rotation: 180)]
        let (outputs, _) = OutputSelection.assign(hardware([hdmi(), displayPort()]), requests: requests)
        let hdmiOut = try? #require(outputs.first { $0.name == "HDMI-A-1" })
        let dpOut = try? #require(outputs.first { $0.name == "DP-1" })
        #expect(hdmiOut?.logicalSize.width == 1080 && hdmiOut?.logicalSize.height == 1920)
        // Plane 50 (CRTC 40, HDMI's) rotates 180° but not 90°: the renderer rotates HDMI.
        #expect(hdmiOut?.hardwareRotation == false)
        // DP-1 gets CRTC 41, whose plane 51 cannot rotate either.
        #expect(dpOut?.crtc == 41 && dpOut?.plane == 51 && dpOut?.hardwareRotation == false)
        #expect(dpOut?.logicalSize.width == 800 && dpOut?.logicalSize.height == 480)
        let (flipped, _) = OutputSelection.assign(hardware([hdmi()]), requests: ["HDMI-A-1": OutputRequest(rotation: 180)])
        #expect(flipped.first?.hardwareRotation == true)
    }

    @Test func disconnectedConnectorsStayDarkAndALitOutputKeepsItsCRTC() {
        let (only, _) = OutputSelection.assign(hardware([hdmi(connected: false), displayPort()]), requests: [:])
        #expect(only.map(\.name) == ["DP-1"] && only.first?.crtc == 40)
        // HDMI is plugged in: DP-1 keeps CRTC 40, HDMI takes 41.
        let (both, _) = OutputSelection.assign(hardware([hdmi(), displayPort()]), requests: [:], current: only)
        #expect(both.first { $0.name == "DP-1" }?.crtc == 40)
        #expect(both.first { $0.name == "HDMI-A-1" }?.crtc == 41)
    }

    @Test func moreConnectorsThanCRTCsLeavesTheRestDark() {
        var third = displayPort()
        third.id = 32
        third.name = "DP-2"
        let (outputs, problems) = OutputSelection.assign(hardware([hdmi(), displayPort(), third]), requests: [:])
        #expect(outputs.map(\.name) == ["HDMI-A-1", "DP-1"])
        #expect(problems == ["DP-2: no free CRTC can drive it; left dark"])
    }
}
