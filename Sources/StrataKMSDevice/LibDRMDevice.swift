import CStrataDRM
import Glibc
import StrataKMS

/// The real `DRMDevice`: libdrm on an open DRM card node, with its hotplug (udev) and seat (libseat)
/// events merged behind one pollable `eventFD`.
///
/// DRM master: with a seat, the seat manager hands master over and its enable/disable events say so.
/// Without one (a system service with direct access), a commit refused for lack of master (EACCES/EPERM)
/// starts a retry: every `readEvents()` (a 0.5 s timer on `eventFD` makes sure there is one, hotplug
/// too) tries drmSetMaster, and when it succeeds `masterRegained` follows. Either way `masterRegained`
/// comes with a `hotplug`: displays may have changed while another session had the device.
public final class LibDRMDevice: DRMDevice {
    /// The DRM fd (GBM allocates its scanout buffers on it).
    public let fd: Int32
    public let path: String
    public let supportsAtomic: Bool
    /// Whether flip timestamps are CLOCK_MONOTONIC already (DRM_CAP_TIMESTAMP_MONOTONIC); when not,
    /// they are converted.
    public let monotonicTimestamps: Bool
    /// Facts worth a log line: the API in use, hotplug unavailable, the timestamp clock.
    public private(set) var notes: [String] = []
    public var eventFD: Int32 { multiplexer.fd }

    private let ownsFD: Bool
    /// The seat the card was opened through (nil: opened directly). libseat allows one seat per process,
    /// so the input devices open through this one too.
    public let seat: SeatSession?
    private let seatDeviceID: Int32?
    private let hotplug: UdevHotplugMonitor?
    private let multiplexer: EventMultiplexer
    let properties: DRMPropertyCache
    let flips = DRMFlipEvents()
    var snapshot: DRMSnapshot?
    /// Events the device makes itself (a legacy modeset's completion), returned by the next readEvents.
    private var synthetic: [DRMEvent] = []
    private var waitingForMaster = false
    /// Per CRTC, the plane geometry of its last modeset: page flips keep it.
    var geometry: [UInt32: PlaneGeometry] = [:]

    struct PlaneGeometry: Equatable {
        /// The framebuffer's size (the plane's source), and the mode's (its destination on the CRTC).
        var sourceWidth: UInt32, sourceHeight: UInt32
        var width: UInt32, height: UInt32
    }

    /// Opens `path` (O_RDWR | O_CLOEXEC | O_NONBLOCK), or through `seat` when given.
    public convenience init(path: String, seat: SeatSession? = nil, watchHotplug: Bool = true) throws {
        if let seat {
            let (fd, id) = try seat.openDevice(path)
            try self.init(fd: fd, ownsFD: true, path: path, seat: seat, seatDeviceID: id, watchHotplug: watchHotplug)
        } else {
            let fd = Glibc.open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { throw Errno.error("open \(path)") }
            try self.init(fd: fd, ownsFD: true, path: path, watchHotplug: watchHotplug)
        }
    }

    /// Takes an open DRM fd (from libseat, say). With `ownsFD` it is closed with the device, also when
    /// this throws; with `seatDeviceID` the seat is told when the device is closed.
    public init(fd: Int32, ownsFD: Bool, path: String = "DRM fd", seat: SeatSession? = nil,
                seatDeviceID: Int32? = nil, watchHotplug: Bool = true) throws {
        var ready = false
        defer {
            if !ready {
                if let seat, let seatDeviceID { seat.closeDevice(id: seatDeviceID) }
                if ownsFD { close(fd) }
            }
        }
        // Not a KMS node (a render node, a plain file): say so now rather than at the first commit.
        guard let res = drmModeGetResources(fd) else { throw Errno.error("\(path): drmModeGetResources (not a KMS device?)") }
        drmModeFreeResources(res)

        var notes: [String] = []
        let universal = drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) == 0
        let legacyForced = getenv("STRATA_KMS_LEGACY").map { String(cString: $0) == "1" } ?? false
        let atomic = !legacyForced && universal && drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0
        notes.append(atomic ? "atomic modesetting" : "legacy modesetting (\(legacyForced ? "STRATA_KMS_LEGACY=1" : "the driver has no atomic API"))")
        var monotonic: UInt64 = 0
        let hasCap = drmGetCap(fd, UInt64(DRM_CAP_TIMESTAMP_MONOTONIC), &monotonic) == 0
        if !hasCap || monotonic == 0 { notes.append("flip timestamps are CLOCK_REALTIME: converted to CLOCK_MONOTONIC") }

        let multiplexer = try EventMultiplexer()
        try multiplexer.add(fd)
        var hotplug: UdevHotplugMonitor?
        if watchHotplug {
            do {
                let monitor = try UdevHotplugMonitor(drmFD: fd)
                try multiplexer.add(monitor.fd)
                hotplug = monitor
            } catch {
                notes.append("no hotplug events: \(error)")
            }
        }
        if let seat { try multiplexer.add(seat.fd) }

        self.fd = fd; self.ownsFD = ownsFD; self.path = path; self.seat = seat; self.seatDeviceID = seatDeviceID
        self.supportsAtomic = atomic
        self.monotonicTimestamps = hasCap && monotonic != 0
        self.multiplexer = multiplexer; self.hotplug = hotplug
        self.properties = DRMPropertyCache(fd: fd)
        self.notes = notes
        flips.monotonicTimestamps = monotonicTimestamps
        ready = true
    }

    /// Opens `path` through a seat manager (seatd, logind) when one answers, else directly (a system
    /// service with access to the node). As root the node is opened directly: libseat's fallback for
    /// root is an embedded seatd that takes the VT over, which a service does not want unasked.
    /// STRATA_KMS_SEAT=1 uses a seat also as root, STRATA_KMS_SEAT=0 never does.
    public static func open(path: String) throws -> LibDRMDevice {
        let setting = getenv("STRATA_KMS_SEAT").map { String(cString: $0) }
        var why = setting == "0" ? "STRATA_KMS_SEAT=0" : "running as root"
        if setting == "1" || (setting != "0" && geteuid() != 0) {
            do {
                let seat = try SeatSession()
                let device = try LibDRMDevice(path: path, seat: seat)
                device.notes.append("opened through seat \(seat.name)")
                return device
            } catch {
                why = "\(error)"
            }
        }
        let device = try LibDRMDevice(path: path)
        device.notes.append("opened directly (no seat: \(why))")
        return device
    }

    deinit {
        if let seat, let seatDeviceID { seat.closeDevice(id: seatDeviceID) }
        if ownsFD { close(fd) }
    }

    public func resources() throws -> DRMResources {
        let snapshot = try DRMResourceReader(fd: fd, properties: properties, planeRotationUsable: supportsAtomic).read()
        self.snapshot = snapshot
        return snapshot.resources
    }

    public func test(_ commit: KMSCommit) throws {
        guard supportsAtomic else { return }  // nothing to ask the legacy API: the commit will tell
        try noticingMasterLoss {
            try atomic(commit, flags: UInt32(DRM_MODE_ATOMIC_TEST_ONLY), fence: nil)
        }
    }

    public func commit(_ commit: KMSCommit) throws {
        defer { if let fence = commit.inFence { close(fence) } }
        try noticingMasterLoss {
            if supportsAtomic {
                try atomic(commit, flags: UInt32(DRM_MODE_ATOMIC_NONBLOCK) | UInt32(DRM_MODE_PAGE_FLIP_EVENT), fence: commit.inFence)
            } else {
                try legacy(commit)
            }
        }
    }

    public func readEvents() throws -> [DRMEvent] {
        multiplexer.drainWakeups()
        var events = synthetic
        synthetic.removeAll()
        try flips.read(fd: fd)
        events += flips.take()
        if let seat { events += try seat.readEvents() }
        if let hotplug, hotplug.drain() {
            properties.forgetObjects()
            events.append(.hotplug)
        }
        if waitingForMaster, seat == nil, drmSetMaster(fd) == 0 {
            waitingForMaster = false
            multiplexer.setTimer(interval: 0)
            events.append(.masterRegained)
        }
        // Displays may have been plugged while another session had the device, and its hotplug events
        // went by unread or were ignored: have the connectors read again.
        if events.contains(.masterRegained), !events.contains(.hotplug) {
            properties.forgetObjects()
            events.append(.hotplug)
        }
        return events
    }

    /// Returns `event` from the next readEvents, and makes `eventFD` readable for it.
    func queueSynthetic(_ event: DRMEvent) {
        synthetic.append(event)
        multiplexer.wake()
    }

    /// Starts the drmSetMaster retry when the kernel says we are not master (without a seat, nobody
    /// else will say when it is back).
    private func noticingMasterLoss(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch DRMError.notMaster {
            if seat == nil, !waitingForMaster {
                waitingForMaster = true
                multiplexer.setTimer(interval: 0.5)
            }
            throw DRMError.notMaster
        }
    }

    /// The kernel's timings for a mode from the last `resources()`.
    func rawMode(_ mode: DRMMode, connector: UInt32) throws -> drmModeModeInfo {
        guard let info = snapshot?.rawModes[ConnectorMode(connector: connector, mode: mode)] else {
            throw DRMError.rejected("connector \(connector) offers no mode \(mode) (resources read before?)")
        }
        return info
    }
}
