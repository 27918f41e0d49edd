import Foundation

/// The shape particles are spawned on (CAEmitterLayer.emitterShape).
public enum EmitterShape: UInt8, Sendable, NamedCases {
    case point = 0, line, rectangle, cuboid, circle, sphere

    public var name: String {
        switch self {
        case .point: "point"
        case .line: "line"
        case .rectangle: "rectangle"
        case .cuboid: "cuboid"
        case .circle: "circle"
        case .sphere: "sphere"
        }
    }
}

/// Which part of the shape particles are spawned on (CAEmitterLayer.emitterMode).
public enum EmitterMode: UInt8, Sendable, NamedCases {
    case points = 0, outline, surface, volume

    public var name: String {
        switch self {
        case .points: "points"
        case .outline: "outline"
        case .surface: "surface"
        case .volume: "volume"
        }
    }
}

/// How particles are ordered and blended (CAEmitterLayer.renderMode). All but additive blend source-over.
public enum EmitterRenderMode: UInt8, Sendable, NamedCases {
    case unordered = 0, oldestFirst, oldestLast, backToFront, additive

    public var name: String {
        switch self {
        case .unordered: "unordered"
        case .oldestFirst: "oldestFirst"
        case .oldestLast: "oldestLast"
        case .backToFront: "backToFront"
        case .additive: "additive"
        }
    }
}

/// CAEmitterLayer's values, with Core Animation's defaults. `birthRate`, `lifetime`, `velocity`, `scale`
/// and `spin` multiply the cells' values of the same name, so one number scales the whole system.
public struct EmitterModel: Equatable, Sendable {
    /// The top-level cells; each may hold sub-cells (see `EmitterCellModel.maxDepth` and `maxCells`).
    public var emitterCells: [EmitterCellModel] = []
    public var birthRate: CGFloat = 1
    public var lifetime: CGFloat = 1
    public var velocity: CGFloat = 1
    public var scale: CGFloat = 1
    public var spin: CGFloat = 1
    public var emitterPosition = CGPoint.zero
    public var emitterZPosition: CGFloat = 0
    public var emitterSize = CGSize.zero
    public var emitterDepth: CGFloat = 0
    public var emitterShape: EmitterShape = .point
    public var emitterMode: EmitterMode = .volume
    public var renderMode: EmitterRenderMode = .unordered
    /// Whether particles keep their z in the layer's 3D space instead of being flattened into its plane.
    public var preservesDepth = false
    /// Seeds every random number of the system (see `ParticleRandom`).
    public var seed: UInt32 = 0

    public init() {}
}

/// One cell of an emitter's cell tree, found by a depth-first walk.
public struct EmitterCellEntry: Equatable, Sendable {
    /// The cell's place in a depth-first, parent-before-children walk of the tree: 0, 1, 2, …. This is
    /// the cell id the random streams use.
    public var id: UInt32
    /// Indices from the layer's `emitterCells` down to the cell.
    public var indexPath: [Int]
    /// The id of the parent cell; nil for a top-level cell.
    public var parentID: UInt32?
    public var cell: EmitterCellModel
}

extension EmitterModel {
    /// Every cell of the tree in depth-first order (a parent before its sub-cells, siblings in order), so
    /// `flattenedCells[i].id == i`.
    public var flattenedCells: [EmitterCellEntry] {
        var out: [EmitterCellEntry] = []
        func walk(_ cells: [EmitterCellModel], _ path: [Int], _ parent: UInt32?) {
            for (i, cell) in cells.enumerated() {
                let id = UInt32(out.count)
                out.append(EmitterCellEntry(id: id, indexPath: path + [i], parentID: parent, cell: cell))
                walk(cell.emitterCells, path + [i], id)
            }
        }
        walk(emitterCells, [], nil)
        return out
    }
}
