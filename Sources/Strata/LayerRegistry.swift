import Foundation
import StrataProtocol

/// Layer ids and the weak table the connection uses to route server events to layers.
enum LayerRegistry {
    nonisolated(unsafe) private static var nextID: LayerID = 0
    nonisolated(unsafe) private static var layers: [LayerID: Weak] = [:]
    nonisolated(unsafe) private static var releasedOnServer: [(id: LayerID, generation: UInt64, images: [UInt64])] = []

    struct Weak { weak var layer: CALayer? }

    static func register() -> LayerID {
        LayerLock.with { nextID += 1; return nextID }
    }

    static func track(_ layer: CALayer) { LayerLock.with { layers[layer.layerID] = Weak(layer: layer) } }

    static func layer(_ id: LayerID) -> CALayer? { LayerLock.with { layers[id]?.layer } }

    static var all: [CALayer] { LayerLock.with { layers.values.compactMap(\.layer) } }

    /// A layer that existed on a connection's server was freed, with the images it held there (its contents,
    /// its cells' and its animations' images), each counted once per use in the connection's `ImageTable`.
    static func released(_ id: LayerID, generation: UInt64, images: [UInt64]) {
        LayerLock.with {
            layers[id] = nil
            releasedOnServer.append((id, generation, images))
        }
    }

    /// Layers freed since the last commit that the current connection's server still holds, and the image
    /// uses they held (to release, after the layers, those no other layer uses).
    static func takeReleased() -> (layers: [LayerID], images: [UInt64]) {
        LayerLock.with {
            defer { releasedOnServer.removeAll() }
            let current = releasedOnServer.filter { $0.generation == ConnectionGeneration.current }
            return (current.map(\.id), current.flatMap(\.images))
        }
    }
}
