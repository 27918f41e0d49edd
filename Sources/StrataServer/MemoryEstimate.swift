import StrataCore

/// What a client's values cost the server in memory, estimated from their sizes so quota checks stay
/// O(size of the value): a layer's fixed part, and the variable part of values (paths, number and colour
/// lists) and animations (their endpoint and keyframe values, key times and timing functions).
enum MemoryEstimate {
    /// A render node with its model and presentation values and its links.
    static let layerBytes = 2 * MemoryLayout<LayerModel>.stride + 512
    /// An attached animation's fixed part (its spec, prepared form, its row in its scene's
    /// `AnimationLaneTable`, about 240 bytes, and bookkeeping).
    static let animationBytes = 2048
    /// What the server's laid-out text costs per UTF-16 unit of a text layer's string (glyph id, position,
    /// cluster and line bookkeeping).
    static let textLayoutBytesPerUnit = 48

    /// The variable part of one value.
    static func bytes(of value: AnimatableValue?) -> Int {
        switch value {
        case .path(let p?): p.elements.count * MemoryLayout<Path.Element>.stride
        case .numbers(let n?): n.count * MemoryLayout<Double>.stride
        case .colors(let c?): c.count * MemoryLayout<Color>.stride
        case .string(let s?): s.utf8.count
        // The text and its runs, and the layout the server keeps of it (a glyph and its position per unit).
        case .text(let t?): t.string.utf8.count + t.runs.count * MemoryLayout<TextRun>.stride + t.utf16Count * textLayoutBytesPerUnit
        // An emitter's cells, sub-cells included: each a model, its name and its array's storage.
        case .emitterCells(let cells): cellBytes(cells)
        case .filters(let filters): filters.reduce(0) { $0 + MemoryLayout<FilterModel>.stride + $1.name.utf8.count + $1.values.count * 32 }
        default: 0
        }
    }

    /// The variable part of an animation: its values, key times, timing functions and children.
    static func cellBytes(_ cells: [EmitterCellModel]) -> Int {
        cells.reduce(0) { $0 + MemoryLayout<EmitterCellModel>.stride + ($1.name?.utf8.count ?? 0) + cellBytes($1.emitterCells) }
    }

    static func bytes(of spec: AnimationSpec) -> Int {
        switch spec.kind {
        case let .basic(from, to, by), let .spring(from, to, by, _):
            return bytes(of: from) + bytes(of: to) + bytes(of: by)
        case .keyframe(let frames):
            let values = frames.values.reduce(frames.values.count * MemoryLayout<AnimatableValue>.stride) { $0 + bytes(of: $1) }
            let lists = (frames.keyTimes?.count ?? 0) + (frames.tension?.count ?? 0) + (frames.continuity?.count ?? 0)
            return values + lists * MemoryLayout<Double>.stride
                + (frames.timingFunctions?.count ?? 0) * MemoryLayout<TimingFunction>.stride
        case .group(let children):
            return children.reduce(children.count * animationBytes) { $0 + bytes(of: $1) }
        case .transition:
            return 0
        }
    }
}
