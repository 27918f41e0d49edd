import CStrataDRM
import Glibc
import StrataKMS

/// A mode of one connector: the key under which the kernel's full timings are kept for modesets.
struct ConnectorMode: Hashable {
    var connector: UInt32
    var mode: DRMMode
}

/// What one read of the device's connectors, CRTCs and planes yields: the `DRMResources` the KMS logic
/// sees, plus what commits need and the protocol's value types leave out.
struct DRMSnapshot {
    var resources: DRMResources
    /// The kernel's timings for each mode offered (MODE_ID blobs and drmModeSetCrtc need all of them).
    var rawModes: [ConnectorMode: drmModeModeInfo]
    /// Per plane: clockwise degrees → the rotation property's value for them.
    var planeRotations: [UInt32: [Int: UInt64]]
}

/// Reads connectors (with their modes and names), CRTCs and planes through libdrm.
struct DRMResourceReader {
    let fd: Int32
    let properties: DRMPropertyCache
    /// Without atomic commits the plane's rotation cannot be set: report every plane as unrotatable so
    /// the renderer rotates.
    let planeRotationUsable: Bool

    /// Kept whole (over 60 lines): the device's resources read in the order they reference each other.
    func read() throws -> DRMSnapshot {
        guard let res = drmModeGetResources(fd) else { throw Errno.error("drmModeGetResources") }
        defer { drmModeFreeResources(res) }
        let crtcs = Self.ids(res.pointee.crtcs, res.pointee.count_crtcs)
        var rawModes: [ConnectorMode: drmModeModeInfo] = [:]
        var connectors: [DRMConnector] = []
        for id in Self.ids(res.pointee.connectors, res.pointee.count_connectors) {
            // A connector can vanish between the two calls (DP MST unplug): skip it, the hotplug follows.
            guard let c = drmModeGetConnector(fd, id) else { continue }
            defer { drmModeFreeConnector(c) }
            var modes: [DRMMode] = []
            if let list = c.pointee.modes {
                for i in 0..<Int(max(c.pointee.count_modes, 0)) {
                    let info = list[i]
                    let mode = DRMMode(width: Int(info.hdisplay), height: Int(info.vdisplay),
                                       refreshMilliHz: ModeRefresh.milliHz(info),
                                       preferred: info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0)
                    let key = ConnectorMode(connector: id, mode: mode)
                    // Modes the KMS logic cannot tell apart (1080i60 and 1080p60): keep the first the
                    // kernel lists (its order puts the better first), but never an interlaced one over a
                    // progressive one.
                    if let kept = rawModes[key] {
                        if kept.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0, info.flags & UInt32(DRM_MODE_FLAG_INTERLACE) == 0 {
                            rawModes[key] = info
                        }
                        continue
                    }
                    rawModes[key] = info
                    modes.append(mode)
                }
            }
            var possible: UInt32 = 0
            for encoderID in Self.ids(c.pointee.encoders, c.pointee.count_encoders) {
                guard let encoder = drmModeGetEncoder(fd, encoderID) else { continue }
                possible |= encoder.pointee.possible_crtcs
                drmModeFreeEncoder(encoder)
            }
            connectors.append(DRMConnector(id: id, name: ConnectorName.name(type: c.pointee.connector_type, typeID: c.pointee.connector_type_id),
                                           connected: c.pointee.connection.rawValue == DRM_MODE_CONNECTED.rawValue,
                                           modes: modes, possibleCRTCs: possible, widthMM: Int(c.pointee.mmWidth),
                                           heightMM: Int(c.pointee.mmHeight)))
        }
        var planes: [DRMPlane] = []
        var planeRotations: [UInt32: [Int: UInt64]] = [:]
        // No plane resources (a driver without planes): the connectors can still be listed.
        if let planeRes = drmModeGetPlaneResources(fd) {
            defer { drmModeFreePlaneResources(planeRes) }
            for id in Self.ids(planeRes.pointee.planes, Int32(clamping: planeRes.pointee.count_planes)) {
                guard let plane = drmModeGetPlane(fd, id) else { continue }
                let possible = plane.pointee.possible_crtcs
                drmModeFreePlane(plane)
                let props = properties.current(object: id, type: UInt32(DRM_MODE_OBJECT_PLANE))
                var rotations: [Int: UInt64] = [0: 1]
                if planeRotationUsable, let rotation = props["rotation"], let p = properties.property(rotation.id) {
                    rotations = PlaneRotation.supported(p.enums.map { (name: $0.name, bitIndex: $0.value) })
                }
                planeRotations[id] = rotations
                planes.append(DRMPlane(id: id, kind: Self.kind(props["type"]?.value), possibleCRTCs: possible,
                                       rotations: Set(rotations.keys).union([0])))
            }
        }
        return DRMSnapshot(resources: DRMResources(connectors: connectors, crtcs: crtcs, planes: planes),
                           rawModes: rawModes, planeRotations: planeRotations)
    }

    /// The "type" property's value (DRM_PLANE_TYPE_*); a plane without it is an overlay (the kernel only
    /// lists primary and cursor planes to clients that asked for universal planes, and those have it).
    static func kind(_ value: UInt64?) -> DRMPlane.Kind {
        switch value {
        case UInt64(DRM_PLANE_TYPE_PRIMARY): .primary
        case UInt64(DRM_PLANE_TYPE_CURSOR): .cursor
        default: .overlay
        }
    }

    static func ids(_ pointer: UnsafeMutablePointer<UInt32>?, _ count: Int32) -> [UInt32] {
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(count)))
    }
}
