import Foundation
import StrataCore
@testable import StrataRender
import Testing

/// A backdrop (`backgroundFilters`) filters what was drawn beneath it this frame, and the framebuffer around
/// a repaint holds last frame's picture, the panel itself: a repaint that touches the panel takes all it
/// reads; one that does not leaves it alone.
@Suite struct BackdropDamageTests {
    static var panel: DrawCommand { .backdrop(matrix: .translation(200, 150, 0), rect: CGRect(x: 0, y: 0, width: 200, height: 100), radius: 16,
                                            corners: 15, chain: FilterChain(steps: [.blur(sigma: 8)]), alpha: 1) }

    static func list(squareAt x: CGFloat) -> DrawList {
        var list = DrawList()
        list.commands = [
            .fill(matrix: .identity, rect: CGRect(x: 0, y: 0, width: 640, height: 480), color: .white, alpha: 1),
            .fill(matrix: .translation(x, 180, 0), rect: CGRect(x: 0, y: 0, width: 20, height: 20), color: .black, alpha: 1),
            panel,
        ]
        return list
    }

    func plan(_ tracker: inout DamageTracker, _ list: DrawList) -> DamageRegion {
        tracker.plan(list, width: 640, height: 480, bufferAge: 1).region
    }

    @Test func aChangeUnderThePanelRepaintsAllThePanelReadsInOnePass() {
        var tracker = DamageTracker()
        _ = plan(&tracker, Self.list(squareAt: 250))
        let region = plan(&tracker, Self.list(squareAt: 260))
        // The panel's box (anti-aliasing margin 2) grown by the blur's reach: 8 σ halved once, 3·3.97·2 + 1 + 4.
        let reach = BlurPlan(sigma: 8).reach
        let box = PixelRect(x: 198, y: 148, width: 204, height: 104)
        #expect(region.rects == [box.grown(by: reach)], "\(region.rects), reach \(reach)")
    }

    @Test func aChangeWithinTheBlursReachOutsideThePanelRepaintsThePanelToo() {
        var tracker = DamageTracker()
        _ = plan(&tracker, Self.list(squareAt: 170))
        let region = plan(&tracker, Self.list(squareAt: 172))
        // The square (x 170…194) lies left of the panel's box (198…) but within its blur's reach.
        let reach = BlurPlan(sigma: 8).reach
        let reads = PixelRect(x: 198, y: 148, width: 204, height: 104).grown(by: reach)
        #expect(region.rects.count == 1 && region.bounds.union(reads) == region.bounds,
                "\(region.rects)")
    }

    @Test func aChangeBeyondTheBlursReachLeavesThePanelAlone() {
        var tracker = DamageTracker()
        _ = plan(&tracker, Self.list(squareAt: 100))
        let region = plan(&tracker, Self.list(squareAt: 110))
        #expect(region.rects.allSatisfy { $0.maxX <= 140 }, "\(region.rects)")
    }
}

/// Frames over frosted panels drawn incrementally match frames drawn whole: a change above the panel composites
/// its kept backdrop (`BackdropCache`) and repaints only itself; a change beneath it filters it again.
@Suite struct BackdropFrameTests {
    static func scene(labelAnimates: Bool, stripeMoves: Bool) -> String {
        let stripes = (0..<8).map { i in
            let move = stripeMoves && i == 3
                ? ",\"animations\":{\"m\":{\"type\":\"basic\",\"keyPath\":\"position.x\",\"fromValue\":65,\"toValue\":85,\"duration\":1}}" : ""
            return "{\"id\":\"s\(i)\",\"bounds\":[0,0,10,120],\"position\":[\(i * 20 + 5),60],\"backgroundColor\":\"#203040\"\(move)}"
        }.joined(separator: ",")
        let label = labelAnimates
            ? ",\"animations\":{\"c\":{\"type\":\"basic\",\"keyPath\":\"backgroundColor\",\"fromValue\":\"#FF0000\",\"toValue\":\"#0000FF\",\"duration\":1}}" : ""
        return """
            {"strata":1,"background":"#FFFFFF","layers":[
             {"id":"stripes","bounds":[0,0,160,120],"position":[80,60],"sublayers":[\(stripes)]},
             {"id":"panel","bounds":[0,0,120,70],"position":[80,60],"cornerRadius":14,"cornerCurve":"continuous","backgroundColor":"#FFFFFF40",
              "backgroundFilters":[{"type":"CIGaussianBlur","inputRadius":5},{"type":"CIColorControls","inputSaturation":1.5}],
              "sublayers":[{"id":"label","bounds":[0,0,30,10],"position":[60,35],"backgroundColor":"#FF0000"\(label)}]}]}
            """
    }

    @Test func aChangeAboveThePanelCompositesItsKeptBackdrop() throws {
        let frames = try DamageRenderingTests.expectIncrementalMatchesFull(Self.scene(labelAnimates: true, stripeMoves: false),
                                                                         times: [0, 0.25, 0.5])
        // The label (30 × 10, 2 px margins) is all that is repainted; the panel's kept backdrop is composited there.
        #expect(frames[2].work.repaintedPixels == 34 * 14, "\(frames[2].work.repaintedPixels)")
        #expect(frames[2].work.compositesKept >= 1)
    }

    @Test func aChangeBeneathThePanelFiltersItAgain() throws {
        let frames = try DamageRenderingTests.expectIncrementalMatchesFull(Self.scene(labelAnimates: false, stripeMoves: true),
                                                                         times: [0, 0.25, 0.5])
        #expect(frames[2].work.repaintedPixels > 120 * 70, "\(frames[2].work.repaintedPixels)")
    }
}
