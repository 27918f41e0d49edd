import CStrataGL
import Foundation
import Strata
import StrataCore

/// The byte layouts a CAMetalLayer's drawables may have (Metal's names and raw values; both are GL_RGBA8
/// textures here, so a shader writes colours the same way into either).
public enum MTLPixelFormat: UInt, Sendable {
    /// No format (raw value 0); `CAMetalLayer.pixelFormat` refuses it, logged, and keeps its format.
    case invalid = 0
    /// Four 8-bit normalised channels, red first (raw value 70); a GL_RGBA8 texture here.
    case rgba8Unorm = 70
    /// Four 8-bit normalised channels, blue first in Metal (raw value 80; the layer's default); a GL_RGBA8
    /// texture here too, so shaders write red, green, blue, alpha in the same order as with `.rgba8Unorm`.
    case bgra8Unorm = 80
}

/// A texture the app renders one frame into, then presents (Core Animation's CAMetalDrawable). `texture` is a
/// GL texture of the layer's context and `framebuffer` has it attached: bind it, draw, `present()`. Presented
/// once (a second call does nothing, as Metal's does); dropped without presenting, its buffer goes back to
/// the ring.
public protocol CAMetalDrawable: AnyObject {
    /// The GL texture name (GL_RGBA8, `drawableSize` pixels) in the layer's `context` to render the frame into,
    /// where Metal gives an `MTLTexture`. See <doc:Status#Layer-subclasses>.
    var texture: GLuint { get }
    /// A GL framebuffer with `texture` as its colour attachment: bind it to draw into the drawable (Strata's own:
    /// Metal has no framebuffer).
    var framebuffer: GLuint { get }
    /// The layer that handed out the drawable and shows it when presented.
    var layer: CAMetalLayer { get }
    /// Unique per drawable the layer handed out.
    var drawableID: Int { get }
    /// Reads the texture's pixels back and shows them on the layer, at once or with the next transaction commit
    /// (`presentsWithTransaction`); with the layer's `context` current. Only the first call presents; a failed
    /// read-back is logged and the buffer given back.
    func present()
}

/// The modern drawable model (Core Animation's CAMetalLayer, docs/drawables.md) over OpenGL ES: `context`
/// (for Metal's `device`) is the EAGLContext the drawables' textures live in, current on the thread that
/// calls `nextDrawable()` and `present()`. The frames travel in the same ring of shared buffers as a
/// CAEAGLLayer's.
open class CAMetalLayer: CALayer {
    /// The GL context drawables are made in (Metal's `device`).
    public var context: EAGLContext? {
        get { state.withLock { $0.context } }
        set { state.withLock { $0.context = newValue } }
    }

    /// `.bgra8Unorm` (the default) or `.rgba8Unorm`; another format is refused (logged "unsupported: …", the
    /// format stays).
    public var pixelFormat: MTLPixelFormat {
        get { state.withLock { $0.pixelFormat } }
        set {
            guard newValue != .invalid else {
                StrataLog.logger.error("CAMetalLayer.pixelFormat: unsupported: MTLPixelFormat.invalid")
                return
            }
            state.withLock { $0.pixelFormat = newValue }
        }
    }

    /// The drawables' size in pixels: the layer's bounds × contentsScale until set, then what was set.
    public var drawableSize: CGSize {
        get {
            if let set = state.withLock({ $0.drawableSize }) { return set }
            let scale = contentsScale
            return CGSize(width: (bounds.width * scale).rounded(), height: (bounds.height * scale).rounded())
        }
        set {
            guard newValue.width.isFinite, newValue.height.isFinite, newValue.width >= 1, newValue.height >= 1 else {
                StrataLog.logger.error("CAMetalLayer.drawableSize: \(newValue.width)x\(newValue.height) is not a size in pixels (≥ 1)")
                return
            }
            state.withLock { $0.drawableSize = newValue }
        }
    }

    /// How many drawables may be in use at once: 2 or 3 (default 3). Another value is refused (logged).
    public var maximumDrawableCount: Int {
        get { state.withLock { $0.maximumDrawableCount } }
        set {
            guard (2...3).contains(newValue) else {
                StrataLog.logger.error("CAMetalLayer.maximumDrawableCount: \(newValue) is not 2 or 3")
                return
            }
            state.withLock { $0.maximumDrawableCount = newValue }
        }
    }

    /// Whether `nextDrawable()` gives up after one second with none free (default true) or waits on.
    public var allowsNextDrawableTimeout: Bool {
        get { state.withLock { $0.allowsNextDrawableTimeout } }
        set { state.withLock { $0.allowsNextDrawableTimeout = newValue } }
    }

    /// Whether a present waits for the calling thread's next transaction commit (false: sent at once).
    public var presentsWithTransaction: Bool {
        get { state.withLock { $0.presentsWithTransaction } }
        set { state.withLock { $0.presentsWithTransaction = newValue } }
    }

    /// Metal's hint that drawables are only rendered into. Either value works the same here: a drawable's
    /// texture may always be sampled and read as well.
    public var framebufferOnly: Bool {
        get { state.withLock { $0.framebufferOnly } }
        set { state.withLock { $0.framebufferOnly = newValue } }
    }

    private struct State {
        var context: EAGLContext?
        var pixelFormat = MTLPixelFormat.bgra8Unorm
        var drawableSize: CGSize?
        var maximumDrawableCount = 3
        var allowsNextDrawableTimeout = true
        var presentsWithTransaction = false
        var framebufferOnly = true
        var handedOut = 0
    }
    private let state = LockedState(State())

    /// Each slot's texture and framebuffer, made in `context` on first use.
    private let targets = LockedState([UInt64: DrawableTarget]())

    /// A drawable to render the next frame into: waits for a free buffer, one second at most while
    /// `allowsNextDrawableTimeout` (then nil). Nil too (logged) without a `context` current on this thread.
    open func nextDrawable() -> CAMetalDrawable? {
        guard let context, EAGLContext.current() === context else {
            StrataLog.logger.error("CAMetalLayer.nextDrawable: the layer's context is not set or not current on this thread")
            return nil
        }
        let size = drawableSize
        let (width, height) = (Int(size.width), Int(size.height))
        let allowsTimeout = allowsNextDrawableTimeout
        guard let slot = drawableRing.acquire(width: width, height: height, capacity: maximumDrawableCount, timeout: allowsTimeout ? 1 : nil) else {
            return nil
        }
        let target = targets.withLock { known -> DrawableTarget? in
            // Textures of slots the ring no longer has (another size) go.
            for (id, t) in known where t.width != width || t.height != height {
                t.delete()
                known[id] = nil
            }
            if let t = known[slot.id] { return t }
            guard let made = DrawableTarget(width: width, height: height) else { return nil }
            known[slot.id] = made
            return made
        }
        guard let target else {
            drawableRing.cancel(slot)
            StrataLog.logger.error("CAMetalLayer.nextDrawable: a \(width)x\(height) texture could not be made")
            return nil
        }
        let id = state.withLock { $0.handedOut += 1; return $0.handedOut }
        return GLDrawable(layer: self, slot: slot, target: target, drawableID: id)
    }

    /// Reads the drawable's framebuffer back into its slot and presents it (GLDrawable.present).
    func present(_ drawable: GLDrawable) {
        do {
            try context?.readback.read(framebuffer: drawable.target.framebuffer, into: drawable.slot)
        } catch {
            drawableRing.cancel(drawable.slot)
            StrataLog.logger.error("CAMetalDrawable.present: \(error)")
            return
        }
        drawableRing.present(drawable.slot, withTransaction: presentsWithTransaction)
    }

    /// Gives back a drawable dropped without presenting.
    func drop(_ drawable: GLDrawable) { drawableRing.cancel(drawable.slot) }
}

/// A slot's GL texture with a framebuffer around it.
struct DrawableTarget: Sendable {
    let texture: GLuint
    let framebuffer: GLuint
    let width: Int
    let height: Int

    init?(width: Int, height: Int) {
        var texture: GLuint = 0, framebuffer: GLuint = 0
        var saved: GLint = 0, savedTexture: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &saved)
        glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &savedTexture)
        defer {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(saved))
            glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(savedTexture))
        }
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        guard glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            glDeleteFramebuffers(1, &framebuffer)
            glDeleteTextures(1, &texture)
            return nil
        }
        self.texture = texture; self.framebuffer = framebuffer; self.width = width; self.height = height
    }

    func delete() {
        var t = texture, f = framebuffer
        glDeleteFramebuffers(1, &f)
        glDeleteTextures(1, &t)
    }
}

final class GLDrawable: CAMetalDrawable, @unchecked Sendable {
    let metalLayer: CAMetalLayer
    let slot: DrawableRing.Slot
    let target: DrawableTarget
    let drawableID: Int
    private let presented = LockedState(false)

    init(layer: CAMetalLayer, slot: DrawableRing.Slot, target: DrawableTarget, drawableID: Int) {
        metalLayer = layer; self.slot = slot; self.target = target; self.drawableID = drawableID
    }

    var texture: GLuint { target.texture }
    var framebuffer: GLuint { target.framebuffer }
    var layer: CAMetalLayer { metalLayer }

    func present() {
        guard presented.withLock({ done in defer { done = true }; return !done }) else { return }
        metalLayer.present(self)
    }

    deinit {
        if !presented.withLock({ $0 }) { metalLayer.drop(self) }
    }
}

/// A value behind a lock.
final class LockedState<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        return body(&value)
    }
}
