import Foundation

extension EmitterCellModel {
    /// Every number-valued key (`scalarKey`), in one fixed order: the order the wire carries them in and
    /// scene files and the client list them by.
    public static let scalarKeys = [
        "birthRate", "lifetime", "lifetimeRange", "emissionLatitude", "emissionLongitude", "emissionRange", "velocity",
        "velocityRange", "xAcceleration", "yAcceleration", "zAcceleration", "scale", "scaleRange", "scaleSpeed", "spin",
        "spinRange", "redRange", "greenRange", "blueRange", "alphaRange", "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed",
        "contentsScale",
    ]
    public static var scalarKeyPaths: [WritableKeyPath<EmitterCellModel, CGFloat>] { scalarKeys.compactMap(scalarKey) }
}

extension EmitterModel {
    /// Sets the contents image of the cell at `indexPath` (indices from `emitterCells` down).
    public mutating func setCellImage(_ image: UInt64?, at indexPath: [Int]) throws {
        func update(_ cells: inout [EmitterCellModel], _ path: ArraySlice<Int>) throws {
            guard let i = path.first, cells.indices.contains(i) else { throw StrataError.unsupported("emitter cell \(indexPath)") }
            if path.count == 1 { cells[i].contentsImage = image } else { try update(&cells[i].emitterCells, path.dropFirst()) }
        }
        try update(&emitterCells, indexPath[...])
    }
}

extension EmitterModel {
    /// The most particles the layer's values keep alive at once: per cell its birth rate (times the
    /// layer's for a top-level cell) times its longest lifetime (times the layer's lifetime), each carrying
    /// its sub-cells' bound. What a client's quota counts (`client-max-particles`).
    public var particleBound: Double { Self.bound(emitterCells, layer: self, top: true) }

    private static func bound(_ cells: [EmitterCellModel], layer: EmitterModel, top: Bool) -> Double {
        cells.reduce(0) { sum, c in
            guard c.isEnabled else { return sum }
            let rate = max(0, Double(c.birthRate)) * (top ? max(0, Double(layer.birthRate)) : 1)
            let life = max(0, Double(c.lifetime + c.lifetimeRange) * Double(layer.lifetime))
            return sum + (rate * life).rounded(.up) * (1 + bound(c.emitterCells, layer: layer, top: false))
        }
    }
}
