import CStrataGL
import Foundation

/// The process-wide EGL display for rendering with no window system: EGL_PLATFORM_SURFACELESS_MESA, or
/// with `STRATA_EGL_PLATFORM=device` the first hardware EGL device (EGL_EXT_platform_device: a GPU whose
/// driver is not Mesa's, such as NVIDIA's, where Mesa's surfaceless platform would fall back to
/// llvmpipe). The display is the same for every call, so it is initialised once and never terminated
/// per object.
public enum EGLSurfaceless {
    nonisolated(unsafe) private static let state: Result<EGLDisplay, DisplayError> = {
        if let choice = ProcessInfo.processInfo.environment["STRATA_EGL_PLATFORM"], !choice.isEmpty, choice != "surfaceless" {
            guard choice == "device" else {
                return .failure(DisplayError("STRATA_EGL_PLATFORM must be surfaceless or device, not \"\(choice)\""))
            }
            guard let display = strata_egl_hardware_device_display() else {
                return .failure(DisplayError("STRATA_EGL_PLATFORM=device: no hardware EGL device could be initialised (0x\(String(eglGetError(), radix: 16)))"))
            }
            return .success(display)
        }
        guard let display = eglGetPlatformDisplay(EGLenum(STRATA_EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
            return .failure(DisplayError("eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA) failed: 0x\(String(eglGetError(), radix: 16))"))
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else {
            return .failure(DisplayError("eglInitialize failed: 0x\(String(eglGetError(), radix: 16))"))
        }
        return .success(display)
    }()

    private static let lock = NSLock()

    public static func display() throws -> EGLDisplay {
        lock.lock(); defer { lock.unlock() }
        return try state.get()
    }

    /// Creates an OpenGL ES context (3.0 unless `major` says 2) with no surface (EGL_KHR_surfaceless_context).
    public static func makeContext(major: Int32 = 3) throws -> (EGLDisplay, EGLContext) {
        let display = try display()
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else { throw DisplayError("eglBindAPI(GLES) failed") }
        var config: EGLConfig?
        var count: EGLint = 0
        let attribs: [EGLint] = [EGL_RENDERABLE_TYPE, major >= 3 ? EGL_OPENGL_ES3_BIT : EGL_OPENGL_ES2_BIT, EGL_NONE]
        _ = eglChooseConfig(display, attribs, &config, 1, &count)
        let contextAttribs: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, major, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE]
        guard let context = eglCreateContext(display, count > 0 ? config : nil, nil, contextAttribs) else {
            throw DisplayError("eglCreateContext(GLES \(major).0) failed: 0x\(String(eglGetError(), radix: 16))")
        }
        return (display, context)
    }
}
