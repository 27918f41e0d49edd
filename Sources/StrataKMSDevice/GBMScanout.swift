import CStrataGBM
import CStrataGL
import Glibc
import StrataDisplay
import StrataKMS

/// Scanout surfaces on a DRM device through GBM and EGL (EGL_KHR_platform_gbm): one GBM device, one
/// EGL display on it, and one OpenGL ES 3.0 context shared by every surface, so textures and programs
/// survive outputs coming and going. The DRM fd stays the caller's: it must outlive the factory and
/// every surface (their framebuffers are removed through it).
public final class GBMScanout: ScanoutSurfaceFactory {
    public let drmFD: Int32
    let device: OpaquePointer
    let display: EGLDisplay
    let config: EGLConfig
    let context: EGLContext
    /// The display's EGL extensions.
    public let extensions: Set<String>
    /// EGL_KHR_surfaceless_context: the context may be current with no surface.
    public var hasSurfacelessContext: Bool { extensions.contains("EGL_KHR_surfaceless_context") }
    /// EGL_EXT_buffer_age: surfaces can say what their next buffer holds.
    public var hasBufferAge: Bool { extensions.contains("EGL_EXT_buffer_age") }
    /// EGL_ANDROID_native_fence_sync (with EGL_KHR_fence_sync): frames come with a fence fd.
    public var hasNativeFenceSync: Bool { fences != nil }
    let fences: EGLFenceFunctions?
    /// eglCreatePlatformWindowSurfaceEXT, for an EGL 1.4 display (1.5 has the core call).
    private let createWindowSurfaceEXT: PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC?

    public init(drmFD: Int32) throws {
        guard let device = gbm_create_device(drmFD) else {
            throw KMSDeviceError("gbm_create_device(fd \(drmFD)) failed: \(String(cString: strerror(errno)))")
        }
        let display: EGLDisplay
        do { display = try Self.platformDisplay(device) } catch { gbm_device_destroy(device); throw error }
        var made = false
        defer {
            if !made {
                eglTerminate(display)
                gbm_device_destroy(device)
            }
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else { throw KMSDeviceError.egl("eglInitialize(GBM display)") }
        let extensions = Set((eglQueryString(display, EGL_EXTENSIONS).map { String(cString: $0) } ?? "").split(separator: " ").map(String.init))
        var windowSurfaceEXT: PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC?
        if (major, minor) < (1, 5) {
            guard let proc = eglGetProcAddress("eglCreatePlatformWindowSurfaceEXT") else {
                throw KMSDeviceError("EGL \(major).\(minor) display without eglCreatePlatformWindowSurfaceEXT")
            }
            windowSurfaceEXT = unsafeBitCast(proc, to: PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC.self)
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else { throw KMSDeviceError.egl("eglBindAPI(EGL_OPENGL_ES_API)") }
        let config = try Self.chooseConfig(display, nativeVisual: STRATA_GBM_FORMAT_XRGB8888)
        let contextAttribs: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE]
        guard let context = eglCreateContext(display, config, nil, contextAttribs) else {
            throw KMSDeviceError.egl("eglCreateContext(GLES 3.0)")
        }
        made = true
        self.drmFD = drmFD
        self.device = device
        self.display = display
        self.config = config
        self.context = context
        self.extensions = extensions
        self.fences = EGLFenceFunctions(extensions: extensions)
        self.createWindowSurfaceEXT = windowSurfaceEXT
    }

    deinit {
        // Surfaces hold the factory, so none is left; drop the context from this thread before it goes.
        if eglGetCurrentContext() == context { eglMakeCurrent(display, nil, nil, nil) }
        eglDestroyContext(display, context)
        // This display belongs to this factory's own GBM device, so terminating it touches no other.
        eglTerminate(display)
        gbm_device_destroy(device)
    }

    /// The EGL display on the GBM device: the EGL 1.5 core call, else the EXT one (EGL 1.4 with
    /// EGL_EXT_platform_base; EGL_PLATFORM_GBM_MESA has the same value as the KHR token).
    private static func platformDisplay(_ device: OpaquePointer) throws -> EGLDisplay {
        let platform = EGLenum(STRATA_EGL_PLATFORM_GBM_KHR)
        if let display = eglGetPlatformDisplay(platform, UnsafeMutableRawPointer(device), nil) { return display }
        let coreError = eglGetError()
        guard let proc = eglGetProcAddress("eglGetPlatformDisplayEXT") else {
            throw KMSDeviceError.egl("eglGetPlatformDisplay(EGL_PLATFORM_GBM_KHR)", code: coreError)
        }
        let getDisplayEXT = unsafeBitCast(proc, to: PFNEGLGETPLATFORMDISPLAYEXTPROC.self)
        guard let display = getDisplayEXT(platform, UnsafeMutableRawPointer(device), nil) else {
            throw KMSDeviceError.egl("eglGetPlatformDisplayEXT(EGL_PLATFORM_GBM_KHR)")
        }
        return display
    }

    /// A window-capable GLES 3 config whose native visual is the scanout format. eglChooseConfig does
    /// not match EGL_NATIVE_VISUAL_ID, so every candidate is asked (as kmscube does).
    private static func chooseConfig(_ display: EGLDisplay, nativeVisual: UInt32) throws -> EGLConfig {
        let attribs: [EGLint] = [
            EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 0, EGL_NONE,
        ]
        var count: EGLint = 0
        guard eglChooseConfig(display, attribs, nil, 0, &count) == EGL_TRUE else { throw KMSDeviceError.egl("eglChooseConfig") }
        var configs = [EGLConfig?](repeating: nil, count: Int(max(count, 0)))
        guard count > 0, eglChooseConfig(display, attribs, &configs, count, &count) == EGL_TRUE else {
            throw KMSDeviceError("eglChooseConfig: no window-capable GLES 3 RGB888 config")
        }
        for case let config? in configs.prefix(Int(count)) {
            var visual: EGLint = 0
            if eglGetConfigAttrib(display, config, EGL_NATIVE_VISUAL_ID, &visual) == EGL_TRUE,
               UInt32(bitPattern: visual) == nativeVisual {
                return config
            }
        }
        throw KMSDeviceError("eglChooseConfig: none of \(count) configs has native visual XRGB8888 (0x\(String(nativeVisual, radix: 16)))")
    }

    public func makeCurrentWithoutSurface() throws {
        guard hasSurfacelessContext else { throw KMSDeviceError("EGL_KHR_surfaceless_context missing: no surfaceless current context") }
        guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else { throw KMSDeviceError.egl("eglMakeCurrent(EGL_NO_SURFACE)") }
    }

    public func makeSurface(width: Int, height: Int) throws -> ScanoutSurface {
        try GBMScanoutSurface(factory: self, width: width, height: height)
    }

    /// An EGL window surface on a GBM surface.
    func createWindowSurface(on gbmSurface: OpaquePointer) throws -> EGLSurface {
        let native = UnsafeMutableRawPointer(gbmSurface)
        if let createWindowSurfaceEXT {
            guard let surface = createWindowSurfaceEXT(display, config, native, nil) else {
                throw KMSDeviceError.egl("eglCreatePlatformWindowSurfaceEXT")
            }
            return surface
        }
        guard let surface = eglCreatePlatformWindowSurface(display, config, native, nil) else {
            throw KMSDeviceError.egl("eglCreatePlatformWindowSurface")
        }
        return surface
    }
}
