import Foundation
import StrataCore
import StrataOffline
@testable import StrataRender
import Testing

/// Content scrolled by whole pixels inside a scissor clip is moved on the framebuffer (`ScrollCopy`), and
/// only the strip it uncovers and what changed otherwise is drawn: every frame the same as a full repaint.
@Suite struct ScrollCopyTests {
    /// A clipped list (masksToBounds, on whole pixels) of 12 rows, each a rounded plate with a shadowed knob,
    /// over a grey background, its bounds' origin moving from y 0 to 64 in a second; `over`: a layer drawn
    /// over the list, straddling its top edge; `moving`: a square moving inside the list on its own.
    static func list(over: Bool = false, moving: Bool = false) -> String {
        var rows: [String] = []
        for i in 0..<12 {
            rows.append("""
            {"id":"row\(i)","bounds":[0,0,140,24],"position":[80,\(16 + 30 * i)],"backgroundColor":"\(["#FFFFFF", "#D8E8FF"][i % 2])",
             "cornerRadius":6,"sublayers":[
               {"id":"knob\(i)","bounds":[0,0,16,16],"position":[120,12],"backgroundColor":"#30A060","cornerRadius":8,
                "shadowOpacity":0.4,"shadowRadius":3,"shadowOffset":[0,2]}]}
            """)
        }
        if moving {
            rows.append("""
            {"id":"sq","bounds":[0,0,10,10],"position":[20,40],"backgroundColor":"#E03030",
             "animations":{"m":{"type":"basic","keyPath":"position.x","fromValue":20,"toValue":120,"duration":1}}}
            """)
        }
        let cover = over ? ##",{"id":"bar","bounds":[0,0,100,16],"position":[80,20],"backgroundColor":"#202020","opacity":0.6}"## : ""
        return """
        {"strata":1,"background":"#F2F2F7","layers":[
          {"id":"page","bounds":[0,0,160,140],"position":[80,70],"backgroundColor":"#F2F2F7","sublayers":[
            {"id":"list","bounds":[0,0,160,120],"position":[80,80],"masksToBounds":true,
             "animations":{"s":{"type":"basic","keyPath":"bounds.origin","fromValue":[0,0],"toValue":[0,64],"duration":1}},
             "sublayers":[\(rows.joined(separator: ","))]}\(cover)]}]}
        """
    }

    /// Frames at origins 32, 36 and 40 (whole pixels), then 40 again.
    static let times = [0.5, 0.5625, 0.625, 0.625]

    @Test func scrolledContentIsMovedAndOnlyTheUncoveredStripIsDrawn() throws {
        let frames = try DamageRenderingTests.expectIncrementalMatchesFull(Self.list(), times: Self.times, width: 160, height: 140)
        #expect(frames[0].work.scrollCopiedPixels == 0)
        for frame in frames[1...2] {
            // The list's clip is 160 × 120 at y 20; 4 rows of it come into view at its bottom.
            #expect(frame.work.scrollCopiedPixels == 160 * 116)
            #expect(frame.work.repaintedPixels == 160 * 4)
            // A knob coming in over the target's edge shows the composite every knob shares (`keepUncut`); one
            // wholly in but whose blur still reads past the edge is blurred where it is.
            #expect(frame.work.shadowBlurs <= 1)
        }
        #expect(frames[3].work.repaintedPixels == 0)
    }

    @Test func whatIsDrawnOverTheClipAndWhatMovesInItAreRepainted() throws {
        let frames = try DamageRenderingTests.expectIncrementalMatchesFull(Self.list(over: true, moving: true), times: Self.times,
                                                                        width: 160, height: 140)
        for frame in frames[1...2] {
            #expect(frame.work.scrollCopiedPixels > 0)
            #expect(frame.work.repaintedPixels > 160 * 4)
            #expect(frame.work.repaintedPixels < 160 * 60)
        }
    }

    @Test func aFractionalScrollIsDrawnAgain() throws {
        // Origins 32.5 and 33.75: not whole pixels, nothing to move.
        let frames = try DamageRenderingTests.expectIncrementalMatchesFull(Self.list(), times: [0.5, 0.5078125, 0.52734375],
                                                                        width: 160, height: 140)
        #expect(frames.map(\.work.scrollCopiedPixels) == [0, 0, 0])
    }
}

