import Foundation
import StrataCore
import StrataDisplay
import StrataKMS
import StrataProtocol
@testable import StrataServer
import Testing

/// Acceptance for the KMS backend's frame timing, on the fake device: frames dispatched as late as is
/// safe, one flip in flight, nothing while idle, and EBUSY, bad timestamps, hotplug and master loss
/// survived with frames resuming. (GL runs on llvmpipe; tests touching one context run one at a time.)
@Suite(.serialized) struct KMSFrameLoopTests {
    /// Draws and shows the first frame (red) at vblank `v0`: the modeset. Returns v0.
    static func start(_ rig: KMSFrameLoopRig) throws -> Double {
        rig.paint(red)
        let v0 = KMSFrameLoopRig.after(rig.now)
        rig.run(until: v0)
        #expect(rig.device.commits.count == 1)
        #expect(rig.device.commits.first?.mode == DRMMode(width: 160, height: 120, refreshMilliHz: 60000, preferred: true))
        rig.flip(at: v0, sequence: 1)
        #expect(try rig.shownColor() == [255, 0, 0, 255])
        return v0
    }

    @Test func aTransactionBeforeTheDeadlineMakesTheNextVBlankOneAfterItTheFollowing() throws {
        let rig = try KMSFrameLoopRig()
        let v0 = try Self.start(rig)
        // The first frame took no time, so the budget is its 2 ms margin: v1's deadline is v1 − 2 ms.
        let v1 = KMSFrameLoopRig.after(v0), v2 = KMSFrameLoopRig.after(v0, 2), v3 = KMSFrameLoopRig.after(v0, 3)
        rig.run(until: v1 - 0.0025)
        rig.paint(green)                                        // 0.5 ms before v1's deadline
        rig.run(until: v1)
        #expect(rig.device.commits.count == 2)
        #expect(try rig.shownColor() == [0, 255, 0, 255])
        #expect(abs((rig.loop()?.scheduler.lastTarget ?? 0) - v1) < 1e-9)
        rig.flip(at: v1, sequence: 2)

        rig.run(until: v2 - 0.0015)
        rig.paint(blue)                                         // 0.5 ms after v2's deadline
        rig.run(until: v2)
        #expect(rig.device.commits.count == 2)                  // v2 is missed…
        rig.run(until: v3)
        #expect(rig.device.commits.count == 3)                  // …v3 shows it
        #expect(abs((rig.loop()?.scheduler.lastTarget ?? 0) - v3) < 1e-9)
        #expect(try rig.shownColor() == [0, 0, 255, 255])
    }

    @Test func oneFlipInFlightAndFramesResumeAfterALateFlip() throws {
        let rig = try KMSFrameLoopRig()
        let v0 = try Self.start(rig)
        // An animation runs: every vblank wants a frame.
        var timing = MediaTiming()
        timing.beginTime = rig.now
        timing.duration = 1
        rig.commit([.addAnimation(1, key: "fade", AnimationSpec(keyPath: LayerKeyPath(property: .opacity),
                                                                 kind: .basic(from: .scalar(0), to: .scalar(1), by: nil), timing: timing))])
        rig.run(until: KMSFrameLoopRig.after(v0))
        #expect(rig.device.commits.count == 2)
        #expect(rig.display()?.state == .flipPending)
        // The flip does not complete for three refreshes: no second commit, and the loop sleeps meanwhile
        // (it would wake only to give up on the flip, a second after its vblank).
        #expect(rig.frames.wakeTime.map { abs($0 - (KMSFrameLoopRig.after(v0) + FrameLoop.flipTimeout)) < 1e-9 } == true)
        let wakeUps = rig.wakeUps
        rig.run(until: KMSFrameLoopRig.after(v0, 4) - 0.001)
        #expect(rig.device.commits.count == 2)
        #expect(rig.wakeUps == wakeUps)
        // It completes at v4 (sequence 5): frames resume, the next for v5.
        let v4 = KMSFrameLoopRig.after(v0, 4)
        rig.flip(at: v4, sequence: 5)
        rig.run(until: KMSFrameLoopRig.after(v4))
        #expect(rig.device.commits.count == 3)
        #expect(abs((rig.loop()?.scheduler.lastTarget ?? 0) - KMSFrameLoopRig.after(v4)) < 1e-9)
    }

    @Test func aFlipWhoseEventNeverComesIsGivenUpOnAfterASecond() throws {
        let rig = try KMSFrameLoopRig()
        let v0 = try Self.start(rig)
        rig.paint(green)
        let v1 = KMSFrameLoopRig.after(v0)
        rig.run(until: v1)
        rig.device.loseFlipEvent(crtc: 40)                      // the kernel flipped, the event got lost
        rig.paint(blue)
        rig.run(until: v1 + FrameLoop.flipTimeout - 0.001)
        #expect(rig.device.commits.count == 2)                  // still waiting
        rig.run(until: v1 + FrameLoop.flipTimeout + 2 * KMSFrameLoopRig.refresh)
        #expect(rig.device.commits.count == 3)                  // going on: the latest tree is shown
        #expect(try rig.shownColor() == [0, 0, 255, 255])
        #expect(rig.scanout.surfaces.first?.lockedCount == 2)   // on screen and queued: the lost flip's buffer was not leaked
    }

    @Test func idleMeansNoFlipsAndNoWakeUps() throws {
        let rig = try KMSFrameLoopRig()
        _ = try Self.start(rig)
        let wakeUps = rig.wakeUps
        #expect(rig.frames.wakeTime == nil)
        rig.run(until: rig.now + 5)
        #expect(rig.device.commits.count == 1)
        #expect(rig.wakeUps == wakeUps)
    }

    @Test func anEBUSYDropsTheFrameAndTheNextVBlankShowsIt() throws {
        let rig = try KMSFrameLoopRig()
        let v0 = try Self.start(rig)
        rig.device.busyCommits = 1
        rig.paint(green)
        rig.run(until: KMSFrameLoopRig.after(v0))
        #expect(rig.device.commits.count == 1)                  // refused
        #expect(rig.display()?.state == .ready)
        rig.run(until: KMSFrameLoopRig.after(v0, 2))
        #expect(rig.device.commits.count == 2)                  // drawn again, whole, and shown
        #expect(try rig.shownColor() == [0, 255, 0, 255])
        #expect(rig.scanout.surfaces.first?.lockedCount == 2)   // on screen (red) and queued (green): none leaked
    }

    @Test func aZeroTimestampFallsBackToTheClockOnceAndFramesContinue() throws {
        let rig = try KMSFrameLoopRig()
        let v0 = try Self.start(rig)
        rig.paint(green)
        rig.run(until: KMSFrameLoopRig.after(v0))
        rig.flip(at: 0, sequence: 0, heardAt: KMSFrameLoopRig.after(v0) + 0.0003)
        #expect(rig.loop()?.scheduler.clock.reportedBadTimestamp == true)
        #expect(rig.loop()?.scheduler.clock.lastVBlank == KMSFrameLoopRig.after(v0) + 0.0003)   // the monotonic clock
        rig.paint(blue)
        rig.run(until: rig.now + KMSFrameLoopRig.refresh)
        #expect(rig.device.commits.count == 3)
        #expect(try rig.shownColor() == [0, 0, 255, 255])
    }

    @Test func unpluggingTheOnlyOutputGoesDarkAndPluggingItBackShowsTheLatestTree() throws {
        let rig = try KMSFrameLoopRig()
        let v0 = try Self.start(rig)
        rig.displayEvent { rig.device.plug(hardware([kiosk(connected: false)])) }
        #expect(rig.displays.outputs.isEmpty)
        // Dark: a commit is applied (its completion reported when its animation ends), nothing is drawn,
        // and the loop only wakes for that end.
        var timing = MediaTiming()
        timing.beginTime = rig.now
        timing.duration = 0.5
        rig.commit([.setProperty(1, .backgroundColor, .color(blue)),
                    .addAnimation(1, key: "fade", AnimationSpec(keyPath: LayerKeyPath(property: .opacity),
                                                                kind: .basic(from: .scalar(0), to: .scalar(1), by: nil), timing: timing))],
                   wantsCompletion: true)
        let wakeUps = rig.wakeUps
        rig.run(until: v0 + 2)
        #expect(rig.device.commits.count == 1)
        #expect(rig.wakeUps == wakeUps + 1)
        let completed = rig.sent.first { if case .transactionCompleted = $0.message { true } else { false } }
        #expect(completed.map { abs($0.time - (timing.beginTime + 0.5)) < 1e-9 } == true)   // when the fade ended
        // Back: a modeset and the tree as it is now.
        rig.displayEvent { rig.device.plug(hardware([kiosk()])) }
        #expect(rig.display()?.state == .ready)
        rig.run(until: rig.now + KMSFrameLoopRig.refresh)
        #expect(rig.device.commits.count == 2)
        #expect(rig.device.commits.last?.mode != nil)
        #expect(try rig.shownColor() == [0, 0, 255, 255])
    }

    @Test func losingDRMMasterPausesAndRegainingItRestoresTheMode() throws {
        let rig = try KMSFrameLoopRig()
        let v0 = try Self.start(rig)
        rig.paint(green)
        rig.run(until: KMSFrameLoopRig.after(v0))               // a flip in flight when master goes
        rig.displayEvent { rig.device.loseMaster() }
        #expect(rig.displays.darkReason == "DRM master lost" && rig.display()?.state == .dark("DRM master lost"))
        rig.paint(blue)
        rig.run(until: v0 + 1)
        #expect(rig.device.commits.count == 2)
        rig.displayEvent { rig.device.regainMaster() }
        #expect(rig.display()?.state == .ready)
        rig.run(until: rig.now + KMSFrameLoopRig.refresh)
        #expect(rig.device.commits.count == 3)
        #expect(rig.device.commits.last?.mode != nil)           // the mode is set again
        #expect(try rig.shownColor() == [0, 0, 255, 255])
        rig.flip(at: rig.now + 0.001, sequence: 100)
        #expect(rig.display()?.state == .ready)
    }

    @Test func aPlaneThatCannotRotateLeavesTheTurnToTheRenderer() throws {
        // Plane 50 turns 180° only: 90° is drawn by the renderer into a framebuffer the mode's size.
        let rig = try KMSFrameLoopRig(requests: ["HDMI-A-1": OutputRequest(rotation: 90)])
        #expect(rig.display()?.rotation == 90)
        #expect(rig.display()?.mountRotation == 90)                  // touches are turned back by it
        #expect(rig.display()?.width == 120 && rig.display()?.height == 160)
        rig.commit([.setProperty(1, .backgroundColor, .color(red))])  // 40x30 at the layer space's top left
        rig.run(until: rig.now + 0.02)
        #expect(rig.device.commits.last?.rotation == 0)
        guard let fb = rig.device.commits.last?.framebuffer else { return }
        // Turned 90° clockwise, the top-left corner lands top right of the 160x120 framebuffer.
        #expect(try rig.scanout.pixel(fb, x: 159 - 5, y: 5) == [255, 0, 0, 255])
        #expect(try rig.scanout.pixel(fb, x: 5, y: 5) == [0, 0, 0, 255])
    }

    @Test func aPlaneThatRotatesScansOutABufferInTheLayerSpacesShape() throws {
        let resources = DRMResources(connectors: [kiosk()], crtcs: [40],
                                     planes: [DRMPlane(id: 50, kind: .primary, possibleCRTCs: 0b01, rotations: [0, 90, 180, 270])])
        let rig = try KMSFrameLoopRig(resources, requests: ["HDMI-A-1": OutputRequest(rotation: 90)])
        #expect(rig.display()?.rotation == 0)
        #expect(rig.display()?.mountRotation == 90)                  // the plane turns it: touches still turn back
        #expect(rig.display()?.width == 120 && rig.display()?.height == 160)
        #expect(rig.scanout.surfaces.map { [$0.width, $0.height] } == [[120, 160]])
        rig.paint(red)
        rig.run(until: rig.now + 0.02)
        #expect(rig.device.commits.last?.rotation == 90)
        #expect(try rig.shownColor() == [255, 0, 0, 255])        // unturned in the buffer: the plane turns it
    }

    @Test func aRotationRefusedAtTheModesetIsRedrawnByTheRendererBeforeAnythingIsShown() throws {
        let rig = try KMSFrameLoopRig(requests: ["HDMI-A-1": OutputRequest(rotation: 180)])
        rig.device.testRule = { $0.rotation != 0 ? .rejected("not with this modifier") : nil }
        #expect(rig.display()?.rotation == 0)                        // plane 50 claims 180°
        rig.paint(red)
        rig.run(until: rig.now + 0.02)
        #expect(rig.device.commits.isEmpty)                       // the unturned frame is never shown
        #expect(rig.display()?.rotation == 180)
        rig.run(until: rig.now + KMSFrameLoopRig.refresh)
        #expect(rig.device.commits.count == 1)
        #expect(rig.device.commits.last?.rotation == 0 && rig.device.commits.last?.mode != nil)
        guard let fb = rig.device.commits.last?.framebuffer else { return }
        // The 40x30 layer at the top left, turned 180°, lies at the bottom right of the buffer.
        #expect(try rig.scanout.pixel(fb, x: 155, y: 115) == [255, 0, 0, 255])
        #expect(try rig.scanout.pixel(fb, x: 5, y: 5) == [0, 0, 0, 255])
    }
}
