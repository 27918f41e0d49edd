import Foundation
import StrataCore
import StrataRender
@testable import StrataServer
import Testing

/// The server's per-emitter state: births advanced in O(cells) per frame, the runs of particles a frame
/// draws, when frames may stop, and the cells' images.
@Suite struct EmitterStateTests {
    /// D19's fire: 150 a second for 5 s, from a point.
    static var fire: EmitterModel {
        var m = EmitterModel()
        var cell = EmitterCellModel(name: "fire")
        cell.birthRate = 150
        cell.lifetime = 5
        cell.velocity = 50
        cell.velocityRange = 50
        cell.emissionRange = 2 * .pi
        m.emitterCells = [cell]
        m.emitterPosition = CGPoint(x: 80, y: 60)
        return m
    }

    @Test func aSteadyEmitterDrawsRateTimesLifetimeCandidatesAndKeepsFramesComing() throws {
        let state = EmitterState()
        for t in stride(from: 0.0, through: 10, by: 0.5) { state.advance(values: Self.fire, to: t) }
        let frame = try #require(state.frame(values: Self.fire, at: 10))
        // Births at k/150 for k = 0…1500; those born after 10 − 5 (k ≥ 750) may live: 751 candidates, one run.
        #expect(frame.cells.count == 1)
        #expect(frame.cells[0].runs == [EmitterFrame.Run(firstIndex: 750, count: 751, firstBirth: 5, rate: 150)])
        #expect(state.mayChange(at: 10))
    }

    @Test func anEmitterStartsAtItsLayersTimeZeroAndStopsWhenItsLastParticleDies() throws {
        // First evaluated at local time 3: its births began at 0 (as Core Animation's, see EmitterState.advance).
        let state = EmitterState()
        state.advance(values: Self.fire, to: 3)
        #expect(try #require(state.frame(values: Self.fire, at: 3)).candidateCount == 451)
        var off = Self.fire
        off.birthRate = 0
        state.advance(values: off, to: 4)
        #expect(state.mayChange(at: 8.9))
        state.advance(values: off, to: 9.01)
        #expect(!state.mayChange(at: 9.01))
        #expect(try #require(state.frame(values: off, at: 9.01)).candidateCount == 0)
    }

    @Test func aCellThatBeginsLaterKeepsFramesComingUntilItDoes() {
        var m = Self.fire
        m.emitterCells[0].timing.beginTime = 2
        let state = EmitterState()
        state.advance(values: m, to: 0)
        #expect(state.mayChange(at: 0))
        #expect(state.frame(values: m, at: 0)?.candidateCount == 0)
    }

    @Test func anUnknownCellImageIsAnErrorNamingTheCell() {
        var m = Self.fire
        m.emitterCells[0].contentsImage = 42
        #expect(throws: CommitError.self) { try EmitterState().setImages(for: m.emitterCells, in: [:]) }
        do {
            _ = try EmitterState().setImages(for: m.emitterCells, in: [:])
        } catch let e as CommitError {
            #expect(e.message == "emitter cell \"fire\": unknown image id 42")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

