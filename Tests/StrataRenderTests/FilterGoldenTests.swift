import Foundation
import StrataCore
import Testing

/// Golden images of layer filters (docs/filters.md): blurred layers, a frosted panel over moving content
/// whose blur radius animates (at three times), every blend mode, and colour filters.
@Suite struct FilterGoldenTests {
    @Test(arguments: ["blur", "blend", "colors"])
    func matchesTheGoldenImage(scene: String) throws {
        try Golden.expectMatches(try Golden.renderFile("filters/\(scene).json"), "filters/\(scene)-t0.png")
    }

    @Test(arguments: [0.0, 0.5, 1.0])
    func aFrostedPanelOverMovingContentWithItsRadiusAnimating(time: Double) throws {
        let name = time == 0 ? "0" : time == 1 ? "1" : "\(time)"
        try Golden.expectMatches(try Golden.renderFile("filters/frosted.json", at: time), "filters/frosted-t\(name).png")
    }

    /// The animated radius is the one drawn: the frame at 0.5 s is the panel with a radius of 9 (2 → 16)
    /// drawn still, its sun where the move puts it then.
    @Test func theAnimatedFrameIsTheStillFrameOfItsValues() throws {
        let text = try Golden.sceneText("filters/frosted.json")
        let still = text.replacingOccurrences(of: "\"inputRadius\":2}", with: "\"inputRadius\":9}")
            .replacingOccurrences(of: "\"keyPath\":\"backgroundFilters.frost.inputRadius\",\"fromValue\":2,\"toValue\":16",
                                  with: "\"keyPath\":\"backgroundFilters.frost.inputRadius\",\"fromValue\":9,\"toValue\":9")
        #expect(still != text)
        #expect(try Golden.render(still, at: 0.5) == Golden.render(text, at: 0.5))
    }
}
