import Foundation
import StrataCore
import StrataRender

/// What the server keeps of one emitter layer between frames: its particle system (a birth schedule per
/// top-level cell, O(cells) to advance) and the images its cells show (counted as shown, as a layer's
/// contents are, so a `releaseImage` leaves them while the cells name them). No particle is stored.
final class EmitterState {
    private(set) var system: EmitterSystem?
    private(set) var images: [UInt64: ServerImage] = [:]
    /// The particles the layer's model values keep alive at most, as counted into its client's usage.
    var particleBound = 0

    /// The system's start: emission begins at the layer's local time 0 (a scene's start, a root layer's
    /// time origin), as Core Animation's does: an emitter added under a layer whose time has long run shows
    /// particles as if it had been emitting since (Core Animation apps set `beginTime = CACurrentMediaTime()`
    /// to start it empty). A time before 0 starts it then.
    func advance(values: EmitterModel, to time: Double) {
        if system == nil { system = EmitterSystem(model: values, at: min(0, time)) }
        system?.update(model: values, at: time)
    }

    /// Whether a particle may be alive at `time` or be born later without a change: frames must go on.
    func mayChange(at time: Double) -> Bool {
        guard let system else { return false }
        for (i, cell) in system.model.emitterCells.enumerated() where i < system.schedules.count && cell.isEnabled {
            let s = system.schedules[i]
            if s.rate > 0 { return true }
            if !s.candidates(at: time, horizon: ParticleEvaluator.horizon(system.model, cell: cell)).isEmpty { return true }
            // A window that opens later starts births without a change.
            if cell.emissionWindow.lower > time, cell.birthRate > 0, system.model.birthRate > 0 { return true }
        }
        return false
    }

    /// Resolves the cells' images in `table`; throws naming the first id the client does not define.
    /// Counts the new ones as shown and returns the ones no longer shown.
    func setImages(for cells: [EmitterCellModel], in table: [UInt64: ServerImage]) throws -> [ServerImage] {
        var wanted: [UInt64: ServerImage] = [:]
        for entry in EmitterModel.flattened(cells) {
            guard let id = entry.cell.contentsImage else { continue }
            guard let image = table[id] ?? images[id] else {
                throw CommitError("emitter cell \(entry.cell.name.map { "\"\($0)\"" } ?? "\(entry.indexPath)"): unknown image id \(id)")
            }
            wanted[id] = image
        }
        for (id, image) in wanted where images[id] == nil { image.shownBy += 1 }
        let dropped = images.filter { wanted[$0.key] == nil }.map(\.value)
        for image in dropped { image.shownBy -= 1 }
        images = wanted
        return dropped
    }

    /// Lets go of every image (the layer is released); returns them.
    func releaseImages() -> [ServerImage] {
        let all = Array(images.values)
        for image in all { image.shownBy -= 1 }
        images = [:]
        return all
    }

    /// The frame the renderer draws at `time` with the layer's presented values: per cell its texture and,
    /// for a top-level cell, its runs of candidate particles. O(cells + segments).
    func frame(values: EmitterModel, at time: Double) -> EmitterFrame? {
        guard let system else { return nil }
        var tops = 0
        let cells = values.flattenedCells.map { entry -> EmitterFrame.Cell in
            var runs: [EmitterFrame.Run] = []
            if entry.parentID == nil {
                defer { tops += 1 }
                if tops < system.schedules.count {
                    let schedule = system.schedules[tops]
                    let horizon = ParticleEvaluator.horizon(values, cell: entry.cell)
                    runs = schedule.candidates(at: time, horizon: horizon).map { r in
                        let s = schedule.segments[r.segment]
                        let offset = Double(r.first &- s.firstIndex)
                        return EmitterFrame.Run(firstIndex: r.first, count: r.count, firstBirth: s.birthTime(offset: offset), rate: s.rate)
                    }
                }
            }
            let texture = entry.cell.contentsImage.flatMap { images[$0]?.texture }
            return EmitterFrame.Cell(id: entry.id, parentID: entry.parentID, cell: entry.cell, texture: texture, runs: runs)
        }
        return EmitterFrame(layer: values, time: time, cells: cells)
    }
}

extension EmitterModel {
    /// `cells` as `flattenedCells` walks them.
    static func flattened(_ cells: [EmitterCellModel]) -> [EmitterCellEntry] {
        var m = EmitterModel()
        m.emitterCells = cells
        return m.flattenedCells
    }
}
