import CStrataGL

/// EGL_KHR_fence_sync and EGL_ANDROID_native_fence_sync entry points. glvnd's libEGL does not export
/// extension functions, so they come from eglGetProcAddress; nil unless the display advertises both.
struct EGLFenceFunctions {
    let createSync: PFNEGLCREATESYNCKHRPROC
    let destroySync: PFNEGLDESTROYSYNCKHRPROC
    let dupNativeFenceFD: PFNEGLDUPNATIVEFENCEFDANDROIDPROC

    init?(extensions: Set<String>) {
        // eglGetProcAddress may hand out a stub for anything, so the extension string decides.
        guard extensions.contains("EGL_KHR_fence_sync"), extensions.contains("EGL_ANDROID_native_fence_sync"),
              let create = eglGetProcAddress("eglCreateSyncKHR"),
              let destroy = eglGetProcAddress("eglDestroySyncKHR"),
              let dup = eglGetProcAddress("eglDupNativeFenceFDANDROID") else { return nil }
        createSync = unsafeBitCast(create, to: PFNEGLCREATESYNCKHRPROC.self)
        destroySync = unsafeBitCast(destroy, to: PFNEGLDESTROYSYNCKHRPROC.self)
        dupNativeFenceFD = unsafeBitCast(dup, to: PFNEGLDUPNATIVEFENCEFDANDROIDPROC.self)
    }

    /// A native fence fd that signals when every GL command issued so far on the current context has
    /// executed, or nil. Inserts the fence, runs `flush` (which must submit the command stream, as
    /// eglSwapBuffers does: the fd exists only once the fence is flushed), then duplicates the fd.
    /// Nil when the driver refuses: the kernel's implicit sync then orders scanout after rendering.
    func fence(on display: EGLDisplay, flushingWith flush: () throws -> Void) rethrows -> Int32? {
        let attribs: [EGLint] = [STRATA_EGL_SYNC_NATIVE_FENCE_FD_ANDROID, STRATA_EGL_NO_NATIVE_FENCE_FD_ANDROID, EGL_NONE]
        let sync = createSync(display, EGLenum(STRATA_EGL_SYNC_NATIVE_FENCE_ANDROID), attribs)
        defer { if let sync { _ = destroySync(display, sync) } }
        try flush()
        guard let sync else { return nil }
        let fd = dupNativeFenceFD(display, sync)
        return fd == STRATA_EGL_NO_NATIVE_FENCE_FD_ANDROID ? nil : fd
    }
}
