import Foundation

/// How long before a vblank a frame must be started to be ready for it: the worst render time of the
/// recent frames plus a margin, between 1 ms and one refresh. Before any frame is measured it is 7/8 of
/// a refresh (start right after the previous vblank), as Clutter's frame clock does.
struct RenderBudget {
    private var recent: [Double] = []
    static let samples = 16
    /// Added to the worst recent render time: scheduling jitter and a slower frame than any measured.
    static let margin = 0.002

    /// Records one frame's render time (dispatch to done), in seconds.
    mutating func record(_ seconds: Double) {
        guard seconds.isFinite, seconds >= 0 else { return }
        recent.append(seconds)
        if recent.count > Self.samples { recent.removeFirst() }
    }

    func budget(refresh: Double) -> Double {
        guard let worst = recent.max() else { return refresh * 0.875 }
        return min(max(worst + Self.margin, 0.001), refresh)
    }
}
