import Foundation
import StrataProtocol

/// Layer ids and the weak table the connection uses to route server events to layers.
enum LayerRegistry {
    nonisolated(unsafe) private static var nextID: LayerID = 0
    nonisolated(unsafe) private static var layers: [LayerID: Weak] = [:]
    nonisolated(unsafe) private static var releasedOnServer: [(id: LayerID, generation: UInt64)] = []

    struct Weak { weak var layer: CALayer? }

    static func register() -> LayerID {
        LayerLock.with { nextID += 1; return nextID }
    }

    static func track(_ layer: CALayer) { LayerLock.with { layers[layer.layerID] = Weak(layer: layer) } }

    static func layer(_ id: LayerID) -> CALayer? { LayerLock.with { layers[id]?.layer } }

    static var all: [CALayer] { LayerLock.with { layers.values.compactMap(\.layer) } }

    /// A layer that existed on a connection's server was freed.
    static func released(_ id: LayerID, generation: UInt64) {
        LayerLock.with {
            layers[id] = nil
            releasedOnServer.append((id, generation))
        }
    }

    /// Layers freed since the last commit that the current connection's server still holds.
    static func takeReleased() -> [LayerID] {
        LayerLock.with {
            defer { releasedOnServer.removeAll() }
            return releasedOnServer.filter { $0.generation == ConnectionGeneration.current }.map(\.id)
        }
    }
}
