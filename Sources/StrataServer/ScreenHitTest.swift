import Foundation
import StrataCore
import StrataProtocol

/// What lies under a point of an output: the layer of the client whose tree is on top there, as the
/// output's last frame showed it (presentation values), and the point in that layer's coordinates. What
/// the server routes a touch or a click by.
public struct ScreenHit: Equatable, Sendable {
    public let client: UInt32
    public let layer: LayerID
    public let local: CGPoint

    public init(client: UInt32, layer: LayerID, local: CGPoint) {
        self.client = client; self.layer = layer; self.local = local
    }
}

extension RenderNode: HitTestNode {
    var hitValues: LayerModel { presentation }
    var hitSublayers: [RenderNode] { links.sublayers.array }
    /// A host layer's context, beneath its own sublayers as it is drawn (unless the host takes it out of
    /// input: `hostedInput` none).
    var hitUnderlay: RenderNode? {
        guard let layer = links.hosting?.layer, presentation.host.hostedInput != .none else { return nil }
        return layer
    }
    /// Where the node is drawn from: its superlayer (or the layer it masks), or, for a context's layer,
    /// the host layer showing it.
    var drawnUnder: RenderNode? { links.parent ?? links.exportedAs?.host }
}

extension Compositor {
    /// The hit at `point` (output pixels) on `output` (nil: the primary) among the roots its last frame
    /// drew, front to back; nil where no client's layer is. Overridden `contains(_:)` on the client is not
    /// known here: layers are hit by their bounds (and masksToBounds' rounded corners).
    public func hitTest(_ point: CGPoint, output: String? = nil) -> ScreenHit? {
        let roots = shownRoots(output: output)
        for root in roots.reversed() {
            guard let (node, local) = HitTesting.hit(root, point, toPlane: root.presentation.localToParent * toOutput(output)),
                  let client = node.owner?.clientID else { continue }
            return ScreenHit(client: client, layer: node.id, local: local)
        }
        return nil
    }
}
