import Foundation
import StrataCore
import StrataDisplay
import StrataKMS
import StrataProtocol
@testable import StrataServer
import Testing

/// `transactionPresented` under kms, on the fake device: a commit is reported once, when the first frame
/// including it is on screen, with that page flip's timestamp; a refused flip's commits wait for the frame
/// that does show; while dark they are reported as they are applied.
@Suite(.serialized) struct PresentedReportTests {
    /// The (client, transaction, time reported, time sent) of each `transactionPresented` the rig sent.
    static func reports(_ rig: KMSFrameLoopRig) -> [(client: UInt32, id: UInt64, at: Double, sentAt: Double)] {
        rig.sent.compactMap { sent in
            if case let .transactionPresented(id, at) = sent.message { (sent.client, id, at, sent.time) } else { nil }
        }
    }

    @Test func aCommitIsReportedOnceWithItsFlipsTimestamp() throws {
        let rig = try KMSFrameLoopRig()
        // Transactions 1 (the rig's root) and 2 (red) are in the first frame, shown at v0.
        let v0 = try KMSFrameLoopTests.start(rig)
        #expect(Self.reports(rig).map { [Double($0.client), Double($0.id), $0.at] } == [[1, 1, v0], [1, 2, v0]])
        rig.paint(green)                                        // transaction 3
        let v1 = KMSFrameLoopRig.after(v0)
        rig.run(until: v1 + 0.0003)
        #expect(Self.reports(rig).count == 2)                   // drawn and queued, not yet on screen
        rig.flip(at: v1 + 0.0002, sequence: 2, heardAt: v1 + 0.0004)
        let third = Self.reports(rig).dropFirst(2)
        #expect(third.map(\.id) == [3])
        #expect(third.first?.at == v1 + 0.0002)                 // the kernel's timestamp, not the grid's
        #expect(third.first?.sentAt == v1 + 0.0004)             // sent when the event was read
        rig.run(until: KMSFrameLoopRig.after(v0, 4))
        #expect(Self.reports(rig).count == 3)
    }

    @Test func aCommitThatChangesNothingVisibleIsReportedAtItsFramesVBlank() throws {
        let rig = try KMSFrameLoopRig()
        let v0 = try KMSFrameLoopTests.start(rig)
        rig.paint(red)                                          // transaction 3: what is on screen already
        let v1 = KMSFrameLoopRig.after(v0)
        rig.run(until: v1)
        #expect(rig.device.commits.count == 1)                  // nothing drawn, nothing flipped
        let reports = Self.reports(rig).dropFirst(2)
        #expect(reports.map(\.id) == [3])
        #expect(reports.first.map { abs($0.at - v1) < 1e-9 } == true)
    }

    @Test func aRefusedFlipsCommitsAreReportedWithTheFrameThatShowsThem() throws {
        let rig = try KMSFrameLoopRig()
        let v0 = try KMSFrameLoopTests.start(rig)
        rig.device.busyCommits = 1
        rig.paint(green)                                        // transaction 3: its frame for v1 is refused
        rig.run(until: KMSFrameLoopRig.after(v0))
        #expect(rig.device.commits.count == 1)
        let v2 = KMSFrameLoopRig.after(v0, 2)
        rig.run(until: v2)
        #expect(rig.device.commits.count == 2)                  // drawn again and queued for v2
        #expect(Self.reports(rig).count == 2)
        rig.flip(at: v2, sequence: 3)
        let reports = Self.reports(rig).dropFirst(2)
        #expect(reports.map(\.id) == [3])
        #expect(reports.first?.at == v2)
    }

    @Test func whileDarkACommitIsReportedWhenItIsApplied() throws {
        let rig = try KMSFrameLoopRig()
        _ = try KMSFrameLoopTests.start(rig)
        rig.displayEvent { rig.device.plug(hardware([kiosk(connected: false)])) }
        #expect(rig.displays.outputs.isEmpty)
        rig.paint(blue)                                         // transaction 3
        let applied = rig.now
        rig.run(until: rig.now + 1)
        let reports = Self.reports(rig).dropFirst(2)
        #expect(reports.map(\.id) == [3])
        #expect(reports.first?.at == applied)
    }
}
