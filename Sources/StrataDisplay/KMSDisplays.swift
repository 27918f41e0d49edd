import Foundation
import StrataKMS

/// The kiosk's screens: one `KMSOutputDisplay` per lit output, paced by its page flips. The output logic
/// (modes, CRTCs, one flip in flight per CRTC, hotplug, master loss) is `KMSOutputController`'s; this
/// class keeps a scanout surface for each output it lights, and turns the device's events into display
/// events. The primary output is the first lit one named in `order` (the configuration's), else the lit
/// one with the lowest connector id.
public final class KMSDisplays: DisplaySet {
    public let backendName = "kms"
    private let controller: KMSOutputController
    private let surfaces: ScanoutSurfaceFactory
    private let order: [String]
    public private(set) var displays: [KMSOutputDisplay] = []

    public init(controller: KMSOutputController, surfaces: ScanoutSurfaceFactory, order: [String] = []) throws {
        self.controller = controller
        self.surfaces = surfaces
        self.order = order
        _ = try sync()
    }

    public var outputs: [DisplayBackend] { displays }
    public var darkReason: String? { controller.paused ? "DRM master lost" : nil }
    public var eventFD: Int32? { controller.device.eventFD }
    public func makeCurrentWithoutOutput() throws { try surfaces.makeCurrentWithoutSurface() }

    /// The lit outputs, for the log and `strata stats`.
    public var summary: String { displays.isEmpty ? "none" : displays.map(\.summary).joined(separator: ", ") }

    public func handleEvents(now: Double) throws -> [DisplayEvent] {
        let wasPaused = controller.paused
        let (presented, changes) = try controller.handleEvents()
        var events: [DisplayEvent] = []
        for p in presented {
            guard let display = displays.first(where: { $0.name == p.output }), display.flipped(p.framebuffer) else { continue }
            events.append(.presented(output: p.output, timestamp: p.timestamp, sequence: p.sequence))
        }
        var what: [String] = []
        if controller.paused != wasPaused {
            what.append(controller.paused ? "DRM master lost" : "DRM master regained")
            if !controller.paused { displays.forEach { $0.abandonFlip() } }
        }
        if !changes.isEmpty {
            what += changes.added.map { "\($0) connected" } + changes.removed.map { "\($0) disconnected" }
                + changes.changed.map { "\($0) changed" }
            what += try sync()
        }
        if !what.isEmpty {
            what += controller.problems
            events.append(.reconfigured(what.joined(separator: "; ") + "; outputs: \(summary)"))
        }
        return events
    }

    /// The outputs `controller` lights, in the order displays keep them (the primary first): known
    /// before any surface or GL context exists, so the server can announce them while it starts.
    public static func lit(_ controller: KMSOutputController, order: [String]) -> [OutputAssignment] {
        let lit = controller.outputs.values.map(\.assignment).sorted { $0.connector < $1.connector }
        return order.compactMap { name in lit.first { $0.name == name } } + lit.filter { !order.contains($0.name) }
    }

    /// Makes the displays match the controller's lit outputs: new ones get a surface, gone ones are
    /// dropped, changed ones (mode, rotation) are made again. Returns what the log should say.
    private func sync() throws -> [String] {
        var notes: [String] = []
        var next: [KMSOutputDisplay] = []
        for a in Self.lit(controller, order: order) {
            if let kept = displays.first(where: { $0.name == a.name && $0.assignment == a }) {
                next.append(kept)
            } else {
                // The old surface goes first: its buffers are not shown any more (a modeset follows).
                displays.removeAll { $0.name == a.name }
                next.append(try KMSOutputDisplay(a, controller: controller, surfaces: surfaces))
                notes.append("drawing \(a.name) at \(a.mode)")
            }
        }
        displays = next
        try? surfaces.makeCurrentWithoutSurface()
        return notes
    }
}
