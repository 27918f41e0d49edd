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
