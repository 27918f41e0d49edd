import Foundation

// Core Animation reaches a cell's values through the layer's key paths: `emitterCells.fire.birthRate`,
// `emitterCells.fire.emitterCells.smoke.color`. These find the cell by name and read or write the value, so
// animations can target them.

extension EmitterCellModel {
    /// The key path of a number-valued key (Core Animation's name); nil for any other key.
    public static func scalarKey(_ key: String) -> WritableKeyPath<EmitterCellModel, CGFloat>? {
        switch key {
        case "birthRate": \.birthRate
        case "lifetime": \.lifetime
        case "lifetimeRange": \.lifetimeRange
        case "emissionLatitude": \.emissionLatitude
        case "emissionLongitude": \.emissionLongitude
        case "emissionRange": \.emissionRange
        case "velocity": \.velocity
        case "velocityRange": \.velocityRange
        case "xAcceleration": \.xAcceleration
        case "yAcceleration": \.yAcceleration
        case "zAcceleration": \.zAcceleration
        case "scale": \.scale
        case "scaleRange": \.scaleRange
        case "scaleSpeed": \.scaleSpeed
        case "spin": \.spin
        case "spinRange": \.spinRange
        case "redRange": \.redRange
        case "greenRange": \.greenRange
        case "blueRange": \.blueRange
        case "alphaRange": \.alphaRange
        case "redSpeed": \.redSpeed
        case "greenSpeed": \.greenSpeed
        case "blueSpeed": \.blueSpeed
        case "alphaSpeed": \.alphaSpeed
        case "contentsScale": \.contentsScale
        default: nil
        }
    }

    /// The value of a number key, `color` or `enabled`; nil for any other key.
    public func value(forKey key: String) -> AnimatableValue? {
        if let k = Self.scalarKey(key) { return .scalar(self[keyPath: k]) }
        switch key {
        case "color": return .color(color)
        case "enabled": return .bool(isEnabled)
        default: return nil
        }
    }

    /// Sets a number key, `color` (not nil) or `enabled`; throws `StrataError` for another key or a value
    /// of the wrong shape.
    public mutating func setValue(_ value: AnimatableValue, forKey key: String) throws {
        switch (Self.scalarKey(key), key, value) {
        case let (k?, _, .scalar(x)): self[keyPath: k] = x
        case let (nil, "color", .color(c?)): color = c
        case let (nil, "enabled", .bool(b)): isEnabled = b
        case (_?, _, _): throw StrataError.invalidValue(key: key, expected: "a number")
        case (nil, "color", _): throw StrataError.invalidValue(key: key, expected: "a colour")
        case (nil, "enabled", _): throw StrataError.invalidValue(key: key, expected: "a boolean")
        default: throw StrataError.unsupported("emitter cell key \(key)")
        }
    }
}

extension EmitterModel {
    /// Finds the cell a key path names, given its components after the layer (`["emitterCells", "fire",
    /// "emitterCells", "smoke", "birthRate"]`): the cell's index path and the key inside it. A name matches
    /// the first sibling of that name, as in Core Animation. nil when the path does not alternate
    /// `emitterCells` and a cell name, or names no key after the cell.
    public func locateCell(_ components: [String]) -> (indexPath: [Int], key: String)? {
        var cells = emitterCells
        var path: [Int] = []
        var rest = components[...]
        while rest.count >= 3, rest.first == "emitterCells" {
            let name = rest[rest.startIndex + 1]
            guard let i = cells.firstIndex(where: { $0.name == name }) else { return nil }
            path.append(i)
            cells = cells[i].emitterCells
            rest = rest.dropFirst(2)
        }
        guard !path.isEmpty, rest.count == 1, let key = rest.first else { return nil }
        return (path, key)
    }

    /// The cell at `indexPath` (indices from `emitterCells` down); nil when there is none.
    public func cell(at indexPath: [Int]) -> EmitterCellModel? {
        var cells = emitterCells
        var found: EmitterCellModel?
        for i in indexPath {
            guard cells.indices.contains(i) else { return nil }
            found = cells[i]
            cells = cells[i].emitterCells
        }
        return found
    }

    /// The value at a cell key path (components after the layer); nil when it names no cell or key.
    public func cellValue(forKeyPath components: [String]) -> AnimatableValue? {
        guard let (path, key) = locateCell(components) else { return nil }
        return cell(at: path)?.value(forKey: key)
    }

    /// Sets the value at a cell key path (components after the layer); throws `StrataError` when it names no
    /// cell or key, or the value has the wrong shape.
    public mutating func setCellValue(_ value: AnimatableValue, forKeyPath components: [String]) throws {
        guard let (path, key) = locateCell(components) else {
            throw StrataError.unsupported("key path \(components.joined(separator: "."))")
        }
        try Self.update(&emitterCells, path[...]) { try $0.setValue(value, forKey: key) }
    }

    private static func update(_ cells: inout [EmitterCellModel], _ path: ArraySlice<Int>,
                               _ body: (inout EmitterCellModel) throws -> Void) rethrows {
        guard let i = path.first, cells.indices.contains(i) else { return }
        if path.count == 1 { try body(&cells[i]) } else { try update(&cells[i].emitterCells, path.dropFirst(), body) }
    }
}
