import Foundation
import StrataCore

/// JSON description of the render tree for `strata tree`: model values, the last presentation values
/// and each layer's sublayers, written with `JSONWriter` (keys sorted), fast enough for thousands of
/// layers per reply.
struct TreeDescription {
    struct Client {
        var client: UInt32
        var layers: Int
        var roots: [Node]
        /// Its exported contexts: each one's layer (nil: none set) and whether a host layer shows it. Tokens
        /// never appear.
        var contexts: [(layer: UInt64?, hosted: Bool)] = []
    }

    /// What a host layer shows: "shown", "waiting" (bound, no layer) or "none"; for inspectors also the
    /// exporting client and its tree, described under the host.
    struct Hosting {
        var state: String
        var client: UInt32?
        var layer: [Node]
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

    struct Presented {
        var position: [Double]
        var opacity: Double
    }

    struct Contents {
        var width: Int
        var height: Int
        /// For a presented drawable: how its frames travel ("shared-memory"), how many were shown, passed
        /// over and repeated, and how many wait.
        var drawable: (transport: String, presents: Int, dropped: Int, repeated: Int, queued: Int)?
    }

    /// A property value as JSON: numbers, lists of numbers, booleans, an enumeration's name, null; a path
    /// as its element count and bounding box (paths can be long).
    enum Value {
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
            case .string(let s): self = s.map { .name(Self.excerpt($0)) } ?? .null
            // The text only (its runs are in the client's hands); long strings cut, so a tree stays small.
            case .text(let t): self = t.map { .name(Self.excerpt($0.string)) } ?? .null
            // The cell tree by name (`fire[smoke, sparks], glow`; a cell without a name is `#index`).
            case .emitterCells(let cells): self = .name(Self.excerpt(Self.cellTree(cells)))
            // Each filter as `name(type)`, a disabled one marked.
            case .filters(let filters):
                self = .name(Self.excerpt(filters.map { "\($0.name)(\($0.type.name))\($0.isEnabled ? "" : " disabled")" }.joined(separator: ", ")))
            // The client's image ids: `image 3`, or a crossfade `image 3 → image 9 at 0.25`.
            case .image(let c):
                func one(_ id: UInt64) -> String { id == 0 ? "none" : "image \(id)" }
                self = .name(c.isCrossfade ? "\(one(c.from)) → \(one(c.to)) at \(c.fraction)" : one(c.from))
            }
        }

        /// The most characters of a string `tree` shows; longer ones end in "…".
        static let maxExcerpt = 256

        static func cellTree(_ cells: [EmitterCellModel]) -> String {
            cells.enumerated().map { i, c in
                (c.name ?? "#\(i)") + (c.emitterCells.isEmpty ? "" : "[" + cellTree(c.emitterCells) + "]")
            }.joined(separator: ", ")
        }

        static func excerpt(_ s: String) -> String {
            s.count <= maxExcerpt ? s : String(s.prefix(maxExcerpt)) + "…"
        }

        func write(to w: inout JSONWriter) {
            switch self {
            case .number(let x): w.number(x)
            case .numbers(let n): w.numbers(n)
            case .bool(let b): w.bool(b)
            case .name(let s): w.string(s)
            case .null: w.null()
            case let .path(elements, box):
                w.beginObject()
                w.key("boundingBox"); w.numbers(box)
                w.key("elements"); w.number(elements)
                w.endObject()
            }
        }
    }

    struct Node {
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
        /// Where its animations were last evaluated, and why not on the GPU (`MotionVerdict.description`).
        var motion: String?
        var presentation: Presented
        /// A tiled layer's tiles: resident, their bytes, requests out, the newest invalidation, and counts of
        /// deliveries kept, dropped (late, cancelled, stale) and tiles evicted.
        var tiles: [String: Int]?
        /// A host layer's context.
        var hosting: Hosting?
        var sublayers: [Node]
        /// Sublayers left out because the reply reached `maxLayers`.
        var omittedSublayers: Int?

        /// Writes the layer's object, keys sorted; absent optional members are left out.
        func write(to w: inout JSONWriter) {
            w.beginObject()
            w.key("anchorPoint"); w.numbers(anchorPoint)
            if let animations {
                w.key("animations"); w.beginArray(); for a in animations { w.string(a) }; w.endArray()
            }
            if let backgroundColor { w.key("backgroundColor"); w.numbers(backgroundColor) }
            w.key("bounds"); w.numbers(bounds)
            if let kind { w.key("class"); w.string(kind) }
            if let contents {
                w.key("contents"); w.beginObject()
                if let drawable = contents.drawable {
                    w.key("drawable"); w.beginObject()
                    w.key("dropped"); w.number(drawable.dropped)
                    w.key("presents"); w.number(drawable.presents)
                    w.key("queued"); w.number(drawable.queued)
                    w.key("repeated"); w.number(drawable.repeated)
                    w.key("transport"); w.string(drawable.transport)
                    w.endObject()
                }
                w.key("height"); w.number(contents.height)
                w.key("width"); w.number(contents.width)
                w.endObject()
            }
            w.key("hidden"); w.bool(hidden)
            if let hosting {
                w.key("host"); w.beginObject()
                if let client = hosting.client { w.key("client"); w.number(Int(client)) }
                if let layer = hosting.layer.first { w.key("layer"); layer.write(to: &w) }
                w.key("state"); w.string(hosting.state)
                w.endObject()
            }
            w.key("id"); w.number(id)
            if let motion { w.key("motion"); w.string(motion) }
            if let omittedSublayers { w.key("omittedSublayers"); w.number(omittedSublayers) }
            w.key("opacity"); w.number(opacity)
            w.key("position"); w.numbers(position)
            w.key("presentation"); w.beginObject()
            w.key("opacity"); w.number(presentation.opacity)
            w.key("position"); w.numbers(presentation.position)
            w.endObject()
            if let properties {
                w.key("properties"); w.beginObject()
                for name in properties.keys.sorted() {
                    w.key(name)
                    properties[name]?.write(to: &w)
                }
                w.endObject()
            }
            if let sublayerTransform { w.key("sublayerTransform"); w.numbers(sublayerTransform) }
            w.key("sublayers"); w.beginArray()
            for sub in sublayers { sub.write(to: &w) }
            w.endArray()
            if let tiles {
                w.key("tiles"); w.beginObject()
                for name in tiles.keys.sorted() { w.key(name); w.number(tiles[name] ?? 0) }
                w.endObject()
            }
            if let timing { w.key("timing"); w.numbers(timing) }
            if let transform { w.key("transform"); w.numbers(transform) }
            w.key("zPosition"); w.number(zPosition)
            w.endObject()
        }

        /// Describes `n` and as much of its subtree as `budget` (layers) allows, depth first; with
        /// `foreign`, the trees its host layers show (other clients'), at most `ContextRegistry.maxNesting` deep.
        init(_ n: RenderNode, budget: inout Budget, foreign: Bool = false, depth: Int = 0) {
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
            contents = n.contents.map { image in
                Contents(width: image.texture.width, height: image.texture.height,
                         drawable: image === n.drawables.shown ? ("shared-memory", n.drawables.presents, n.drawables.dropped, n.drawables.repeats,
                                                           n.drawables.queue.count) : nil)
            }
            animations = n.animations.isEmpty ? nil : n.animations.map(\.key)
            tiles = (n.kindState as? TiledState)?.summary
            motion = n.animations.isEmpty ? nil : n.motion.verdict?.description
            presentation = Presented(position: [Double(n.presentation.position.x), Double(n.presentation.position.y)],
                                     opacity: Double(n.presentation.opacity))
            if n.kind == .host {
                let c = n.links.hosting
                let state = c == nil ? "none" : c?.orphanedAt != nil ? "exporter-gone" : c?.layer == nil ? "waiting" : "shown"
                var h = Hosting(state: state, client: nil, layer: [])
                if foreign, let c, let layer = c.layer, depth < ContextRegistry.maxNesting {
                    h.client = c.exporter
                    if budget.remaining > 0 { h.layer = [Node(layer, budget: &budget, foreign: true, depth: depth + 1)] } else { budget.truncated = true }
                }
                hosting = h
            }
            sublayers = []
            var omitted = 0
            for sub in n.links.sublayers {
                if budget.remaining > 0 { sublayers.append(Node(sub, budget: &budget, foreign: foreign, depth: depth)) } else { omitted += 1 }
            }
            omittedSublayers = omitted > 0 ? omitted : nil
            if omitted > 0 { budget.truncated = true }
        }
    }

    var clients: [Client]
    /// Set when layers were left out to keep within `maxLayers`.
    var truncated: Bool?

    func json() -> String {
        var w = JSONWriter(reservingCapacity: 4096)
        w.beginObject()
        w.key("clients"); w.beginArray()
        for c in clients {
            w.beginObject()
            w.key("client"); w.number(Int(c.client))
            if !c.contexts.isEmpty {
                w.key("contexts"); w.beginArray()
                for context in c.contexts {
                    w.beginObject()
                    w.key("hosted"); w.bool(context.hosted)
                    w.key("layer"); if let id = context.layer { w.number(id) } else { w.null() }
                    w.endObject()
                }
                w.endArray()
            }
            w.key("layers"); w.number(c.layers)
            w.key("roots"); w.beginArray()
            for root in c.roots { root.write(to: &w) }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        if let truncated { w.key("truncated"); w.bool(truncated) }
        w.endObject()
        return w.text
    }
}
