import CStrataGL

extension KMSDeviceError {
    /// An EGL call failed: names it and EGL's error code in hex (0x3003 is EGL_BAD_ALLOC).
    static func egl(_ call: String, code: EGLint = eglGetError()) -> KMSDeviceError {
        KMSDeviceError("\(call) failed: EGL error 0x\(String(code, radix: 16))")
    }
}
