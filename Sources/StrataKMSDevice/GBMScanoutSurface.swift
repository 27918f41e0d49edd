import CStrataGBM
import CStrataGL
import Glibc
import StrataDisplay

/// One output's GBM surface and the EGL window surface drawn into it. GBM hands out its buffers
/// (usually 2 to 4) one per finished frame; each stays locked until `release` says it left the screen.
public final class GBMScanoutSurface: ScanoutSurface {
    public let width: Int
    public let height: Int
    /// The EGL display and shared context belong to the factory: held so they outlive this surface.
    public let factory: GBMScanout
    private let gbmSurface: OpaquePointer
    private let eglSurface: EGLSurface
    /// Buffers handed out by `finishFrame` and not yet released, by DRM framebuffer id.
    private var locked: [UInt32: OpaquePointer] = [:]
    /// The framebuffer id of the last finished frame.
    private var lastFinished: UInt32?

    init(factory: GBMScanout, width: Int, height: Int) throws {
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw KMSDeviceError("scanout surface size \(width)x\(height) out of range (1…16384)")
        }
        let usage = GBM_BO_USE_SCANOUT.rawValue | GBM_BO_USE_RENDERING.rawValue
        guard let gbmSurface = gbm_surface_create(factory.device, UInt32(width), UInt32(height), STRATA_GBM_FORMAT_XRGB8888, usage) else {
            throw KMSDeviceError("gbm_surface_create(\(width)x\(height), XRGB8888, SCANOUT|RENDERING) failed: \(String(cString: strerror(errno)))")
        }
        do {
            eglSurface = try factory.createWindowSurface(on: gbmSurface)
        } catch {
            gbm_surface_destroy(gbmSurface)
            throw error
        }
        self.factory = factory
        self.gbmSurface = gbmSurface
        self.width = width
        self.height = height
    }

    deinit {
        for bo in locked.values { gbm_surface_release_buffer(gbmSurface, bo) }
        // Never leave the context current on a destroyed surface: keep it current without one, or drop it.
        if eglGetCurrentSurface(EGL_DRAW) == eglSurface || eglGetCurrentSurface(EGL_READ) == eglSurface {
            if !factory.hasSurfacelessContext || eglMakeCurrent(factory.display, nil, nil, factory.context) != EGL_TRUE {
                eglMakeCurrent(factory.display, nil, nil, nil)
            }
        }
        eglDestroySurface(factory.display, eglSurface)
        // Frees the buffers; their user-data callbacks remove the DRM framebuffers, which turns off a
        // plane still showing one: the caller takes the output off this surface's frames first.
        gbm_surface_destroy(gbmSurface)
    }

    public func makeCurrent() throws {
        guard eglMakeCurrent(factory.display, eglSurface, eglSurface, factory.context) == EGL_TRUE else {
            throw KMSDeviceError.egl("eglMakeCurrent(scanout surface \(width)x\(height))")
        }
    }

    /// An EGL window surface draws into the default framebuffer.
    public var framebuffer: GLuint { 0 }

    /// Needs this surface current on the calling thread (EGL answers EGL_BAD_SURFACE otherwise: 0).
    public var bufferAge: Int {
        guard factory.hasBufferAge else { return 0 }
        var age: EGLint = 0
        guard eglQuerySurface(factory.display, eglSurface, STRATA_EGL_BUFFER_AGE_EXT, &age) == EGL_TRUE else { return 0 }
        return Int(max(age, 0))
    }

    /// Needs this surface current. The fence is inserted after the frame's commands and before the swap,
    /// whose flush is what makes its fd exist (as kmscube and weston do).
    public func finishFrame() throws -> ScanoutFrame {
        // Every buffer is locked: the caller kept more frames than GBM has buffers.
        guard gbm_surface_has_free_buffers(gbmSurface) != 0 else {
            throw KMSDeviceError("gbm_surface_has_free_buffers: all \(locked.count) buffers are locked; release a framebuffer before finishing another frame")
        }
        let swap = { [factory, eglSurface] in
            guard eglSwapBuffers(factory.display, eglSurface) == EGL_TRUE else { throw KMSDeviceError.egl("eglSwapBuffers") }
        }
        let fence: Int32?
        if let fences = factory.fences {
            fence = try fences.fence(on: factory.display, flushingWith: swap)
        } else {
            try swap()
            fence = nil
        }
        var handedOver = false
        defer { if !handedOver, let fence { close(fence) } }
        guard let bo = gbm_surface_lock_front_buffer(gbmSurface) else {
            throw KMSDeviceError("gbm_surface_lock_front_buffer returned no buffer")
        }
        let id: UInt32
        do {
            id = try ScanoutFramebuffer.id(for: bo, drmFD: factory.drmFD)
        } catch {
            gbm_surface_release_buffer(gbmSurface, bo)
            throw error
        }
        locked[id] = bo
        lastFinished = id
        handedOver = true
        return ScanoutFrame(framebuffer: id, fence: fence)
    }

    public func release(_ framebuffer: UInt32) {
        guard let bo = locked.removeValue(forKey: framebuffer) else { return }
        gbm_surface_release_buffer(gbmSurface, bo)
    }

    /// Maps the last finished buffer for reading: it must still be locked (not yet released), since a
    /// released buffer may already hold the next frame's drawing.
    public func readPixels() throws -> (width: Int, height: Int, pixels: [UInt8]) {
        guard let id = lastFinished else { throw KMSDeviceError("readPixels: no frame finished yet") }
        guard let bo = locked[id] else { throw KMSDeviceError("readPixels: the last frame's framebuffer \(id) was already released") }
        let width = gbm_bo_get_width(bo), height = gbm_bo_get_height(bo)
        var stride: UInt32 = 0
        var mapping: UnsafeMutableRawPointer?
        guard let base = gbm_bo_map(bo, 0, 0, width, height, GBM_BO_TRANSFER_READ.rawValue, &stride, &mapping) else {
            throw KMSDeviceError("gbm_bo_map(\(width)x\(height), READ) failed: \(String(cString: strerror(errno)))")
        }
        defer { gbm_bo_unmap(bo, mapping) }
        let bytes = UnsafeRawBufferPointer(start: base, count: Int(stride) * Int(height))
        guard let pixels = XRGB8888.rgba(from: bytes, width: Int(width), height: Int(height), stride: Int(stride)) else {
            throw KMSDeviceError("gbm_bo_map: stride \(stride) too small for width \(width)")
        }
        return (Int(width), Int(height), pixels)
    }
}
