import CStrataGL
import Foundation
import StrataKMS

/// One lit output's buffers, as the KMS display draws and shows them. The real one is a GBM surface
/// with an EGL window surface (`StrataKMSDevice.GBMScanout`); tests use offscreen buffers. Every surface
/// of one factory shares one GL context, so textures and programs survive outputs coming and going.
public protocol ScanoutSurface: AnyObject {
    /// The framebuffer's size: the mode's, or the layer space's when the plane rotates it onto the mode.
    var width: Int { get }
    var height: Int { get }
    /// Makes the shared GL context current with this surface as the draw target.
    func makeCurrent() throws
    /// The GL framebuffer to draw the next frame into (0 for an EGL window surface).
    var framebuffer: GLuint { get }
    /// EGL_EXT_buffer_age's meaning: how many frames ago the next buffer was drawn; 0 when unknown.
    var bufferAge: Int { get }
    /// Ends the frame drawn since the last call and hands its buffer over for scanout: the DRM
    /// framebuffer id, and a fence fd that signals when the GPU has finished drawing it (nil: none, the
    /// buffer is complete or the kernel syncs implicitly). The caller owns the fence fd.
    func finishFrame() throws -> ScanoutFrame
    /// `framebuffer` (an id from `finishFrame`) has left the screen: its buffer may be drawn again.
    func release(_ framebuffer: UInt32)
    /// Reads back the last finished frame as the buffer holds it: premultiplied RGBA8, rows top to bottom.
    func readPixels() throws -> (width: Int, height: Int, pixels: [UInt8])
}

/// A finished frame ready to scan out.
public struct ScanoutFrame: Equatable, Sendable {
    public var framebuffer: UInt32
    public var fence: Int32?
    public init(framebuffer: UInt32, fence: Int32? = nil) { self.framebuffer = framebuffer; self.fence = fence }
}

/// Makes the surfaces for outputs as they are lit, and owns the GL context they share.
public protocol ScanoutSurfaceFactory: AnyObject {
    /// Makes the shared context current with no surface (for work between outputs, or with none lit).
    func makeCurrentWithoutSurface() throws
    /// A surface of this size in pixels.
    func makeSurface(width: Int, height: Int) throws -> ScanoutSurface
}
