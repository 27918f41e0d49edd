import Testing
@testable import StrataServer

/// The render budgets' policy on given frame times and costs (the server measures them; here they are
/// chosen, so the rules are checked exactly).
@Suite struct ClientBudgetsTests {
    let interval = 1000.0 / 60

    /// Runs `frames` frames of `frame` ms with these costs; returns every change.
    func run(_ budgets: inout ClientBudgets, frames: Int, frame: Double, costs: [UInt32: Double]) -> [ClientBudgets.Change] {
        (0..<frames).flatMap { _ in budgets.record(frame: frame, interval: interval, costs: costs) }
    }

    @Test func aClientThatMakesFramesLateIsDeferredStepByStepUpToEveryEighthFrame() {
        var budgets = ClientBudgets()
        // 20 ms frames (over 0.75 × 16.7), the hostile client 15 ms of them, the good one 2 ms.
        var changes = run(&budgets, frames: 3, frame: 20, costs: [1: 2, 2: 15])
        #expect(changes.isEmpty, "three late frames of eight are not enough")
        changes = run(&budgets, frames: 1, frame: 20, costs: [1: 2, 2: 15])
        #expect(changes.map(\.client) == [2] && changes.map(\.every) == [2])
        #expect(budgets.every(1) == 1)
        // Each step waits for four more late frames; the interval doubles to 8 and stays there.
        changes = run(&budgets, frames: 40, frame: 20, costs: [1: 2, 2: 15])
        #expect(changes.map(\.every) == [4, 8])
        #expect(budgets.every(2) == 8 && budgets.every(1) == 1)
        // Frame 16 applies client 2's commits, 17 to 23 do not; client 1's always.
        #expect(budgets.applies(2, frame: 16) && !budgets.applies(2, frame: 17) && !budgets.applies(2, frame: 23))
        #expect((16...23).allSatisfy { budgets.applies(1, frame: UInt64($0)) })
    }

    @Test func noClientIsDeferredWhenNoneDominatesOrOneIsAlone() {
        var budgets = ClientBudgets()
        // Late frames shared evenly by three clients: nobody's fault alone.
        #expect(run(&budgets, frames: 50, frame: 20, costs: [1: 6, 2: 6, 3: 6]).isEmpty)
        // A single client making its own frames late is not deferred (nobody else waits on it).
        var alone = ClientBudgets()
        #expect(run(&alone, frames: 50, frame: 30, costs: [4: 28]).isEmpty)
        // Frames on time: nothing happens however uneven the costs.
        var onTime = ClientBudgets()
        #expect(run(&onTime, frames: 50, frame: 10, costs: [1: 1, 2: 9]).isEmpty)
    }

    @Test func calmFramesHalveTheIntervalBackToEveryFrame() {
        var budgets = ClientBudgets()
        _ = run(&budgets, frames: 40, frame: 20, costs: [1: 2, 2: 15])
        #expect(budgets.every(2) == 8)
        // 119 calm frames (under half the interval) change nothing; the 120th halves the interval.
        #expect(run(&budgets, frames: 119, frame: 5, costs: [1: 2, 2: 2]).isEmpty)
        #expect(run(&budgets, frames: 1, frame: 5, costs: [1: 2, 2: 2]).map(\.every) == [4])
        _ = run(&budgets, frames: 240, frame: 5, costs: [1: 2, 2: 2])
        #expect(budgets.every(2) == 1)
        // A frame between calm and late restarts the count.
        _ = run(&budgets, frames: 40, frame: 20, costs: [1: 2, 2: 15])
        _ = run(&budgets, frames: 100, frame: 5, costs: [1: 2, 2: 2])
        _ = run(&budgets, frames: 1, frame: 10, costs: [1: 2, 2: 2])
        #expect(run(&budgets, frames: 100, frame: 5, costs: [1: 2, 2: 2]).isEmpty)
        #expect(budgets.every(2) == 8)
    }

    @Test func averagesFollowTheLastFramesAndForgetClientsThatLeave() {
        var budgets = ClientBudgets()
        _ = budgets.record(frame: 5, interval: interval, costs: [1: 8])
        #expect(budgets.clients[1]?.cost == 8)
        _ = budgets.record(frame: 5, interval: interval, costs: [1: 16])
        #expect(budgets.clients[1]?.cost == 9)
        // A frame without the client's layers counts as nothing spent on it.
        _ = budgets.record(frame: 5, interval: interval, costs: [:])
        #expect(budgets.clients[1]?.cost == 9.0 * 7 / 8)
        budgets.remove(1)
        #expect(budgets.clients[1] == nil && budgets.every(1) == 1)
    }
}

extension ClientBudgetsTests {
    @Test func aClientDeferredEarlierGetsItsFramesBackWhenAnotherMakesThemLate() {
        var budgets = ClientBudgets()
        // Client 1 made the frames late first and was deferred to every 4th frame.
        _ = run(&budgets, frames: 8, frame: 20, costs: [1: 15, 2: 2])
        #expect(budgets.every(1) == 4)
        // Now client 2 does (client 1 costs a tenth of the total): once the averages show it, 2 is deferred
        // and 1 restored, a step at a time.
        let changes = run(&budgets, frames: 60, frame: 25, costs: [1: 2, 2: 20])
        #expect(changes.filter { $0.client == 1 }.map(\.every) == [2, 1], "\(changes)")
        #expect(changes.filter { $0.client == 2 }.map(\.every) == [2, 4, 8], "\(changes)")
        #expect(budgets.every(1) == 1 && budgets.every(2) == 8)
    }
}

extension ClientBudgetsTests {
    @Test func aDeferredClientKeepsTheCostOfItsOwnFramesWhileItIsDrawnFromABitmap() {
        var budgets = ClientBudgets()
        _ = run(&budgets, frames: 8, frame: 20, costs: [1: 2, 2: 15])
        let deferred = budgets.clients[2]?.cost ?? 0
        #expect(budgets.every(2) == 4)
        // Frames that apply nothing of client 2's (frozen) cost it almost nothing and are not averaged in;
        // client 1 is never blamed for frames client 2 makes late at its own frames.
        for frame in 0..<40 {
            let own = frame % 4 == 0
            let changes = budgets.record(frame: own ? 20 : 8, interval: interval, costs: [1: 2, 2: own ? 15 : 0.1],
                                         frozen: own ? [] : [2])
            #expect(!changes.contains { $0.client == 1 }, "frame \(frame): \(changes)")
        }
        #expect(budgets.every(1) == 1 && budgets.every(2) == 4)
        #expect(abs((budgets.clients[2]?.cost ?? 0) - deferred) < 2, "still about its own frames' cost")
    }
}

extension ClientBudgetsTests {
    @Test func theClientWhoseUpdatesCostTheMostIsDeferredNotTheOneThatOnlyAnimates() {
        var budgets = ClientBudgets()
        // Client 1 animates 1,000 layers (15 ms a frame, one tiny commit); client 2 replaces 1,000 strings a
        // frame (3 ms, all of it applying): deferring 1 would save nothing, deferring 2 saves its updates.
        var changes: [ClientBudgets.Change] = []
        for _ in 0..<8 { changes += budgets.record(frame: 20, interval: interval, costs: [1: 15, 2: 3], updates: [1: 0.05, 2: 3]) }
        #expect(changes.map(\.client) == [2, 2], "\(changes)")
        #expect(budgets.every(1) == 1 && budgets.every(2) == 4)
        #expect(budgets.clients[1]?.cost ?? 0 > budgets.clients[2]?.cost ?? 0)
    }
}

extension ClientBudgetsTests {
    @Test func oneLargeCommitIsNoReasonToDeferItsClient() {
        var budgets = ClientBudgets()
        // Client 1's first commit builds its scene (9 ms to apply) while the first frames are late anyway;
        // then it moves one layer a frame (0.02 ms). Client 2 commits nothing costly. Nobody is deferred.
        var changes = budgets.record(frame: 30, interval: interval, costs: [1: 12, 2: 1], updates: [1: 9, 2: 0])
        for _ in 0..<30 { changes += budgets.record(frame: 25, interval: interval, costs: [1: 12, 2: 1], updates: [1: 0.02, 2: 0]) }
        #expect(changes.isEmpty, "\(changes)")
        // The same client committing 9 ms of updates frame after frame is deferred after four late frames.
        for _ in 0..<4 { changes += budgets.record(frame: 25, interval: interval, costs: [1: 12, 2: 1], updates: [1: 9, 2: 0]) }
        #expect(changes.map(\.client) == [1] && budgets.every(1) == 2, "\(changes)")
    }
}
