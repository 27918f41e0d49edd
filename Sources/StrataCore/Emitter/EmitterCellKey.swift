import Foundation

/// A key path into an emitter layer's named cells, as Core Animation's: `emitterCells.fire.birthRate`,
/// `emitterCells.fire.emitterCells.smoke.color`. It reads and writes inside the layer's `emitterCells`
/// value, so animations and KVC reach a cell's numbers, colour and enabled flag. A name matches the first
/// sibling of that name; a path naming no cell reads the key's default and writes nothing.
public struct EmitterCellKey: Hashable, Sendable, CustomStringConvertible {
    /// The cell names from the layer down, and the key inside the last.
    public let names: [String]
    public let key: String

    public init?(names: [String], key: String) {
        guard !names.isEmpty, EmitterCellModel().value(forKey: key) != nil else { return nil }
        self.names = names
        self.key = key
    }

    /// Parses `emitterCells.NAME(.emitterCells.NAME)*.KEY`; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, parts.count % 2 == 1, let key = parts.last else { return nil }
        var names: [String] = []
        for i in stride(from: 0, to: parts.count - 1, by: 2) {
            guard parts[i] == "emitterCells", !parts[i + 1].isEmpty else { return nil }
            names.append(parts[i + 1])
        }
        self.init(names: names, key: key)
    }

    public var description: String { names.map { "emitterCells.\($0)." }.joined() + key }

    /// The kind of the value it names: a number, a colour or a flag.
    public var kind: ValueKind { EmitterCellModel().value(forKey: key)?.kind ?? .scalar }

    var components: [String] { names.flatMap { ["emitterCells", $0] } + [key] }

    public func get(from whole: AnimatableValue) -> AnimatableValue {
        guard case let .emitterCells(cells) = whole else { return .zero(of: kind) }
        var m = EmitterModel()
        m.emitterCells = cells
        return m.cellValue(forKeyPath: components) ?? EmitterCellModel().value(forKey: key) ?? .zero(of: kind)
    }

    public func set(_ part: AnimatableValue, in whole: AnimatableValue) -> AnimatableValue {
        guard case let .emitterCells(cells) = whole else { return whole }
        var m = EmitterModel()
        m.emitterCells = cells
        do { try m.setCellValue(part, forKeyPath: components) } catch { return whole }
        return .emitterCells(m.emitterCells)
    }
}
