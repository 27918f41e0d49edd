import Foundation
import StrataCore

// `drawableProperties` keys and colour formats (OpenGLES's EAGLDrawable.h).

/// The `drawableProperties` key for whether the renderbuffer's contents are kept after it is presented, a Bool
/// (or an `NSNumber`). Strata keeps them either way: the renderbuffer's pixels are the app's own.
public let kEAGLDrawablePropertyRetainedBacking = "kEAGLDrawablePropertyRetainedBacking"
/// The `drawableProperties` key for the renderbuffer's colour format, one of the `kEAGLColorFormat…` strings;
/// without it the format is RGBA8. Read when `renderbufferStorage(_:from:)` is called.
public let kEAGLDrawablePropertyColorFormat = "kEAGLDrawablePropertyColorFormat"
/// A colour format of 8 bits per channel, red, green, blue and alpha (`GL_RGBA8`): the default.
public let kEAGLColorFormatRGBA8 = "EAGLColorFormatRGBA8"
/// A 16-bit colour format, 5 bits red, 6 green, 5 blue and no alpha (`GL_RGB565`).
public let kEAGLColorFormatRGB565 = "EAGLColorFormat565"
/// The sRGB-encoded 8-bit RGBA format, which Strata refuses: `renderbufferStorage(_:from:)` logs
/// "unsupported: kEAGLColorFormatSRGBA8" and returns false. See <doc:Status#Layer-subclasses>.
public let kEAGLColorFormatSRGBA8 = "EAGLColorFormatSRGBA8"

/// A layer an app draws into with its own OpenGL ES (seed 004 B.9, docs/drawables.md): StrataGLES's
/// `EAGLContext.renderbufferStorage(_:from:)` gives a renderbuffer this layer's size in pixels (bounds ×
/// contentsScale), and `presentRenderbuffer(_:)` shows what was drawn in it as the layer's contents. The
/// frames travel in a ring of shared buffers (`DrawableRing`); the layer composites like any other (3D,
/// corner radius and masksToBounds, borders, masks, shadows, opacity, hit testing). Setting `contents`
/// shows that image instead, until the next present.
open class CAEAGLLayer: CALayer {
    /// The drawable's retained backing and colour format (`kEAGLDrawableProperty…`): read when
    /// `renderbufferStorage(_:from:)` is called. Retained backing either way keeps the renderbuffer's pixels
    /// after a present (they are the app's own renderbuffer; Core Animation leaves them undefined without it,
    /// so no correct app relies on either). Colour formats RGBA8 (the default) and RGB565; SRGBA8 is refused
    /// ("unsupported: kEAGLColorFormatSRGBA8").
    public var drawableProperties: [String: Any]? {
        get { LayerLock.with { drawablePropertyValues } }
        set { LayerLock.with { drawablePropertyValues = newValue } }
    }
    private var drawablePropertyValues: [String: Any]?

    /// Whether a present waits for the layer's next transaction commit (false: it goes to the server at once,
    /// and shows at the next vblank).
    public var presentsWithTransaction: Bool {
        get { LayerLock.with { presentsWithTransactionValue } }
        set { LayerLock.with { presentsWithTransactionValue = newValue } }
    }
    private var presentsWithTransactionValue = false

    /// The ring's slots: two, as a double-buffered renderbuffer has.
    package static let ringCapacity = 2

    /// The drawable's size in pixels: bounds × contentsScale, each side at least 1.
    package var drawablePixelSize: (width: Int, height: Int) {
        LayerLock.with {
            let scale = modelValues.contentsScale > 0 ? modelValues.contentsScale : 1
            let size = modelValues.bounds.size
            func side(_ v: CGFloat) -> Int { max(1, Int((v * scale).rounded())) }
            return (side(size.width), side(size.height))
        }
    }

    /// The colour format `drawableProperties` asks for, or why it cannot be had.
    package var drawableColorFormat: Result<String, StrataUnsupported> {
        let format = (drawableProperties?[kEAGLDrawablePropertyColorFormat] as? String) ?? kEAGLColorFormatRGBA8
        switch format {
        case kEAGLColorFormatRGBA8, kEAGLColorFormatRGB565: return .success(format)
        case kEAGLColorFormatSRGBA8: return .failure(StrataUnsupported(name: "kEAGLColorFormatSRGBA8"))
        default: return .failure(StrataUnsupported(name: "colour format \(format)"))
        }
    }
}

/// What a Core Animation feature Strata does not build yet reports: "unsupported: NAME".
public struct StrataUnsupported: Error, CustomStringConvertible, Sendable {
    /// What is unsupported, as the message `unsupported: NAME` names it (e.g. `"kEAGLColorFormatSRGBA8"`).
    public let name: String
    public var description: String { "unsupported: \(name)" }
}
