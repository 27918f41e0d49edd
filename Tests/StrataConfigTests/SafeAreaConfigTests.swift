import StrataConfig
import StrataCore
import Testing

/// `safe-area-insets`: the headless output's (global) and a kms output's (`[output NAME]`), TOP,LEFT,BOTTOM,RIGHT
/// in points, as UIKit orders `UIEdgeInsets`.
@Suite struct SafeAreaConfigTests {
    @Test func theGlobalKeySetsTheHeadlessOutputsInsets() throws {
        let c = try parse("safe-area-insets = 44, 0,34 ,0.5\n")
        #expect(c.safeAreaInsets == SafeAreaInsets(top: 44, left: 0, bottom: 34, right: 0.5))
        #expect(c.origin(of: .safeAreaInsets) == .file(path: "t.conf", line: 1))
        #expect(try parse("").safeAreaInsets == .zero)
    }

    @Test func anOutputSectionSetsItsOwn() throws {
        let c = try parse("[output HDMI-A-1]\nsafe-area-insets = 0,24,0,24\n[output DP-1]\nscale = 2\n")
        #expect(c.outputs[0].safeAreaInsets == SafeAreaInsets(top: 0, left: 24, bottom: 0, right: 24))
        #expect(c.outputs[1].safeAreaInsets == .zero)
        #expect(c.safeAreaInsets == .zero)
    }

    @Test func badValuesNameTheSetting() {
        let message = "safe-area-insets must be TOP,LEFT,BOTTOM,RIGHT in points, each from 0 to 16384, e.g. 0,0,48,0, got"
        #expect(failure("safe-area-insets = 10,10,10") == "t.conf:1: \(message) 10,10,10")
        #expect(failure("safe-area-insets = 10,-1,0,0") == "t.conf:1: \(message) 10,-1,0,0")
        #expect(failure("safe-area-insets = 10,x,0,0") == "t.conf:1: \(message) 10,x,0,0")
        #expect(failure("safe-area-insets = 1,2,3,4,5") == "t.conf:1: \(message) 1,2,3,4,5")
        #expect(failure("safe-area-insets = 0,0,16385,0") == "t.conf:1: \(message) 0,0,16385,0")
        #expect(failure("[output DP-1]\nsafe-area-insets = 1e3,0,0,0") == "t.conf:2: \(message) 1e3,0,0,0")
        #expect(failure("safe-area-insets = 0,0,0,0\nsafe-area-insets = 1,1,1,1") == "t.conf:2: safe-area-insets is already set on line 1")
    }

    @Test func insetsThatCoverTheHeadlessOutputAreAProblem() throws {
        #expect(try parse("size = 640x480\nsafe-area-insets = 200,0,40,0").headlessSafeAreaProblem == nil)
        let tall = try parse("size = 640x480\nscale = 2\nsafe-area-insets = 100,0,140,0")
        #expect(tall.headlessSafeAreaProblem == "safe-area-insets 100,0,140,0 leave no safe area on the 640x480 headless output at scale 2 "
            + "(320 × 240 points): left + right must be below the width and top + bottom below the height")
        #expect(try parse("size = 640x480\nsafe-area-insets = 0,320,0,320").headlessSafeAreaProblem != nil)
    }

    @Test func theCommandLineTakesTheSameGrammar() throws {
        var c = ServerConfig()
        try c.apply(commandLine: [(.safeAreaInsets, "20,0,0,0")])
        #expect(c.safeAreaInsets.top == 20 && c.origin(of: .safeAreaInsets) == .commandLine)
        #expect(throws: ConfigError.self) { try c.apply(commandLine: [(.safeAreaInsets, "20")]) }
    }
}
