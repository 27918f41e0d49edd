/// How a frame of an output is made (docs/architecture.md, "Frames that keep their list"). Only a frame
/// whose last list placed what moves with motion slots, and can still do so, keeps its list; every other
/// frame builds one.
enum FramePath: Equatable, CaseIterable {
    /// Nothing to apply: the last list is drawn again, its slots evaluated at the new time.
    case replay
    /// The commits only move layers the slots place: applied, and those slots rewritten.
    case rewriteSlots
    /// Deferred clients' updates (and moves of slotted layers): applied, their roots showing their last
    /// bitmaps until those are made again.
    case applyDeferred
    /// Deferred clients' roots are made again now (after the commits' slot moves, if any), in place of their
    /// last bitmaps.
    case remakeRoots
    /// The commits applied, the scenes evaluated and the list built again.
    case build

    /// The path of the next frame, from what is known of it. `commitsOnlyMoveSlots` and
    /// `onlyDeferredUpdates` cost a walk of the commits: they are asked only where the answer matters.
    static func choose(_ facts: inout some FrameFacts) -> FramePath {
        guard facts.keepsList else { return .build }
        if facts.remakeDue {
            // A frame that finishes the remake applies what else it can only when that keeps the list too.
            guard !facts.hasDueLayouts else { return .build }
            guard facts.hasDueCommits else { return .remakeRoots }
            return facts.commitsOnlyMoveSlots ? .remakeRoots : .build
        }
        guard facts.hasDueCommits else { return .replay }
        if facts.commitsOnlyMoveSlots { return .rewriteSlots }
        return facts.onlyDeferredUpdates ? .applyDeferred : .build
    }

    /// Whether the frame draws its last list (changed in place at most).
    var keepsList: Bool { self != .build }
}

/// What chooses a frame's path. The compositor answers from its state (`Compositor.FrameFacts`); tests
/// answer with plain values, so every path is chosen without a renderer.
protocol FrameFacts {
    /// The last list can be drawn at the frame's time but for what the frame applies: it placed what moves
    /// with slots, no scheduled start or end falls before the frame, no drawable is due, the siblings' order
    /// holds and the animation table keeps its epoch.
    var keepsList: Bool { get }
    /// Deferred clients' roots wait to be made again and the frame may wait no longer (`postponesRemake`).
    var remakeDue: Bool { get }
    /// The frame has commits or held text layouts to apply (a deferred client's wait for its frames).
    var hasDueCommits: Bool { get }
    /// The frame hands deferred clients' held text layouts over.
    var hasDueLayouts: Bool { get }
    /// All the due commits do is set positions of layers the list's slots move with a position animation.
    var commitsOnlyMoveSlots: Bool { mutating get }
    /// The due updates are deferred clients' (each of whose roots the list draws as one bitmap) and other
    /// clients' slot moves, and none of them attaches, detaches or moves a root or adds or removes an animation.
    var onlyDeferredUpdates: Bool { mutating get }
}
