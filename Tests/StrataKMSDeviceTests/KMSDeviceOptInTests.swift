import CStrataGL
import Foundation
import Glibc
import StrataDisplay
import Testing
@testable import StrataKMSDevice

/// Real scanout buffers: runs only where STRATA_KMS_TEST_DEVICE names a DRM device, such as a vkms
/// card (`modprobe vkms`; /dev/dri/card0). No DRM master is needed: nothing is put on screen.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["STRATA_KMS_TEST_DEVICE"] != nil, "set STRATA_KMS_TEST_DEVICE to a DRM device"))
struct KMSDeviceOptInTests {
    static var path: String { ProcessInfo.processInfo.environment["STRATA_KMS_TEST_DEVICE"] ?? "" }

    /// Clears to an exact 8-bit colour, finishes the frame and reads its buffer back.
    static func drawFrame(_ surface: ScanoutSurface, _ rgb: (UInt8, UInt8, UInt8)) throws -> ScanoutFrame {
        try surface.makeCurrent()
        glClearColor(GLfloat(rgb.0) / 255, GLfloat(rgb.1) / 255, GLfloat(rgb.2) / 255, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        let frame = try surface.finishFrame()
        if let fence = frame.fence { close(fence) }
        return frame
    }

    @Test func aClearedFrameScansOutFromAFramebufferAndReadsBack() throws {
        let device = try OpenFile(Self.path)
        let factory = try GBMScanout(drmFD: device.fd)
        let surface = try factory.makeSurface(width: 64, height: 64)
        let frame = try Self.drawFrame(surface, (51, 102, 153))
        #expect(frame.framebuffer != 0)
        let read = try surface.readPixels()
        #expect(read.width == 64 && read.height == 64)
        #expect(read.pixels == Array([[UInt8]](repeating: [51, 102, 153, 255], count: 64 * 64).joined()))
        surface.release(frame.framebuffer)
        #expect(throws: KMSDeviceError("readPixels: the last frame's framebuffer \(frame.framebuffer) was already released")) {
            _ = try surface.readPixels()
        }
        try factory.makeCurrentWithoutSurface()
    }

    /// Buffers cycle: each keeps its framebuffer id, and a caller that never releases runs out.
    @Test func framebuffersAreMadeOncePerBufferAndLockedBuffersRunOut() throws {
        let device = try OpenFile(Self.path)
        let factory = try GBMScanout(drmFD: device.fd)
        let surface = try factory.makeSurface(width: 64, height: 64)
        var seen: [UInt32] = []
        for i in 0..<12 {
            let frame = try Self.drawFrame(surface, (UInt8(i * 20), 0, 0))
            seen.append(frame.framebuffer)
            surface.release(frame.framebuffer)
        }
        // GBM surfaces keep a few buffers (Mesa: up to 4), so twelve frames reuse their framebuffers.
        #expect(Set(seen).count < seen.count)
        var held = 0
        let error = #expect(throws: KMSDeviceError.self) {
            for _ in 0..<8 { _ = try Self.drawFrame(surface, (0, 0, 255)); held += 1 }
        }
        #expect(held >= 2)
        #expect(error?.message.hasPrefix("gbm_surface_has_free_buffers") == true)
        try factory.makeCurrentWithoutSurface()
    }
}
