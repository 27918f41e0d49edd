import Foundation
import StrataCore

/// JSON description of the render tree for `strata tree`: model values, the last presentation values
/// and each layer's sublayers. Encodable structs, so large trees encode without Foundation bridging.
struct TreeDescription: Encodable {
    struct Client: Encodable {
        var client: UInt32
        var layers: Int
        var roots: [Node]
    }

    struct Presented: Encodable {
        var position: [Double]
        var opacity: Double
    }

    struct Contents: Encodable {
        var width: Int
        var height: Int
    }

    struct Node: Encodable {
        var id: UInt64
        var bounds: [Double]
        var position: [Double]
        var anchorPoint: [Double]
        var opacity: Double
        var hidden: Bool
        var zPosition: Double
        /// The layer's time space, when it is not the identity: beginTime, speed, timeOffset.
        var timing: [Double]?
        var transform: [Double]?
        var sublayerTransform: [Double]?
        var backgroundColor: [Double]?
        var contents: Contents?
        var animations: [String]?
        var presentation: Presented
        var sublayers: [Node]

        init(_ n: RenderNode) {
            let m = n.model
            id = n.id
            bounds = [m.bounds.origin.x, m.bounds.origin.y, m.bounds.width, m.bounds.height].map { Double($0) }
            position = [Double(m.position.x), Double(m.position.y)]
            anchorPoint = [Double(m.anchorPoint.x), Double(m.anchorPoint.y)]
            opacity = Double(m.opacity)
            hidden = m.isHidden
            zPosition = Double(m.zPosition)
            timing = m.timing.isIdentity ? nil : [m.timing.beginTime, m.timing.speed, m.timing.timeOffset]
            transform = m.transform.isIdentity ? nil : m.transform.elements.map { Double($0) }
            sublayerTransform = m.sublayerTransform.isIdentity ? nil : m.sublayerTransform.elements.map { Double($0) }
            backgroundColor = m.backgroundColor.map { $0.components.map { Double($0) } }
            contents = n.contents.map { Contents(width: $0.texture.width, height: $0.texture.height) }
            animations = n.animations.isEmpty ? nil : n.animations.map(\.key)
            presentation = Presented(position: [Double(n.presentation.position.x), Double(n.presentation.position.y)],
                                     opacity: Double(n.presentation.opacity))
            sublayers = n.sublayers.map(Node.init)
        }
    }

    var clients: [Client]

    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return #"{"error":"tree could not be encoded"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}
