import CStrataGL
import Foundation
import StrataKMS

/// The kiosk display: frames drawn into an output's scanout surface and shown by page flips, paced by
/// the flips' vblank timestamps. The output logic (modes, CRTCs, one flip in flight, hotplug, master
/// loss) is `KMSOutputController`'s; this class ties it to GL surfaces. It drives one output, the first
/// lit in `order` (then by connector id); further connected outputs stay dark, said in the log.
public final class KMSDisplay: DisplayBackend {
    public let name = "kms"
    private let controller: KMSOutputController
    private let surfaces: ScanoutSurfaceFactory
    /// Output names to drive first, in this order (the configuration's); others by connector id.
    private let order: [String]
    /// The output drawn and its surface (nil: none lit).
    private var active: (name: String, assignment: OutputAssignment, surface: ScanoutSurface)?
    /// The framebuffer of the queued flip, and the one on screen (released when the next one shows).
    private var pendingFB: UInt32?
    private var onScreenFB: UInt32?
    /// The last known layer-space size and refresh, kept while dark so the server's numbers stay sane.
    public private(set) var width = 0
    public private(set) var height = 0
    public private(set) var refreshInterval = 1.0 / 60
    public private(set) var rotation = 0

    public init(controller: KMSOutputController, surfaces: ScanoutSurfaceFactory, order: [String] = []) throws {
        self.controller = controller
        self.surfaces = surfaces
        self.order = order
        _ = try chooseActive()
    }

    /// Which output is drawn and how, for the log and `strata stats`.
    public var outputDescription: String {
        guard let a = active?.assignment else { return "none" }
        return "\(a.name) \(a.mode) rotation \(a.rotation)" + (a.hardwareRotation || a.rotation == 0 ? "" : " (by the renderer)")
    }

    public var activeOutput: String? { active?.name }

    public func makeCurrent() throws {
        if let active { try active.surface.makeCurrent() } else { try surfaces.makeCurrentWithoutSurface() }
    }

    public var framebuffer: GLuint { active?.surface.framebuffer ?? 0 }
    public var bufferAge: Int { active?.surface.bufferAge ?? 0 }
    public var eventFD: Int32? { controller.device.eventFD }

    public var state: DisplayState {
        if controller.paused { return .dark("DRM master lost") }
        guard active != nil else { return .dark("no output connected") }
        return pendingFB == nil ? .ready : .flipPending
    }

    public func present(targetTime: Double) throws -> PresentOutcome {
        guard let active else { return .dropped("no output connected") }
        let frame = try active.surface.finishFrame()
        let result: KMSOutputController.PresentResult
        do {
            result = try controller.present(active.name, framebuffer: frame.framebuffer, fence: frame.fence)
        } catch {
            active.surface.release(frame.framebuffer)
            throw error
        }
        switch result {
        case .queued:
            pendingFB = frame.framebuffer
            return .flipQueued
        case .rendererMustRotate:
            // The plane refused the rotation: the renderer turns the frames, into a buffer the mode's size.
            let problem = controller.problems.last ?? "the plane cannot rotate"
            dropActive()
            _ = try chooseActive()
            return .dropped(problem)
        case .busy:
            active.surface.release(frame.framebuffer)
            return .dropped("the kernel reported a page flip still pending (EBUSY)")
        case .paused:
            active.surface.release(frame.framebuffer)
            return .dropped("DRM master lost")
        case .noSuchOutput:
            active.surface.release(frame.framebuffer)
            return .dropped("output \(active.name) is gone")
        }
    }

    public func handleEvents(now: Double) throws -> [DisplayEvent] {
        let wasPaused = controller.paused
        let (presented, changes) = try controller.handleEvents()
        var events: [DisplayEvent] = []
        for p in presented where p.output == active?.name && p.framebuffer == pendingFB {
            if let old = onScreenFB, old != p.framebuffer { active?.surface.release(old) }
            onScreenFB = p.framebuffer
            pendingFB = nil
            events.append(.presented(timestamp: p.timestamp, sequence: p.sequence))
        }
        var what: [String] = []
        if controller.paused != wasPaused {
            what.append(controller.paused ? "DRM master lost" : "DRM master regained")
            // Flips queued before the loss never complete; the mode is set again with the next frame.
            if !controller.paused, let fb = pendingFB { active?.surface.release(fb); pendingFB = nil }
        }
        if !changes.isEmpty {
            what += changes.added.map { "\($0) connected" } + changes.removed.map { "\($0) disconnected" }
                + changes.changed.map { "\($0) changed" }
            what += try chooseActive()
        }
        if !what.isEmpty {
            what += controller.problems
            events.append(.reconfigured(what.joined(separator: "; ") + "; showing on \(outputDescription)"))
        }
        return events
    }

    /// Picks the output to draw after a rescan, and (re)makes its surface when it or its mode changed.
    /// Returns what the log should say about it.
    private func chooseActive() throws -> [String] {
        let lit = controller.outputs.values.map(\.assignment).sorted { $0.connector < $1.connector }
        let pick = order.lazy.compactMap { name in lit.first { $0.name == name } }.first ?? lit.first
        var notes = lit.filter { $0.name != pick?.name }.map { "unsupported: more than one output at once; \($0.name) left dark" }
        guard let pick else {
            if active != nil { dropActive() }
            return notes
        }
        if let active, active.assignment == pick { return notes }
        if active != nil { dropActive() }
        try surfaces.makeCurrentWithoutSurface()
        // A plane that rotates scans out a buffer in the layer space's shape; else the renderer turns the
        // layer space into a buffer the mode's shape.
        let size = pick.hardwareRotation ? pick.logicalSize : (pick.mode.width, pick.mode.height)
        let surface = try surfaces.makeSurface(width: size.0, height: size.1)
        active = (pick.name, pick, surface)
        width = pick.logicalSize.width
        height = pick.logicalSize.height
        rotation = pick.hardwareRotation ? 0 : pick.rotation
        refreshInterval = pick.mode.interval
        notes.append("drawing \(pick.name) at \(pick.mode)")
        return notes
    }

    /// Lets go of the drawn output's surface; its buffers are not shown any more (or soon replaced).
    private func dropActive() {
        pendingFB = nil
        onScreenFB = nil
        active = nil
        try? surfaces.makeCurrentWithoutSurface()
    }

    public func nextVBlank(after time: Double) -> Double {
        // Before the first flip the phase is unknown: the mode's interval from `time` is the best guess.
        time + refreshInterval
    }

    public func readPixels() throws -> (width: Int, height: Int, pixels: [UInt8]) {
        guard let active else { throw DisplayError("no output connected: nothing on screen to read") }
        return try active.surface.readPixels()
    }
}
