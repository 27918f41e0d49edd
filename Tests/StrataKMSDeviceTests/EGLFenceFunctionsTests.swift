import CStrataGL
import Testing
@testable import StrataKMSDevice

@Suite struct EGLFenceFunctionsTests {
    @Test func theExtensionStringDecides() {
        #expect(EGLFenceFunctions(extensions: ["EGL_KHR_fence_sync"]) == nil)
        #expect(EGLFenceFunctions(extensions: ["EGL_ANDROID_native_fence_sync"]) == nil)
    }

    /// Forced onto a display without native fences (this machine's Mesa): the sync is refused, yet the
    /// frame is still flushed and comes without a fence.
    @Test func aRefusedSyncStillFlushesAndGivesNoFence() throws {
        let null = try OpenFile("/dev/null")
        let factory = try GBMScanout(drmFD: null.fd)
        try factory.makeCurrentWithoutSurface()
        defer { eglMakeCurrent(factory.display, nil, nil, nil) }
        let fences = try #require(EGLFenceFunctions(extensions: ["EGL_KHR_fence_sync", "EGL_ANDROID_native_fence_sync"]))
        var flushed = false
        #expect(fences.fence(on: factory.display) { flushed = true } == nil)
        #expect(flushed)
    }
}
