import Foundation
@testable import StrataKMS
import Testing

@Suite struct KMSOutputControllerTests {
    @Test func theFirstFrameSetsTheModeAfterATestOnlyCommitAndLaterFramesOnlyFlip() throws {
        let device = FakeDRMDevice(hardware([hdmi()]))
        let kms = try KMSOutputController(device: device, requests: [:])
        #expect(try kms.present("HDMI-A-1", framebuffer: 7) == .queued)
        #expect(device.tests.count == 1 && device.tests.first?.mode == mode1080p60)
        #expect(device.commits.last == KMSCommit(crtc: 40, connector: 30, plane: 50, framebuffer: 7, mode: mode1080p60, rotation: 0))
        device.completeFlip(crtc: 40, sequence: 100, timestamp: 5.0)
        let done = try kms.handleEvents().presented
        #expect(done == [.init(output: "HDMI-A-1", framebuffer: 7, released: nil, sequence: 100, timestamp: 5.0)])
        #expect(try kms.present("HDMI-A-1", framebuffer: 8) == .queued)
        #expect(device.commits.last?.mode == nil && device.tests.count == 1)
        device.completeFlip(crtc: 40, sequence: 101, timestamp: 5.0 + 1.0 / 60)
        // Framebuffer 7 leaves the screen: it may be drawn into again.
        #expect(try kms.handleEvents().presented.first?.released == 7)
    }

    @Test func oneFlipInFlightPerCRTC() throws {
        let device = FakeDRMDevice(hardware([hdmi()]))
        let kms = try KMSOutputController(device: device, requests: [:])
        #expect(try kms.present("HDMI-A-1", framebuffer: 1) == .queued)
        // Pending: the controller does not even try (the kernel would say EBUSY).
        #expect(try kms.present("HDMI-A-1", framebuffer: 2) == .busy)
        #expect(device.commits.count == 1)
        device.completeFlip(crtc: 40, sequence: 1, timestamp: 1)
        _ = try kms.handleEvents()
        #expect(try kms.present("HDMI-A-1", framebuffer: 2) == .queued)
        #expect(device.commits.count == 2)
    }

    @Test func anEBUSYFromTheKernelIsSurvivedAndTheFrameGoesOutLater() throws {
        let device = FakeDRMDevice(hardware([hdmi()]))
        let kms = try KMSOutputController(device: device, requests: [:])
        device.busyCommits = 1
        #expect(try kms.present("HDMI-A-1", framebuffer: 3) == .busy)
        #expect(kms.outputs["HDMI-A-1"]?.pending == nil && kms.outputs["HDMI-A-1"]?.needsModeset == true)
        #expect(try kms.present("HDMI-A-1", framebuffer: 3) == .queued)
        #expect(device.commits.last?.mode == mode1080p60)   // the retry still sets the mode
    }

    @Test func aPlaneThatCannotRotateFallsBackToTheRenderer() throws {
        let device = FakeDRMDevice(hardware([hdmi()]))
        // Plane 50 claims 180° but the driver refuses it in the TEST_ONLY commit.
        device.testRule = { $0.rotation != 0 ? .rejected("rotation not supported with this format") : nil }
        let kms = try KMSOutputController(device: device, requests: ["HDMI-A-1": OutputRequest(rotation: 180)])
        #expect(kms.outputs["HDMI-A-1"]?.assignment.hardwareRotation == true)
        // The frame drawn for the plane to turn is not shown; the next one, turned by the renderer, is.
        #expect(try kms.present("HDMI-A-1", framebuffer: 1) == .rendererMustRotate)
        #expect(device.commits.isEmpty)
        #expect(kms.outputs["HDMI-A-1"]?.assignment.hardwareRotation == false)
        #expect(kms.problems.last?.contains("the renderer rotates instead") == true)
        #expect(try kms.present("HDMI-A-1", framebuffer: 2) == .queued)
        #expect(device.commits.last?.rotation == 0 && device.commits.last?.framebuffer == 2 && device.commits.last?.mode == mode1080p60)
    }

    @Test func unpluggingTheOnlyOutputAndPluggingItBackRestoresItsModeAndRotation() throws {
        let device = FakeDRMDevice(hardware([hdmi()]))
        let requests = ["HDMI-A-1": OutputRequest(mode: .init(width: 1280, height: 720), rotation: 180)]
        let kms = try KMSOutputController(device: device, requests: requests)
        #expect(try kms.present("HDMI-A-1", framebuffer: 1) == .queued)
        device.completeFlip(crtc: 40, sequence: 1, timestamp: 1)
        _ = try kms.handleEvents()
        device.plug(hardware([hdmi(connected: false)]))
        #expect(try kms.handleEvents().changes == .init(removed: ["HDMI-A-1"]))
        #expect(kms.outputs.isEmpty)
        #expect(try kms.present("HDMI-A-1", framebuffer: 2) == .noSuchOutput)   // zero outputs: still running
        device.plug(hardware([hdmi()]))
        #expect(try kms.handleEvents().changes == .init(added: ["HDMI-A-1"]))
        #expect(try kms.present("HDMI-A-1", framebuffer: 3) == .queued)
        #expect(device.commits.last?.mode == mode720p60 && device.commits.last?.rotation == 180)
    }

    @Test func losingMasterPausesAndRegainingItSetsTheModeAgain() throws {
        let device = FakeDRMDevice(hardware([hdmi()]))
        let kms = try KMSOutputController(device: device, requests: [:])
        #expect(try kms.present("HDMI-A-1", framebuffer: 1) == .queued)
        device.loseMaster()            // the pending flip is lost with the VT switch
        _ = try kms.handleEvents()
        #expect(kms.paused)
        #expect(try kms.present("HDMI-A-1", framebuffer: 2) == .paused)
        #expect(device.commits.count == 1)
        device.regainMaster()
        _ = try kms.handleEvents()
        #expect(!kms.paused)
        #expect(try kms.present("HDMI-A-1", framebuffer: 2) == .queued)
        #expect(device.commits.last?.mode == mode1080p60)
    }

    @Test func aCommitRefusedForLackOfMasterPausesToo() throws {
        let device = FakeDRMDevice(hardware([hdmi()]))
        let kms = try KMSOutputController(device: device, requests: [:])
        device.isMaster = false        // lost before any event said so
        #expect(try kms.present("HDMI-A-1", framebuffer: 1) == .paused)
        #expect(kms.paused)
    }
}
