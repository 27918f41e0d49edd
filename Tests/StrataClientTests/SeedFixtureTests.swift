import Foundation
import Strata
import Testing
import StrataTestSupport

/// Numeric examples from the seeds (spec core-animation-model.md §14), sampled through `strata sample`.
@Suite struct SeedFixtureSampleTests {
    static let scene = """
    {"strata":1,"layers":[
      {"id":"l32","opacity":0,"animations":{"f":{"type":"basic","keyPath":"opacity","fromValue":1,"toValue":0,"duration":1}}},
      {"id":"s2l3","animations":{"animateOpacity":{"type":"basic","keyPath":"opacity","fromValue":1,"toValue":0,"duration":3,
        "repeatCount":2,"autoreverses":true}}},
      {"id":"s2l4","animations":{"pulse":{"type":"basic","keyPath":"position.x","fromValue":0,"toValue":1.5,"duration":1,
        "repeatCount":"infinity","autoreverses":true,"timingFunction":"easeInEaseOut"}}},
      {"id":"offset","animations":{"o":{"type":"basic","keyPath":"position.x","fromValue":0,"toValue":5,"duration":5,"timeOffset":2}}},
      {"id":"rev1","animations":{"r":{"type":"basic","keyPath":"position.x","fromValue":0,"toValue":10,"duration":1,"autoreverses":true,
        "repeatCount":1,"fillMode":"forwards","removedOnCompletion":false}}},
      {"id":"rev15","animations":{"r":{"type":"basic","keyPath":"position.x","fromValue":0,"toValue":10,"duration":1,"autoreverses":true,
        "repeatCount":1.5,"fillMode":"forwards","removedOnCompletion":false}}}
    ]}
    """

    func values(_ layer: String, _ key: String, _ times: [Double]) throws -> [Double] {
        let r = try SceneSample.run(Self.scene, layer: layer, key: key, times: times)
        #expect(r.status == 0, "\(r.output)")
        return r.values.compactMap { $0 as? Double }
    }

    func expectClose(_ got: [Double], _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(got.count == expected.count, sourceLocation: sourceLocation)
        for (g, e) in zip(got, expected) { #expect(abs(g - e) < 1e-9, "\(got) vs \(expected)", sourceLocation: sourceLocation) }
    }

    @Test func explicitFadeThenTheModelValue_S0_L3_2() throws {
        // Opacity 1 → 0 over 1 s; the model was set to 0, so that remains after the animation.
        expectClose(try values("l32", "opacity", [0, 0.25, 0.5, 0.999, 1, 2]), [1, 0.75, 0.5, 0.001, 0, 0])
    }

    @Test func repeatingAutoreversedFade_S2_L3() throws {
        // 1 → 0 over 3 s, autoreverses, repeatCount 2: cycles of 6 s, 12 s in all, then the model (1).
        expectClose(try values("s2l3", "opacity", [0, 1.5, 3, 4.5, 6, 7.5, 9, 10.5, 12, 13]), [1, 0.5, 0, 0.5, 1, 0.5, 0, 0.5, 1, 1])
    }

    @Test func infinitePulseWithEaseInEaseOut_S2_L4() throws {
        // 0 → 1.5 (the listing's toValue, not its "0 to 1" comment), 1 s, autoreverses, HUGE_VALF repeats.
        let e = { ReferenceBezier.easeInEaseOut($0) }
        expectClose(try values("s2l4", "position.x", [0.5, 1, 1.25, 2, 100.25, 1000.75]),
                    [1.5 * e(0.5), 1.5, 1.5 * e(0.75), 0, 1.5 * e(0.25), 1.5 * e(0.75)]) // 1000.75 is 0.75 s into a forward half
    }

    @Test func timeOffsetStartsPartwayAndWraps_S0_ch5() throws {
        // Duration 5, timeOffset 2: local time runs 2 → 5, then 0 → 2.
        expectClose(try values("offset", "position.x", [0, 1, 2.999, 3, 4, 4.999, 5]), [2, 3, 4.999, 0, 1, 1.999, 0])
    }

    @Test func autoreverseEndState_S0_ch5() throws {
        // repeatCount 1.0 with autoreverses ends at the start value; 1.5 ends at the end value.
        expectClose(try values("rev1", "position.x", [0.5, 1, 1.5, 2, 5]), [5, 10, 5, 0, 0])
        expectClose(try values("rev15", "position.x", [2, 2.5, 3, 5]), [0, 5, 10, 10])
    }
}

extension ClientProcessSuite {
@Suite struct SeedFixtureClientTests {
    @Test func fourSimultaneousImplicitAnimations_S2_L2() throws {
        let root = CALayer(), theLayer = CALayer(), anotherLayer = CALayer()
        root.addSublayer(theLayer)
        root.addSublayer(anotherLayer)
        anotherLayer.opacity = 0
        CATransaction.flush()
        // [S2] listing 2: four property changes in one implicit transaction, all animated at once.
        theLayer.opacity = 0.0
        theLayer.zPosition = -100
        anotherLayer.opacity = 1.0
        anotherLayer.zPosition = 100
        CATransaction.flush()
        for (layer, key, from) in [(theLayer, "opacity", 1.0), (theLayer, "zPosition", 0.0), (anotherLayer, "opacity", 0.0), (anotherLayer, "zPosition", 0.0)] {
            let a = try #require(layer.animation(forKey: key) as? CABasicAnimation)
            #expect(a.duration == 0.25 && (a.fromValue as? CGFloat).map(Double.init) == from)
        }
        let begin = try #require(theLayer.animation(forKey: "opacity")).beginTime
        #expect(try #require(anotherLayer.animation(forKey: "zPosition")).beginTime == begin) // one commit, one start
        withExtendedLifetime(root) {}
    }
}
}
