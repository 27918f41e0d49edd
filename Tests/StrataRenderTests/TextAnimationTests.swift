import StrataTestSupport
import Foundation
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// fontSize and foregroundColor animate on the server: a mid-animation frame, from the one commit that
/// added the animation and nothing after it, is exactly the text laid out and drawn at the interpolated
/// value.
@Suite(.serialized) struct TextAnimationTests {
    init() { TestFonts.install() }

    static func scene(_ layer: String) -> String {
        """
        {"strata": 1, "size": [240, 80], "background": "#FFFFFF", "layers": [
          {"id": "label", "class": "text", "bounds": [0, 0, 220, 60], "position": [120, 40], "wrapped": true,
           "string": "Now boarding: gate 7", \(layer)}]}
        """
    }

    @Test func aFontSizeAnimationDrawsTheLayoutAtTheInterpolatedSize() throws {
        let animated = try Golden.render(Self.scene("""
            "fontSize": 12, "foregroundColor": "#000000",
            "animations": {"grow": {"type": "basic", "keyPath": "fontSize", "fromValue": 12, "toValue": 28, "duration": 2}}
            """), at: 0.75)
        let still = try Golden.render(Self.scene(##""fontSize": 18, "foregroundColor": "#000000""##))
        #expect(animated.pixels == still.pixels, "fontSize at 0.75 s of 12 → 28 over 2 s is 18")
        let start = try Golden.render(Self.scene(##""fontSize": 12, "foregroundColor": "#000000""##))
        #expect(animated.pixels != start.pixels)
    }

    @Test func aForegroundColorAnimationDrawsTheInterpolatedColour() throws {
        let animated = try Golden.render(Self.scene("""
            "fontSize": 20, "foregroundColor": "#FF0000",
            "animations": {"tint": {"type": "basic", "keyPath": "foregroundColor", "fromValue": "#FF0000", "toValue": "#0000FF", "duration": 1}}
            """), at: 0.5)
        let still = try Golden.render(Self.scene(##""fontSize": 20, "foregroundColor": [0.5, 0, 0.5, 1]"##))
        #expect(animated.pixels == still.pixels, "foregroundColor half-way from red to blue")
        let start = try Golden.render(Self.scene(##""fontSize": 20, "foregroundColor": "#FF0000""##))
        #expect(animated.pixels != start.pixels)
    }
}
