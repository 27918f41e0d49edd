@_exported import CStrataGL
import Foundation
@_exported import Strata
import StrataDisplay

/// The OpenGL ES version a context renders with (OpenGLES's EAGLRenderingAPI).
public enum EAGLRenderingAPI: UInt, Sendable {
    /// OpenGL ES 1 (raw value 1); unsupported: `EAGLContext(api:)` returns nil, logging "unsupported: OpenGL ES 1".
    case openGLES1 = 1
    /// OpenGL ES 2.0 (raw value 2).
    case openGLES2 = 2
    /// OpenGL ES 3.0 (raw value 3).
    case openGLES3 = 3
}

/// What a context can size renderbuffer storage from and present into: a CAEAGLLayer.
public protocol EAGLDrawable: AnyObject {
    /// The drawable's `kEAGLDrawablePropertyRetainedBacking` and `kEAGLDrawablePropertyColorFormat`, read when
    /// `renderbufferStorage(_:from:)` sizes a renderbuffer from it.
    var drawableProperties: [String: Any]? { get set }
}

extension CAEAGLLayer: EAGLDrawable {}

/// An OpenGL ES context on EGL with no window system (OpenGLES's EAGLContext; docs/drawables.md). Make it
/// current on a thread (`setCurrent`), render with the `gl…` functions, size a renderbuffer from a
/// `CAEAGLLayer` (`renderbufferStorage(_:from:)`) and show it (`presentRenderbuffer(_:)`). One thread at a
/// time, as EGL allows. OpenGL ES 1 is refused ("unsupported: OpenGL ES 1"), as GLES 1 is absent from
/// the drivers Strata runs on.
open class EAGLContext: @unchecked Sendable {
    /// The OpenGL ES version the context was made for: `.openGLES2` or `.openGLES3`.
    public let api: EAGLRenderingAPI
    let display: EGLDisplay
    let context: EGLContext
    /// Renderbuffers sized from a layer: what `presentRenderbuffer` shows where.
    private var storages: [GLuint: Storage] = [:]
    private struct Storage {
        weak var layer: CAEAGLLayer?
        let width: Int
        let height: Int
    }
    /// The framebuffers a present reads back through (made on first use, in this context).
    let readback = DrawableReadback()

    /// A context for OpenGL ES `api` (2.0 or 3.0) on EGL with no window system, not current on any thread.
    /// Nil, logged, for `.openGLES1` (unsupported, unlike iOS: see <doc:Status#Layer-subclasses>) or when EGL
    /// cannot make the context.
    public init?(api: EAGLRenderingAPI) {
        guard api != .openGLES1 else {
            StrataLog.logger.error("EAGLContext: unsupported: OpenGL ES 1")
            return nil
        }
        do {
            (display, context) = try EGLSurfaceless.makeContext(major: Int32(api.rawValue))
        } catch {
            StrataLog.logger.error("EAGLContext: \(error)")
            return nil
        }
        self.api = api
    }

    deinit {
        if EAGLContext.current() === self { _ = EAGLContext.setCurrent(nil) }
        eglDestroyContext(display, context)
    }

    private static let threadKey = "strata.EAGLContext.current"

    /// Makes `context` current on the calling thread (nil: none). False when EGL refuses (the context is
    /// current on another thread).
    @discardableResult
    public class func setCurrent(_ context: EAGLContext?) -> Bool {
        let ok: Bool
        if let context {
            ok = eglMakeCurrent(context.display, nil, nil, context.context) == EGL_TRUE
        } else {
            let display = (try? EGLSurfaceless.display()) ?? nil
            ok = display.map { eglMakeCurrent($0, nil, nil, nil) == EGL_TRUE } ?? true
        }
        guard ok else {
            StrataLog.logger.error("EAGLContext.setCurrent: eglMakeCurrent failed: 0x\(String(eglGetError(), radix: 16))")
            return false
        }
        if let context { Thread.current.threadDictionary[threadKey] = context } else { Thread.current.threadDictionary.removeObject(forKey: threadKey) }
        return true
    }

    /// The calling thread's current context.
    public class func current() -> EAGLContext? { Thread.current.threadDictionary[threadKey] as? EAGLContext }

    /// Gives the renderbuffer bound to `target` (GL_RENDERBUFFER) storage of the layer's size in pixels
    /// (bounds × contentsScale) in its colour format, and ties it to the layer for presenting. nil detaches
    /// the renderbuffer from its layer. False (and a logged reason) when this context is not current, no
    /// renderbuffer is bound, the drawable is not a CAEAGLLayer or its colour format is unsupported.
    @discardableResult
    open func renderbufferStorage(_ target: Int, from drawable: EAGLDrawable?) -> Bool {
        guard let renderbuffer = boundRenderbuffer(target, "renderbufferStorage") else { return false }
        guard let drawable else {
            storages[renderbuffer] = nil
            return true
        }
        guard let layer = drawable as? CAEAGLLayer else {
            StrataLog.logger.error("renderbufferStorage: the drawable is not a CAEAGLLayer")
            return false
        }
        let internalFormat: GLenum
        switch layer.drawableColorFormat {
        case .success(let format): internalFormat = format == kEAGLColorFormatRGB565 ? GLenum(GL_RGB565) : GLenum(GL_RGBA8)
        case .failure(let unsupported):
            StrataLog.logger.error("renderbufferStorage: \(unsupported)")
            return false
        }
        let (width, height) = layer.drawablePixelSize
        while glGetError() != GLenum(GL_NO_ERROR) {}
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), internalFormat, GLsizei(width), GLsizei(height))
        let error = glGetError()
        guard error == GLenum(GL_NO_ERROR) else {
            StrataLog.logger.error("renderbufferStorage: \(width)x\(height): GL error 0x\(String(error, radix: 16))")
            return false
        }
        storages[renderbuffer] = Storage(layer: layer, width: width, height: height)
        return true
    }

    /// Shows the pixels of the renderbuffer bound to `target` on its layer: read back into a free slot of the
    /// layer's ring (waiting up to a second for one) and presented. False (and a logged reason) when no
    /// renderbuffer sized from a layer is bound, no slot came free, or the read-back failed.
    @discardableResult
    open func presentRenderbuffer(_ target: Int) -> Bool {
        guard let renderbuffer = boundRenderbuffer(target, "presentRenderbuffer") else { return false }
        guard let storage = storages[renderbuffer], let layer = storage.layer else {
            StrataLog.logger.error("presentRenderbuffer: renderbuffer \(renderbuffer) has no storage from a layer (renderbufferStorage(_:from:))")
            return false
        }
        let ring = layer.drawableRing
        guard let slot = ring.acquire(width: storage.width, height: storage.height, capacity: CAEAGLLayer.ringCapacity, timeout: 1) else {
            StrataLog.logger.error("presentRenderbuffer: no drawable buffer came free within a second (is the render server answering?)")
            return false
        }
        do {
            try readback.read(renderbuffer: renderbuffer, into: slot)
        } catch {
            ring.cancel(slot)
            StrataLog.logger.error("presentRenderbuffer: \(error)")
            return false
        }
        ring.present(slot, withTransaction: layer.presentsWithTransaction)
        return true
    }

    /// The renderbuffer bound to GL_RENDERBUFFER, with this context current; nil (logged) otherwise.
    private func boundRenderbuffer(_ target: Int, _ op: String) -> GLuint? {
        guard EAGLContext.current() === self else {
            StrataLog.logger.error("\(op): the context is not current on this thread")
            return nil
        }
        guard target == Int(GL_RENDERBUFFER) else {
            StrataLog.logger.error("\(op): target 0x\(String(target, radix: 16)) is not GL_RENDERBUFFER")
            return nil
        }
        var bound: GLint = 0
        glGetIntegerv(GLenum(GL_RENDERBUFFER_BINDING), &bound)
        guard bound > 0 else {
            StrataLog.logger.error("\(op): no renderbuffer is bound")
            return nil
        }
        return GLuint(bound)
    }
}
