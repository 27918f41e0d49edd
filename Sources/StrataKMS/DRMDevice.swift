import Foundation

/// The narrow interface to one DRM/KMS device: what the KMS backend asks the kernel (through libdrm) and
/// what it hears back. The real implementation wraps libdrm; tests drive the backend's logic with a fake
/// one (connectors, modes, planes, flip events with chosen timestamps, EBUSY, hotplug, master loss).
public protocol DRMDevice: AnyObject {
    /// Polled for page-flip completions (readable when events are pending).
    var eventFD: Int32 { get }
    /// Whether the driver offers atomic modesetting (else the legacy SetCrtc/PageFlip calls are used).
    var supportsAtomic: Bool { get }
    /// Connectors, CRTCs and planes as the kernel reports them now.
    func resources() throws -> DRMResources
    /// Checks a commit without applying it (DRM_MODE_ATOMIC_TEST_ONLY; its `inFence` is not used).
    func test(_ commit: KMSCommit) throws
    /// Applies a commit without blocking, asking for a page-flip event on completion
    /// (DRM_MODE_ATOMIC_NONBLOCK | DRM_MODE_PAGE_FLIP_EVENT, or the legacy calls). Throws `DRMError.busy`
    /// while a flip is still pending on the CRTC. Closes `commit.inFence`, whatever the outcome.
    func commit(_ commit: KMSCommit) throws
    /// Reads the events that are pending (after `eventFD` became readable).
    func readEvents() throws -> [DRMEvent]
}

public struct DRMResources: Equatable, Sendable {
    public var connectors: [DRMConnector]
    public var crtcs: [UInt32]
    public var planes: [DRMPlane]

    public init(connectors: [DRMConnector], crtcs: [UInt32], planes: [DRMPlane]) {
        self.connectors = connectors; self.crtcs = crtcs; self.planes = planes
    }
}

public struct DRMConnector: Equatable, Sendable {
    public var id: UInt32
    /// The kernel's name, as in /sys/class/drm: "HDMI-A-1", "eDP-1", "Virtual-1".
    public var name: String
    public var connected: Bool
    public var modes: [DRMMode]
    /// Bit i set: the connector can be driven by `DRMResources.crtcs[i]`.
    public var possibleCRTCs: UInt32
    /// The panel's size in millimetres as its EDID gives it (0: unknown, as for projectors and some TVs).
    public var widthMM: Int, heightMM: Int

    public init(id: UInt32, name: String, connected: Bool, modes: [DRMMode], possibleCRTCs: UInt32, widthMM: Int = 0, heightMM: Int = 0) {
        self.id = id; self.name = name; self.connected = connected; self.modes = modes; self.possibleCRTCs = possibleCRTCs
        self.widthMM = widthMM; self.heightMM = heightMM
    }
}

public struct DRMMode: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Int, height: Int
    /// Refresh rate in millihertz (the mode's exact rate: 59940 for 59.94 Hz).
    public var refreshMilliHz: Int
    /// The connector's preferred mode (DRM_MODE_TYPE_PREFERRED).
    public var preferred: Bool

    public init(width: Int, height: Int, refreshMilliHz: Int, preferred: Bool = false) {
        self.width = width; self.height = height; self.refreshMilliHz = refreshMilliHz; self.preferred = preferred
    }

    /// Seconds per refresh.
    public var interval: Double { 1000 / Double(max(refreshMilliHz, 1)) }
    public var description: String { "\(width)x\(height)@\(Double(refreshMilliHz) / 1000)" }
}

public struct DRMPlane: Equatable, Sendable {
    public enum Kind: Sendable { case primary, overlay, cursor }
    public var id: UInt32
    public var kind: Kind
    /// Bit i set: the plane can be used with `DRMResources.crtcs[i]`.
    public var possibleCRTCs: UInt32
    /// Rotations the plane can scan out in hardware (its "rotation" property), in degrees.
    public var rotations: Set<Int>

    public init(id: UInt32, kind: Kind, possibleCRTCs: UInt32, rotations: Set<Int> = [0]) {
        self.id = id; self.kind = kind; self.possibleCRTCs = possibleCRTCs; self.rotations = rotations
    }
}

/// One atomic commit (or its legacy equivalent) for one output.
public struct KMSCommit: Equatable, Sendable {
    public var crtc: UInt32
    public var connector: UInt32
    public var plane: UInt32
    /// The framebuffer to scan out.
    public var framebuffer: UInt32
    /// Set when the mode must be (re)applied: the first frame, after hotplug or regaining master.
    public var mode: DRMMode?
    /// Hardware rotation of the plane in degrees (0 when the renderer rotates instead).
    public var rotation: Int
    /// A fence fd that signals when the GPU has finished the framebuffer (the plane's IN_FENCE_FD), or
    /// nil. The device uses it where the driver has the property and closes it either way.
    public var inFence: Int32?

    public init(crtc: UInt32, connector: UInt32, plane: UInt32, framebuffer: UInt32, mode: DRMMode?, rotation: Int, inFence: Int32? = nil) {
        self.crtc = crtc; self.connector = connector; self.plane = plane; self.framebuffer = framebuffer
        self.mode = mode; self.rotation = rotation; self.inFence = inFence
    }
}

public enum DRMEvent: Equatable, Sendable {
    /// A page flip completed on `crtc`: the vblank's sequence number and time (CLOCK_MONOTONIC seconds;
    /// drivers sometimes report 0).
    case flipComplete(crtc: UInt32, sequence: UInt64, timestamp: Double)
    /// Connectors changed (udev hotplug): read the resources again.
    case hotplug
    /// DRM master was lost (VT switch, seat change): nothing may be committed until it is back.
    case masterLost
    case masterRegained
}

public enum DRMError: Error, Equatable, Sendable, CustomStringConvertible {
    /// EBUSY: a flip is still pending on the CRTC.
    case busy
    /// EACCES/EPERM: not DRM master.
    case notMaster
    /// EINVAL and the like from a TEST_ONLY or real commit.
    case rejected(String)

    public var description: String {
        switch self {
        case .busy: "a page flip is still pending (EBUSY)"
        case .notMaster: "not DRM master"
        case .rejected(let why): "commit rejected: \(why)"
        }
    }
}
