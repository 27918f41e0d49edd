import Foundation
import StrataCore

/// How to draw one frame: the region to repaint (everything else in the framebuffer is already right)
/// and the list's structure, so the renderer can skip what lies outside that region.
public struct FramePlan {
    /// The pixels to redraw (+y down); empty when the framebuffer already shows this frame.
    public let repaint: PixelRect
    /// Whether this frame looks exactly like the last one planned: then nothing need be drawn or shown
    /// (the screen shows it already), and the plan was not counted as a frame in the damage history.
    public let unchanged: Bool
    let analysis: DrawListAnalysis

    init(repaint: PixelRect, analysis: DrawListAnalysis, unchanged: Bool = false) {
        self.repaint = repaint
        self.analysis = analysis
        self.unchanged = unchanged
    }

    /// Repaints the whole target.
    public static func full(_ list: DrawList, width: Int, height: Int) -> FramePlan {
        let target = PixelRect(x: 0, y: 0, width: width, height: height)
        return FramePlan(repaint: target, analysis: DrawListAnalysis(list, target: target))
    }
}
