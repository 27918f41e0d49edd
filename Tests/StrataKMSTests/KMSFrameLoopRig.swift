import Foundation
import Logging
import StrataCore
import StrataDisplay
import StrataKMS
import StrataProtocol
@testable import StrataServer

/// The server's real frame logic (FrameLoops, Compositor, KMSDisplays, KMSOutputController) on a fake DRM
/// device and offscreen scanout buffers, with time in the test's hands: `run(until:)` wakes the loop at
/// each time it asks for, as the poll loop would, and flips complete when the test says.
final class KMSFrameLoopRig {
    static let refresh = 1.0 / 60
    var now = 10.0
    let device: FakeDRMDevice
    let scanout: OffscreenScanout
    let displays: KMSDisplays
    let compositor: Compositor
    let frames: FrameLoops
    /// Messages the clients were sent, and when.
    private(set) var sent: [(time: Double, client: UInt32, message: ServerMessage)] = []
    /// Loop turns taken because the loop asked to wake (not counting input or display events).
    private(set) var wakeUps = 0
    private var transaction: UInt64 = 0

    init(_ resources: DRMResources = hardware([kiosk()]), requests: [String: OutputRequest] = [:], order: [String] = []) throws {
        device = FakeDRMDevice(resources)
        scanout = try OffscreenScanout()
        displays = try KMSDisplays(controller: try KMSOutputController(device: device, requests: requests), surfaces: scanout,
                                   order: order)
        compositor = try Compositor(display: displays)
        var logger = Logger(label: "test.kms")
        logger.logLevel = .critical
        var clock: () -> Double = { 0 }
        frames = FrameLoops(compositor: compositor, logger: logger, clock: { clock() })
        clock = { [unowned self] in self.now }
        frames.send = { [unowned self] message, client in self.sent.append((self.now, client, message)) }
        compositor.events = self
        compositor.addClient(1)
        commit([.createLayer(1), .setProperty(1, .bounds, .rect(CGRect(x: 0, y: 0, width: 40, height: 30))),
                .setProperty(1, .position, .point(CGPoint(x: 20, y: 15))), .attachRoot(1)])
    }

    /// A client's commit arrives now.
    func commit(_ operations: [LayerOperation], wantsCompletion: Bool = false, client: UInt32 = 1) {
        transaction += 1
        compositor.submit(Commit(transactionID: transaction, wantsCompletion: wantsCompletion, operations: operations), fds: [], from: client)
    }

    /// The loop of the output named `name` (the first lit one for nil).
    func loop(_ name: String = "HDMI-A-1") -> FrameLoop? { frames.loop(name) }

    /// The display of the output named `name`.
    func display(_ name: String = "HDMI-A-1") -> KMSOutputDisplay? { displays.displays.first { $0.name == name } }

    /// The root layer turns `color` (no animation: it shows at the next frame).
    func paint(_ color: Color) { commit([.setProperty(1, .backgroundColor, .color(color))]) }

    /// Runs the loop until `time`: a turn now (as after input), then plans and takes a turn at every time
    /// it asks to be woken.
    func run(until time: Double) {
        frames.turn(now: now)
        while true {
            frames.plan(now: now)
            guard let wake = frames.wakeTime, wake <= time else { break }
            now = max(now, wake)
            wakeUps += 1
            frames.turn(now: now)
        }
        now = max(now, time)
        frames.turn(now: now)
    }

    /// The flip in flight on `crtc` completes at `timestamp` (with `sequence`); the loop hears of it now.
    func flip(at timestamp: Double, sequence: UInt64, heardAt: Double? = nil, crtc: UInt32 = 40) {
        device.completeFlip(crtc: crtc, sequence: sequence, timestamp: timestamp)
        now = max(now, heardAt ?? timestamp)
        frames.handleDisplayEvents(now: now)
    }

    /// A hotplug, master loss or return: the loop hears of it now.
    func displayEvent(_ happen: () -> Void) {
        happen()
        frames.handleDisplayEvents(now: now)
    }

    /// The colour of the root layer's middle in the framebuffer of the last commit (on `crtc`).
    func shownColor(crtc: UInt32 = 40) throws -> [UInt8] {
        guard let fb = device.commits.last(where: { $0.crtc == crtc })?.framebuffer else { return [] }
        return try scanout.pixel(fb, x: 20, y: 15)
    }

    /// The vblank after `v`.
    static func after(_ v: Double, _ n: Int = 1) -> Double { v + Double(n) * refresh }
}

/// A kiosk panel small enough for llvmpipe: 160x120 at 60 Hz, on CRTC 40 / plane 50.
func kiosk(connected: Bool = true) -> DRMConnector {
    DRMConnector(id: 30, name: "HDMI-A-1", connected: connected,
                 modes: [DRMMode(width: 160, height: 120, refreshMilliHz: 60000, preferred: true)], possibleCRTCs: 0b01)
}

let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
let green = Color(red: 0, green: 1, blue: 0, alpha: 1)
let blue = Color(red: 0, green: 0, blue: 1, alpha: 1)

/// The compositor's messages go through the frame loops, as the server's do; the rest is not looked at.
extension KMSFrameLoopRig: CompositorEvents {
    func deliver(_ message: ServerMessage, to client: UInt32) { frames.deliver(message, to: client) }
    func commitFailed(client: UInt32, reason: String) {}
    func textLayoutFailed(client: UInt32, layer: LayerID, reason: String) {}
    func renderBudgetChanged(client: UInt32, every: Int, costMilliseconds: Double, frameMilliseconds: Double) {}
    func framePresented(on display: DisplayBackend, at targetTime: Double) {}
    func keyFocusRequested(client: UInt32, layer: LayerID) {}
}
