import Foundation
import StrataCore
import StrataRender

extension DrawListBuilder {
    /// shouldRasterize: the layer drawn in its own space, scaled by rasterizationScale, into a draw list
    /// of its own, which the renderer turns into a bitmap and reuses while the list is unchanged.
    /// Returns the bitmap's content and where it lies in layer units; nil when the layer draws nothing
    /// or is too big for a bitmap (then it is drawn directly).
    func rasterized(_ node: RenderNode, ownContent: Bool, within list: inout DrawList) -> (content: RasterContent, rect: CGRect)? {
        let s = node.presentation.rasterizationScale
        guard s > 0, s.isFinite else { return nil }
        var sub = list.part()
        defer { list.absorb(sub) }
        // The bitmap holds the layer untinted; a replicator's tint applies when it is composited.
        var plain = self
        plain.tint = .white
        plain.emitContent(node, matrix: .scale(s, s, 1), opacity: 1, ownContent: ownContent, into: &sub)
        guard let content = RasterContent(owner: ObjectIdentifier(node), list: sub) else { return nil }
        let rect = CGRect(x: CGFloat(content.origin.x) / s, y: CGFloat(content.origin.y) / s,
                          width: CGFloat(content.width) / s, height: CGFloat(content.height) / s)
        return (content, rect)
    }
}
