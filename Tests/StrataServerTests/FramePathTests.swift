import Testing
@testable import StrataServer

/// `FramePath.choose` without a renderer: every path, and the commit walks asked only where they decide.
@Suite struct FramePathTests {
    /// Plain answers, counting the costly questions.
    struct Facts: FrameFacts {
        var keepsList = true
        var remakeDue = false
        var hasDueCommits = false
        var hasDueLayouts = false
        var onlySlotMoves = false
        var onlyDeferred = false
        var slotWalks = 0, deferredWalks = 0

        var commitsOnlyMoveSlots: Bool {
            mutating get { slotWalks += 1; return onlySlotMoves }
        }
        var onlyDeferredUpdates: Bool {
            mutating get { deferredWalks += 1; return onlyDeferred }
        }
    }

    func path(_ facts: Facts) -> (FramePath, Facts) {
        var facts = facts
        let chosen = FramePath.choose(&facts)
        return (chosen, facts)
    }

    @Test func aListThatCannotBeKeptIsBuiltWhateverElseHolds() {
        for remakeDue in [false, true] {
            for commits in [false, true] {
                let (chosen, asked) = path(Facts(keepsList: false, remakeDue: remakeDue, hasDueCommits: commits, onlySlotMoves: true, onlyDeferred: true))
                #expect(chosen == .build)
                #expect(asked.slotWalks == 0 && asked.deferredWalks == 0)
            }
        }
    }

    @Test func nothingToApplyReplaysTheListWithoutWalkingCommits() {
        let (chosen, asked) = path(Facts())
        #expect(chosen == .replay)
        #expect(asked.slotWalks == 0 && asked.deferredWalks == 0)
    }

    @Test func commitsThatOnlyMoveSlottedLayersRewriteTheSlots() {
        let (chosen, asked) = path(Facts(hasDueCommits: true, onlySlotMoves: true, onlyDeferred: true))
        #expect(chosen == .rewriteSlots)
        #expect(asked.slotWalks == 1 && asked.deferredWalks == 0)
    }

    @Test func deferredClientsUpdatesKeepTheListWhenTheyAreAllTheFrameApplies() {
        let (chosen, asked) = path(Facts(hasDueCommits: true, onlyDeferred: true))
        #expect(chosen == .applyDeferred)
        #expect(asked.slotWalks == 1 && asked.deferredWalks == 1)
        #expect(path(Facts(hasDueCommits: true)).0 == .build)
    }

    @Test func aDueRemakeIsMadeInPlaceUnlessTheFrameAppliesMoreThanSlotMoves() {
        let (alone, askedAlone) = path(Facts(remakeDue: true))
        #expect(alone == .remakeRoots)
        #expect(askedAlone.slotWalks == 0)
        #expect(path(Facts(remakeDue: true, hasDueCommits: true, onlySlotMoves: true)).0 == .remakeRoots)
        // Deferred updates are not applied by a frame that finishes a remake: it builds.
        let (withDeferred, askedDeferred) = path(Facts(remakeDue: true, hasDueCommits: true, onlyDeferred: true))
        #expect(withDeferred == .build)
        #expect(askedDeferred.deferredWalks == 0)
        #expect(path(Facts(remakeDue: true, hasDueLayouts: true)).0 == .build)
        #expect(path(Facts(remakeDue: true, hasDueCommits: true, hasDueLayouts: true, onlySlotMoves: true)).0 == .build)
    }

    @Test func everyPathButBuildKeepsTheList() {
        #expect(FramePath.allCases.filter(\.keepsList) == [.replay, .rewriteSlots, .applyDeferred, .remakeRoots])
    }
}
