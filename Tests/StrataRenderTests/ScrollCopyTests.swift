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

    /// Random clipped lists scrolled by whole pixels, with or without a covering background, something drawn
    /// over the clip, something beneath it that is not one colour, a layer moving inside: every frame, copied
    /// or not, equals a full repaint.
    ///
    /// Moved pixels (a copy, or a kept composite drawn at another place) are not always bit for bit what drawing
    /// them there gives. Anti-aliased edges take their width from `fwidth`, which the GPU works out over 2 × 2
    /// pixel quads: content moved by an odd number of pixels falls into other quads, and a curved edge's pixels
    /// come out a few levels apart (bilinear samples differ by a level the same way). A wrong copy (pixels from
    /// elsewhere, a strip not drawn) differs by far more, in far more pixels: the test allows 16 levels in at
    /// most 1 % of the channel values.
    @Test(arguments: 0..<24)
    func randomScrollsMatchFullRepaints(seed: Int) throws {
        let (json, times) = Self.randomList(seed: seed)
        let scene = try DamageRenderingTests.scene(json)
        let frames = try SceneRenderer.render(scene, at: times, width: 160, height: 140)
        for (time, frame) in zip(times, frames) {
            let full = try SceneRenderer.render(scene, at: time, width: 160, height: 140)
            let differences = zip(full.pixels, frame.image.pixels).map { abs(Int($0) - Int($1)) }
            #expect(differences.max() ?? 0 <= 16, "seed \(seed), at \(time): a channel differs by \(differences.max() ?? 0)")
            #expect(differences.filter { $0 > 0 }.count <= 160 * 140 * 4 / 100, "seed \(seed), at \(time)")
        }
    }

    /// The scene and frame times of `randomScrollsMatchFullRepaints(seed:)`.
    static func randomList(seed: Int) -> (json: String, times: [Double]) {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        var rows: [String] = []
        for i in 0..<(4 + next(12)) {
            let shadow = next(2) == 0 ? ##","shadowOpacity":0.5,"shadowRadius":\##(1 + next(6)),"shadowOffset":[0,\##(next(4))]"## : ""
            rows.append("""
            {"id":"r\(i)","bounds":[0,0,\(60 + next(80)),\(10 + next(20))],"position":[\(40 + next(80)),\(10 + 26 * i)],
             "backgroundColor":"#\(["FFFFFF", "D8E8FF", "30A060", "E0C040"][next(4)])","cornerRadius":\(next(2) * 6)\(shadow)}
            """)
        }
        if next(2) == 0 {
            rows.append(##"{"id":"m","bounds":[0,0,10,10],"position":[20,30],"backgroundColor":"#E03030","animations":{"m":{"type":"basic","keyPath":"position.x","fromValue":10,"toValue":130,"duration":1}}}"##)
        }
        let beneath = [
            ##""backgroundColor":"#F2F2F7""##, // one colour under the whole clip
            ##""backgroundColor":"#00000000""##, // the clear colour
            ##""backgroundColor":"#F2F2F7","sublayers":[{"id":"u","bounds":[0,0,50,50],"position":[30,60],"backgroundColor":"#4060A0"}]"##,
        ][next(3)]
        let over = next(2) == 0 ? ##",{"id":"o","bounds":[0,0,90,14],"position":[80,\##(18 + next(100))],"backgroundColor":"#202020","opacity":0.6}"## : ""
        let toX = next(3) == 0 ? 64 : 0
        let json = """
        {"strata":1,"background":"#F2F2F7","layers":[
          {"id":"page","bounds":[0,0,160,140],"position":[80,70],\(beneath)},
          {"id":"list","bounds":[0,0,\(120 + next(40)),\(80 + next(40))],"position":[80,\(70 + next(4))],"masksToBounds":true,
           "animations":{"s":{"type":"keyframe","keyPath":"bounds.origin","values":[[0,0],[\(toX),64],[0,0]],"duration":2}},
           "sublayers":[\(rows.joined(separator: ","))]}\(over)]}
        """
        // Whole pixels: the offset goes out to 64 in the first second and back in the second, so sixty-fourths
        // of a second show it at whole pixels, moving forwards and back, still and in jumps.
        var k = next(100)
        var times: [Double] = []
        for _ in 0..<6 {
            k = min(127, k + [0, 1, 2, 3, 5, 9, 20][next(7)])
            times.append(Double(k) / 64)
        }
        return (json, times)
    }
}


