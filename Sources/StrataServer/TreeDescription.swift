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

    /// The most layers one reply describes: building and encoding a layer's description takes tens of
    /// microseconds, and the server's loop must not stall (docs/security.md). Past it, sublayers are left
    /// out and counted (`omittedSublayers`), and the reply says `truncated`.
    static let maxLayers = 4096

    /// Layers a reply may still describe, and whether any were left out.
    struct Budget {
        var remaining = TreeDescription.maxLayers
        var truncated = false
    }

    struct Presented: Encodable {
        var position: [Double]
        var opacity: Double
    }

    struct Contents: Encodable {
        var width: Int
        var height: Int
    }

    /// A property value as JSON: numbers, lists of numbers, booleans, an enumeration's name, null; a path
    /// as its element count and bounding box (paths can be long).
    enum Value: Encodable {
        case number(Double), numbers([Double]), bool(Bool), name(String), null
        case path(elements: Int, boundingBox: [Double])

        init(_ v: AnimatableValue, names: [String]?) {
            switch v {
            case .scalar(let x):
                if let names, let i = Int(exactly: x), names.indices.contains(i) { self = .name(names[i]) } else { self = .number(Double(x)) }
            case .point(let p): self = .numbers([p.x, p.y].map { Double($0) })
            case .size(let s): self = .numbers([s.width, s.height].map { Double($0) })
            case .rect(let r): self = .numbers([r.origin.x, r.origin.y, r.width, r.height].map { Double($0) })
            case .transform(let t): self = .numbers(t.elements.map { Double($0) })
            case .color(let c): self = c.map { .numbers($0.components.map { Double($0) }) } ?? .null
            case .bool(let b): self = .bool(b)
            case let .vector3(x, y, z): self = .numbers([x, y, z].map { Double($0) })
            case .path(let p):
                guard let p else { self = .null; return }
                let b = p.boundingBox
                self = .path(elements: p.elements.count, boundingBox: b.isNull ? [] : [b.origin.x, b.origin.y, b.width, b.height].map { Double($0) })
            case .numbers(let n): self = n.map { .numbers($0.map { Double($0) }) } ?? .null
            case .colors(let c): self = c.map { .numbers($0.flatMap { $0.components.map { Double($0) } }) } ?? .null
            }
        }

        private struct PathSummary: Encodable {
            var elements: Int
            var boundingBox: [Double]
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .number(let x): try c.encode(x)
            case .numbers(let n): try c.encode(n)
            case .bool(let b): try c.encode(b)
            case .name(let s): try c.encode(s)
            case .null: try c.encodeNil()
            case let .path(elements, box): try c.encode(PathSummary(elements: elements, boundingBox: box))
            }
        }
    }

    struct Node: Encodable {
        var id: UInt64
        /// The layer's class when it is not a plain CALayer ("shape", "gradient", …).
        var kind: String?
        /// The values of its kind's own properties that differ from their defaults.
        var properties: [String: Value]?
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
        /// Sublayers left out because the reply reached `maxLayers`.
        var omittedSublayers: Int?

        enum CodingKeys: String, CodingKey {
            case id, kind = "class", properties, bounds, position, anchorPoint, opacity, hidden, zPosition, timing, transform
            case sublayerTransform, backgroundColor, contents, animations, presentation, sublayers, omittedSublayers
        }

        /// Describes `n` and as much of its subtree as `budget` (layers) allows, depth first.
        init(_ n: RenderNode, budget: inout Budget) {
            budget.remaining -= 1
            let m = n.model
            id = n.id
            kind = n.kind == .layer ? nil : n.kind.name
            let own = LayerProperty.carried(by: n.kind).filter { !$0.isCarried(by: .layer) && m[$0] != $0.defaultValue }
            properties = own.isEmpty ? nil : Dictionary(uniqueKeysWithValues: own.map { ($0.name, Value(m[$0], names: $0.rule.names)) })
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
            sublayers = []
            var omitted = 0
            for sub in n.sublayers {
                if budget.remaining > 0 { sublayers.append(Node(sub, budget: &budget)) } else { omitted += 1 }
            }
            omittedSublayers = omitted > 0 ? omitted : nil
            if omitted > 0 { budget.truncated = true }
        }
    }

    var clients: [Client]
    /// Set when layers were left out to keep within `maxLayers`.
    var truncated: Bool?

    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return #"{"error":"tree could not be encoded"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}
