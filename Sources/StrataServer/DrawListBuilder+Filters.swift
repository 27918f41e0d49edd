import Foundation
import StrataCore
import StrataRender

/// A layer's `filters` and `compositingFilter` in the draw list (docs/filters.md): its background,
/// contents, sublayers and border drawn as a group composited through the filters; its whole drawing
/// (shadow, mask and opacity included) as a group blended with what lies beneath it.
extension DrawListBuilder {
    /// The layer's blend mode: its enabled `compositingFilter`, nil for none (source over).
    static func blendMode(_ compositingFilter: [FilterModel]) -> FilterType? {
        compositingFilter.first { $0.isEnabled && $0.type.isBlendMode }?.type
    }

    /// The layer's `backgroundFilters`: what lies beneath its (rounded) bounds, filtered, drawn there with
    /// `opacity`, above its shadow and beneath its background.
    func emitBackdrop(_ p: LayerModel, matrix m: Transform3D, opacity: CGFloat, into list: inout DrawList) {
        guard !p.backgroundFilters.isEmpty else { return }
        var full = m
        if list.currentSlot >= 0 { full = m * slotToTarget(list.currentSlot, list) }
        let chain = FilterChain(p.backgroundFilters, scale: Self.scale(of: full))
        guard !chain.isEmpty else { return }
        list.append(.backdrop(matrix: m, rect: p.bounds, radius: p.cornerRadius, corners: p.drawnCorners, chain: chain, alpha: opacity))
        // After the append, whose own refusal (an unmovable command) would hide why.
        if list.currentSlot >= 0 { list.motionRefusal = .rule(.filters) }
    }

    /// The layer's body (`emitBody`), through its filters when it has enabled ones: drawn as a group and
    /// composited with `alpha` through the chain, its blurs at the layer's scale on the target. A blur reaches
    /// into a clip from outside it: nothing of a blurred body is culled.
    func emitFilteredBody(_ node: RenderNode, _ p: LayerModel, matrix m: Transform3D, alpha: CGFloat, ownContent: Bool,
                          modes: MotionRef.Modes, into list: inout DrawList) {
        guard !p.filters.isEmpty else {
            return emitBody(node, p, matrix: m, alpha: alpha, ownContent: ownContent, modes: modes, into: &list)
        }
        var full = m
        if list.currentSlot >= 0 { full = m * slotToTarget(list.currentSlot, list) }
        let chain = FilterChain(p.filters, scale: Self.scale(of: full))
        guard !chain.isEmpty else {
            return emitBody(node, p, matrix: m, alpha: alpha, ownContent: ownContent, modes: modes, into: &list)
        }
        var body = self
        if chain.reach > 0 { body.visibleArea = nil }
        list.append(.beginGroup)
        body.emitBody(node, p, matrix: m, alpha: 1, ownContent: ownContent, modes: modes, into: &list)
        list.append(.endFilterGroup(chain: chain, alpha: alpha))
        if list.currentSlot >= 0 { list.motionRefusal = .rule(.filters) }
    }
}
