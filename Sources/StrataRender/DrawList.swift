import Foundation
import StrataCore

/// Pixels the renderer can upload as a texture. The owner keeps `pixels` valid while the image lives;
/// `id` is unique for the process lifetime, so a cached texture is never confused with another image.
public final class TextureImage: @unchecked Sendable {
    public let id: UInt64
    public let width: Int
    public let height: Int
    /// Premultiplied RGBA8 (BGRA8 when `redBlueSwapped`), rows top to bottom, tightly packed.
    public let pixels: UnsafeRawPointer
    /// The bytes are B, G, R, A (a Cairo backing store as drawn): the texture swaps red and blue back when
    /// sampled (GL_TEXTURE_SWIZZLE), so nothing converts them.
    public let redBlueSwapped: Bool
    private let owner: AnyObject?
    /// Counts in-place pixel updates, so damage tracking sees a changed image as a changed command.
    public internal(set) var version: UInt64 = 0

    public init(id: UInt64, width: Int, height: Int, pixels: UnsafeRawPointer, owner: AnyObject?, redBlueSwapped: Bool = false) {
        self.id = id; self.width = width; self.height = height; self.pixels = pixels; self.owner = owner
        self.redBlueSwapped = redBlueSwapped
    }
}

/// One frame's drawing, in back-to-front order: what the server computes from the presentation tree
/// and the renderer executes. Matrices map layer-local coordinates to target pixels (+y down).
public enum DrawCommand {
    /// A rectangle of straight-alpha `color`, multiplied by `alpha`.
    /// `edges`: which of the rectangle's edges fade out over a pixel (CAEdgeAntialiasingMask bits:
    /// 1 minX, 2 maxX, 4 minY, 8 maxY); the others cut off at pixel centres.
    case fill(matrix: Transform3D, rect: CGRect, color: Color, alpha: CGFloat, edges: UInt8 = 15)
    /// The part `uv` (unit coordinates, top-left origin) of the image stretched over `rect`, multiplied by
    /// `alpha` (and its red, green and blue by `tint`), sampled with the layer's minification and
    /// magnification filters.
    case image(matrix: Transform3D, rect: CGRect, image: any TextureSource, uv: CGRect, alpha: CGFloat,
               sampling: Sampling = Sampling(), edges: UInt8 = 15, tint: Color = .white)
    /// A rounded rectangle (cornerRadius) filled, or only its border ring when `border` > 0, with
    /// anti-aliased edges; `color` straight alpha, multiplied by `alpha`.
    /// `corners`: which corners are rounded (CACornerMask bits).
    case shape(matrix: Transform3D, rect: CGRect, radius: CGFloat, corners: UInt8, border: CGFloat, color: Color, alpha: CGFloat,
               edges: UInt8 = 15)
    /// `path` (layer-local) filled with the nonzero winding rule under `matrix`, in straight-alpha `color`
    /// times `alpha`; edges are not anti-aliased. Only inside a group: the fill needs the group target's
    /// stencil (PathFill). Used for shadowPath shadows.
    case path(matrix: Transform3D, path: Path, color: Color, alpha: CGFloat)
    /// Starts an offscreen group: following commands draw into a transparent layer of the target's size.
    case beginGroup
    /// Ends the innermost group and composites it onto what is beneath with `alpha` (group opacity),
    /// over it or added to it (a cross-dissolve's second half).
    case endGroup(alpha: CGFloat, blend: GroupBlend = .over)
    /// Ends the innermost group and composites, instead of it, its shadow: its alpha blurred by a
    /// Gaussian of standard deviation `sigma` target pixels, in `color` (straight alpha) times `alpha`.
    case endShadowGroup(color: Color, alpha: CGFloat, sigma: CGFloat)
    /// Ends the innermost group and composites only what lies inside `rect` (rounded by `radius`)
    /// under `matrix`, anti-aliased, times `alpha` (masksToBounds).
    case endClipGroup(matrix: Transform3D, rect: CGRect, radius: CGFloat, corners: UInt8, alpha: CGFloat)
    /// Ends the two innermost groups, a layer's drawing and then its mask's, and composites the drawing
    /// times the mask's alpha, times `alpha`.
    case endMaskedGroups(alpha: CGFloat)
    /// Until the matching `endClip`, draws only inside `rect` (target pixels): masksToBounds for a layer
    /// whose bounds land exactly on whole pixels, square-cornered and unrotated, where a scissor cuts
    /// exactly what the anti-aliased clip shape would, without an offscreen pass.
    case beginClip(PixelRect)
    case endClip
    /// A rasterized layer (shouldRasterize): `content` drawn once into a bitmap and reused while it is
    /// unchanged, shown over `rect` (layer units) under `matrix` like an image, times `alpha` (the
    /// layer's opacity, which is not rasterized), sampled with the layer's filters.
    case raster(matrix: Transform3D, rect: CGRect, content: RasterContent, alpha: CGFloat,
                sampling: Sampling, edges: UInt8, tint: Color = .white)
    /// What a layer kind draws itself (a shape, a gradient): see `ContentDraw`.
    case content(any ContentDraw)
}

/// How an image or a rasterized layer's bitmap is sampled: the layer's minificationFilter,
/// magnificationFilter and minificationFilterBias (levels of detail added when minifying trilinearly).
public struct Sampling: Hashable, Sendable {
    public var minFilter: ContentsFilter
    public var magFilter: ContentsFilter
    public var bias: CGFloat

    public init(minFilter: ContentsFilter = .linear, magFilter: ContentsFilter = .linear, bias: CGFloat = 0) {
        self.minFilter = minFilter; self.magFilter = magFilter; self.bias = bias
    }
}

/// How a finished offscreen group combines with what is beneath it (premultiplied colours).
public enum GroupBlend: Sendable {
    /// source + destination · (1 − source alpha)
    case over
    /// source + destination
    case add
}

public struct DrawList {
    public var commands: [DrawCommand] = []
    public var clearColor: Color = .black
    /// Target pixels per layer point at the root (the output's scale): a text layer's glyphs are made at
    /// its contentsScale relative to it, as Core Animation's backing stores are.
    public var displayScale: CGFloat = 1
    /// Set while building when work was left for a later frame (text beyond a client's layout budget):
    /// that frame must be drawn even if nothing else changes.
    public var deferredWork = false

    public init() {}

    /// An empty list for part of this one's drawing (a rasterized layer, a replicator's repeated body): it
    /// draws at the same display scale; `absorb` takes back what it learnt while being built.
    public func part() -> DrawList {
        var list = DrawList()
        list.displayScale = displayScale
        return list
    }

    /// Takes over a part's flags (work it deferred).
    public mutating func absorb(_ part: DrawList) {
        deferredWork = deferredWork || part.deferredWork
    }

    public mutating func removeAll() {
        commands.removeAll(keepingCapacity: true)
        deferredWork = false
    }
}
