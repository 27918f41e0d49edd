import StrataProtocol

/// A commit the compositor applied. Its client is told `transactionPresented` once the first frame drawn
/// after it is on screen: the frame loop that drew that frame takes it (`takeAppliedCommits`).
struct AppliedCommit: Equatable {
    let client: UInt32
    let transactionID: UInt64

    /// The message for its client: the commit is on screen since `time`.
    func presented(at time: Double) -> ServerMessage {
        .transactionPresented(transactionID: transactionID, presentedAt: time)
    }
}

extension Compositor {
    /// The commits applied since the last call, in the order applied. Whoever draws the frames takes them
    /// after each one (`FrameLoop`); an in-process compositor nobody asks keeps one entry per commit.
    func takeAppliedCommits() -> [AppliedCommit] {
        defer { appliedCommits.removeAll(keepingCapacity: true) }
        return appliedCommits
    }
}
