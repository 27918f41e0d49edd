import Foundation

/// One emitter layer's particle system over time: the layer's values and a birth schedule per top-level
/// cell. Updating it each frame is O(segments); the particles themselves are never stored, each is a pure
/// function of the schedule (see `ParticleEvaluator`).
public struct EmitterSystem: Equatable, Sendable {
    public private(set) var model: EmitterModel
    /// One per top-level cell, in order.
    public private(set) var schedules: [BirthSchedule]
    /// The time of the last update, in the layer's local time.
    public private(set) var time: Double

    /// Most particles `liveParticles` returns (a bound on the CPU work of one frame).
    public static let maxParticles = 1 << 20

    /// A system whose cells start emitting at `time`.
    public init(model: EmitterModel, at time: Double) {
        self.model = model
        self.time = time
        schedules = model.emitterCells.map { BirthSchedule(rate: Self.rate(of: $0, in: model, at: time), at: time) }
    }

    /// The rate a top-level cell emits at `time`: cell × layer birth rate while the cell is enabled and inside
    /// its emission window, else 0.
    public static func rate(of cell: EmitterCellModel, in layer: EmitterModel, at time: Double) -> Double {
        cell.emits(at: time) ? max(0, Double(cell.birthRate) * Double(layer.birthRate)) : 0
    }

    /// Moves to `time` with the layer's values now `model`. The old values held since the last update, so
    /// the window edges of the old cells in between change the rates at their exact times; then the new
    /// values apply from `time`. A cell added at the end starts its own stream; removed cells' streams end.
    /// Segments that can no longer hold a live particle are dropped.
    public mutating func update(model newModel: EmitterModel, at newTime: Double) {
        for i in schedules.indices where i < model.emitterCells.count {
            let cell = model.emitterCells[i], w = cell.emissionWindow
            for edge in [w.lower, w.upper].sorted() where edge > time && edge <= newTime {
                schedules[i].setRate(Self.rate(of: cell, in: model, at: edge), at: edge)
            }
        }
        let t = max(time, newTime)
        schedules.removeLast(max(0, schedules.count - newModel.emitterCells.count))
        for (i, cell) in newModel.emitterCells.enumerated() {
            let r = Self.rate(of: cell, in: newModel, at: t)
            if i < schedules.count { schedules[i].setRate(r, at: t) } else { schedules.append(BirthSchedule(rate: r, at: t)) }
            schedules[i].prune(at: t, horizon: ParticleEvaluator.horizon(newModel, cell: cell))
        }
        model = newModel
        time = t
    }

    /// Every particle alive at `time` (at or after the last update), in the layer's render-mode order,
    /// at most `limit` of them.
    public func liveParticles(at time: Double, limit: Int = maxParticles) -> [ParticleState] {
        var system = self
        system.update(model: model, at: time)
        var walk = Walk(model: model, time: time, budget: limit)
        let tops = walk.cells.filter { $0.parentID == nil }
        for (i, entry) in tops.enumerated() where entry.cell.isEnabled && walk.budget > 0 {
            let schedule = system.schedules[i]
            for range in schedule.candidates(at: time, horizon: walk.horizons[Int(entry.id)]) {
                let segment = schedule.segments[range.segment]
                for k in 0..<range.count {
                    guard walk.budget > 0 else { break }
                    let index = range.first &+ k
                    let birth = segment.birthTime(offset: Double(index &- segment.firstIndex))
                    walk.visit(ParticleEvaluator.topLevel(model, cell: entry.cell, cellID: entry.id, index: index,
                                                          birthTime: birth), id: entry.id)
                }
            }
        }
        return Self.ordered(walk.buckets.flatMap { $0 }, model.renderMode)
    }

    /// The walk of one `liveParticles` call: the cell tree by id, and the live particles found so far, by cell.
    private struct Walk {
        let model: EmitterModel, time: Double
        let cells: [EmitterCellEntry]
        /// Per cell id: its horizon, and its sub-cells' ids in order.
        let horizons: [Double], children: [[UInt32]]
        var buckets: [[ParticleState]]
        var budget: Int

        init(model: EmitterModel, time: Double, budget: Int) {
            self.model = model; self.time = time; self.budget = budget
            let all = model.flattenedCells
            cells = all
            horizons = all.map { ParticleEvaluator.horizon(model, cell: $0.cell) }
            children = all.map { parent in all.filter { $0.parentID == parent.id }.map(\.id) }
            buckets = Array(repeating: [], count: all.count)
        }

        /// Adds `p` if alive, then its sub-particles (alive or not, theirs may be).
        mutating func visit(_ p: ParticleTraits, id: UInt32) {
            if let s = p.state(at: time), budget > 0 {
                buckets[Int(id)].append(s)
                budget -= 1
            }
            for subID in children[Int(id)] {
                let sub = cells[Int(subID)].cell
                guard let js = ParticleEvaluator.subCandidates(sub, parent: p, at: time, horizon: horizons[Int(subID)]) else { continue }
                for j in js {
                    guard budget > 0 else { return }
                    guard let q = ParticleEvaluator.subParticle(model, cell: sub, cellID: subID, index: j, parent: p) else { continue }
                    visit(q, id: subID)
                }
            }
        }
    }

    /// Unordered and additive keep generation order (cells depth-first, each cell's particles by index, a
    /// sub-cell's grouped by parent); oldestFirst draws the earliest born first, oldestLast last; backToFront
    /// draws the farthest (least z) first. Ties keep generation order.
    static func ordered(_ particles: [ParticleState], _ mode: EmitterRenderMode) -> [ParticleState] {
        let key: (ParticleState) -> Double
        switch mode {
        case .unordered, .additive: return particles
        case .oldestFirst: key = { $0.birthTime }
        case .oldestLast: key = { -$0.birthTime }
        case .backToFront: key = { $0.position.z }
        }
        return particles.enumerated()
            .sorted { (key($0.element), $0.offset) < (key($1.element), $1.offset) }
            .map(\.element)
    }
}

extension EmitterModel {
    /// Mean lifetime of a particle of `cell` under this layer: E[max(0, L)] for L uniform in
    /// (lifetime ± lifetimeRange) × the layer's lifetime (a negative draw lives no time).
    public func meanLifetime(of cell: EmitterCellModel) -> Double {
        let m = Double(cell.lifetime) * Double(lifetime), r = abs(Double(cell.lifetimeRange) * Double(lifetime))
        if m - r >= 0 { return max(0, m) }
        if m + r <= 0 { return 0 }
        return (m + r) * (m + r) / (4 * r)
    }

    /// Mean number of particles of the top-level cells alive in the steady state of a constant rate (Little's
    /// law: rate × mean lifetime). Sub-particles are not counted.
    public var steadyStateLiveCount: Double {
        emitterCells.filter(\.isEnabled).reduce(0) { $0 + Double($1.birthRate) * Double(birthRate) * meanLifetime(of: $1) }
    }
}
