import Foundation
import StrataCore
import StrataProtocol
import StrataRender

/// CATiledLayer: the tiles the app drew, at the level of detail the layer's scale on screen needs
/// (`TiledState.plan`), over its background and under its sublayers. With `contents` set it is a plain
/// layer (Core Animation shows the contents and draws no tiles). Planned again in every frame that draws
/// it, so it never moves with a motion slot: panning it asks for new tiles.
struct TiledLayerContent: LayerKindContent {
    func pieces(_ node: RenderNode) -> Int { node.contents == nil ? 1 : 0 }

    func makeState() -> KindState? { TiledState() }

    func motionRefusal(_ node: RenderNode, shapesMove: Bool) -> MotionCPUReason? { .kindContent }

    func appendContent(_ node: RenderNode, matrix m: Transform3D, alpha: CGFloat, tint: Color, motion: KindMotion, into list: inout DrawList) {
        guard node.contents == nil, let state = node.kindState as? TiledState else { return }
        // Under an animated ancestor's slot the tiles would be placed by the GPU without being planned again.
        if list.currentSlot >= 0, let reason = motionRefusal(node, shapesMove: motion.builder.shapesMove) { list.motionRefusal = .rule(reason) }
        let p = node.presentation
        let grid = TileGrid(bounds: p.bounds, contentsScale: p.contentsScale, model: p.tiled)
        let builder = motion.builder
        let level = grid.level(forScreenScale: Self.screenScale(m))
        let visible = Self.visibleRect(node, matrix: m, target: CGRect(x: 0, y: 0, width: builder.targetSize.width,
                                                                        height: builder.targetSize.height)) ?? p.bounds
        let draws = state.plan(grid: grid, level: level, visible: visible, time: builder.frameTime, fadeDuration: p.tiled.fadeDuration)
        let sampling = Sampling(minFilter: p.minificationFilter, magFilter: p.magnificationFilter, bias: p.minificationFilterBias)
        for d in draws where alpha * d.alpha > 0 {
            list.append(.image(matrix: m, rect: d.rect, image: d.image.texture, uv: d.uv, alpha: alpha * d.alpha, sampling: sampling,
                               edges: 0, tint: tint))
        }
        if state.hasMessages || !state.retired.isEmpty { node.owner?.tileOutbox.insert(node.id) }
        // A tile fading in needs the next frames drawn, whatever else changes.
        if state.fading { list.deferredWork = true }
    }

    /// Target pixels per layer unit (the larger axis): the resolution a tile needs.
    static func screenScale(_ m: Transform3D) -> CGFloat {
        max(hypot(m.m11, m.m12), hypot(m.m21, m.m22))
    }

    /// The part of the layer that can show (layer coordinates): the target, and every clipping ancestor's
    /// bounds, mapped back into the layer; nil when a transform on the way is not a plain 2-D one (then the
    /// whole layer counts as visible).
    static func visibleRect(_ node: RenderNode, matrix m: Transform3D, target: CGRect) -> CGRect? {
        guard var visible = inverseMapped(target, m) else { return nil }
        // Up the tree while each step is 2-D: an ancestor's bounds in this layer's coordinates.
        var toAncestor = Transform3D.identity
        var current = node
        while let parent = current.links.parent {
            let step = current.presentation.localToParent
            guard parent.presentation.sublayerTransform.isIdentity else { break }
            toAncestor = toAncestor * step
            let a = parent.presentation
            if a.masksToBounds {
                guard let clip = inverseMapped(a.bounds, toAncestor) else { break }
                visible = visible.intersection(clip)
                if visible.isNull { return .zero }
            }
            current = parent
        }
        return visible
    }

    /// `rect` (in the space `m` maps to) mapped back through a 2-D `m`: the bounding box of its corners.
    static func inverseMapped(_ rect: CGRect, _ m: Transform3D) -> CGRect? {
        guard m.m14 == 0, m.m24 == 0, m.m44 == 1 else { return nil }
        let det = m.m11 * m.m22 - m.m12 * m.m21
        guard det != 0, det.isFinite else { return nil }
        func back(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
            let (u, v) = (x - m.m41, y - m.m42)
            return CGPoint(x: (u * m.m22 - v * m.m21) / det, y: (v * m.m11 - u * m.m12) / det)
        }
        let corners = [back(rect.minX, rect.minY), back(rect.maxX, rect.minY), back(rect.minX, rect.maxY), back(rect.maxX, rect.maxY)]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        let r = CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        // A transform near the doubles' end maps out to infinity: no usable area (a NaN would trap Foundation).
        return r.origin.x.isFinite && r.origin.y.isFinite && r.width.isFinite && r.height.isFinite ? r : nil
    }
}

extension TiledState: KindState {
    /// Frames go on while a tile fades in.
    func advance(_ node: RenderNode, to time: Double) -> Bool { fading }

    func willSet(_ property: LayerProperty, to value: AnimatableValue, on node: RenderNode, scene: ClientScene,
                 quotas: ClientQuotas, what: String) throws -> [ServerImage] { [] }

    func release(scene: ClientScene) -> [ServerImage] { releaseAll() }
}
