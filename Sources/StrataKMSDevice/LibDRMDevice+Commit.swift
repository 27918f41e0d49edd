import CStrataDRM
import Glibc
import StrataKMS

extension LibDRMDevice {
    /// One atomic commit (or TEST_ONLY check) of the output's connector, CRTC and primary plane.
    /// Kept whole (over 60 lines): an atomic commit's properties in the order the kernel takes them.
    func atomic(_ commit: KMSCommit, flags baseFlags: UInt32, fence: Int32?) throws {
        guard let request = drmModeAtomicAlloc() else { throw DRMError.rejected("drmModeAtomicAlloc: out of memory") }
        defer { drmModeAtomicFree(request) }
        var blob: UInt32 = 0
        // The committed state holds its own reference to the blob: ours can go right after the call.
        defer { if blob != 0 { _ = drmModeDestroyPropertyBlob(fd, blob) } }

        func add(_ object: UInt32, _ ids: [String: UInt32], _ name: String, _ value: UInt64) throws {
            guard let property = ids[name] else { throw DRMError.rejected("KMS object \(object) has no \(name) property") }
            guard drmModeAtomicAddProperty(request, object, property, value) >= 0 else {
                throw DRMError.rejected("drmModeAtomicAddProperty: out of memory")
            }
        }
        let planeIDs = properties.ids(object: commit.plane, type: UInt32(DRM_MODE_OBJECT_PLANE))
        var flags = baseFlags
        var placement = geometry[commit.crtc]
        if let mode = commit.mode {
            var info = try rawMode(mode, connector: commit.connector)
            let ret = drmModeCreatePropertyBlob(fd, &info, MemoryLayout<drmModeModeInfo>.size, &blob)
            guard ret == 0 else { throw Errno.drmError("drmModeCreatePropertyBlob", returned: ret) }
            try add(commit.connector, properties.ids(object: commit.connector, type: UInt32(DRM_MODE_OBJECT_CONNECTOR)), "CRTC_ID", UInt64(commit.crtc))
            let crtcIDs = properties.ids(object: commit.crtc, type: UInt32(DRM_MODE_OBJECT_CRTC))
            try add(commit.crtc, crtcIDs, "MODE_ID", UInt64(blob))
            try add(commit.crtc, crtcIDs, "ACTIVE", 1)
            flags |= UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET)
            placement = planeGeometry(framebuffer: commit.framebuffer, mode: mode, rotation: commit.rotation)
            // Planes a previous DRM client left lit on this CRTC (a cursor, an overlay) go off: only the
            // primary plane shows Strata's frames.
            for other in planesShowing(on: commit.crtc) where other != commit.plane {
                let ids = properties.ids(object: other, type: UInt32(DRM_MODE_OBJECT_PLANE))
                try add(other, ids, "FB_ID", 0)
                try add(other, ids, "CRTC_ID", 0)
            }
        }
        try add(commit.plane, planeIDs, "FB_ID", UInt64(commit.framebuffer))
        try add(commit.plane, planeIDs, "CRTC_ID", UInt64(commit.crtc))
        if let g = placement {
            // Source in 16.16 fixed point, in framebuffer coordinates (before the plane's rotation).
            try add(commit.plane, planeIDs, "SRC_X", 0)
            try add(commit.plane, planeIDs, "SRC_Y", 0)
            try add(commit.plane, planeIDs, "SRC_W", UInt64(g.sourceWidth) << 16)
            try add(commit.plane, planeIDs, "SRC_H", UInt64(g.sourceHeight) << 16)
            try add(commit.plane, planeIDs, "CRTC_X", 0)
            try add(commit.plane, planeIDs, "CRTC_Y", 0)
            try add(commit.plane, planeIDs, "CRTC_W", UInt64(g.width))
            try add(commit.plane, planeIDs, "CRTC_H", UInt64(g.height))
        }
        if planeIDs["rotation"] != nil {
            // Set also at 0°: a previous client may have left the plane rotated.
            guard let value = snapshot?.planeRotations[commit.plane]?[commit.rotation] ?? (commit.rotation == 0 ? 1 : nil) else {
                throw DRMError.rejected("plane \(commit.plane) cannot rotate \(commit.rotation)°")
            }
            try add(commit.plane, planeIDs, "rotation", value)
        } else if commit.rotation != 0 {
            throw DRMError.rejected("plane \(commit.plane) has no rotation property")
        }
        if let fence, fence >= 0, planeIDs["IN_FENCE_FD"] != nil {
            try add(commit.plane, planeIDs, "IN_FENCE_FD", UInt64(bitPattern: Int64(fence)))
        }
        let testOnly = flags & UInt32(DRM_MODE_ATOMIC_TEST_ONLY) != 0
        let ret = drmModeAtomicCommit(fd, request, flags, testOnly ? nil : flips.userData)
        guard ret == 0 else { throw Errno.drmError("drmModeAtomicCommit", returned: ret) }
        if !testOnly {
            geometry[commit.crtc] = placement
            flips.pending.insert(commit.crtc)
        }
    }

    /// The legacy API: drmModeSetCrtc for a modeset (it blocks until the mode is on, so its completion
    /// event is made here, stamped now), drmModePageFlip with an event otherwise. The fence is not
    /// waited for: legacy drivers synchronize implicitly on the buffer.
    func legacy(_ commit: KMSCommit) throws {
        if let mode = commit.mode {
            var info = try rawMode(mode, connector: commit.connector)
            var connector = commit.connector
            let ret = drmModeSetCrtc(fd, commit.crtc, commit.framebuffer, 0, 0, &connector, 1, &info)
            guard ret == 0 else { throw Errno.drmError("drmModeSetCrtc", returned: ret) }
            queueSynthetic(.flipComplete(crtc: commit.crtc, sequence: flips.lastSequence[commit.crtc] ?? 0,
                                         timestamp: DRMFlipEvents.now()))
        } else {
            let ret = drmModePageFlip(fd, commit.crtc, commit.framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), flips.userData)
            guard ret == 0 else { throw Errno.drmError("drmModePageFlip", returned: ret) }
            flips.pending.insert(commit.crtc)
        }
    }

    /// The planes the kernel says are on `crtc` now (read live: our own commits move planes too).
    func planesShowing(on crtc: UInt32) -> [UInt32] {
        (snapshot?.resources.planes ?? []).compactMap { p in
            guard let plane = drmModeGetPlane(fd, p.id) else { return nil }
            defer { drmModeFreePlane(plane) }
            return plane.pointee.crtc_id == crtc && plane.pointee.fb_id != 0 ? p.id : nil
        }
    }

    /// Where the plane shows the framebuffer: all of it (its size from the kernel; the mode's, turned for
    /// 90° and 270°, if the kernel does not say) over the whole mode.
    func planeGeometry(framebuffer: UInt32, mode: DRMMode, rotation: Int) -> PlaneGeometry {
        let turned = rotation % 180 != 0
        var source = (turned ? mode.height : mode.width, turned ? mode.width : mode.height)
        if let fb = drmModeGetFB(fd, framebuffer) {
            source = (Int(fb.pointee.width), Int(fb.pointee.height))
            drmModeFreeFB(fb)
        }
        return PlaneGeometry(sourceWidth: UInt32(clamping: source.0), sourceHeight: UInt32(clamping: source.1),
                             width: UInt32(clamping: mode.width), height: UInt32(clamping: mode.height))
    }
}
