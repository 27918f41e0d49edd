import Foundation
import StrataCore
import StrataDisplay
import StrataKMS
import StrataProtocol
import StrataRender
@testable import StrataServer
import Testing

/// Two screens (HDMI-A-1 on CRTC 40, DP-1 on CRTC 41), each with its own root layer tree and its own
/// page flips; outputs coming and going leave the others alone.
@Suite(.serialized) struct MultiOutputTests {
    /// 160x120 at 50 Hz on DP-1.
    static func side(connected: Bool = true) -> DRMConnector {
        DRMConnector(id: 31, name: "DP-1", connected: connected,
                     modes: [DRMMode(width: 160, height: 120, refreshMilliHz: 50000, preferred: true)], possibleCRTCs: 0b10)
    }

    /// The rig's root 1 (on the primary, HDMI-A-1) and a root 2 on DP-1.
    static func twoScreens() throws -> KMSFrameLoopRig {
        let rig = try KMSFrameLoopRig(hardware([kiosk(), side()]))
        rig.commit([.createLayer(2), .setProperty(2, .bounds, .rect(CGRect(x: 0, y: 0, width: 40, height: 30))),
                    .setProperty(2, .position, .point(CGPoint(x: 20, y: 15))), .setProperty(2, .backgroundColor, .color(blue)),
                    .setRootOutput(2, output: "DP-1"), .attachRoot(2)])
        rig.paint(red)
        return rig
    }

    @Test func eachOutputShowsItsOwnRootsAndFlipsAtItsOwnRate() throws {
        let rig = try Self.twoScreens()
        #expect(rig.displays.outputs.map(\.name) == ["HDMI-A-1", "DP-1"])
        #expect(rig.compositor.outputInfo == [OutputInfo(name: "HDMI-A-1", width: 160, height: 120, refreshHz: 60),
                                              OutputInfo(name: "DP-1", width: 160, height: 120, refreshHz: 50)])
        rig.run(until: rig.now + 0.025)
        #expect(Set(rig.device.commits.map(\.crtc)) == [40, 41])     // both modesets, each on its CRTC
        #expect(try rig.shownColor(crtc: 40) == [255, 0, 0, 255])     // root 1 only
        #expect(try rig.shownColor(crtc: 41) == [0, 0, 255, 255])     // root 2 only
        #expect(abs((rig.loop("DP-1")?.scheduler.clock.interval ?? 0) - 0.02) < 1e-12)
        #expect(abs((rig.loop("HDMI-A-1")?.scheduler.clock.interval ?? 0) - 1.0 / 60) < 1e-12)
        // A change to root 2 flips DP-1 only: HDMI-A-1's picture is unchanged, so nothing is drawn or
        // committed there.
        rig.flip(at: rig.now, sequence: 1, crtc: 40)
        rig.flip(at: rig.now, sequence: 1, crtc: 41)
        let hdmi = rig.device.commits.filter { $0.crtc == 40 }.count
        let dp = rig.device.commits.filter { $0.crtc == 41 }.count
        rig.commit([.setProperty(2, .backgroundColor, .color(green))])
        rig.run(until: rig.now + 0.025)
        #expect(try rig.shownColor(crtc: 41) == [0, 255, 0, 255])
        #expect(rig.device.commits.filter { $0.crtc == 41 }.count == dp + 1)
        #expect(rig.device.commits.filter { $0.crtc == 40 }.count == hdmi)
    }

    @Test func aTwoTimesOutputBesideAOneTimesOutputDrawsAndRoutesInPoints() throws {
        // DP-1 at scale 2 (`[output DP-1] scale = 2`): its 160 × 120 pixels are 80 × 60 points.
        let rig = try Self.twoScreens()
        rig.compositor.outputScales["DP-1"] = 2
        rig.commit([.setProperty(2, .interactive, .bool(true))])
        #expect(rig.compositor.outputInfo.map(\.scale) == [1, 2])
        rig.run(until: rig.now + 0.025)
        // Root 2 (40 × 30 points at the origin) covers pixels 0…80 × 0…60 of DP-1; root 1 on HDMI-A-1 the
        // same points at 1×.
        let dp = try #require(rig.device.commits.last { $0.crtc == 41 }?.framebuffer)
        let hdmi = try #require(rig.device.commits.last { $0.crtc == 40 }?.framebuffer)
        #expect(try rig.scanout.pixel(dp, x: 70, y: 50) == [0, 0, 255, 255])
        #expect(try rig.scanout.pixel(dp, x: 90, y: 70) == [0, 0, 0, 255])
        #expect(try rig.scanout.pixel(hdmi, x: 30, y: 20) == [255, 0, 0, 255])
        #expect(try rig.scanout.pixel(hdmi, x: 70, y: 50) == [0, 0, 0, 255])
        // Input on DP-1 arrives in points: pixel (70, 50) is point (35, 25) of root 2.
        let target = try #require(rig.compositor.inputTarget(at: CGPoint(x: 70, y: 50), output: "DP-1"))
        #expect(target.layer == 2 && target.local == CGPoint(x: 35, y: 25))
        #expect(rig.compositor.inputTarget(at: CGPoint(x: 90, y: 70), output: "DP-1") == nil)
    }

    @Test func aRootMovesBetweenOutputsAndOneOnAnUnlitOutputShowsNowhere() throws {
        let rig = try Self.twoScreens()
        rig.run(until: rig.now + 0.025)
        rig.flip(at: rig.now, sequence: 1, crtc: 40)
        rig.flip(at: rig.now, sequence: 1, crtc: 41)
        rig.commit([.setRootOutput(2, output: "HDMI-A-1"), .setRootOutput(1, output: "HDMI-A-2")])   // not connected
        rig.run(until: rig.now + 0.025)
        #expect(try rig.shownColor(crtc: 40) == [0, 0, 255, 255])     // root 2 moved here; root 1 is nowhere
        #expect(try rig.shownColor(crtc: 41) == [0, 0, 0, 255])       // DP-1 shows the background
    }

    @Test func unpluggingOneOutputLeavesTheOtherRunningAndPluggingItBackRestoresItsTree() throws {
        let rig = try Self.twoScreens()
        rig.run(until: rig.now + 0.025)
        rig.flip(at: rig.now, sequence: 1, crtc: 40)
        rig.flip(at: rig.now, sequence: 1, crtc: 41)
        let sentBefore = rig.sent.count
        rig.displayEvent { rig.device.plug(hardware([kiosk(), Self.side(connected: false)])) }
        #expect(rig.displays.outputs.map(\.name) == ["HDMI-A-1"])
        let dpCommits = rig.device.commits.filter { $0.crtc == 41 }.count
        #expect(rig.sent.count == sentBefore)                          // no frame events were pending
        // Root 2's animation still ends (its completion reported) while DP-1 is gone.
        var timing = MediaTiming()
        timing.beginTime = rig.now
        timing.duration = 0.1
        rig.commit([.addAnimation(2, key: "fade", AnimationSpec(keyPath: LayerKeyPath(property: .opacity),
                                                                kind: .basic(from: .scalar(0), to: .scalar(1), by: nil), timing: timing))],
                   wantsCompletion: true)
        let end = rig.now + 0.1
        for n in 1...12 {
            rig.run(until: rig.now + 1.0 / 60)
            rig.flip(at: rig.now, sequence: UInt64(1 + n), crtc: 40)
        }
        #expect(rig.sent.contains { if case .transactionCompleted = $0.message { true } else { false } })
        #expect(rig.sent.allSatisfy { $0.time >= end - 1e-9 || { switch $0.message { case .animationStarted, .transactionPresented: true; default: false } }($0) })
        #expect(rig.device.commits.filter { $0.crtc == 41 }.count == dpCommits)   // nothing for the gone DP-1
        rig.displayEvent { rig.device.plug(hardware([kiosk(), Self.side()])) }
        #expect(rig.displays.outputs.map(\.name) == ["HDMI-A-1", "DP-1"])
        rig.run(until: rig.now + 0.025)
        #expect(rig.device.commits.filter { $0.crtc == 41 }.count == dpCommits + 1)
        #expect(rig.device.commits.last { $0.crtc == 41 }?.mode != nil)
        #expect(try rig.shownColor(crtc: 41) == [0, 0, 255, 255])
    }

    @Test func theConfiguredOrderChoosesThePrimaryOutput() throws {
        let rig = try KMSFrameLoopRig(hardware([kiosk(), Self.side()]), order: ["DP-1"])
        #expect(rig.displays.outputs.map(\.name) == ["DP-1", "HDMI-A-1"])
        rig.paint(red)                                                  // root 1 has no output: the primary
        rig.run(until: rig.now + 0.025)
        #expect(try rig.shownColor(crtc: 41) == [255, 0, 0, 255])
        #expect(try rig.shownColor(crtc: 40) == [0, 0, 0, 255])
    }
}

/// The GPU path with two outputs: when one output's frame moves the animation table's epoch (frame times
/// 1024 s past it), the other output's reused draw list counts its times from the old epoch: it is built
/// again, not reused.
@Suite(.serialized) struct MultiOutputMotionTests {
    @Test func aMovedEpochRebuildsTheOtherOutputsList() throws {
        let rig = try MultiOutputTests.twoScreens()
        rig.compositor.gpuAnimationMinimumLayers = 1
        var t = MediaTiming()
        t.duration = 1
        t.repeatCount = .infinity
        for id in [LayerID(1), 2] {
            rig.commit([.addAnimation(id, key: "m", AnimationSpec(keyPath: LayerKeyPath(property: .position, component: .x),
                                                                  kind: .basic(from: nil, to: nil, by: .scalar(5)), timing: t))])
        }
        var sequence: UInt64 = 0
        func frame(_ output: String, _ crtc: UInt32, at time: Double) throws -> RenderCounters {
            try rig.compositor.renderFrame(at: time, output: output)
            sequence += 1
            rig.flip(at: time, sequence: sequence, crtc: crtc)
            return rig.compositor.lastFrameWork
        }
        _ = try frame("HDMI-A-1", 40, at: 10)
        #expect(try frame("DP-1", 41, at: 10).motionSlots == 1)
        #expect(try frame("DP-1", 41, at: 10.02).drawListReused)
        #expect(try frame("HDMI-A-1", 40, at: 2000).motionSlots == 1) // the epoch moves
        let after = try frame("DP-1", 41, at: 2000.02)
        #expect(!after.drawListReused && after.motionSlots == 1)
        #expect(try frame("DP-1", 41, at: 2000.04).drawListReused)
    }
}
