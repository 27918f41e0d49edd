import Foundation
@testable import StrataKMS

/// A DRM device in memory: connectors, CRTCs and planes the test chooses, commits recorded, flips that
/// complete when the test says (with the timestamps it chooses), EBUSY on demand, hotplug and master loss.
final class FakeDRMDevice: DRMDevice {
    var eventFD: Int32 { -1 }
    var supportsAtomic = true
    var current: DRMResources
    private(set) var commits: [KMSCommit] = []
    private(set) var tests: [KMSCommit] = []
    /// Commits the kernel would refuse: return an error for a commit, or nil to accept it.
    var testRule: (KMSCommit) -> DRMError? = { _ in nil }
    /// EBUSY for the next this many commits.
    var busyCommits = 0
    var isMaster = true
    private var queued: [DRMEvent] = []
    /// CRTCs with a flip the fake has not completed yet (a real kernel refuses another with EBUSY).
    private(set) var inFlight: Set<UInt32> = []

    init(_ resources: DRMResources) { current = resources }

    func resources() throws -> DRMResources { current }

    func test(_ commit: KMSCommit) throws {
        tests.append(commit)
        if let error = testRule(commit) { throw error }
    }

    func commit(_ commit: KMSCommit) throws {
        guard isMaster else { throw DRMError.notMaster }
        if busyCommits > 0 { busyCommits -= 1; throw DRMError.busy }
        guard !inFlight.contains(commit.crtc) else { throw DRMError.busy }
        commits.append(commit)
        inFlight.insert(commit.crtc)
    }

    /// The flip on `crtc` completes at a vblank with this sequence and timestamp.
    func completeFlip(crtc: UInt32, sequence: UInt64, timestamp: Double) {
        inFlight.remove(crtc)
        queued.append(.flipComplete(crtc: crtc, sequence: sequence, timestamp: timestamp))
    }

    /// The flip on `crtc` completes, but its event is lost.
    func loseFlipEvent(crtc: UInt32) { inFlight.remove(crtc) }

    func plug(_ resources: DRMResources) {
        current = resources
        queued.append(.hotplug)
    }

    func loseMaster() { isMaster = false; inFlight.removeAll(); queued.append(.masterLost) }
    func regainMaster() { isMaster = true; queued.append(.masterRegained) }

    func readEvents() throws -> [DRMEvent] {
        defer { queued.removeAll() }
        return queued
    }
}

/// Test hardware: two CRTCs (ids 40, 41), a primary plane for each (50 can rotate 180° only, 51 not at
/// all), a cursor plane, and the connectors given.
func hardware(_ connectors: [DRMConnector]) -> DRMResources {
    DRMResources(connectors: connectors, crtcs: [40, 41],
                 planes: [DRMPlane(id: 52, kind: .cursor, possibleCRTCs: 0b11),
                          DRMPlane(id: 50, kind: .primary, possibleCRTCs: 0b01, rotations: [0, 180]),
                          DRMPlane(id: 51, kind: .primary, possibleCRTCs: 0b10)])
}

let mode1080p60 = DRMMode(width: 1920, height: 1080, refreshMilliHz: 60000, preferred: true)
let mode1080p50 = DRMMode(width: 1920, height: 1080, refreshMilliHz: 50000)
let mode720p60 = DRMMode(width: 1280, height: 720, refreshMilliHz: 59940)

func hdmi(connected: Bool = true) -> DRMConnector {
    DRMConnector(id: 30, name: "HDMI-A-1", connected: connected, modes: [mode720p60, mode1080p60, mode1080p50], possibleCRTCs: 0b11)
}

func displayPort(connected: Bool = true) -> DRMConnector {
    DRMConnector(id: 31, name: "DP-1", connected: connected, modes: [DRMMode(width: 800, height: 480, refreshMilliHz: 60000, preferred: true)],
                 possibleCRTCs: 0b11)
}
