import Foundation

/// How long before a vblank a frame must be started to be ready for it: the worst render time of the
/// recent frames, or the render time that the slowest few of the last 4 s of frames reach if that is
/// more, plus a margin, between 1 ms and one refresh. Before any frame is measured it is 7/8 of a
/// refresh (start right after the previous vblank), as Clutter's frame clock does.
///
/// The longer history catches frames that are slow now and then, more often than 1 in 50 but not within
/// the last 16 (a client whose costly update comes every few frames on a loaded machine): with the recent
/// worst alone, each such frame started too late and missed its vblank. A single slow frame (the first
/// one, a shader compiled) does not count there, so it does not make commits wait longer for seconds.
struct RenderBudget {
    private var recent: [Double] = []
    private var history = FrameStats.Recent<Double>(capacity: RenderBudget.historySamples)
    /// The history's `historyRank`-th slowest, worked out as each frame is recorded (0 until it is full).
    private var slow = 0.0
    static let samples = 16
    /// Frames of history (4 s at 60 Hz), and which of its slowest counts: the 5th (its 98th percentile).
    static let historySamples = 240
    static let historyRank = 5
    /// Added to the render time the budget covers: scheduling jitter and a slower frame than any measured.
    static let margin = 0.002

    /// Records one frame's render time (dispatch to done), in seconds.
    mutating func record(_ seconds: Double) {
        guard seconds.isFinite, seconds >= 0 else { return }
        recent.append(seconds)
        if recent.count > Self.samples { recent.removeFirst() }
        history.append(seconds)
        if history.values.count == Self.historySamples { slow = history.values.sorted(by: >)[Self.historyRank - 1] }
    }

    func budget(refresh: Double) -> Double {
        guard let worst = recent.max() else { return refresh * 0.875 }
        return min(max(max(worst, slow) + Self.margin, 0.001), refresh)
    }
}
