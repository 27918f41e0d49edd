import Foundation

/// The KMS backend's output logic, independent of GL: which outputs are lit (`OutputSelection`), one
/// page flip in flight per CRTC, modesets when an output appears or master comes back, hotplug and
/// master loss. It talks to the kernel only through `DRMDevice`, so tests drive it with a fake device.
public final class KMSOutputController {
    public struct Output: Equatable, Sendable {
        public internal(set) var assignment: OutputAssignment
        /// The framebuffer of a commit whose flip has not completed yet (at most one).
        public internal(set) var pending: UInt32?
        /// The framebuffer being scanned out.
        public internal(set) var onScreen: UInt32?
        /// The next commit sets the mode (first frame, new mode, master regained).
        public internal(set) var needsModeset = true
    }

    public enum PresentResult: Equatable, Sendable {
        /// Committed; the flip completes with a `Presented` event.
        case queued
        /// A flip is still in flight on this output (or the kernel said EBUSY): present after it completes.
        case busy
        /// Not DRM master: nothing is shown until it comes back.
        case paused
        /// The plane refused the configured rotation (TEST_ONLY): nothing was committed. The output now
        /// rotates in the renderer (`assignment.hardwareRotation` is false): draw the frame again, turned.
        case rendererMustRotate
        case noSuchOutput
    }

    /// A flip completed: `framebuffer` is on screen since the vblank at `timestamp`; `released` may be
    /// drawn into again.
    public struct Presented: Equatable, Sendable {
        public var output: String
        public var framebuffer: UInt32
        public var released: UInt32?
        public var sequence: UInt64
        public var timestamp: Double
    }

    /// What changed in the set of outputs after a hotplug.
    public struct OutputChanges: Equatable, Sendable {
        public var added: [String] = []
        public var removed: [String] = []
        /// Still there with another mode or rotation.
        public var changed: [String] = []
        public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }
    }

    public let device: DRMDevice
    public var requests: [String: OutputRequest]
    public private(set) var outputs: [String: Output] = [:]
    /// Whether DRM master is lost: no commits until it returns.
    public private(set) var paused = false
    /// Problems met choosing outputs (a mode not offered, no CRTC left), for the log.
    public private(set) var problems: [String] = []

    public init(device: DRMDevice, requests: [String: OutputRequest]) throws {
        self.device = device
        self.requests = requests
        _ = try rescan()
    }

    /// Reads the connectors again and lights, keeps or drops outputs. Outputs that stay keep their CRTC
    /// and their flip state; a changed mode or rotation needs a modeset.
    public func rescan() throws -> OutputChanges {
        let (chosen, problems) = OutputSelection.assign(try device.resources(), requests: requests,
                                                        current: outputs.values.map(\.assignment))
        self.problems = problems
        var changes = OutputChanges()
        var next: [String: Output] = [:]
        for a in chosen {
            if var old = outputs[a.name], old.assignment.connector == a.connector {
                if old.assignment != a {
                    changes.changed.append(a.name)
                    old.assignment = a
                    old.needsModeset = true
                }
                next[a.name] = old
            } else {
                changes.added.append(a.name)
                next[a.name] = Output(assignment: a)
            }
        }
        changes.removed = outputs.keys.filter { next[$0] == nil }.sorted()
        outputs = next
        return changes
    }

    /// Shows `framebuffer` on the output at its next vblank. Never commits while a flip is pending.
    /// `fence` (the GPU's "done drawing" fence fd, or nil) is handed to the device or closed here.
    public func present(_ name: String, framebuffer: UInt32, fence: Int32? = nil) throws -> PresentResult {
        var fenceHandedOver = false
        defer { if let fence, !fenceHandedOver { close(fence) } }
        guard var output = outputs[name] else { return .noSuchOutput }
        if paused { return .paused }
        if output.pending != nil { return .busy }
        var a = output.assignment
        var commit = KMSCommit(crtc: a.crtc, connector: a.connector, plane: a.plane, framebuffer: framebuffer,
                               mode: output.needsModeset ? a.mode : nil, rotation: a.hardwareRotation ? a.rotation : 0)
        if output.needsModeset, device.supportsAtomic {
            // A modeset is checked first. A plane that cannot rotate leaves the turn to the renderer, and
            // the frame, drawn for the plane to turn, is not shown.
            do { try device.test(commit) } catch DRMError.rejected(let why) where commit.rotation != 0 {
                a.hardwareRotation = false
                output.assignment = a
                outputs[name] = output
                problems.append("\(name): the plane cannot rotate \(a.rotation)° (\(why)); the renderer rotates instead")
                return .rendererMustRotate
            }
        }
        commit.inFence = fence
        fenceHandedOver = true
        do {
            try device.commit(commit)
        } catch DRMError.busy {
            outputs[name] = output
            return .busy
        } catch DRMError.notMaster {
            paused = true
            return .paused
        }
        output.pending = framebuffer
        output.needsModeset = false
        outputs[name] = output
        return .queued
    }

    /// Stops waiting for the flip queued on `name` (its event never came): the next present commits. If
    /// the kernel still has it pending, that commit gets EBUSY.
    public func abandonFlip(_ name: String) {
        outputs[name]?.pending = nil
    }

    /// Handles the device's pending events: completed flips (returned), hotplug (`changes`), master loss
    /// and return.
    public func handleEvents() throws -> (presented: [Presented], changes: OutputChanges) {
        var presented: [Presented] = []
        var changes = OutputChanges()
        for event in try device.readEvents() {
            switch event {
            case let .flipComplete(crtc, sequence, timestamp):
                guard let (name, output) = outputs.first(where: { $0.value.assignment.crtc == crtc }),
                      let fb = output.pending else { continue }
                presented.append(Presented(output: name, framebuffer: fb, released: output.onScreen, sequence: sequence, timestamp: timestamp))
                outputs[name]?.onScreen = fb
                outputs[name]?.pending = nil
            case .hotplug:
                let c = try rescan()
                changes.added += c.added
                changes.removed += c.removed
                changes.changed += c.changed
            case .masterLost:
                paused = true
            case .masterRegained:
                // The mode may have been changed meanwhile, and flips pending then will not complete.
                paused = false
                for name in outputs.keys {
                    outputs[name]?.needsModeset = true
                    outputs[name]?.pending = nil
                }
            }
        }
        return (presented, changes)
    }
}
