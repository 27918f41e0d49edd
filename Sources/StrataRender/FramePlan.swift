import Foundation
import StrataCore

/// How to draw one frame: the region to repaint (everything else in the framebuffer is already right)
/// and the list's structure, so the renderer can skip what lies outside that region.
public struct FramePlan {
    /// The pixels to redraw (+y down): a few disjoint rectangles, each drawn in a pass of its own; empty
    /// when the framebuffer already shows this frame.
    public let region: DamageRegion
    /// The smallest rectangle holding `region`.
    public var repaint: PixelRect { region.bounds }
    /// Whether this frame looks exactly like the last one planned: then nothing need be drawn or shown
    /// (the screen shows it already), and the plan was not counted as a frame in the damage history.
    public let unchanged: Bool
    /// Pixels moved on the framebuffer before the region is drawn: content scrolled by whole pixels.
    public let copy: ScrollCopy?
    let analysis: DrawListAnalysis

    init(region: DamageRegion, analysis: DrawListAnalysis, unchanged: Bool = false, copy: ScrollCopy? = nil) {
        self.region = region
        self.analysis = analysis
        self.unchanged = unchanged
        self.copy = copy
    }

    /// Repaints the whole target.
    public static func full(_ list: DrawList, width: Int, height: Int) -> FramePlan {
        let target = PixelRect(x: 0, y: 0, width: width, height: height)
        return FramePlan(region: DamageRegion(target), analysis: DrawListAnalysis(list, target: target))
    }
}
