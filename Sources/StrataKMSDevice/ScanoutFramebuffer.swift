import CStrataDRM
import CStrataGBM
import Glibc

/// What drmModeAddFB2 needs to know about one GBM buffer.
struct ScanoutBufferLayout: Equatable {
    var width: UInt32, height: UInt32, format: UInt32, modifier: UInt64
    /// One entry per plane (at most 4).
    var handles: [UInt32], strides: [UInt32], offsets: [UInt32]

    /// Only a real tiling or compression modifier is named to the kernel: "invalid" means the driver's
    /// implicit layout and linear is the default, and the plain call works on drivers without
    /// DRM_CAP_ADDFB2_MODIFIERS.
    var needsExplicitModifier: Bool {
        modifier != STRATA_DRM_FORMAT_MOD_INVALID && modifier != STRATA_DRM_FORMAT_MOD_LINEAR
    }

    init(width: UInt32, height: UInt32, format: UInt32, modifier: UInt64, handles: [UInt32], strides: [UInt32], offsets: [UInt32]) {
        self.width = width; self.height = height; self.format = format; self.modifier = modifier
        self.handles = handles; self.strides = strides; self.offsets = offsets
    }

    init(bo: OpaquePointer) {
        let planes = Int(min(max(gbm_bo_get_plane_count(bo), 1), 4))
        var handles = (0..<planes).map { gbm_bo_get_handle_for_plane(bo, Int32($0)).s32 }
        var strides = (0..<planes).map { gbm_bo_get_stride_for_plane(bo, Int32($0)) }
        // A driver without per-plane queries answers -1: a single-plane buffer still has its whole-bo handle.
        if planes == 1, handles[0] == -1 {
            handles = [gbm_bo_get_handle(bo).s32]
            strides = [gbm_bo_get_stride(bo)]
        }
        self.init(width: gbm_bo_get_width(bo), height: gbm_bo_get_height(bo), format: gbm_bo_get_format(bo),
                  modifier: gbm_bo_get_modifier(bo),
                  handles: handles.map { UInt32(bitPattern: $0) }, strides: strides,
                  offsets: (0..<planes).map { gbm_bo_get_offset(bo, Int32($0)) })
    }

    /// The C calls' four-entry arrays, unused planes zero.
    static func padded<T: BinaryInteger>(_ values: [T]) -> [T] { Array((values + Array(repeating: 0, count: 4)).prefix(4)) }

    /// Registers the buffer with KMS; returns the framebuffer id.
    func addFramebuffer(drmFD: Int32) throws -> UInt32 {
        let handles = Self.padded(handles), strides = Self.padded(strides), offsets = Self.padded(offsets)
        var id: UInt32 = 0
        let call: String, result: Int32
        if needsExplicitModifier {
            let modifiers = Self.padded(Array(repeating: modifier, count: self.handles.count))
            call = "drmModeAddFB2WithModifiers"
            result = drmModeAddFB2WithModifiers(drmFD, width, height, format, handles, strides, offsets, modifiers, &id,
                                                UInt32(DRM_MODE_FB_MODIFIERS))
        } else {
            call = "drmModeAddFB2"
            result = drmModeAddFB2(drmFD, width, height, format, handles, strides, offsets, &id, 0)
        }
        guard result == 0, id != 0 else {
            // libdrm returns -errno from its mode calls (older versions -1 with errno set).
            let code = result < -1 ? -result : errno
            throw KMSDeviceError("\(call)(\(width)x\(height), format 0x\(String(format, radix: 16)), modifier 0x\(String(modifier, radix: 16))) failed: \(String(cString: strerror(code))) (errno \(code))")
        }
        return id
    }
}

/// The DRM framebuffer of one GBM buffer, made on first scanout and kept as the buffer's user data so
/// it lives exactly as long as the buffer: GBM calls the destroy callback (drmModeRmFB) when the
/// surface frees its buffers.
final class ScanoutFramebuffer {
    let drmFD: Int32
    let id: UInt32
    private init(drmFD: Int32, id: UInt32) { self.drmFD = drmFD; self.id = id }

    static func id(for bo: OpaquePointer, drmFD: Int32) throws -> UInt32 {
        if let data = gbm_bo_get_user_data(bo) {
            return Unmanaged<ScanoutFramebuffer>.fromOpaque(data).takeUnretainedValue().id
        }
        let id = try ScanoutBufferLayout(bo: bo).addFramebuffer(drmFD: drmFD)
        let record = Unmanaged.passRetained(ScanoutFramebuffer(drmFD: drmFD, id: id))
        gbm_bo_set_user_data(bo, record.toOpaque()) { _, data in
            guard let data else { return }
            let framebuffer = Unmanaged<ScanoutFramebuffer>.fromOpaque(data).takeRetainedValue()
            drmModeRmFB(framebuffer.drmFD, framebuffer.id)
        }
        return id
    }
}
