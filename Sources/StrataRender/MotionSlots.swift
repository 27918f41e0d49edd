import Foundation
import StrataCore

/// The layers of a frame whose animations the GPU evaluates ("motion slots"), in the flat form
/// `motion_slots.vert` reads: `texelsPerSlot` RGBA32F texels per slot (`slotsPerLine` to a texture row), made when the draw list
/// is built and uploaded once. Each frame the motion pass evaluates every slot's animations over its
/// model values and writes its matrix and opacity into its parent slot's space; `layer.vert` composes
/// them up the chain of slots for each quad that moves with one (`DrawList.commandSlots`). So while
/// only these animations run, the draw list is reused and nothing per layer happens on the CPU.
///
/// A slot's texels (texel: x, y, z, w):
/// - 0: position x, y, zPosition, anchorPointZ
/// - 1: anchorPoint x, y, opacity, inherited alpha (multiplies the opacity)
/// - 2: bounds x, y, width, height
/// - 3–6: transform (rows)
/// - 7–10: the static matrix from the layer's superlayer space to its parent slot's space (or target pixels)
/// - 11: background colour (straight RGBA; clear when nil)
/// - 12: parent slot (−1: none), animation count, local time rate (the records are packed against the
///   layer's local time at the epoch: local time − that = rate · (frame time − epoch)), time shift (a
///   replicator's delayed copy: its local time is that less the shift)
/// - 13: cornerRadius, borderWidth, strokeStart, strokeEnd (a shape layer's; 0, 1 for other kinds)
/// - 14: border colour (straight RGBA; clear when nil)
/// - 15: shadowOffset width, height, shadowOpacity, shadowRadius
/// - 16: shadow colour (straight RGBA; clear when nil)
/// - 17: contentsRect
/// - 18, 19: a shape's fill and stroke colours (straight RGBA; clear when nil or another kind; a text
///   layer's foregroundColor in 18, animated as the fill colour: `Property.fillColor`); a gradient's
///   start and end points in 18 (x, y, x, y), its locations in 19 (up to four, zeros after the last)
/// - 20…: (table row, `Property`) pairs, two per texel
public struct MotionSlots {
    public static let maxAnimations = 16
    public static let texelsPerSlot = MotionLayout.slotTexels
    /// Slots side by side on one texture row, as `motion_slots.vert` reads them: slot s is at column
    /// (s % slotsPerLine) · texelsPerSlot of row s / slotsPerLine.
    public static let slotsPerLine = MotionLayout.slotsPerLine
    /// Nested slots the vertex stage walks up (deeper layers stay on the CPU).
    public static let maxDepth = 32

    /// The properties the motion path animates (the rest keep a layer on the CPU).
    public enum Property: Int, CaseIterable, Sendable {
        case position = 1, anchorPoint, anchorPointZ, transform, opacity, backgroundColor, bounds, cornerRadius, borderWidth, borderColor,
             shadowOpacity, shadowOffset, shadowRadius, shadowColor, strokeStart, strokeEnd, contentsRect, zPosition,
             fillColor, strokeColor, startPoint, endPoint, locations

        /// Whether it changes the layer's matrix beyond a move in its plane (the transform, or zPosition,
        /// which under perspective scales what it draws).
        public var movesInDepth: Bool { self == .transform || self == .zPosition }

        public init?(_ p: LayerProperty) {
            let id = Int(p.rawValue)
            guard id < Self.byWireID.count, let property = Self.byWireID[id] else { return nil }
            self = property
        }

        /// By the layer property's wire id, from the channel table (asked per animation at every build: a
        /// look-up, not a chain of comparisons).
        private static let byWireID: [Property?] = {
            let pairs = MotionChannel.all.flatMap { c in c.layerProperties.map { ($0, c.property) } }
            var table = [Property?](repeating: nil, count: Int(pairs.map(\.0.rawValue).max() ?? 0) + 1)
            for (layer, motion) in pairs { table[Int(layer.rawValue)] = motion }
            return table
        }()
    }

    /// The slots' texels in order (the texture's, once padded to whole lines: `paddedData`).
    public private(set) var data: [Float] = []
    public private(set) var depths: [Int] = []
    /// Per slot: its parent, its superlayer space → its parent slot's space (`add`'s `outer`), and whether
    /// it or a slot above it animates a transform (else its matrix to the target scales alike in every
    /// frame: a shadow's blur can move with it).
    public private(set) var parents: [Int32] = []
    public private(set) var outers: [Transform3D] = []
    public private(set) var transformAnimates: [Bool] = []
    /// Per slot: whether its matrix to the target keeps its scale in every frame (no slot in the chain
    /// animates its transform in a way that can scale, `add`'s `scaleMayChange`, and no static matrix in it
    /// has perspective): a shape flattened for the scale when the list is built stays as sharp.
    public private(set) var keepsScale: [Bool] = []
    /// Per slot: whether the alphas of it and the slots above it may multiply to less than 1 in some frame
    /// (an opacity below 1 or animated): a layer of several pieces beneath must then be drawn as a group,
    /// as the CPU path draws it under an inherited opacity below 1.
    public private(set) var alphaMayDim: [Bool] = []
    /// Different for every build (the builder's count): a recorded pass of the list's quads is played
    /// again while it holds (the quads refer to slots by index, whatever their values).
    public let version: UInt64
    /// The slots' values were rewritten this many times since the build (`rewrite`): the renderer uploads
    /// them again for each (`uploadKey`).
    public private(set) var rewrites: UInt64 = 0
    /// What the renderer uploads the slots' values again for: a new build or a rewrite.
    public var uploadKey: SIMD2<UInt64> { SIMD2(version, rewrites) }

    public init(version: UInt64) { self.version = version }

    public var count: Int { depths.count }

    /// Adds a slot and returns its index, or nil when it would nest deeper than `maxDepth`. `model`: the
    /// values its animations start from; `outer`: its superlayer space → the parent slot's space;
    /// `inheritedAlpha` multiplies its opacity (which is 1 when its opacity is applied as a group);
    /// `scaleMayChange`: its transform animations may change its scale (any but a turn about z or a move in
    /// x and y); `timeShift`: how far behind the layer's own local time the slot runs (a replicator's
    /// delayed copy of it).
    public mutating func add(parent: Int32, model m: LayerModel, opacity: CGFloat, outer: Transform3D, inheritedAlpha: CGFloat,
                             rows: [(row: Int32, property: Property)], rate: Double, timeShift: Double = 0,
                             scaleMayChange: Bool = true) -> Int32? {
        let depth = parent >= 0 ? depths[Int(parent)] + 1 : 1
        guard depth <= Self.maxDepth, rows.count <= Self.maxAnimations else { return nil }
        // Written in place at the end of `data` (a slot's own array would cost an allocation per slot).
        let base = data.count
        data.append(contentsOf: repeatElement(0, count: Self.texelsPerSlot * 4))
        func set(_ t: MotionLayout.SlotTexel, plus i: Int = 0, _ x: Double, _ y: Double, _ z: Double, _ w: Double) {
            let k = base + (t.rawValue + i) * 4
            data[k] = Float(x); data[k + 1] = Float(y); data[k + 2] = Float(z); data[k + 3] = Float(w)
        }
        func rowsOf(_ r: Transform3D, at t: MotionLayout.SlotTexel) {
            set(t, r.m11, r.m12, r.m13, r.m14); set(t, plus: 1, r.m21, r.m22, r.m23, r.m24)
            set(t, plus: 2, r.m31, r.m32, r.m33, r.m34); set(t, plus: 3, r.m41, r.m42, r.m43, r.m44)
        }
        // The channels' model values (the opacity as given: 1 when it is applied as a group's)…
        var model = m
        model.opacity = opacity
        for channel in MotionChannel.all {
            guard let values = channel.read(model) else { continue }
            let start = base + channel.texel.rawValue * 4 + channel.first
            for i in 0..<channel.count { data[start + i] = Float(values[i]) }
        }
        // …and what is not a property: the inherited alpha, the static matrix, the slot's header.
        data[base + MotionLayout.SlotTexel.anchor.rawValue * 4 + 3] = Float(inheritedAlpha)
        rowsOf(outer, at: .outer)
        set(.header, Double(parent), Double(rows.count), rate, timeShift)
        let pairs = base + MotionLayout.SlotTexel.animations.rawValue * 4
        for (i, r) in rows.enumerated() {
            data[pairs + i * 2] = Float(r.row)
            data[pairs + i * 2 + 1] = Float(r.property.rawValue)
        }
        depths.append(depth)
        parents.append(parent)
        outers.append(outer)
        transformAnimates.append(rows.contains { $0.property.movesInDepth } || (parent >= 0 && transformAnimates[Int(parent)]))
        func flat(_ t: Transform3D) -> Bool { t.m14 == 0 && t.m24 == 0 && t.m34 == 0 && t.m44 == 1 }
        keepsScale.append(!scaleMayChange && flat(outer) && flat(m.transform) && (parent < 0 || keepsScale[Int(parent)]))
        alphaMayDim.append(opacity < 1 || inheritedAlpha < 1 || rows.contains { $0.property == .opacity } || (parent >= 0 && alphaMayDim[Int(parent)]))
        return Int32(depths.count - 1)
    }

    /// Whether the animations of slot `slot` animate `property` (its (row, property) pairs).
    public func animates(_ property: Property, slot: Int) -> Bool {
        guard slot >= 0, slot < count else { return false }
        let base = slot * Self.texelsPerSlot * 4
        let animations = Int(data[base + MotionLayout.SlotTexel.header.rawValue * 4 + 1])
        let pairs = base + MotionLayout.SlotTexel.animations.rawValue * 4
        return (0..<animations).contains { Int(data[pairs + $0 * 2 + 1]) == property.rawValue }
    }

    /// Writes `model`'s value of `property` into slot `slot`, as `add` wrote it, and counts a rewrite (the
    /// renderer uploads the slots again): a commit that changed only that value of a layer the slots place
    /// (`Compositor.slotMoves`), where the draw list stays as it was built.
    public mutating func rewrite(_ property: Property, of slot: Int, from model: LayerModel) {
        guard slot >= 0, slot < count else { return }
        let channel = MotionChannel.of(property)
        guard let values = channel.read(model) else { return }
        let start = slot * Self.texelsPerSlot * 4 + channel.texel.rawValue * 4 + channel.first
        for i in 0..<channel.count { data[start + i] = Float(values[i]) }
        rewrites &+= 1
    }

    /// Texture rows the slots take.
    public var lines: Int { (count + Self.slotsPerLine - 1) / Self.slotsPerLine }

    /// `data` padded to whole texture rows.
    public var paddedData: [Float] {
        data + [Float](repeating: 0, count: lines * Self.slotsPerLine * Self.texelsPerSlot * 4 - data.count)
    }

    /// Whether the motion path can move `command` with a slot: quads (the vertex stage places them: a
    /// rasterized layer's bitmap too, made in its own space) and groups, masks and shadows (composited over
    /// the whole target; the builder keeps a shadow only where its blur does not change with the slots), a
    /// clip's composite (placed by its slot), and a kind's drawing that says it moves (a shape's
    /// `MovingShapeDraw`). Scissor clips, paths and other kinds' drawing depend on where the layer is when
    /// the list is built.
    static func moves(_ command: DrawCommand) -> Bool {
        switch command {
        case .fill, .shape, .image, .raster, .beginGroup, .endGroup, .endShadowGroup, .endClipGroup, .endMaskedGroups: true
        case .content(let c): c.movesWithSlots
        default: false
        }
    }
}

/// How one draw command depends on the frame's motion slots (`DrawList.commandMotion`). A quad under a
/// slot is placed by the chain of slots from `slot` up. Its colour is multiplied by the alphas of the
/// slots from `alphaFrom` up to, not including, `alphaStop`: the slot of the innermost group around it
/// (whose composite carries the alphas from there up, as a group's opacity applies once to the whole).
/// A group's end composites with the alphas from the slot it began under (`alphaFrom`) to the group
/// around it. `fields` are the quad's values the slot gives instead of the command (animated on the GPU).
public struct MotionRef: Equatable, Sendable {
    /// What of a quad comes from its slot's animated values (layer.vert's a_motion.y low bits, FIELD_…).
    public struct Fields: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The colour: the background colour times the command's alpha.
        public static let backgroundColor = Fields(rawValue: 1)
        /// The rectangle: the bounds.
        public static let bounds = Fields(rawValue: 2)
        /// The corner radius (the command's corners say which are rounded).
        public static let cornerRadius = Fields(rawValue: 4)
        /// The border width.
        public static let borderWidth = Fields(rawValue: 8)
        /// The colour: the border colour times the command's alpha.
        public static let borderColor = Fields(rawValue: 16)
        /// The colour times the shadow opacity (clamped to 0…1): a shadow's composite.
        public static let shadowOpacity = Fields(rawValue: 32)
        /// The colour times the shadow colour (premultiplied): a shadow's composite.
        public static let shadowColor = Fields(rawValue: 64)
        /// Moved by the shadow offset in the slot's layer space: a shadow's shape, drawn without the offset.
        public static let shadowOffset = Fields(rawValue: 128)
        /// The blur's σ: the shadow radius / 2 times the command's σ (then the scale from the slot's layer
        /// units to target pixels): a shadow's two blur passes.
        public static let shadowRadius = Fields(rawValue: 256)
        /// A shape's stroke start and end (its `MovingShapeDraw` trims by them).
        public static let strokeTrim = Fields(rawValue: 1024)
        /// The texture coordinates: the contentsRect (contents stretched over the bounds in one piece).
        public static let contentsRect = Fields(rawValue: 2048)
        /// A shape's fill or stroke colour (its `MovingShapeDraw` covers with it); on a layer quad (a text
        /// layer's glyphs and decorations in its foregroundColor) the colour times the fill colour's texel.
        public static let fillColor = Fields(rawValue: 8192)
        public static let strokeColor = Fields(rawValue: 16384)
        /// A gradient's start and end points (its `GradientDraw` takes them from the slot).
        public static let gradientPoints = Fields(rawValue: 32768)
        /// A gradient's locations (up to four: its `GradientDraw` orders its stops by them per pixel).
        public static let gradientLocations = Fields(rawValue: 65536)
        /// What of a shadow's composite its slot may animate.
        public static let shadowComposite: Fields = [.shadowOpacity, .shadowColor, .shadowRadius]

        /// Every field by name: the GLSL header's FIELD_… bits (MotionLayout).
        public static let named: [(String, Fields)] = [
            ("backgroundColor", .backgroundColor), ("bounds", .bounds), ("cornerRadius", .cornerRadius), ("borderWidth", .borderWidth),
            ("borderColor", .borderColor), ("shadowOpacity", .shadowOpacity), ("shadowColor", .shadowColor),
            ("shadowOffset", .shadowOffset), ("shadowRadius", .shadowRadius), ("strokeTrim", .strokeTrim),
            ("contentsRect", .contentsRect), ("fillColor", .fillColor),
            ("strokeColor", .strokeColor), ("gradientPoints", .gradientPoints), ("gradientLocations", .gradientLocations),
        ]
    }

    /// How a quad is drawn under its slot (layer.vert's MODE_… bits, above every field's: `a_motion.y`
    /// carries both, fields | modes).
    public struct Modes: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The command is not placed by the slot, only given its values (a shadow's composite, drawn
        /// over the whole target; a label's glyphs given only its alphas).
        public static let valuesOnly = Modes(rawValue: 1 << 24)
        /// A one-sided layer's own piece: drawn only while the layer's plane faces the viewer (`layer.vert`
        /// decides each frame, as `DrawListBuilder.facesViewer` does on the CPU).
        public static let cullsBackFace = Modes(rawValue: 1 << 25)
        /// The rectangle: the contents placed in the slot's bounds by their gravity (`placement`).
        public static let contentsPlacement = Modes(rawValue: 1 << 26)
        /// With `contentsPlacement`: one of nine-part contents' pieces, cut out by `layer.vert` (the command's
        /// rectangle holds contentsCenter's unit breaks, its texture rectangle the whole contentsRect).
        public static let nineSlice = Modes(rawValue: 1 << 27)

        /// Every mode by name: the GLSL header's MODE_… bits (MotionLayout).
        public static let named: [(String, Modes)] = [
            ("valuesOnly", .valuesOnly), ("cullsBackFace", .cullsBackFace), ("contentsPlacement", .contentsPlacement),
            ("nineSlice", .nineSlice),
        ]
    }

    public var slot: Int32 = -1
    public var fields: Fields = []
    public var modes: Modes = []
    public var alphaFrom: Int32 = -1
    public var alphaStop: Int32 = -1
    /// With `contentsPlacement`: how the contents go in the bounds (`ContentsPlacement.packed`).
    public var placement = SIMD4<Float>()

    public static let none = MotionRef()

    /// The same with `more` of the slot's values taken.
    public func adding(_ more: Fields) -> MotionRef {
        var m = self
        m.fields.formUnion(more)
        return m
    }

    /// Whether the GPU changes anything about the command.
    public var isMoving: Bool { slot >= 0 || alphaFrom >= 0 }
}
