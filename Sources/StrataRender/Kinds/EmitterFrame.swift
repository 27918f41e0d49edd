import Foundation
import StrataCore

/// What an emitter layer draws in one frame, as the server hands it to the renderer (`EmitterDraw`): the
/// layer's emitter values, its local time, and per cell the particles that may be alive, as runs of
/// consecutive indices with their births' closed form. Building it is O(cells + rate changes), never
/// O(particles): each particle is evaluated in the vertex stage from (seed, cell, index, birth, time), as
/// `ParticleEvaluator` defines (docs/emitter.md).
public struct EmitterFrame {
    /// A run of consecutive particle indices of one top-level cell: index `firstIndex + i` (wrapping) is
    /// born at `firstBirth + i / rate`.
    public struct Run: Equatable, Sendable {
        public var firstIndex: UInt32
        public var count: UInt32
        public var firstBirth: Double
        public var rate: Double

        public init(firstIndex: UInt32, count: UInt32, firstBirth: Double, rate: Double) {
            self.firstIndex = firstIndex; self.count = count; self.firstBirth = firstBirth; self.rate = rate
        }
    }

    /// One cell of the layer's tree (`EmitterModel.flattenedCells`).
    public struct Cell {
        /// Its id in the flattened tree (its random streams' cell id) and its parent's (nil at the top).
        public var id: UInt32
        public var parentID: UInt32?
        public var cell: EmitterCellModel
        /// What its particles show (nil: the cell has no contents and draws nothing).
        public var texture: (any TextureSource)?
        /// A top-level cell's runs of possibly live particles (empty for a sub-cell: its particles follow
        /// each live particle of its parent, `ParticleEvaluator.subCandidates`).
        public var runs: [Run]

        public init(id: UInt32, parentID: UInt32?, cell: EmitterCellModel, texture: (any TextureSource)?, runs: [Run]) {
            self.id = id; self.parentID = parentID; self.cell = cell; self.texture = texture; self.runs = runs
        }
    }

    /// The layer's emitter values (presented: animated multipliers and geometry included).
    public var layer: EmitterModel
    /// The layer's local time, in which births are scheduled and particles age.
    public var time: Double
    public var cells: [Cell]

    public init(layer: EmitterModel, time: Double, cells: [Cell]) {
        self.layer = layer; self.time = time; self.cells = cells
    }

    /// How many particles the runs hold (an upper bound on the live top-level particles).
    public var candidateCount: Int { cells.reduce(0) { $0 + $1.runs.reduce(0) { $0 + Int($1.count) } } }
}
