import Foundation
import StrataCore
import StrataRender

/// Sublayers left out of a frame because nothing of theirs can show: inside a scissor clip (a scroll view's
/// bounds), a sublayer whose whole subtree draws outside the clip is not built, as Chromium's compositor
/// skips layers whose visible rect is empty. A settings list of 200 rows flung at 1280×800 builds the rows
/// in view, not all 200 (issue 52: building every row took 2.5–4 ms of each frame, and comparing them for
/// damage and scroll copies as much again).
///
/// Only what can be bounded cheaply and for certain is culled: a subtree in which nothing animates (its
/// list may be kept while the GPU moves slots; a moving layer is built wherever it is), of kinds that draw
/// inside their bounds and place their sublayers flat, outside every motion slot. Its box is worked out
/// from the presentation: bounds, contents as their gravity places them, sublayers, and shadows with their
/// blur's reach; masksToBounds cuts it to the bounds.
extension DrawListBuilder {
    /// Pixels the box of what is culled must keep from the visible area: anti-aliased edges reach a pixel
    /// out, and a shadow's reach is rounded.
    static let cullingMargin: CGFloat = 2

    /// Whether `child`, a sublayer drawn through `base` (its superlayer's sublayer space → target), is left
    /// out of the list: it lies wholly outside `visibleArea`. A text layer in it still asks the text worker
    /// for its layout, so that it shows its text the frame it comes into view.
    func culls(_ child: RenderNode, parentToTarget base: Transform3D, _ list: inout DrawList) -> Bool {
        guard cullsOutsideClips, let area = visibleArea, list.currentSlot < 0,
              let box = Self.drawnBox(of: child, parentToTarget: base) else { return false }
        let shown = CGRect(x: CGFloat(area.x), y: CGFloat(area.y), width: CGFloat(area.width), height: CGFloat(area.height))
        guard !box.insetBy(dx: -Self.cullingMargin, dy: -Self.cullingMargin).intersects(shown) else { return false }
        if let service = textLayouts { Self.prepareUnseen(child, service) }
        list.culledSubtrees += 1
        return true
    }

    /// Where everything `node`'s subtree draws lies, in target pixels (`CGRect.null`: nothing), drawn through
    /// `base`; nil when that is not known for certain: something in it animates or waits for its
    /// presentation, a kind in it draws past its bounds or places its sublayers itself, a value is not
    /// finite, or a point lies behind the eye.
    static func drawnBox(of node: RenderNode, parentToTarget base: Transform3D) -> CGRect? {
        guard node.timing.activeInSubtree == 0, node.pendingLocalTime == nil, node.content.drawsWithinBounds else { return nil }
        // An inactive layer's presentation is its values, read in place (a copy of them costs more than this).
        if node.values.isHidden || node.values.opacity <= 0 { return .null }
        let m = node.values.localToParent * base
        let bounds = node.values.bounds
        guard let boundsBox = box(bounds, m) else { return nil }
        // Everything, shadow included, is clipped to the bounds.
        if node.values.masksToBounds { return boundsBox }
        var drawn = boundsBox
        if let image = node.contents {
            for piece in ContentsLayout.pieces(bounds: bounds, imageWidth: image.texture.width, imageHeight: image.texture.height,
                                               gravity: node.values.contentsGravity, scale: node.values.contentsScale,
                                               contentsRect: node.values.contentsRect, contentsCenter: node.values.contentsCenter) {
                guard let b = box(piece.rect, m) else { return nil }
                drawn = drawn.union(b)
            }
        }
        if !node.links.sublayers.isEmpty {
            let flat = flattened(m)
            let inner = node.values.hasSublayerSpace ? node.values.sublayerToLocal * flat : flat
            for sub in node.links.sublayers {
                guard let b = drawnBox(of: sub, parentToTarget: inner) else { return nil }
                drawn = drawn.union(b)
            }
        }
        if node.values.shadowOpacity > 0, let color = node.values.shadowColor, color.alpha > 0 {
            // The shape (the path, or all that is drawn) moved by the offset in the layer's plane, grown by the
            // blur's reach. Only without perspective, where the offset moves the whole box alike.
            guard m.m14 == 0, m.m24 == 0, m.m44 == 1 else { return nil }
            let o = node.values.shadowOffset
            let shape: CGRect
            if let path = node.values.shadowPath {
                guard let b = box(path.boundingBox, Transform3D.translation(o.width, o.height, 0) * m) else { return nil }
                shape = b
            } else {
                shape = drawn.offsetBy(dx: o.width * m.m11 + o.height * m.m21, dy: o.width * m.m12 + o.height * m.m22)
            }
            let sigma = max(0, node.values.shadowRadius) / 2 * scale(of: m)
            guard sigma.isFinite else { return nil }
            let reach = CGFloat(ShadowKernel.drawnReach(sigma: sigma))
            drawn = drawn.union(shape.insetBy(dx: -reach, dy: -reach))
        }
        return drawn
    }

    /// The box of `rect` (layer units) through `m` (with perspective), in target pixels; nil when a corner
    /// lies behind the eye or is not finite.
    static func box(_ rect: CGRect, _ m: Transform3D) -> CGRect? {
        var x0 = CGFloat.infinity, y0 = CGFloat.infinity, x1 = -CGFloat.infinity, y1 = -CGFloat.infinity
        for (px, py) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            let w = px * m.m14 + py * m.m24 + m.m44
            guard w > 1e-6 else { return nil }
            let x = (px * m.m11 + py * m.m21 + m.m41) / w, y = (px * m.m12 + py * m.m22 + m.m42) / w
            guard x.isFinite, y.isFinite else { return nil }
            x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
        }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Asks for what a culled subtree's layers need from elsewhere before they can show (`prepareUnseen`).
    static func prepareUnseen(_ node: RenderNode, _ service: TextLayoutService) {
        guard !node.values.isHidden else { return }
        node.content.prepareUnseen(node, service: service)
        for sub in node.links.sublayers { prepareUnseen(sub, service) }
    }
}
