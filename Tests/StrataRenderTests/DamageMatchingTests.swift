import Foundation
import StrataRender
import Testing

/// The damage tracker matches a frame's commands with the last frame's in painter's order
/// (`DamageTracker.damage`): layers appearing and disappearing among others (a table's cells coming and going
/// in its subviews' order), moving and changing, with shadows and group opacity, while a layer drawn last
/// moves. Each frame drawn over the last, repainting only its damage, must be exactly the frame drawn from
/// scratch.
@Suite struct DamageMatchingTests {
    @Test(arguments: 0..<12)
    func layersComingAndGoingAmongOthersRepaintExactly(seed: Int) throws {
        let (json, times) = Self.randomScene(seed: seed)
        try DamageRenderingTests.expectIncrementalMatchesFull(json, times: times)
    }

    /// Rows shown and hidden by discrete opacity keyframes at their own times, some moving, some in a group
    /// (a shadow, or opacity below 1 with a sublayer), and an indicator drawn over them that moves.
    static func randomScene(seed: Int) -> (json: String, times: [Double]) {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 7
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        var rows: [String] = []
        for i in 0..<(6 + next(10)) {
            var animations: [String] = []
            if next(2) == 0 {
                let values = (0..<4).map { _ in next(2) }.map(String.init).joined(separator: ",")
                animations.append(##""shown":{"type":"keyframe","keyPath":"opacity","values":[\##(values)],"calculationMode":"discrete","duration":2}"##)
            }
            if next(3) == 0 {
                animations.append(##""move":{"type":"basic","keyPath":"position.y","fromValue":\##(8 + 12 * i),"toValue":\##(20 + next(80)),"duration":2}"##)
            }
            let group = [
                "",
                ##","shadowOpacity":0.6,"shadowRadius":\##(1 + next(4)),"shadowOffset":[0,2]"##,
                ##","opacity":0.7,"sublayers":[{"id":"s\##(i)","bounds":[0,0,8,8],"position":[6,6],"backgroundColor":"#102040"}]"##,
            ][next(3)]
            rows.append("""
            {"id":"r\(i)","bounds":[0,0,\(30 + next(90)),\(8 + next(14))],"position":[\(40 + next(80)),\(8 + 12 * i)],
             "backgroundColor":"#\(["FFFFFF", "D8E8FF", "30A060", "E0C040"][next(4)])","cornerRadius":\(next(2) * 4)\(group),
             "animations":{\(animations.joined(separator: ","))}}
            """)
        }
        let json = """
        {"strata":1,"background":"#F2F2F7","layers":[
          {"id":"page","bounds":[0,0,160,120],"position":[80,60],"backgroundColor":"#F2F2F7","sublayers":[\(rows.joined(separator: ","))]},
          {"id":"indicator","bounds":[0,0,3,30],"position":[155,20],"backgroundColor":"#808080","cornerRadius":1.5,
           "animations":{"i":{"type":"basic","keyPath":"position.y","fromValue":20,"toValue":100,"duration":2}}}]}
        """
        var k = next(20)
        var times: [Double] = []
        for _ in 0..<8 {
            k = min(127, k + 1 + next(16))
            times.append(Double(k) / 64)
        }
        return (json, times)
    }
}
