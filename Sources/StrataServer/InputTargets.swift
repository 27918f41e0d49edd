import Foundation
import StrataCore
import StrataProtocol

/// The interactive layer an input event at a point goes to: the nearest interactive layer at or above the
/// deepest layer hit there, with the point in its coordinates.
struct InputTarget: Equatable {
    var client: UInt32
    var layer: LayerID
    var hitLayer: LayerID
    var local: CGPoint
    /// The layer keeps a touch or press that began on it (`capturesInput`).
    var captures: Bool
}

/// What input routing asks of the screen. The compositor answers from what each output's last frame
/// showed; tests answer from a fake.
protocol InputScreen: AnyObject {
    /// The target under `point` (the output's layer-space pixels) on `output` (nil: the primary).
    func inputTarget(at point: CGPoint, output: String?) -> InputTarget?
    /// `point` in the coordinates of a client's layer as `output` shows it now; nil when that layer is no
    /// longer shown there (released, detached) or the point cannot be mapped onto its plane.
    func locate(_ point: CGPoint, output: String?, client: UInt32, layer: LayerID) -> CGPoint?
    /// The size of `output` (nil: the primary) in pixels of its layer space, nil when it is not lit.
    func outputSize(_ output: String?) -> CGSize?
    /// The client whose root is frontmost on the primary output (keys go there while nothing has focus).
    var frontmostClient: UInt32? { get }
    /// Whether the client still has the layer.
    func hasLayer(client: UInt32, layer: LayerID) -> Bool
}

extension Compositor: InputScreen {
    func inputTarget(at point: CGPoint, output: String?) -> InputTarget? {
        for root in shownRoots(output: output).reversed() {
            guard let client = root.owner?.clientID,
                  let path = HitTesting.hitPath(root, point, toPlane: root.presentation.localToParent * toOutput(output), hittable: { node, above in
                      node.presentation.isInteractive || above.contains { $0.node.presentation.isInteractive }
                  }),
                  let hit = path.last,
                  let receiver = path.last(where: { $0.node.presentation.isInteractive }) else { continue }
            return InputTarget(client: client, layer: receiver.node.id, hitLayer: hit.node.id, local: receiver.local,
                               captures: receiver.node.presentation.capturesInput)
        }
        return nil
    }

    func locate(_ point: CGPoint, output: String?, client: UInt32, layer: LayerID) -> CGPoint? {
        guard let node = scenes[client]?.nodes[layer] else { return nil }
        var root = node
        while let up = root.links.parent { root = up }
        guard shownRoots(output: output).contains(where: { $0 === root }) else { return nil }
        let toRoot = PlaneMapping.toRootSpace(node, values: \.presentation, superlayer: \.links.parent)
        return toRoot.then(PlaneMapping(toOutput(output))).inverse?.apply(point)
    }

    func outputSize(_ output: String?) -> CGSize? {
        self.output(output).map { CGSize(width: $0.width, height: $0.height) }
    }

    var frontmostClient: UInt32? { shownRoots(output: nil).last?.owner?.clientID }

    func hasLayer(client: UInt32, layer: LayerID) -> Bool { scenes[client]?.nodes[layer] != nil }

    /// Layer points to `output`'s pixels (nil: the primary's): its scale.
    func toOutput(_ output: String?) -> Transform3D {
        let s = scale(of: output)
        return s == 1 ? .identity : .scale(s, s, 1)
    }
}
