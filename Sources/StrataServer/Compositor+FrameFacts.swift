import StrataRender

extension Compositor {
    /// What the compositor knows of `f`'s next frame at `time`, for `FramePath.choose`: read from its state
    /// when asked, the walks over the commits made at most once and kept for the path that applies them.
    struct NextFrameFacts: FrameFacts {
        let compositor: Compositor
        let f: OutputFrames
        let time: Double
        let remakeDue: Bool
        /// The slots the due commits move and the layers they place (`commitsOnlyMoveSlots` asked it).
        private(set) var slotMoves: [(slot: Int, node: RenderNode)]?
        /// The deferred clients updated and the other clients' slot moves (`onlyDeferredUpdates` asked it).
        private(set) var deferredUpdates: (clients: Set<UInt32>, moves: [(slot: Int, node: RenderNode)])?
        private var askedSlotMoves = false, askedDeferredUpdates = false

        init(compositor: Compositor, f: OutputFrames, time: Double, remakeDue: Bool) {
            self.compositor = compositor
            self.f = f
            self.time = time
            self.remakeDue = remakeDue
        }

        var keepsList: Bool { compositor.keepsList(f, at: time) }
        var hasDueCommits: Bool { compositor.hasDueCommits }
        var hasDueLayouts: Bool { compositor.hasDueLayouts }

        var commitsOnlyMoveSlots: Bool {
            mutating get {
                if !askedSlotMoves { slotMoves = compositor.slotMoves(f); askedSlotMoves = true }
                return slotMoves != nil
            }
        }

        var onlyDeferredUpdates: Bool {
            mutating get {
                if !askedDeferredUpdates { deferredUpdates = compositor.deferredRootUpdates(f, at: time); askedDeferredUpdates = true }
                return deferredUpdates != nil
            }
        }
    }
}
