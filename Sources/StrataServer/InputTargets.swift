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
    /// A host layer that observes input into the context it shows (`hostedInput` observe), when the
    /// target lies in that context: it gets a copy, at the point in its coordinates.
    var observer: Observer?

    struct Observer: Equatable {
        var client: UInt32
        var layer: LayerID
        var local: CGPoint
    }
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
    /// Whether the client still has the layer (layer 0: whether the client is still connected).
    func hasLayer(client: UInt32, layer: LayerID) -> Bool
}

extension Compositor: InputScreen {
    /// The path may run through host layers into other clients' contexts: the receiver is the nearest
    /// interactive layer at or above the hit, of whichever client; the hit layer reported is the deepest
    /// of the receiver's own client (never another client's layer id).
    func inputTarget(at point: CGPoint, output: String?) -> InputTarget? {
        for root in shownRoots(output: output).reversed() {
            guard let path = HitTesting.hitPath(root, point, toPlane: root.presentation.localToParent * toOutput(output), hittable: { node, above in
                      node.presentation.isInteractive || above.contains { $0.node.presentation.isInteractive }
                  }),
                  let at = path.lastIndex(where: { $0.node.presentation.isInteractive }),
                  let client = path[at].node.owner?.clientID else { continue }
            let receiver = path[at]
            let hit = path[at...].last { $0.node.owner === receiver.node.owner } ?? receiver
            var target = InputTarget(client: client, layer: receiver.node.id, hitLayer: hit.node.id, local: receiver.local,
                                     captures: receiver.node.presentation.capturesInput)
            // The nearest host above the receiver that observes what lands in its context.
            if let host = path[..<at].last(where: { $0.node.links.hosting != nil && $0.node.presentation.host.hostedInput == .observe }),
               let hostClient = host.node.owner?.clientID, hostClient != client {
                target.observer = InputTarget.Observer(client: hostClient, layer: host.node.id, local: host.local)
            }
            return target
        }
        return nil
    }

    func locate(_ point: CGPoint, output: String?, client: UInt32, layer: LayerID) -> CGPoint? {
        guard let node = scenes[client]?.nodes[layer] else { return nil }
        // Up through superlayers and the host layers of contexts, to a root (bounded: hosting nests at most
        // `ContextRegistry.maxNesting` deep, each client's chains `RenderTreeLimits.maxNesting`).
        var root = node, steps = 0
        while let up = root.drawnUnder, steps <= (ContextRegistry.maxNesting + 1) * RenderTreeLimits.maxNesting {
            root = up
            steps += 1
        }
        guard root.drawnUnder == nil, shownRoots(output: output).contains(where: { $0 === root }) else { return nil }
        let toRoot = PlaneMapping.toRootSpace(node, values: \.presentation, superlayer: \.drawnUnder)
        return toRoot.then(PlaneMapping(toOutput(output))).inverse?.apply(point)
    }

    func outputSize(_ output: String?) -> CGSize? {
        self.output(output).map { CGSize(width: $0.width, height: $0.height) }
    }

    var frontmostClient: UInt32? { shownRoots(output: nil).last?.owner?.clientID }

    func hasLayer(client: UInt32, layer: LayerID) -> Bool { layer == 0 ? scenes[client] != nil : scenes[client]?.nodes[layer] != nil }

    /// Layer points to `output`'s pixels (nil: the primary's): its scale.
    func toOutput(_ output: String?) -> Transform3D {
        let s = scale(of: output)
        return s == 1 ? .identity : .scale(s, s, 1)
    }
}
