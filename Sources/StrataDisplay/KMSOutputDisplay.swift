import CStrataGL
import Foundation
import StrataKMS

/// One lit KMS output: frames drawn into its scanout surface and shown by page flips on its CRTC.
/// Made and dropped by `KMSDisplays` as outputs come and go; at most one flip of it is in flight.
public final class KMSOutputDisplay: DisplayBackend {
    public let name: String
    public private(set) var assignment: OutputAssignment
    private let controller: KMSOutputController
    private let surfaces: ScanoutSurfaceFactory
    private var surface: ScanoutSurface
    /// The framebuffer of the queued flip, and the one on screen (released when the next one shows).
    private(set) var pendingFB: UInt32?
    private var onScreenFB: UInt32?

    init(_ assignment: OutputAssignment, controller: KMSOutputController, surfaces: ScanoutSurfaceFactory) throws {
        name = assignment.name
        self.assignment = assignment
        self.controller = controller
        self.surfaces = surfaces
        surface = try Self.makeSurface(for: assignment, surfaces)
    }

    /// A plane that rotates scans out a buffer in the layer space's shape; else the renderer turns the
    /// layer space into a buffer the mode's shape.
    private static func makeSurface(for a: OutputAssignment, _ surfaces: ScanoutSurfaceFactory) throws -> ScanoutSurface {
        try surfaces.makeCurrentWithoutSurface()
        let size = a.hardwareRotation ? a.logicalSize : (a.mode.width, a.mode.height)
        return try surfaces.makeSurface(width: size.0, height: size.1)
    }

    /// The output, its mode and how it is turned, for the log and `strata stats`.
    public var summary: String {
        "\(name) \(assignment.mode) rotation \(assignment.rotation)"
            + (assignment.hardwareRotation || assignment.rotation == 0 ? "" : " (by the renderer)")
    }

    public var width: Int { assignment.logicalSize.width }
    public var height: Int { assignment.logicalSize.height }
    public var rotation: Int { assignment.hardwareRotation ? 0 : assignment.rotation }
    public var mountRotation: Int { assignment.rotation }
    public var refreshInterval: Double { assignment.mode.interval }
    public func makeCurrent() throws { try surface.makeCurrent() }
    public var framebuffer: GLuint { surface.framebuffer }
    public var bufferAge: Int { surface.bufferAge }

    public var state: DisplayState {
        if controller.paused { return .dark("DRM master lost") }
        return pendingFB == nil ? .ready : .flipPending
    }

    public func present(targetTime: Double) throws -> PresentOutcome {
        let frame = try surface.finishFrame()
        let result: KMSOutputController.PresentResult
        do {
            result = try controller.present(name, framebuffer: frame.framebuffer, fence: frame.fence)
        } catch {
            surface.release(frame.framebuffer)
            throw error
        }
        switch result {
        case .queued:
            pendingFB = frame.framebuffer
            return .flipQueued
        case .busy:
            surface.release(frame.framebuffer)
            return .dropped("\(name): the kernel reported a page flip still pending (EBUSY)")
        case .paused:
            surface.release(frame.framebuffer)
            return .dropped("DRM master lost")
        case .noSuchOutput:
            surface.release(frame.framebuffer)
            return .dropped("output \(name) is gone")
        case .rendererMustRotate:
            surface.release(frame.framebuffer)
            // The renderer turns the frames from now on, into a buffer the mode's shape.
            if let a = controller.outputs[name]?.assignment {
                assignment = a
                onScreenFB = nil
                surface = try Self.makeSurface(for: a, surfaces)
            }
            return .dropped(controller.problems.last ?? "\(name): the plane cannot rotate")
        }
    }

    /// The queued flip completed: the frame before it has left the screen.
    func flipped(_ framebuffer: UInt32) -> Bool {
        guard framebuffer == pendingFB else { return false }
        if let old = onScreenFB, old != framebuffer { surface.release(old) }
        onScreenFB = framebuffer
        pendingFB = nil
        return true
    }

    /// DRM master came back (flips queued before it went never complete), or the flip's event did not
    /// come in time.
    public func abandonFlip() {
        if let fb = pendingFB { surface.release(fb) }
        pendingFB = nil
        controller.abandonFlip(name)
    }

    public func nextVBlank(after time: Double) -> Double {
        // Before the first flip the phase is unknown: the mode's interval from `time` is the best guess.
        time + refreshInterval
    }

    public func readPixels() throws -> (width: Int, height: Int, pixels: [UInt8]) {
        try surface.readPixels()
    }
}
