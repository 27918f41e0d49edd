import Foundation
import Glibc
import Logging
import StrataCore
import StrataDisplay
import StrataKMS
import StrataKMSDevice
import StrataProtocol
import StrataServer
import Testing

/// The whole kms backend on a real device (STRATA_KMS_TEST_DEVICE, e.g. vkms's /dev/dri/card0, opened
/// directly: the test must be able to become DRM master): a root layer is committed, frames are paced by
/// real page flips, and the buffer on screen holds the layer.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["STRATA_KMS_TEST_DEVICE"] != nil, "set STRATA_KMS_TEST_DEVICE to a DRM device"))
struct KMSBackendOptInTests {
    @Test func aCommittedLayerReachesTheScreenThroughPageFlips() throws {
        let path = ProcessInfo.processInfo.environment["STRATA_KMS_TEST_DEVICE"] ?? ""
        let device = try LibDRMDevice(path: path)
        let controller = try KMSOutputController(device: device, requests: [:])
        let displays = try KMSDisplays(controller: controller, surfaces: try GBMScanout(drmFD: device.fd))
        let display = try #require(displays.outputs.first, "a connected output: \(controller.problems)")
        let compositor = try Compositor(display: displays)
        let loop = FrameLoops(compositor: compositor, logger: Logger(label: "test.kms"))
        let events = CompositorEventLog()
        compositor.events = events
        compositor.addClient(1)
        compositor.submit(Commit(transactionID: 1, operations: [
            .createLayer(1), .setProperty(1, .bounds, .rect(CGRect(x: 0, y: 0, width: display.width, height: display.height))),
            .setProperty(1, .position, .point(CGPoint(x: display.width / 2, y: display.height / 2))),
            .setProperty(1, .backgroundColor, .color(Color(red: 0, green: 0.4, blue: 0.8, alpha: 1))), .attachRoot(1),
        ]), fds: [], from: 1)
        // Run the loop as the server does until two flips have shown frames (or 2 s pass).
        var flips = 0
        let deadline = MonotonicClock.now() + 2
        while flips < 2, MonotonicClock.now() < deadline {
            loop.plan(now: MonotonicClock.now())
            let wait = loop.wakeTime.map { max(0, $0 - MonotonicClock.now()) } ?? 0.1
            var fd = pollfd(fd: displays.eventFD ?? -1, events: Int16(POLLIN), revents: 0)
            if poll(&fd, 1, Int32(ceil(min(wait, 0.1) * 1000))) > 0 {
                loop.handleDisplayEvents(now: MonotonicClock.now())
                flips += 1
            }
            loop.turn(now: MonotonicClock.now())
            if flips == 1 { compositor.invalidate() }   // a second frame, a plain flip after the modeset
        }
        #expect(flips >= 2)
        let shot = try display.readPixels()
        let middle = (shot.height / 2 * shot.width + shot.width / 2) * 4
        #expect(Array(shot.pixels[middle..<middle + 4]) == [0, 102, 204, 255])
    }
}
