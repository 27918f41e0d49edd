import Foundation
import StrataCore
import StrataRender

/// Turns the presentation tree into back-to-front draw commands: per layer its background, then its
/// contents, then its sublayers sorted by zPosition then index, each flattened into the layer's plane.
/// A layer with opacity < 1 whose pieces overlap (sublayers, or background plus contents) is drawn as an
/// offscreen group so the opacity applies to the composited result, as in Core Animation. A layer with a
/// running transition draws its old and new appearance as `TransitionFrame` says.
struct DrawListBuilder {
    mutating func build(roots: [RenderNode], into list: inout DrawList) {
        for root in roots { emit(root, parentToTarget: .identity, into: &list) }
    }

    private mutating func emit(_ node: RenderNode, parentToTarget: Transform3D, into list: inout DrawList) {
        if let running = node.activeTransition {
            emitTransition(node, running.transition, progress: running.progress,
                           old: node.transitionSources[running.key]?.old, parentToTarget: parentToTarget, into: &list)
        } else {
            emitLayer(node, pre: .identity, parentToTarget: parentToTarget, into: &list)
        }
    }

    /// The old and new appearance of `node`, each moved by its piece's transform in the layer's own space;
    /// a fade sums old · (1 − p) and new · p in a group before compositing.
    private mutating func emitTransition(_ node: RenderNode, _ transition: Transition, progress: Double, old: RenderNode?,
                                         parentToTarget: Transform3D, into list: inout DrawList) {
        let frame = TransitionFrame(transition, progress: progress, bounds: node.presentation.bounds)
        if let weight = frame.crossfade {
            list.commands.append(.beginGroup)
            if let old {
                list.commands.append(.beginGroup)
                emitLayer(old, pre: .identity, parentToTarget: parentToTarget, into: &list)
                list.commands.append(.endGroup(alpha: CGFloat(1 - weight), blend: .over))
            }
            list.commands.append(.beginGroup)
            emitLayer(node, pre: .identity, parentToTarget: parentToTarget, into: &list)
            list.commands.append(.endGroup(alpha: CGFloat(weight), blend: .add))
            list.commands.append(.endGroup(alpha: 1, blend: .over))
            return
        }
        for piece in frame.pieces {
            switch piece.source {
            case .old: if let old { emitLayer(old, pre: piece.transform, parentToTarget: parentToTarget, into: &list) }
            case .new: emitLayer(node, pre: piece.transform, parentToTarget: parentToTarget, into: &list)
            }
        }
    }

    /// One layer and its subtree; `pre` acts in the layer's own coordinates before its geometry. Its
    /// shadow, if it has one, is drawn first (beneath it).
    private mutating func emitLayer(_ node: RenderNode, pre: Transform3D, parentToTarget: Transform3D, into list: inout DrawList) {
        let p = node.presentation
        guard !p.isHidden, p.opacity > 0 else { return }
        let m = pre * p.localToParent * parentToTarget
        if node.isTransformLayer {
            emitTransformLayer(node, matrix: m, into: &list)
            return
        }
        let opacity = min(1, p.opacity)
        let ownContent = p.isDoubleSided || Self.facesViewer(p.bounds, m)
        if p.shadowOpacity > 0, let color = p.shadowColor, color.alpha > 0 {
            // The shadow's shape is the alpha of the layer's background, contents and sublayers, moved by
            // shadowOffset in the layer's coordinates; σ = shadowRadius / 2, scaled to target pixels.
            // With masksToBounds the shadow is clipped to the (rounded) bounds like everything else.
            let shifted = Transform3D.translation(p.shadowOffset.width, p.shadowOffset.height, 0) * m
            let scale = sqrt(abs(m.m11 * m.m22 - m.m12 * m.m21))
            if p.masksToBounds { list.commands.append(.beginGroup) }
            list.commands.append(.beginGroup)
            if let path = p.shadowPath {
                // shadowPath: the path filled replaces the alpha of the layer's drawing.
                list.commands.append(.path(matrix: shifted, path: path, color: .white, alpha: 1))
            } else {
                emitBody(node, matrix: shifted, alpha: 1, ownContent: ownContent, into: &list)
            }
            list.commands.append(.endShadowGroup(color: color, alpha: min(1, p.shadowOpacity) * opacity,
                                                 sigma: max(0, p.shadowRadius) / 2 * scale))
            if p.masksToBounds { list.commands.append(.endClipGroup(matrix: m, rect: p.bounds, radius: p.cornerRadius, corners: p.maskedCorners, alpha: 1)) }
        }
        let hasBackground = (p.backgroundColor?.alpha ?? 0) > 0
        let hasBorder = p.borderWidth > 0 && (p.borderColor?.alpha ?? 0) > 0
        let pieces = (hasBackground ? 1 : 0) + (hasBorder ? 1 : 0) + (node.contents != nil ? 1 : 0) + node.sublayers.count
        if let mask = node.mask {
            // The layer draws offscreen, its mask (in the layer's coordinates) into the next target, and
            // the drawing is kept where the mask's alpha is (group opacity applies to the result).
            list.commands.append(.beginGroup)
            emitBody(node, matrix: m, alpha: 1, ownContent: ownContent, into: &list)
            list.commands.append(.beginGroup)
            var flattened = m
            flattened.m31 = 0; flattened.m32 = 0; flattened.m33 = 0; flattened.m34 = 0
            emit(mask, parentToTarget: flattened, into: &list)
            list.commands.append(.endMaskedGroups(alpha: opacity))
            return
        }
        let group = opacity < 1 && pieces > 1
        if group { list.commands.append(.beginGroup) }
        emitBody(node, matrix: m, alpha: group ? 1 : opacity, ownContent: ownContent, into: &list)
        if group { list.commands.append(.endGroup(alpha: opacity)) }
    }

    /// The layer's background (rounded by cornerRadius), contents and sublayers (clipped to the rounded
    /// bounds with masksToBounds), then its border, through `matrix` (layer-local → target).
    /// `ownContent` false (a single-sided layer seen from behind) leaves out the layer's own background,
    /// contents and border; its sublayers decide for themselves.
    private mutating func emitBody(_ node: RenderNode, matrix m: Transform3D, alpha: CGFloat, ownContent: Bool = true,
                                   into list: inout DrawList) {
        let p = node.presentation
        if ownContent, let color = p.backgroundColor, color.alpha > 0 {
            if p.cornerRadius > 0 {
                list.commands.append(.shape(matrix: m, rect: p.bounds, radius: p.cornerRadius, corners: p.maskedCorners, border: 0, color: color, alpha: alpha))
            } else {
                list.commands.append(.fill(matrix: m, rect: p.bounds, color: color, alpha: alpha))
            }
        }
        let clipped = p.masksToBounds && (node.contents != nil || !node.sublayers.isEmpty)
        if clipped { list.commands.append(.beginGroup) }
        if ownContent, let image = node.contents {
            // contentsRect, contentsGravity (natural size = pixels ÷ contentsScale) and contentsCenter.
            for piece in ContentsLayout.pieces(bounds: p.bounds, imageWidth: image.texture.width, imageHeight: image.texture.height,
                                               gravity: p.contentsGravity, scale: p.contentsScale,
                                               contentsRect: p.contentsRect, contentsCenter: p.contentsCenter) {
                list.commands.append(.image(matrix: m, rect: piece.rect, image: image.texture, uv: piece.uv, alpha: alpha,
                                            minFilter: p.minificationFilter, magFilter: p.magnificationFilter))
            }
        }
        emitSublayers(node, matrix: m, into: &list)
        if clipped { list.commands.append(.endClipGroup(matrix: m, rect: p.bounds, radius: p.cornerRadius, corners: p.maskedCorners, alpha: 1)) }
        if ownContent, p.borderWidth > 0, let color = p.borderColor, color.alpha > 0 {
            list.commands.append(.shape(matrix: m, rect: p.bounds, radius: p.cornerRadius, corners: p.maskedCorners, border: p.borderWidth, color: color, alpha: alpha))
        }
    }

    /// Whether `bounds` under `m` (with perspective) keeps its orientation on screen: its front faces the
    /// viewer. A layer seen edge-on or with a corner behind the eye counts as facing.
    static func facesViewer(_ bounds: CGRect, _ m: Transform3D) -> Bool {
        func project(_ x: CGFloat, _ y: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
            let px = x * m.m11 + y * m.m21 + m.m41, py = x * m.m12 + y * m.m22 + m.m42, w = x * m.m14 + y * m.m24 + m.m44
            return (px, py, w)
        }
        let a = project(bounds.minX, bounds.minY), b = project(bounds.maxX, bounds.minY), c = project(bounds.minX, bounds.maxY)
        guard a.2 > 0, b.2 > 0, c.2 > 0 else { return true }
        let ux = b.0 / b.2 - a.0 / a.2, uy = b.1 / b.2 - a.1 / a.2
        let vx = c.0 / c.2 - a.0 / a.2, vy = c.1 / c.2 - a.1 / a.2
        return ux * vy - uy * vx >= 0
    }

    /// A CATransformLayer's sublayers share its 3D space: nothing is flattened at this level, nested
    /// transform layers add their sublayers to the same space, and everything is drawn far to near by the
    /// depth of each layer's centre (Core Animation's painter's order for transform layers). The
    /// transform layer draws none of its own background, contents, border or shadow.
    private mutating func emitTransformLayer(_ node: RenderNode, matrix m: Transform3D, into list: inout DrawList) {
        var items: [(node: RenderNode, parentToTarget: Transform3D, depth: CGFloat, order: Int)] = []
        // `toTarget` draws; `toSpace` measures depth in the transform layer's parent space, where z is
        // still intact (further up, a flattening layer has already dropped it).
        func collect(_ n: RenderNode, _ toTarget: Transform3D, _ toSpace: Transform3D) {
            let stl = n.presentation.hasSublayerSpace ? n.presentation.sublayerToLocal : nil
            let base = stl.map { $0 * toTarget } ?? toTarget
            let space = stl.map { $0 * toSpace } ?? toSpace
            for child in n.sublayers where !child.presentation.isHidden {
                let cp = child.presentation
                if child.isTransformLayer {
                    collect(child, cp.localToParent * base, cp.localToParent * space)
                } else {
                    let d = cp.localToParent * space
                    let c = CGPoint(x: cp.bounds.midX, y: cp.bounds.midY)
                    let z = c.x * d.m13 + c.y * d.m23 + d.m43
                    let w = c.x * d.m14 + c.y * d.m24 + d.m44
                    items.append((child, base, w > 0 ? z / w : z, items.count))
                }
            }
        }
        collect(node, m, node.presentation.localToParent)
        items.sort { $0.depth != $1.depth ? $0.depth < $1.depth : $0.order < $1.order }
        for item in items { emit(item.node, parentToTarget: item.parentToTarget, into: &list) }
    }

    private mutating func emitSublayers(_ node: RenderNode, matrix m: Transform3D, into list: inout DrawList) {
        let p = node.presentation
        guard !node.sublayers.isEmpty else { return }
        // Sublayers render into this layer's plane: after the sublayer transform (which may add
        // perspective), drop their z before this layer's transform.
        var flattened = m
        flattened.m31 = 0; flattened.m32 = 0; flattened.m33 = 0; flattened.m34 = 0
        // sublayerToLocal includes geometryFlipped's flip of the sublayers' space.
        let base = p.hasSublayerSpace ? p.sublayerToLocal * flattened : flattened
        // Usually every sibling shares one zPosition: draw in index order without sorting a copy.
        let z = node.sublayers[0].presentation.zPosition
        if node.sublayers.allSatisfy({ $0.presentation.zPosition == z }) {
            for child in node.sublayers { emit(child, parentToTarget: base, into: &list) }
        } else {
            let sorted = node.sublayers.enumerated().sorted {
                let za = $0.element.presentation.zPosition, zb = $1.element.presentation.zPosition
                return za != zb ? za < zb : $0.offset < $1.offset
            }
            for (_, child) in sorted { emit(child, parentToTarget: base, into: &list) }
        }
    }
}
