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
    /// What lies beneath `rect` (rounded by `radius` at `corners`) under `matrix`, as drawn so far into the
    /// target, through `chain` (a layer's `backgroundFilters`: frosted glass), drawn within that shape,
    /// anti-aliased, times `alpha`. It reads the target `chain.reach` pixels around the shape.
    case backdrop(matrix: Transform3D, rect: CGRect, radius: CGFloat, corners: UInt8, chain: FilterChain, alpha: CGFloat)
    /// Starts an offscreen group: following commands draw into a transparent layer of the target's size.
    case beginGroup
    /// Ends the innermost group and composites it onto what is beneath with `alpha` (group opacity),
    /// over it or added to it (a cross-dissolve's second half).
    case endGroup(alpha: CGFloat, blend: GroupBlend = .over)
    /// Ends the innermost group and composites, instead of it, its shadow: its alpha blurred by a
    /// Gaussian of standard deviation `sigma` target pixels, in `color` (straight alpha) times `alpha`.
    case endShadowGroup(color: Color, alpha: CGFloat, sigma: CGFloat)
    /// Ends the innermost group and composites it through `chain` (a layer's `filters`: blurs and colour
    /// matrices, in target pixels), times `alpha`. A blur spreads it by the chain's reach, as a shadow's.
    case endFilterGroup(chain: FilterChain, alpha: CGFloat)
    /// Ends the innermost group and composites only what lies inside `rect` (rounded by `radius`)
    /// under `matrix`, anti-aliased, times `alpha` (masksToBounds).
    case endClipGroup(matrix: Transform3D, rect: CGRect, radius: CGFloat, corners: UInt8, alpha: CGFloat)
    /// Ends the two innermost groups, a layer's drawing and then its mask's, and composites the drawing
    /// times the mask's alpha, times `alpha`.
    case endMaskedGroups(alpha: CGFloat)
    /// Ends the two innermost groups, a transition's old appearance and then its new one, and composites
    /// them through `warp` (Apple's private effects: `TransitionWarp`), defined in the layer's plane, which
    /// `matrix` maps to target pixels, times `alpha`. Both groups are drawn over their whole boxes: the
    /// warp may sample anywhere in them (`DrawListAnalysis.warpSource`).
    case endTransitionGroups(warp: TransitionWarp, matrix: Transform3D, alpha: CGFloat)
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

extension DrawCommand {
    /// How the command changes the nesting of groups and clips: +1 for a begin, −1 for an end, −2 for the end
    /// of a pair (a mask's, a transition's), 0 for a drawing command.
    public var nesting: Int {
        switch self {
        case .beginGroup, .beginClip: 1
        case .endGroup, .endShadowGroup, .endClipGroup, .endClip, .endFilterGroup: -1
        case .endMaskedGroups, .endTransitionGroups: -2
        default: 0
        }
    }
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
public enum GroupBlend: Hashable, Sendable {
    /// source + destination · (1 − source alpha)
    case over
    /// source + destination
    case add
    /// Source over, its colour mixed with the destination's through a blend mode (a `compositingFilter`,
    /// `FilterType.isBlendMode`), as the W3C's Compositing and Blending spec defines each.
    case mode(FilterType)
}

public struct DrawList {
    public var commands: [DrawCommand] = []
    public var clearColor: Color = .black
    /// Target pixels per layer point at the root (the output's scale): a text layer's glyphs are made at
    /// its contentsScale relative to it, as Core Animation's backing stores are.
    public var displayScale: CGFloat = 1
    /// The renderer's largest texture side (`Renderer.textureLimit`): images beyond it are drawn in pieces,
    /// which a motion slot can move but not re-place (`append` refuses that).
    public var textureLimit = Int.max
    /// Set while building when work was left for a later frame (text beyond a client's layout budget):
    /// that frame must be drawn even if nothing else changes.
    public var deferredWork = false
    /// Layers whose animations the GPU evaluates this frame (nil: none; the list is then drawn as is).
    /// Only the frame's own list has them (`tracksMotion`), never a part.
    public var motion: MotionSlots?
    /// Per command, while `motion` is set: how the motion slots move it.
    public private(set) var commandMotion: [MotionRef] = []
    /// The slot current where each open group began (`MotionRef.alphaStop`).
    private var groupSlots: [Int32] = []
    /// The slot the commands appended now move with (−1: none).
    public var currentSlot: Int32 = -1
    /// While the shape of a shadow whose offset its slot animates is appended: that slot. Its commands are
    /// drawn without the offset and moved by the slot's (`MotionRef.Fields.shadowOffset`).
    public var shadowOffsetSlot: Int32 = -1
    /// Set when something the motion path cannot move was appended under a slot (a path, a kind's own
    /// drawing), with why: in the builder's dry run, that layer then stays on the CPU, for the reason
    /// `MotionEligibility.reason(for:)` names. The last one set is the one kept.
    public var motionRefusal: SlotRefusal?
    /// Set by the builder when a layer drawn with CPU-evaluated values is animating: frames in which
    /// only the GPU evaluates cannot reuse this list.
    public var cpuAnimating = false
    /// Whether the builder looks for such layers: in the frame's own list (`tracksMotion`) and in the parts
    /// made for it (a rasterized layer's drawing, a replicator's body), whose `absorb` passes it on.
    public private(set) var watchesCPUAnimation = false
    /// Per scissor clip of a layer's bounds (by the index of its `beginClip`): the layer, and where the
    /// layer's own space is placed (the matrix's translation, target pixels), so that the damage tracker can
    /// find a clip's content scrolled by whole pixels between frames (`ScrollCopy`).
    public var clipOrigins: [Int: ClipOrigin] = [:]
    /// Sublayers (whole subtrees) left out because they lie outside the scissor clip they are in (the
    /// builder's `culls`), bitmaps' own lists included.
    public var culledSubtrees = 0

    public init() {}

    /// Whether this list can hold motion slots (the builder made it with `motion` set).
    public var tracksMotion: Bool { motion != nil }

    /// Appends `command`; under a motion slot it moves with that slot, `slotFields` of it taken from the
    /// slot's animated values (for a shadow's end, what of its composite the current slot animates), drawn
    /// as `slotModes` say.
    public mutating func append(_ command: DrawCommand, slotFields: MotionRef.Fields = [], slotModes: MotionRef.Modes = [],
                                placement: SIMD4<Float> = SIMD4()) {
        commands.append(command)
        guard motion != nil else { return }
        let stop = groupSlots.last ?? -1
        var fields = currentSlot >= 0 ? slotFields : []
        if currentSlot >= 0, currentSlot == shadowOffsetSlot { fields.insert(.shadowOffset) }
        let modes = currentSlot >= 0 ? slotModes : []
        var ref = MotionRef(slot: currentSlot, fields: fields, modes: modes, alphaFrom: currentSlot, alphaStop: stop,
                            placement: modes.contains(.contentsPlacement) ? placement : SIMD4())
        switch command {
        case .beginGroup:
            groupSlots.append(currentSlot)
            ref = .none
        case .endGroup, .endShadowGroup, .endClipGroup, .endFilterGroup:
            // The composite: the alphas from where the group began up to the group around it; a shadow's
            // also the values of it that its slot animates (not placed by the slot: it covers the target).
            let began = groupSlots.popLast() ?? -1
            ref = MotionRef(slot: -1, alphaFrom: began, alphaStop: groupSlots.last ?? -1)
            // A clip's composite is the layer's (rounded) bounds: placed by the slot it was begun under.
            if case .endClipGroup = command, currentSlot >= 0 {
                ref.slot = currentSlot
                ref.fields = fields.intersection([.bounds, .cornerRadius, .shadowOffset])
            }
            if case .endShadowGroup = command, currentSlot >= 0, case let shadowFields = slotFields.intersection(.shadowComposite),
               !shadowFields.isEmpty {
                ref.slot = currentSlot
                ref.fields = shadowFields
                ref.modes = .valuesOnly
            }
        case .endMaskedGroups, .endTransitionGroups:
            _ = groupSlots.popLast()
            let began = groupSlots.popLast() ?? -1
            ref = MotionRef(slot: -1, alphaFrom: began, alphaStop: groupSlots.last ?? -1)
        default:
            break
        }
        if ref.alphaFrom == ref.alphaStop { ref.alphaFrom = -1 }
        commandMotion.append(ref)
        if ref.isMoving, !MotionSlots.moves(command) { motionRefusal = .unmovableCommand }
        if ref.isMoving, case let .image(_, _, image, _, _, _, _, _) = command, image.width > textureLimit || image.height > textureLimit,
           !ref.fields.isDisjoint(with: [.bounds, .contentsRect]) || !ref.modes.isDisjoint(with: [.contentsPlacement, .nineSlice]) {
            motionRefusal = .splitImage
        }
    }

    /// An empty list with slots of its own, for a dry run that decides whether a layer moves (it draws at the
    /// same scale and texture limit as this list, and is thrown away).
    public func scratch() -> DrawList {
        var list = DrawList()
        list.displayScale = displayScale
        list.textureLimit = textureLimit
        list.motion = MotionSlots(version: motion?.version ?? 0)
        return list
    }

    /// An empty list for part of this one's drawing (a rasterized layer, a replicator's repeated body): it
    /// draws at the same display scale; `absorb` takes back what it learnt while being built.
    public func part() -> DrawList {
        var list = DrawList()
        list.displayScale = displayScale
        list.textureLimit = textureLimit
        list.watchesCPUAnimation = tracksMotion || watchesCPUAnimation
        return list
    }

    /// Takes over a part's flags (work it deferred, layers animating on the CPU in it).
    public mutating func absorb(_ part: DrawList) {
        deferredWork = deferredWork || part.deferredWork
        cpuAnimating = cpuAnimating || part.cpuAnimating
        culledSubtrees += part.culledSubtrees
    }

    public mutating func removeAll() {
        commands.removeAll(keepingCapacity: true)
        commandMotion.removeAll(keepingCapacity: true)
        groupSlots.removeAll(keepingCapacity: true)
        deferredWork = false
        motion = nil
        currentSlot = -1
        shadowOffsetSlot = -1
        motionRefusal = nil
        cpuAnimating = false
        watchesCPUAnimation = false
        clipOrigins.removeAll(keepingCapacity: true)
        culledSubtrees = 0
    }

    /// How the motion slots move command `i`.
    func motionRef(_ i: Int) -> MotionRef { i < commandMotion.count ? commandMotion[i] : .none }
}

/// A layer whose bounds a scissor clips, and where its space lands on the target (`DrawList.clipOrigins`).
public struct ClipOrigin: Equatable, Sendable {
    public var layer: UInt64
    public var x: CGFloat, y: CGFloat
    public init(layer: UInt64, x: CGFloat, y: CGFloat) { self.layer = layer; self.x = x; self.y = y }
}

/// Why what was appended under a motion slot cannot move with it (`DrawList.motionRefusal`).
public enum SlotRefusal: Equatable, Sendable {
    /// A command slots cannot move (`MotionSlots.moves`): a CPU-filled path, a kind's drawing made for one place.
    case unmovableCommand
    /// Contents larger than the texture limit, drawn in pieces, whose bounds, contentsRect or placement the
    /// slot animates: the pieces would need placing again.
    case splitImage
    /// A rule of the builder's, with its reason.
    case rule(MotionCPUReason)
}
