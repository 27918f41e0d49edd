import Foundation
import Glibc
import StrataKMS
import Testing
@testable import StrataKMSDevice

/// A fresh empty directory, removed after `body`.
func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-kms-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try body(dir)
}

@Suite struct LibDRMDeviceTests {
    @Test func aMissingNodeNamesThePathAndENOENT() {
        #expect {
            _ = try LibDRMDevice(path: "/dev/dri/card-missing")
        } throws: { error in
            let text = "\(error)"
            return text.contains("/dev/dri/card-missing") && text.contains("ENOENT")
        }
    }

    @Test func aFileThatIsNotAKMSNodeIsRefusedAndClosed() throws {
        try withTemporaryDirectory { dir in
            let path = dir + "/card0"
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            #expect {
                _ = try LibDRMDevice(path: path, watchHotplug: false)
            } throws: { error in
                "\(error)".contains(path) && "\(error)".contains("ENOTTY")
            }
            #expect(openFDs(to: path) == 0)
        }
    }

    @Test func anFDItDoesNotOwnStaysOpenWhenRefused() throws {
        try withTemporaryDirectory { dir in
            let path = dir + "/card0"
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            let fd = open(path, O_RDWR | O_CLOEXEC)
            #expect(fd >= 0)
            defer { close(fd) }
            #expect(throws: KMSDeviceError.self) { _ = try LibDRMDevice(fd: fd, ownsFD: false, path: path, watchHotplug: false) }
            #expect(fcntl(fd, F_GETFD) >= 0)
        }
    }

    /// The process's descriptors open on `path` (other tests open and close descriptors meanwhile, so
    /// only these say whether the device closed its own).
    func openFDs(to path: String) -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == path }.count
    }
}

@Suite struct DRMDeviceDiscoveryTests {
    @Test func aDirectoryWithoutCardsFindsNothingAndHasNoProblems() throws {
        try withTemporaryDirectory { dir in
            #expect(FileManager.default.createFile(atPath: dir + "/renderD128", contents: Data()))
            let result = DRMDeviceDiscovery(directory: dir).firstWithConnectedOutput()
            #expect(result == DRMDeviceDiscovery.Result(path: nil, problems: []))
        }
    }

    @Test func aMissingDirectoryFindsNothing() {
        #expect(DRMDeviceDiscovery(directory: "/nonexistent/dri").firstWithConnectedOutput() == .init(path: nil, problems: []))
    }

    @Test func cardsAreInNumberOrderWithoutRenderNodes() throws {
        try withTemporaryDirectory { dir in
            for name in ["card10", "card2", "renderD128", "card1", "cardX", "by-path"] {
                #expect(FileManager.default.createFile(atPath: dir + "/" + name, contents: Data()))
            }
            #expect(DRMDeviceDiscovery(directory: dir).cards() == [dir + "/card1", dir + "/card2", dir + "/card10"])
        }
    }

    @Test func anUnreadableCardIsAProblemNotAnError() throws {
        try withTemporaryDirectory { dir in
            #expect(FileManager.default.createFile(atPath: dir + "/card0", contents: Data()))
            let result = DRMDeviceDiscovery(directory: dir).firstWithConnectedOutput()
            #expect(result.path == nil)
            #expect(result.problems.count == 1)
            #expect(result.problems.first?.hasPrefix(dir + "/card0: drmModeGetResources") == true)
        }
    }
}

@Suite struct EventMultiplexerTests {
    @Test func aWakeUpMakesTheFDReadableUntilDrained() throws {
        let mux = try EventMultiplexer()
        #expect(!EventMultiplexer.readable(mux.fd))
        mux.wake()
        #expect(EventMultiplexer.readable(mux.fd))
        mux.drainWakeups()
        #expect(!EventMultiplexer.readable(mux.fd))
    }

    @Test func anAddedSourceMakesItReadable() throws {
        let mux = try EventMultiplexer()
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        try mux.add(ends[0])
        #expect(!EventMultiplexer.readable(mux.fd))
        var byte: UInt8 = 1
        #expect(write(ends[1], &byte, 1) == 1)
        #expect(EventMultiplexer.readable(mux.fd))
        mux.remove(ends[0])
        #expect(!EventMultiplexer.readable(mux.fd))
    }

    @Test func theTimerTicksUntilStopped() throws {
        let mux = try EventMultiplexer()
        mux.setTimer(interval: 0.01)
        var p = pollfd(fd: mux.fd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&p, 1, 2000) == 1)
        mux.setTimer(interval: 0)
        mux.drainWakeups()
        #expect(poll(&p, 1, 50) == 0)
    }
}

@Suite struct DRMFlipEventsTests {
    @Test func anEventWithoutCRTCIsTheOnlyPendingFlip() {
        let flips = DRMFlipEvents()
        flips.pending = [40]
        flips.complete(crtc: 0, sequence: 7, timestamp: 12.5)
        flips.complete(crtc: 41, sequence: 9, timestamp: 12.5)
        #expect(flips.take() == [.flipComplete(crtc: 40, sequence: 7, timestamp: 12.5),
                                 .flipComplete(crtc: 41, sequence: 9, timestamp: 12.5)])
        #expect(flips.pending.isEmpty)
        #expect(flips.lastSequence == [40: 7, 41: 9])
        #expect(flips.take().isEmpty)
    }

    @Test func realtimeStampsBecomeMonotonic() throws {
        let flips = DRMFlipEvents()
        flips.monotonicTimestamps = false
        let realtimeNow = DRMFlipEvents.now(CLOCK_REALTIME)
        flips.complete(crtc: 40, sequence: 1, timestamp: realtimeNow)
        guard case let .flipComplete(_, _, timestamp)? = flips.take().first else { Issue.record("no event"); return }
        #expect(abs(timestamp - DRMFlipEvents.now()) < 1)
    }
}

@Suite struct UdevHotplugMonitorTests {
    /// Whether udev's netlink socket can be opened here (not in every container).
    static var netlinkOpens: Bool { (try? UdevHotplugMonitor(devnum: 0)) != nil }

    /// Draining with nothing pending returns at once instead of blocking. Reported as skipped, not passed,
    /// where netlink is unavailable.
    @Test(.enabled(if: netlinkOpens, "udev's netlink socket cannot be opened in this environment"))
    func drainingNothingDoesNotBlock() throws {
        let monitor = try UdevHotplugMonitor(devnum: 0)
        #expect(fcntl(monitor.fd, F_GETFL) & O_NONBLOCK != 0)
        #expect(monitor.drain() == false)
    }
}

/// Runs on a machine with a KMS device (vkms: `modprobe vkms`, then STRATA_KMS_TEST_DEVICE=/dev/dri/card0).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["STRATA_KMS_TEST_DEVICE"] != nil))
struct RealDeviceTests {
    let path = ProcessInfo.processInfo.environment["STRATA_KMS_TEST_DEVICE"] ?? ""

    @Test func readsConnectedConnectorsAndPrimaryPlanes() throws {
        let device = try LibDRMDevice(path: path)
        let resources = try device.resources()
        #expect(!resources.crtcs.isEmpty)
        let connected = resources.connectors.filter { $0.connected && !$0.modes.isEmpty }
        #expect(!connected.isEmpty)
        #expect(resources.planes.contains { $0.kind == .primary })
        for c in connected { #expect(c.modes.allSatisfy { $0.refreshMilliHz > 0 }) }
        // Nothing pending: reading events must return at once.
        #expect(try device.readEvents().isEmpty)
    }

    @Test func discoveryFindsIt() {
        let directory = (path as NSString).deletingLastPathComponent
        let result = DRMDeviceDiscovery(directory: directory).firstWithConnectedOutput()
        #expect(result.path != nil)
    }
}
