import Foundation
import StrataOffline
import StrataPNG
import StrataRender
import StrataScene
import Testing

/// A frame drawn over the previous one, repainting only its damage, must be exactly the frame drawn
/// from scratch; and it must repaint only what changed.
@Suite struct DamageRenderingTests {
    static func scene(_ json: String) throws -> Scene {
        try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
    }

    /// Renders `times` one after another (each frame over the last), and each time alone from scratch:
    /// the images must be identical. Returns the sequence's frames.
    @discardableResult
    static func expectIncrementalMatchesFull(_ json: String, times: [Double], width: Int = 160, height: Int = 120,
                                             sourceLocation: SourceLocation = #_sourceLocation) throws -> [SceneRenderer.Frame] {
        let s = try scene(json)
        let frames = try SceneRenderer.render(s, at: times, width: width, height: height)
        for (time, frame) in zip(times, frames) {
            let full = try SceneRenderer.render(s, at: time, width: width, height: height)
            let differing = zip(full.pixels, frame.image.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "at \(time): \(differing) channel values differ from a full repaint", sourceLocation: sourceLocation)
        }
        return frames
    }

    /// 48 squares in a grid on a grey root; square "m" moves right 10 px per second.
    static let grid: String = {
        var layers: [String] = []
        for i in 0..<48 {
            let x = 10 + 20 * (i % 8), y = 10 + 20 * (i / 8)
            let color = ["#FF0000", "#00FF00", "#0000FF", "#FFFF00"][i % 4]
            let animation = i == 18
                ? ", \"animations\": {\"move\": {\"type\": \"basic\", \"keyPath\": \"position.x\", \"fromValue\": 50, \"toValue\": 60, \"duration\": 1}}"
                : ""
            layers.append("{\"id\": \"s\(i)\", \"bounds\": [0, 0, 10, 10], \"position\": [\(x), \(y)], \"backgroundColor\": \"\(color)\"\(animation)}")
        }
        return """
        {"strata": 1, "background": "#000000", "layers": [{"id": "root", "bounds": [0, 0, 160, 120], "position": [80, 60],
          "backgroundColor": "#404040", "sublayers": [\(layers.joined(separator: ", "))]}]}
        """
    }()

    @Test func oneMovingSquareAmong48RepaintsOnlyItsOwnPixels() throws {
        let frames = try Self.expectIncrementalMatchesFull(Self.grid, times: [0.5, 0.75, 0.75])
        #expect(frames[0].work.repaintedPixels == 160 * 120)
        // Square 18 (row 2: y 45…55) centred at x 55, then 57.5: x 50…60, then 52.5…62.5. With the 2 px
        // anti-aliasing margin: x 48…65, y 43…57.
        #expect(frames[1].work.repaintedPixels == 17 * 14)
        // Nothing changed: nothing drawn.
        #expect(frames[2].work.repaintedPixels == 0)
        #expect(frames[2].work.drawCalls == 0)
    }

    @Test func drawCallsStayConstantAsLayersThatShareStateAreAdded() throws {
        // The grey root and every square use the same shape program: one instanced draw for the frame.
        let frames = try SceneRenderer.render(try Self.scene(Self.grid), at: [0], width: 160, height: 120)
        #expect(frames[0].work.drawCalls == 1)
        #expect(frames[0].work.offscreenPasses == 0)
    }

    @Test func shadowsClipsAndRoundedCornersRepaintExactly() throws {
        let frames = try Self.expectIncrementalMatchesFull("""
        {"strata":1,"background":"#102030","layers":[
          {"id":"card","bounds":[0,0,100,70],"position":[80,60],"backgroundColor":"#E0E0E0","cornerRadius":12,"masksToBounds":true,
           "borderWidth":2,"borderColor":"#004080","sublayers":[
             {"id":"a","bounds":[0,0,30,30],"position":[20,35],"backgroundColor":"#FF0000","cornerRadius":6,
              "animations":{"move":{"type":"basic","keyPath":"position.x","fromValue":0,"toValue":100,"duration":1}}},
             {"id":"b","bounds":[0,0,24,24],"position":[60,30],"backgroundColor":"#00A000","shadowOpacity":0.8,"shadowRadius":4,
              "animations":{"spin":{"type":"basic","keyPath":"transform.rotation.z","fromValue":0,"toValue":3,"duration":1}}}]},
          {"id":"c","bounds":[0,0,20,20],"position":[20,100],"backgroundColor":"#FFFFFF","shadowOpacity":1,"shadowOffset":[3,3],
           "animations":{"fade":{"type":"basic","keyPath":"shadowRadius","fromValue":0,"toValue":8,"duration":1}}},
          {"id":"p","bounds":[0,0,24,24],"position":[140,100],"shadowOpacity":1,"shadowRadius":1,"shadowOffset":[0,0],
           "shadowPath":[["move",12,0],["line",24,24],["line",0,24],["close"]],
           "animations":{"slide":{"type":"basic","keyPath":"position.y","fromValue":100,"toValue":80,"duration":1}}}]}
        """, times: [0.1, 0.3, 0.6, 0.9])
        #expect(frames.dropFirst().allSatisfy { $0.work.repaintedPixels < 160 * 120 })
    }

    @Test func masksAndGroupOpacityRepaintExactly() throws {
        try Self.expectIncrementalMatchesFull("""
        {"strata":1,"background":"#000000","layers":[
          {"id":"g","bounds":[0,0,60,40],"position":[40,30],"opacity":0.5,
           "animations":{"o":{"type":"basic","keyPath":"opacity","fromValue":0.2,"toValue":0.9,"duration":1}},
           "sublayers":[{"id":"g1","bounds":[0,0,40,30],"position":[20,15],"backgroundColor":"#FF0000"},
                        {"id":"g2","bounds":[0,0,40,30],"position":[40,25],"backgroundColor":"#0000FF"}]},
          {"id":"m","bounds":[0,0,60,60],"position":[120,80],"backgroundColor":"#00FF00",
           "mask":{"id":"mk","bounds":[0,0,30,30],"position":[15,30],"backgroundColor":"#FFFFFF","cornerRadius":15,
                   "animations":{"slide":{"type":"basic","keyPath":"position.x","fromValue":15,"toValue":45,"duration":1}}}}]}
        """, times: [0.0, 0.4, 0.7, 1.0])
    }

    @Test func aPixelAlignedClipIsAScissorAndRepaintsExactly() throws {
        // The card's bounds land on whole pixels with square corners: masksToBounds is a scissor, no
        // offscreen pass. Half a pixel off, it needs the group again.
        let json = """
        {"strata":1,"background":"#000000","layers":[
          {"id":"card","bounds":[0,0,80,60],"position":[60,50],"backgroundColor":"#303030","masksToBounds":true,"sublayers":[
             {"id":"a","bounds":[0,0,30,30],"position":[0,30],"backgroundColor":"#FF0000","transform.rotation.z":0.3,
              "animations":{"move":{"type":"basic","keyPath":"position.x","fromValue":-10,"toValue":90,"duration":1}}}]}]}
        """
        let frames = try Self.expectIncrementalMatchesFull(json, times: [0.0, 0.3, 0.6, 0.95])
        #expect(frames.allSatisfy { $0.work.offscreenPasses == 0 })
        // At 0.95 the square (centre x 85 in the card, 20…100 + 20 on screen) is cut at the card's right
        // edge, x = 100.
        let last = frames[3].image.pixels
        expectPixel(last, width: 160, x: 99, y: 50, [255, 0, 0, 255])
        expectPixel(last, width: 160, x: 100, y: 50, [0, 0, 0, 255])
        let unaligned = try SceneRenderer.render(try Self.scene(json.replacingOccurrences(of: "[60,50]", with: "[60.5,50]")),
                                                 at: [0.95], width: 160, height: 120)
        #expect(unaligned[0].work.offscreenPasses == 1)
    }

    @Test func aTransitionRepaintsExactly() throws {
        try Self.expectIncrementalMatchesFull(try Golden.sceneText("transitions/push-fromLeft.json"), times: [0.9, 1.25, 1.5, 1.75, 2.1],
                                              width: 80, height: 60)
    }
    @Test func aChangeInsideARoundedClippedScrollListRepaintsOnlyThatRow() throws {
        // A list of 24 rows in a rounded, clipped scroll layer scrolled down by 20 (its frame: x 180…300,
        // y 15…155 on screen); row 3 (y 66…86 in the list, 61…81 on screen) changes colour, and a square
        // far to the left stays still.
        var rows: [String] = []
        for i in 0..<24 {
            let animation = i == 3
                ? ",\"animations\":{\"c\":{\"type\":\"basic\",\"keyPath\":\"backgroundColor\",\"fromValue\":\"#FF0000\",\"toValue\":\"#0000FF\",\"duration\":1}}"
                : ""
            rows.append("{\"id\":\"row\(i)\",\"bounds\":[0,0,120,20],\"position\":[60,\(10 + 22 * i)],\"backgroundColor\":\"#E0E0E0\"\(animation)}")
        }
        let json = """
        {"strata":1,"background":"#000000","layers":[
          {"id":"still","bounds":[0,0,40,40],"position":[40,85],"backgroundColor":"#00FF00"},
          {"id":"list","class":"scroll","bounds":[0,20,120,140],"position":[240,85],"cornerRadius":12,"masksToBounds":true,
           "backgroundColor":"#FFFFFF","sublayers":[\(rows.joined(separator: ","))]}]}
        """
        let frames = try Self.expectIncrementalMatchesFull(json, times: [0.2, 0.4, 0.6], width: 320, height: 170)
        // The row's pixels with the 2-pixel margin: x 178…302 clipped to the list's 178…302, y 59…83.
        for frame in frames.dropFirst() {
            #expect(frame.work.repaintedPixels == 124 * 24)
        }
    }

    @Test func twoChangesInOppositeCornersRepaintTwoRectanglesExactly() throws {
        // A square moving in the top-left corner and a shadowed square fading in the bottom-right, over
        // a grey root with a rounded clipped card between them that does not change.
        let json = """
        {"strata":1,"background":"#000000","layers":[
          {"id":"root","bounds":[0,0,160,120],"position":[80,60],"backgroundColor":"#404040","sublayers":[
            {"id":"card","bounds":[0,0,60,40],"position":[80,60],"backgroundColor":"#E0E0E0","cornerRadius":8,"masksToBounds":true,
             "sublayers":[{"id":"inner","bounds":[0,0,30,30],"position":[10,10],"backgroundColor":"#FF0000"}]},
            {"id":"a","bounds":[0,0,10,10],"position":[10,10],"backgroundColor":"#00FF00",
             "animations":{"m":{"type":"basic","keyPath":"position.x","fromValue":10,"toValue":20,"duration":1}}},
            {"id":"b","bounds":[0,0,10,10],"position":[145,105],"backgroundColor":"#0000FF","shadowOpacity":1,"shadowRadius":2,
             "animations":{"f":{"type":"basic","keyPath":"opacity","fromValue":0.2,"toValue":1,"duration":1}}}]}]}
        """
        let frames = try Self.expectIncrementalMatchesFull(json, times: [0.0, 0.5, 0.8])
        for frame in frames.dropFirst() {
            #expect(frame.work.repaintRects == 2)
            // Far less than the 150×110 box holding both.
            #expect(frame.work.repaintedPixels < 2 * 40 * 40)
        }
    }
}
