import Foundation
import StrataCore
import StrataRender
import StrataText
import StrataTextWorker

/// CATextLayer: its string laid out (`TextLayout`, the one layout the client's `preferredFrameSize()` uses
/// too) in its bounds and drawn from the renderer's glyph cache as a `TextDraw`, above the background and
/// contents, clipped to the bounds as the backing store Core Animation draws it into would be. The
/// layout is kept while the string, the values it depends on and the bounds' size stay the same, so
/// animating `foregroundColor` or moving the layer lays nothing out again; animating `fontSize` lays out
/// each frame at the interpolated size.
///
/// While an animation may move the layer (its own or a superlayer's: `RenderNode.placementMayAnimate`) its
/// glyphs are drawn off the pixel grid, sliding with it; at rest they snap to it. Under a motion slot the
/// glyphs move with the slots where the chain of slots never scales them (`MotionSlots.keepsScale`, as a
/// moving shape); where nothing in the chain moves them they are drawn in place and take only the slots'
/// alphas; a slot animating the text layer's own bounds (its layout) keeps the layer on the CPU.
///
/// With the daemon's text worker (`DrawListBuilder.textLayouts`) the layout is asked for and not waited for:
/// the layer shows its previous layout (or none) until the worker's answer is collected, and the frame after
/// that shows it. A layer has one request out at a time: values that change meanwhile are asked for when it
/// answers, and the answer, even to older values, is shown. A layout that made the worker fail leaves the
/// layer without text until what it lays out changes. Without one (offline rendering, tests, benchmarks)
/// it is laid out here, within the client's budget of units per frame.
final class TextLayerContent: LayerKindContent, @unchecked Sendable {
    // Touched only on the server's thread, as every node is.
    private var cached: (key: TextLayoutRequest, layout: LaidOutText?)? {
        didSet { layoutNumber = Self.nextLayoutNumber() }
    }
    /// Names `cached`'s layout for the drawing's key (`TextDraw.layoutIdentity`): new with every layout.
    private var layoutNumber: UInt64 = 0
    nonisolated(unsafe) private static var layoutsMade: UInt64 = 0
    /// Numbers are unique across every text layer (a layer's kind may be replaced under the same node).
    private static func nextLayoutNumber() -> UInt64 {
        layoutsMade &+= 1
        return layoutsMade
    }
    /// The worker's request in progress, and the service it went to (to cancel it if the layer goes).
    private var ticket: TextLayoutTicket?
    private weak var service: TextLayoutService?

    deinit { if let ticket { service?.cancel(ticket) } }

    /// The frozen copy shows the layout this layer shows.
    func carry(into copy: any LayerKindContent) {
        guard let copy = copy as? TextLayerContent else { return }
        copy.cached = cached
        copy.layoutNumber = layoutNumber
    }

    /// The glyphs are clipped to the bounds.
    var drawsWithinBounds: Bool { true }

    /// Out of view, the layout is asked of the worker as in view (never laid out here: that costs the frame).
    func prepareUnseen(_ node: RenderNode, service: TextLayoutService) {
        let t = node.values.text
        guard let text = t.string, !text.string.isEmpty, let owner = node.owner else { return }
        let key = Self.request(text, t, node.values.bounds.size)
        if let cached, cached.key == key { return }
        _ = fromWorker(key, owner: owner, node: node, service: service)
    }

    /// Glyphs may overlap (marks on their base, joined Arabic letters, an underline through descenders),
    /// so text of more than one character is two pieces: under an opacity it is composited as a group,
    /// as Core Animation composites the bitmap it draws text into.
    func pieces(_ node: RenderNode) -> Int {
        guard let text = node.presentation.text.string else { return 0 }
        // Not `utf16Count`: a 65,536-unit string is asked each frame.
        return text.string.utf16.prefix(2).count
    }

    func appendContent(_ node: RenderNode, matrix: Transform3D, alpha: CGFloat, tint: Color, motion: KindMotion,
                       into list: inout DrawList) {
        // Drawn values: a layer the slot animates is drawn from its model.
        let p = node.drawnValues, t = p.text
        guard let text = t.string, !text.string.isEmpty, alpha > 0 else { return }
        guard let layout = self.layout(text, t, p.bounds.size, node: node, service: motion.builder.textLayouts, list: &list),
              !layout.runs.isEmpty || !layout.decorations.isEmpty else { return }
        // A foregroundColor its own slot animates (as the fill colour) is the slot's: white here, which
        // layer.vert multiplies by it (the builder keeps such a slot untinted).
        let slotColor = list.currentSlot >= 0 && motion.animated.contains(.fillColor)
        let colored = coloredRuns(layout, foreground: t.foregroundColor, tint: tint, slotColor: slotColor)
        // Colour glyphs take only the foreground colour's alpha: not the slot's colour.
        if let reason = MotionEligibility.colourGlyphs(fromSlot: colored.colorGlyphsFromSlot) { list.motionRefusal = .rule(reason) }
        let runs = colored.runs, decorations = colored.decorations
        guard !runs.isEmpty || !decorations.isEmpty else { return }
        let origin = p.bounds.origin
        let toBounds = origin == .zero ? matrix : Transform3D.translation(origin.x, origin.y, 0) * matrix
        var draw = TextDraw(matrix: toBounds, runs: runs, decorations: decorations, clip: CGRect(origin: .zero, size: p.bounds.size),
                            contentsScale: p.contentsScale, displayScale: list.displayScale,
                            subpixelQuantization: t.allowsFontSubpixelQuantization, alpha: alpha)
        draw.remember(ink: colored.ink)
        draw.snaps = !node.placementMayAnimate
        draw.layoutIdentity = (layoutNumber, 0)
        let slot = list.currentSlot
        if slot >= 0, let slots = list.motion, !motion.animated.contains(.bounds) {
            let toTarget = toBounds * motion.builder.slotToTarget(slot, list)
            if draw.snaps {
                // Nothing moves it: drawn where it is, the slots' alphas multiplied in; not in the shape of a
                // shadow whose offset the slot animates (that moves it, and the CPU snaps it at each offset).
                if list.shadowOffsetSlot != slot {
                    draw.matrix = toTarget
                    draw.slotUse = .alphaOnly
                    list.append(.content(draw), slotModes: .valuesOnly)
                    return
                }
            } else if slots.keepsScale[Int(slot)], let shown = draw.shownScale(toTarget) {
                draw.slotUse = .placed(shownScale: shown)
                list.append(.content(draw))
                return
            }
        }
        // Outside a slot, text of more than `keptTextGlyphs` glyphs goes through a bitmap of its own, kept
        // while its layout stays; smaller text is drawn as is; under a slot (where it cannot move) this makes
        // the builder take the layer back to the CPU. Into a bitmap (which may be drawn a part a frame) in
        // commands of at most `partGlyphs` glyphs: a 65,536-glyph string is then 32 parts, not one.
        if draw.drawCost > motion.builder.keptTextGlyphs, slot < 0, tint == .white,
           let kept = motion.builder.keptText(node, draw, matrix: toBounds, within: &list) {
            list.append(.raster(matrix: toBounds, rect: kept.rect, content: kept.content, alpha: alpha,
                                sampling: DrawListBuilder.sampling(p), edges: 0, tint: .white))
        } else if motion.builder.drawsIntoBitmap, draw.drawCost > Self.partGlyphs {
            for part in draw.parts(maxGlyphs: Self.partGlyphs) { list.append(.content(part)) }
        } else {
            list.append(.content(draw))
        }
    }

    /// The runs and decorations of `cached`'s layout in their drawn colours, made again only when the
    /// layout or the colours change: a thousand labels built again each frame made each one's arrays anew.
    private var colored: ColoredRuns?

    private struct ColoredRuns {
        var layoutNumber: UInt64, foreground: Color?, tint: Color, slotColor: Bool
        var runs: [TextDraw.Run], decorations: [TextDraw.Decoration]
        /// A colour glyph (emoji) among the runs that take the slot's colour.
        var colorGlyphsFromSlot: Bool
        /// Where they draw (`TextDraw.unclippedInk`), measured once.
        var ink: CGRect?
    }

    private func coloredRuns(_ layout: LaidOutText, foreground: Color?, tint: Color, slotColor: Bool) -> ColoredRuns {
        if let colored, colored.layoutNumber == layoutNumber, colored.foreground == foreground, colored.tint == tint,
           colored.slotColor == slotColor {
            return colored
        }
        func resolved(_ c: Color?) -> Color? {
            guard let c = c ?? foreground else { return nil }
            return tint == .white ? c : Color(red: c.red * tint.red, green: c.green * tint.green, blue: c.blue * tint.blue, alpha: c.alpha)
        }
        var colorGlyphsFromSlot = false
        let runs = layout.runs.compactMap { run -> TextDraw.Run? in
            if slotColor, run.color == nil {
                if run.face.isColor { colorGlyphsFromSlot = true }
                return TextDraw.Run(face: run.face, size: run.size, color: .white, glyphs: run.glyphs, positions: run.positions, colorFromSlot: true)
            }
            guard let color = resolved(run.color), color.alpha > 0 else { return nil }
            return TextDraw.Run(face: run.face, size: run.size, color: color, glyphs: run.glyphs, positions: run.positions)
        }
        let decorations = layout.decorations.compactMap { d -> TextDraw.Decoration? in
            if slotColor, d.color == nil { return TextDraw.Decoration(rect: d.rect, color: .white, colorFromSlot: true) }
            guard let color = resolved(d.color), color.alpha > 0 else { return nil }
            return TextDraw.Decoration(rect: d.rect, color: color)
        }
        let ink = TextDraw(matrix: .identity, runs: runs, decorations: decorations, contentsScale: 1).unclippedInk
        let made = ColoredRuns(layoutNumber: layoutNumber, foreground: foreground, tint: tint, slotColor: slotColor, runs: runs,
                               decorations: decorations, colorGlyphsFromSlot: colorGlyphsFromSlot, ink: ink)
        colored = made
        return made
    }

    /// The most glyphs one command draws of a text drawn into a bitmap.
    static let partGlyphs = 2048

    /// The layout of `text` in a box of `size`: the one made for these values, else the worker's answer when
    /// it has come (or a new request, showing the last layout meanwhile), else, in process, laid out now
    /// while the owning client's budget for this frame lasts (else the last layout, and the list marked for
    /// another frame).
    private func layout(_ text: AttributedText, _ t: TextModel, _ size: CGSize, node: RenderNode, service: TextLayoutService?,
                        list: inout DrawList) -> LaidOutText? {
        let key = Self.request(text, t, size)
        if let cached, cached.key == key { return cached.layout }
        let owner = node.owner
        // A frozen copy (a transition's old appearance) belongs to no client: it shows the layout its layer
        // showed (`carry`), and never lays a client's string out here on the frame thread when a worker
        // does that (before, a transition over a text layer ran HarfBuzz on the frame thread, and kept the
        // fonts it opened mapped for good).
        if owner == nil, service != nil { return cached?.layout }
        if let service, let owner { return fromWorker(key, owner: owner, node: node, service: service) }
        if let owner {
            guard owner.textLayoutBudget > 0 else {
                list.deferredWork = true
                return cached?.layout
            }
            owner.textLayoutBudget -= max(1, text.utf16Count)
        }
        FontWarnings.shared.check(key.style.font, text)
        let layout = TextLayout.layout(text, style: key.style, bounds: size)
        cached = (key, layout)
        return layout
    }

    /// What the layout reads of the layer's values. An animation may take the size or the bounds to infinity
    /// (extrapolated, cumulative): the layout reads a value that is not finite as 0 (no text, no constraint),
    /// and the worker takes only finite ones, so the request carries what the layout would read.
    private static func request(_ text: AttributedText, _ t: TextModel, _ size: CGSize) -> TextLayoutRequest {
        func finite(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
        return TextLayoutRequest(text: text, style: TextStyle(font: t.font, fontSize: finite(t.fontSize), alignment: t.alignmentMode,
                                                               isWrapped: t.isWrapped, truncation: t.truncationMode),
                                 size: CGSize(width: finite(size.width), height: finite(size.height)))
    }

    /// The worker's layout for `key`: the answer when it has come, else the last layout while one is asked for.
    private func fromWorker(_ key: TextLayoutRequest, owner: ClientScene, node: RenderNode, service: TextLayoutService) -> LaidOutText? {
        if let ticket {
            guard let outcome = ticket.outcome else {
                // One request at a time per layer: the newest values are asked for when it answers, so a
                // string replaced every frame still shows a layout now and then, never none.
                return cached?.layout
            }
            // An answer, perhaps to older values: the latest text the layer can show. A failure leaves it
            // none (its client was told) until the values change.
            switch outcome {
            case .laidOut(let layout): cached = (ticket.request, layout)
            case .failed: cached = (ticket.request, nil)
            }
            self.ticket = nil
            if ticket.request == key { return cached?.layout }
        }
        let request = TextLayoutTicket(request: key, client: owner.clientID, layer: node.id)
        ticket = request
        self.service = service
        service.submit(request)
        return cached?.layout
    }
}
