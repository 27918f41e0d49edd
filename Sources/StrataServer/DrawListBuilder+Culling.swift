import Foundation
import StrataCore
import StrataRender

/// Sublayers left out of a frame because nothing of theirs can show: inside a scissor clip (a scroll view's
/// bounds), a sublayer whose whole subtree draws outside the clip is not built, as Chromium's compositor
/// skips layers whose visible rect is empty. A settings list of 200 rows flung at 1280×800 builds the rows
/// in view, not all 200 (issue 52: building every row took 2.5–4 ms of each frame, and comparing them for
/// damage and scroll copies as much again).
///
/// Only what can be bounded for certain is culled: a subtree in which nothing animates (its list may be
/// kept while the GPU moves slots; a moving layer is built wherever it is), of kinds that draw inside their
/// bounds and place their sublayers flat, placed by similarity transforms (turned and scaled alike in x and
/// y, so a shadow's blur, which the renderer makes round in target pixels, stays round), outside every
/// motion slot. What a subtree spans in its own space (`CullExtent`) is kept on its node while its client
/// commits nothing, so a frame of a flung list works out one box per row.
extension DrawListBuilder {
    /// Pixels the box of what is culled must keep from the visible area: anti-aliased edges reach a pixel
    /// out, and a pixel more for rounding.
    static let cullingMargin: CGFloat = 2
    /// Pixels more per level of nested shadows: the renderer's blur reaches ⌈3σ⌉ + 1 pixels (3σ is kept),
    /// and the shadow's shape includes its content's anti-aliased edge.
    static let shadowLevelMargin: CGFloat = 3

    /// Whether `child`, a sublayer drawn through `base` (its superlayer's sublayer space → target), is left
    /// out of the list: it lies wholly outside `visibleArea`. A text layer in it still asks the text worker
    /// for its layout, so that it shows its text the frame it comes into view (once per change of its
    /// client's: asking costs a comparison of each string every frame).
    func culls(_ child: RenderNode, parentToTarget base: Transform3D, _ list: inout DrawList) -> Bool {
        guard cullsOutsideClips, let area = visibleArea, list.currentSlot < 0,
              let box = Self.drawnBox(of: child, parentToTarget: base) else { return false }
        let shown = CGRect(x: CGFloat(area.x), y: CGFloat(area.y), width: CGFloat(area.width), height: CGFloat(area.height))
        guard !box.intersects(shown) else { return false }
        if let service = textLayouts, let scene = child.owner, child.unseenPreparedAt != scene.changes {
            Self.prepareUnseen(child, service)
            child.unseenPreparedAt = scene.changes
        }
        list.culledSubtrees += 1
        return true
    }

    /// Where everything `node`'s subtree draws lies, in target pixels, margins included (`CGRect.null`:
    /// nothing), drawn through `base`; nil when that is not known for certain (`localExtent`), or the layer is
    /// not placed by a similarity transform.
    static func drawnBox(of node: RenderNode, parentToTarget base: Transform3D) -> CGRect? {
        guard let local = localExtent(of: node) else { return nil }
        if local.box.isNull { return .null }
        let m = node.values.localToParent * base
        guard isSimilarity(m), let placed = box(local.box, m) else { return nil }
        let margin = cullingMargin + shadowLevelMargin * CGFloat(local.shadowLevels)
        return placed.insetBy(dx: -margin, dy: -margin)
    }

    /// What `node`'s subtree spans in its own space (its bounds' coordinates); nil when something in it
    /// animates or waits for its presentation, a kind in it draws past its bounds or places its sublayers
    /// itself, a sublayer is placed by a transform that is not a similarity, or a value is not finite. Kept
    /// on the node while its client commits nothing (`RenderNode.cullExtent`).
    static func localExtent(of node: RenderNode) -> CullExtent? {
        guard node.timing.activeInSubtree == 0, node.pendingLocalTime == nil, node.content.drawsWithinBounds,
              let scene = node.owner else { return nil }
        if let kept = node.cullExtent, kept.version == scene.changes { return kept.extent }
        let found = measure(node)
        node.cullExtent = (scene.changes, found)
        return found
    }

    /// `localExtent` worked out: bounds, contents as their gravity places them, sublayers through their
    /// transforms, shadows grown by their blur's 3σ; masksToBounds cuts all of it to the bounds. An inactive
    /// layer's presentation is its values, read in place (a copy of them costs more than this).
    private static func measure(_ node: RenderNode) -> CullExtent? {
        if node.values.isHidden || node.values.opacity <= 0 { return CullExtent(box: .null, shadowLevels: 0) }
        // A blur filter spreads the subtree by its reach in target pixels, which the local box does not know.
        if !node.values.filters.isEmpty { return nil }
        // A crossfade shows two images, each placed at its own size: not measured.
        if node.values.contents != node.model.contents { return nil }
        let bounds = node.values.bounds
        guard isFinite(bounds) else { return nil }
        // Everything, shadow included, is clipped to the bounds.
        if node.values.masksToBounds { return CullExtent(box: bounds, shadowLevels: 0) }
        var drawn = bounds
        var levels = 0
        if let image = node.contents {
            for piece in ContentsLayout.pieces(bounds: bounds, imageWidth: image.texture.width, imageHeight: image.texture.height,
                                               gravity: node.values.contentsGravity, scale: node.values.contentsScale,
                                               contentsRect: node.values.contentsRect, contentsCenter: node.values.contentsCenter) {
                guard isFinite(piece.rect) else { return nil }
                drawn = drawn.union(piece.rect)
            }
        }
        if !node.links.sublayers.isEmpty {
            let inner = node.values.hasSublayerSpace ? node.values.sublayerToLocal : Transform3D.identity
            for sub in node.links.sublayers {
                guard let extent = localExtent(of: sub) else { return nil }
                if extent.box.isNull { continue }
                let t = sub.values.localToParent * inner
                guard isSimilarity(t), let placed = box(extent.box, t) else { return nil }
                drawn = drawn.union(placed)
                levels = max(levels, extent.shadowLevels)
            }
        }
        if node.values.shadowOpacity > 0, let color = node.values.shadowColor, color.alpha > 0 {
            // The shape (the path, or all that is drawn) moved by the offset, grown by the blur's reach.
            let o = node.values.shadowOffset
            let shape = (node.values.shadowPath?.boundingBox ?? drawn).offsetBy(dx: o.width, dy: o.height)
            let reach = 3 * max(0, node.values.shadowRadius) / 2
            guard isFinite(shape), reach.isFinite else { return nil }
            drawn = drawn.union(shape.insetBy(dx: -reach, dy: -reach))
            levels += 1
        }
        return CullExtent(box: drawn, shadowLevels: levels)
    }

    /// Whether `m` maps the plane by a similarity: no perspective, and turned and scaled (or mirrored) alike
    /// in x and y, so that a circle stays a circle.
    static func isSimilarity(_ m: Transform3D) -> Bool {
        guard m.m14 == 0, m.m24 == 0, m.m44 == 1 else { return false }
        let tolerance = 1e-9 * max(1, abs(m.m11) + abs(m.m12))
        let turned = abs(m.m11 - m.m22) <= tolerance && abs(m.m12 + m.m21) <= tolerance
        let mirrored = abs(m.m11 + m.m22) <= tolerance && abs(m.m12 - m.m21) <= tolerance
        return turned || mirrored
    }

    static func isFinite(_ r: CGRect) -> Bool {
        r.minX.isFinite && r.minY.isFinite && r.maxX.isFinite && r.maxY.isFinite
    }

    /// The box of `rect` through `m` (affine), in target pixels; nil when it is not finite.
    static func box(_ rect: CGRect, _ m: Transform3D) -> CGRect? {
        let ax = rect.minX * m.m11, bx = rect.maxX * m.m11, cx = rect.minY * m.m21, dx = rect.maxY * m.m21
        let ay = rect.minX * m.m12, by = rect.maxY * m.m22, cy = rect.maxX * m.m12, dy = rect.minY * m.m22
        let x0 = min(ax, bx) + min(cx, dx) + m.m41, x1 = max(ax, bx) + max(cx, dx) + m.m41
        let y0 = min(ay, cy) + min(by, dy) + m.m42, y1 = max(ay, cy) + max(by, dy) + m.m42
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Asks for what a culled subtree's layers need from elsewhere before they can show (`prepareUnseen`).
    static func prepareUnseen(_ node: RenderNode, _ service: TextLayoutService) {
        guard !node.values.isHidden else { return }
        node.content.prepareUnseen(node, service: service)
        for sub in node.links.sublayers { prepareUnseen(sub, service) }
    }
}

/// What a layer's subtree spans in its own space (`DrawListBuilder.localExtent`): the box, shadows grown by
/// 3σ, and how many shadows deep it nests (each adds a little more in target pixels).
struct CullExtent {
    var box: CGRect
    var shadowLevels: Int
}
