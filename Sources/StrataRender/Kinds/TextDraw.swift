import CStrataGL
import Foundation
import StrataCore
import StrataText

/// A CATextLayer's drawing (`DrawCommand.content`): laid-out glyph runs drawn from the renderer's glyph
/// atlas, and underlines and strikethroughs as filled rectangles.
///
/// Glyphs are rasterised at contentsScale × (the scale the matrix shows the layer at ÷ displayScale)
/// pixels per point: contentsScale 1 on a 2× display is rasterised at 1× and magnified (blurry, as in
/// Core Animation), contentsScale 2 there is sharp, and a layer scaled by its (or an ancestor's)
/// transform is rasterised at the size it is shown, never a magnified bitmap (while it may move, at that
/// size rounded up to a quarter octave, `MovingRasterScale.stepped`, so an animated scale makes new rasters a
/// few times and not every frame).
///
/// When the matrix only scales uniformly and translates and the glyphs are rasterised at exactly that
/// scale, each glyph is drawn pixel for pixel (nearest sampling): its baseline on a whole pixel, its x on
/// a quarter pixel (a raster per quarter) or, with `subpixelQuantization`, on a whole pixel. Otherwise
/// (rotation, perspective, a non-uniform scale, magnification or minification), and whenever the layer
/// may move between frames (`snaps` false: the text slides with its layer as the bitmap Core Animation
/// draws text into does, rather than jumping from pixel to pixel against it), glyph quads go through the
/// matrix in layer coordinates, sampled bilinearly. That form moves with motion slots (`SlotUse`).
public struct TextDraw: ContentDraw {
    /// How the motion slots above the layer take its drawing.
    public enum SlotUse: Sendable, Equatable, Hashable {
        /// Not under a slot.
        case none
        /// `matrix` ends in the slot's space and the slots place the glyph quads each frame; the glyphs are
        /// rasterised for `shownScale` target pixels per layer point (the slots never change it).
        case placed(shownScale: CGFloat)
        /// `matrix` ends in target pixels (nothing in the chain of slots moves the layer); the slots give only
        /// their alphas.
        case alphaOnly
    }

    /// Glyphs of one face, size and colour.
    public struct Run: Sendable, Equatable {
        public var face: FontFace
        /// Points per em.
        public var size: CGFloat
        /// Straight alpha (a nil run colour resolved to the layer's foregroundColor). Colour glyphs keep
        /// their own colours and take only its alpha.
        public var color: Color
        public var glyphs: [UInt32]
        /// Each glyph's origin on its baseline, in layer points (y down).
        public var positions: [CGPoint]
        /// The colour is the layer's foregroundColor, which its motion slot animates: `color` is white and
        /// layer.vert multiplies the slot's in (`MotionRef.Fields.fillColor`).
        public var colorFromSlot = false

        public init(face: FontFace, size: CGFloat, color: Color, glyphs: [UInt32], positions: [CGPoint], colorFromSlot: Bool = false) {
            self.face = face; self.size = size; self.color = color; self.glyphs = glyphs; self.positions = positions
            self.colorFromSlot = colorFromSlot
        }
    }

    /// An underline or strikethrough: `rect` (layer points) filled with straight `color`.
    public struct Decoration: Sendable, Equatable {
        public var rect: CGRect
        public var color: Color
        /// As a run's: the colour is the slot's foregroundColor.
        public var colorFromSlot = false
        public init(rect: CGRect, color: Color, colorFromSlot: Bool = false) {
            self.rect = rect; self.color = color; self.colorFromSlot = colorFromSlot
        }
    }

    /// Layer coordinates → target pixels.
    public var matrix: Transform3D
    public var runs: [Run] { didSet { knownInk = nil } }
    public var decorations: [Decoration] { didSet { knownInk = nil } }
    /// The runs' and decorations' ink before `clip` (`unclippedInk`), when the maker measured it once for
    /// every drawing of the same layout (a 65,536-glyph text is measured a glyph at a time).
    private var knownInk: InkBounds?
    private struct InkBounds { var rect: CGRect? }

    /// A quad per glyph and decoration.
    public var drawCost: Int { runs.reduce(decorations.count) { $0 + $1.glyphs.count } }

    /// The same drawing as commands of at most `maxGlyphs` glyphs each, in order, the decorations with the
    /// last: a bitmap drawn in parts (`Renderer.drawPart`) can stop between them.
    public func parts(maxGlyphs: Int) -> [TextDraw] {
        guard maxGlyphs > 0, drawCost > maxGlyphs else { return [self] }
        var parts: [TextDraw] = []
        var current: [Run] = [], count = 0
        for run in runs {
            var start = 0
            while start < run.glyphs.count {
                let take = min(maxGlyphs - count, run.glyphs.count - start)
                var piece = run
                piece.glyphs = Array(run.glyphs[start..<start + take])
                piece.positions = Array(run.positions[start..<start + take])
                current.append(piece)
                count += take
                start += take
                if count == maxGlyphs {
                    var part = self
                    part.runs = current
                    part.decorations = []
                    part.layoutIdentity = layoutIdentity.map { ($0.layout, parts.count) }
                    parts.append(part)
                    current = []
                    count = 0
                }
            }
        }
        if !current.isEmpty || !decorations.isEmpty {
            var part = self
            part.runs = current
            part.layoutIdentity = layoutIdentity.map { ($0.layout, parts.count) }
            parts.append(part)
        }
        return parts
    }
    /// The layout these runs came from, when its owner numbers its layouts (`TextLayerContent`): equal
    /// numbers, equal glyphs and positions, so the key combines the number and not every glyph's place
    /// (a 65,536-glyph layout hashed each frame was most of a kept text bitmap's cost). `part` tells the
    /// commands of one layout's `parts` apart.
    public var layoutIdentity: (layout: UInt64, part: Int)?
    public var contentsScale: CGFloat
    public var displayScale: CGFloat
    /// allowsFontSubpixelQuantization: true puts glyphs on whole pixels (one raster per glyph), false on
    /// quarter pixels.
    public var subpixelQuantization: Bool
    public var alpha: CGFloat
    /// What is drawn is cut to this rectangle (layer points): a text layer's bounds, as the bitmap Core
    /// Animation draws text into is. nil: not cut.
    public var clip: CGRect?
    /// Whether glyphs may be put on the pixel grid: false while something may move the layer between frames.
    public var snaps = true
    public var slotUse = SlotUse.none

    public init(matrix: Transform3D, runs: [Run], decorations: [Decoration] = [], clip: CGRect? = nil, contentsScale: CGFloat,
                displayScale: CGFloat = 1, subpixelQuantization: Bool = false, alpha: CGFloat = 1) {
        self.matrix = matrix; self.runs = runs; self.decorations = decorations; self.clip = clip; self.contentsScale = contentsScale
        self.displayScale = displayScale; self.subpixelQuantization = subpixelQuantization; self.alpha = alpha
    }

    /// A laid-out text's drawing, its nil colours resolved to `foregroundColor`.
    public init(matrix: Transform3D, text: LaidOutText, foregroundColor: Color, clip: CGRect? = nil, contentsScale: CGFloat,
                displayScale: CGFloat = 1, subpixelQuantization: Bool = false, alpha: CGFloat = 1) {
        self.init(matrix: matrix,
                  runs: text.runs.map { Run(face: $0.face, size: $0.size, color: $0.color ?? foregroundColor, glyphs: $0.glyphs, positions: $0.positions) },
                  decorations: text.decorations.map { Decoration(rect: $0.rect, color: $0.color ?? foregroundColor) },
                  clip: clip, contentsScale: contentsScale, displayScale: displayScale, subpixelQuantization: subpixelQuantization, alpha: alpha)
    }

    /// How far (in ems) a glyph's ink may reach from its origin, for the damage box: two ems on every side
    /// holds the glyphs of the fonts in use (accents, descenders, emoji, wide CJK) with room to spare.
    static let inkReach: CGFloat = 2

    /// Where the glyphs and decorations can draw, in layer points (nil: nothing). Ink that is not finite
    /// (glyphs laid out past the largest double, at an absurd font size) draws nothing and counts for
    /// nothing: a NaN reaching Foundation's rectangle arithmetic traps.
    var inkBounds: CGRect? {
        let r = knownInk.map(\.rect) ?? unclippedInk
        if let clip, let ink = r {
            guard Self.isFinite(clip) else { return nil }
            let cut = ink.intersection(clip)
            return cut.isNull || cut.isEmpty ? nil : cut
        }
        return r
    }

    /// Gives the drawing its runs' and decorations' ink, measured once (`unclippedInk` of a drawing with the
    /// same runs and decorations).
    public mutating func remember(ink: CGRect?) {
        knownInk = InkBounds(rect: ink)
    }

    /// Where the glyphs and decorations can draw before `clip`, in layer points (nil: nothing).
    public var unclippedInk: CGRect? {
        var r: CGRect?
        // One pass over the positions, no copies: box() and draw() both ask, every frame.
        for run in runs {
            var x0 = CGFloat.infinity, x1 = -CGFloat.infinity, y0 = CGFloat.infinity, y1 = -CGFloat.infinity
            for p in run.positions {
                x0 = min(x0, p.x); x1 = max(x1, p.x); y0 = min(y0, p.y); y1 = max(y1, p.y)
            }
            guard x0 <= x1, y0 <= y1 else { continue }
            let m = abs(run.size) * Self.inkReach
            let box = CGRect(x: x0 - m, y: y0 - m, width: x1 - x0 + 2 * m, height: y1 - y0 + 2 * m)
            guard Self.isFinite(box) else { continue }
            r = r.map { $0.union(box) } ?? box
        }
        for d in decorations where d.rect.width > 0 && d.rect.height > 0 && Self.isFinite(d.rect) {
            r = r.map { $0.union(d.rect) } ?? d.rect
        }
        return r
    }

    static func isFinite(_ r: CGRect) -> Bool {
        r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
    }

    /// The scale (target pixels per layer point) `toTarget` shows its ink at: what a `.placed` draw is
    /// rasterised for. nil when nothing is drawn or no part of it is in front of the eye.
    public func shownScale(_ toTarget: Transform3D) -> CGFloat? {
        inkBounds.flatMap { TextRasterScale.shownScale(toTarget, over: $0) }
    }

    public func box(within target: PixelRect) -> PixelRect {
        if case .placed = slotUse { return target } // anywhere: the slots place it
        guard let ink = inkBounds, ink.width.isFinite, ink.height.isFinite else { return .empty }
        return PixelRect.covering(ink, matrix, margin: DrawListAnalysis.margin, within: target)
    }

    /// Moved by whole target pixels its glyphs land on the same places within their pixels (snapped or not).
    public func shifted(dx: CGFloat, dy: CGFloat) -> (any ContentDraw)? {
        guard let matrix = matrix.movedInTarget(dx: dx, dy: dy) else { return nil }
        var moved = self
        moved.matrix = matrix
        return moved
    }

    public func combine(into h: inout Hasher) {
        h.combine(matrix); h.combine(contentsScale); h.combine(displayScale); h.combine(subpixelQuantization); h.combine(alpha)
        h.combine(snaps); h.combine(slotUse)
        h.combine(clip != nil)
        if let c = clip { h.combine(c.origin.x); h.combine(c.origin.y); h.combine(c.width); h.combine(c.height) }
        h.combine(runs.count)
        if let id = layoutIdentity { h.combine(id.layout); h.combine(id.part) }
        for run in runs {
            h.combine(run.face); h.combine(run.face.path); h.combine(run.face.index); h.combine(run.size); h.combine(run.color)
            h.combine(run.colorFromSlot)
            h.combine(run.glyphs.count)
            guard layoutIdentity == nil else { continue }
            h.combine(run.glyphs)
            for p in run.positions { h.combine(p.x); h.combine(p.y) }
        }
        h.combine(decorations.count)
        for d in decorations {
            h.combine(d.rect.origin.x); h.combine(d.rect.origin.y); h.combine(d.rect.width); h.combine(d.rect.height); h.combine(d.color)
            h.combine(d.colorFromSlot)
        }
    }

    public var movesWithSlots: Bool { slotUse != .none }

    public func draw(in renderer: Renderer, framebuffer: GLuint, scissor: PixelRect) throws {
        try draw(in: renderer, framebuffer: framebuffer, scissor: scissor, motion: .none)
    }

    /// Kept whole (over 60 lines): the per-glyph loop, whose placement choices share the run's values.
    public func draw(in renderer: Renderer, framebuffer: GLuint, scissor: PixelRect, motion: MotionRef) throws {
        var placedScale: CGFloat?
        if case .placed(let s) = slotUse, motion.slot >= 0, !motion.modes.contains(.valuesOnly) { placedScale = s }
        guard alpha > 0, contentsScale > 0, displayScale > 0, contentsScale.isFinite, displayScale.isFinite,
              let ink = inkBounds, let shown = placedScale ?? TextRasterScale.shownScale(matrix, over: ink) else { return }
        let shownRaster = contentsScale * shown / displayScale
        let rasterScale = snaps || placedScale != nil ? shownRaster : MovingRasterScale.stepped(shownRaster)
        // Pixel for pixel when the layer stays still and is shown at exactly the scale it is rasterised at.
        let exact = snaps && placedScale == nil
            ? TextRasterScale.axisAlignedScale(matrix).flatMap { abs($0 - rasterScale) <= 1e-9 * $0 ? $0 : nil } : nil
        // The clip in target pixels for quads drawn there (an axis-aligned matrix maps it to a rectangle).
        let clipInPixels = exact.flatMap { s in
            clip.map { CGRect(x: $0.minX * s + matrix.m41, y: $0.minY * s + matrix.m42, width: $0.width * s, height: $0.height * s) }
        }
        let glyphProgram = try renderer.program(.glyph).program
        for run in runs where run.color.alpha > 0 && run.size > 0 {
            let pixelSize = TextRasterScale.quantized(run.size * rasterScale)
            let rasterSize = min(pixelSize, GlyphRasterizer.maxPixelSize)
            guard rasterSize >= GlyphRasterizer.minPixelSize else { continue }
            let a = run.color.alpha * alpha
            let tint = (Float(run.color.red * a), Float(run.color.green * a), Float(run.color.blue * a), Float(a))
            let fa = Float(a)
            let runMotion = run.colorFromSlot && motion.slot >= 0 ? motion.adding(.fillColor) : motion
            for (glyph, p) in zip(run.glyphs, run.positions) {
                var key = GlyphAtlas.Key(face: run.face.id, glyph: glyph, size64: Int(rasterSize * 64), subpixel: 0)
                var origin: CGPoint?
                if let s = exact, rasterSize == pixelSize {
                    // Colour bitmaps cannot shift by a subpixel: they go on whole pixels.
                    let (x, y) = snapped(CGPoint(x: p.x * s + matrix.m41, y: p.y * s + matrix.m42), whole: run.face.isColor)
                    // A glyph whose ink cannot reach the repainted pixels is neither rasterised nor drawn (a
                    // long text scrolled mostly off screen makes only what shows).
                    let reach = Self.inkReach * pixelSize
                    if x + reach < CGFloat(scissor.x) || x - reach > CGFloat(scissor.maxX)
                        || y + reach < CGFloat(scissor.y) || y - reach > CGFloat(scissor.maxY) { continue }
                    key.subpixel = UInt8(((x - x.rounded(.down)) * 4).rounded())
                    origin = CGPoint(x: x.rounded(.down), y: y)
                }
                guard let g = renderer.glyphAtlas.glyph(key, face: run.face, in: renderer) else { continue }
                let pixelExact = origin != nil && g.scale == 1
                let filter: ContentsFilter = pixelExact ? .nearest : .linear
                let state = Renderer.BatchState(program: g.isColor ? renderer.textured.program : glyphProgram,
                                                texture: g.texture, sampler: renderer.samplers.sampler(min: filter, mag: filter))
                let color = g.isColor ? (fa, fa, fa, fa) : tint
                let t = CGFloat(g.textureSize)
                if pixelExact, let o = origin {
                    // Target pixels, one texel each.
                    let quad = CGRect(x: o.x + CGFloat(g.left), y: o.y - CGFloat(g.top), width: CGFloat(g.width), height: CGFloat(g.height))
                    let uv = CGRect(x: CGFloat(g.x) / t, y: CGFloat(g.y) / t, width: CGFloat(g.width) / t, height: CGFloat(g.height) / t)
                    guard let (q, u) = Self.cut(quad, uv, to: clipInPixels) else { continue }
                    renderer.queue(state, .identity, q, uv: u, color: color, motion: runMotion)
                } else {
                    // Layer points per bitmap texel; the quad grows by a texel of the zero ring on every side so
                    // bilinear sampling fades the glyph's edge texels out.
                    let k = run.size / (rasterSize * g.scale)
                    let quad = CGRect(x: p.x + CGFloat(g.left - 1) * k, y: p.y - CGFloat(g.top + 1) * k,
                                      width: CGFloat(g.width + 2) * k, height: CGFloat(g.height + 2) * k)
                    let uv = CGRect(x: CGFloat(g.x - 1) / t, y: CGFloat(g.y - 1) / t, width: CGFloat(g.width + 2) / t, height: CGFloat(g.height + 2) / t)
                    guard let (q, u) = Self.cut(quad, uv, to: clip) else { continue }
                    renderer.queue(state, matrix, q, uv: u, color: color, motion: runMotion)
                }
            }
        }
        for d in decorations where Self.isFinite(d.rect) {
            let rect = clip.map { d.rect.intersection($0) } ?? d.rect
            guard !rect.isNull, !rect.isEmpty else { continue }
            renderer.queueShape(matrix, rect, radius: 0, corners: 0, border: 0, color: d.color, alpha: alpha, edges: 15,
                                motion: d.colorFromSlot && motion.slot >= 0 ? motion.adding(.fillColor) : motion)
        }
    }

    /// `quad` and its texture rectangle `uv` cut to `clip` (the texture coordinates cut in proportion);
    /// nil when nothing is left.
    static func cut(_ quad: CGRect, _ uv: CGRect, to clip: CGRect?) -> (CGRect, CGRect)? {
        // A glyph laid out at infinity (see `inkBounds`) is not drawn.
        guard isFinite(quad) else { return nil }
        guard let clip else { return (quad, uv) }
        let q = quad.intersection(clip)
        guard !q.isNull, q.width > 0, q.height > 0, quad.width > 0, quad.height > 0 else { return nil }
        if q == quad { return (quad, uv) }
        let sx = uv.width / quad.width, sy = uv.height / quad.height
        return (q, CGRect(x: uv.minX + (q.minX - quad.minX) * sx, y: uv.minY + (q.minY - quad.minY) * sy,
                          width: q.width * sx, height: q.height * sy))
    }

    /// A glyph origin in target pixels put on the grid it is drawn on: the baseline on a whole pixel, x on
    /// a quarter pixel or (subpixelQuantization) a whole one.
    private func snapped(_ p: CGPoint, whole: Bool) -> (CGFloat, CGFloat) {
        let x = subpixelQuantization || whole ? p.x.rounded() : (p.x * 4).rounded() / 4
        return (x, p.y.rounded())
    }
}
