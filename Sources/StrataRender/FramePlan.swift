import Foundation
import StrataCore

/// How to draw one frame: the region to repaint (everything else in the framebuffer is already right)
/// and the list's structure, so the renderer can skip what lies outside that region.
public struct FramePlan {
    /// The pixels to redraw (+y down); empty when the framebuffer already shows this frame.
    public let repaint: PixelRect
    let analysis: DrawListAnalysis

    init(repaint: PixelRect, analysis: DrawListAnalysis) {
        self.repaint = repaint
        self.analysis = analysis
    }

    /// Repaints the whole target.
    public static func full(_ list: DrawList, width: Int, height: Int) -> FramePlan {
        let target = PixelRect(x: 0, y: 0, width: width, height: height)
        return FramePlan(repaint: target, analysis: DrawListAnalysis(list, target: target))
    }
}
