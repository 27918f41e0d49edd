import CStrataGL
import Testing
@testable import StrataKMSDevice

/// GBM and EGL on a file that is not a DRM node, as this CI machine kind has no DRM device. Mesa
/// (22.3, llvmpipe) falls back to kms_swrast: the device, the EGL display, the context and the surfaces
/// are all made, and it fails only where a buffer must be allocated (the dumb-buffer ioctl gets ENOTTY).
/// These assert what that Mesa does; a machine whose GBM refuses such an fd outright fails them loudly.
@Suite struct GBMScanoutTests {
    @Test func anInvalidFDFailsInGBMAndSaysSo() {
        #expect(throws: KMSDeviceError("gbm_create_device(fd -1) failed: Invalid argument")) {
            _ = try GBMScanout(drmFD: -1)
        }
    }

    @Test func aNonDRMFileGetsAFactoryWhoseContextGoesCurrentWithoutASurface() throws {
        let null = try OpenFile("/dev/null")
        let factory = try GBMScanout(drmFD: null.fd)
        #expect(factory.hasSurfacelessContext)
        #expect(factory.hasBufferAge)
        #expect(!factory.hasNativeFenceSync)
        try factory.makeCurrentWithoutSurface()
        #expect(eglGetCurrentContext() == factory.context)
        #expect(eglGetCurrentSurface(EGL_DRAW) == nil)
        var major: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        #expect(major >= 3)
        eglMakeCurrent(factory.display, nil, nil, nil)
    }

    @Test func aSurfaceIsMadeButItsFirstFrameFailsInTheSwap() throws {
        let null = try OpenFile("/dev/null")
        let factory = try GBMScanout(drmFD: null.fd)
        let surface = try factory.makeSurface(width: 64, height: 48)
        #expect(surface.width == 64 && surface.height == 48)
        #expect(surface.framebuffer == 0)
        try surface.makeCurrent()
        #expect(eglGetCurrentSurface(EGL_DRAW) != nil)
        // The age query needs the back buffer, which cannot be allocated: unknown.
        #expect(surface.bufferAge == 0)
        #expect(throws: KMSDeviceError("readPixels: no frame finished yet")) { _ = try surface.readPixels() }
        glClearColor(1, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        #expect(throws: KMSDeviceError("eglSwapBuffers failed: EGL error 0x3003")) { _ = try surface.finishFrame() }
        // Nothing was locked by the failed frame, so the next one fails the same way, not on free buffers.
        #expect(throws: KMSDeviceError("eglSwapBuffers failed: EGL error 0x3003")) { _ = try surface.finishFrame() }
        surface.release(12345)  // not one of its framebuffers: ignored
        try factory.makeCurrentWithoutSurface()
        eglMakeCurrent(factory.display, nil, nil, nil)
    }

    @Test func aSurfaceDestroyedWhileCurrentLeavesTheContextCurrentWithoutOne() throws {
        let null = try OpenFile("/dev/null")
        let factory = try GBMScanout(drmFD: null.fd)
        do {
            let surface = try factory.makeSurface(width: 32, height: 32)
            try surface.makeCurrent()
            #expect(eglGetCurrentSurface(EGL_DRAW) != nil)
        }
        #expect(eglGetCurrentSurface(EGL_DRAW) == nil)
        #expect(eglGetCurrentSurface(EGL_READ) == nil)
        #expect(eglGetCurrentContext() == factory.context)
        eglMakeCurrent(factory.display, nil, nil, nil)
    }

    @Test func sizesOutsideGLsRangeAreRefused() throws {
        let null = try OpenFile("/dev/null")
        let factory = try GBMScanout(drmFD: null.fd)
        #expect(throws: KMSDeviceError("scanout surface size 0x480 out of range (1…16384)")) {
            _ = try factory.makeSurface(width: 0, height: 480)
        }
        #expect(throws: KMSDeviceError("scanout surface size 640x16385 out of range (1…16384)")) {
            _ = try factory.makeSurface(width: 640, height: 16385)
        }
    }
}
