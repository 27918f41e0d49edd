import Foundation
@testable import Strata
import Testing

extension ClientProcessSuite {
/// Key times that do not fit are ignored, as Core Animation ignores them: the animation runs with evenly
/// spaced keyframes instead of being refused. A popular UIView animation library's shake passes five values
/// with six key times.
@Suite struct KeyframeLeniencyTests {
    /// `position.x` sampled at fractions of a 1 s keyframe animation of `values` with `keyTimes`.
    func samples(_ values: [CGFloat], keyTimes: [NSNumber]?, mode: CAAnimationCalculationMode = .linear,
                 at fractions: [Double]) throws -> [CGFloat] {
        let layer = CALayer()
        CATransaction.flush()
        let shake = CAKeyframeAnimation(keyPath: "position.x")
        shake.values = values
        shake.keyTimes = keyTimes
        shake.calculationMode = mode
        shake.duration = 1
        let logged = LogCapture.messages { layer.add(shake, forKey: "shake") }
        #expect(logged.isEmpty, "\(logged)")
        CATransaction.flush()
        let begin = try #require(layer.animation(forKey: "shake")).beginTime
        return try fractions.map { try #require(layer.presentation(at: begin + $0)).position.x }
    }

    @Test func moreKeyTimesThanValuesAreIgnored() throws {
        // The shake preset: 0, 30, −30, 30, 0 with key times 0, 0.2, …, 1 (six). Even spacing: a quarter each.
        let got = try samples([0, 30, -30, 30, 0], keyTimes: [0, 0.2, 0.4, 0.6, 0.8, 1], at: [0.125, 0.25, 0.375, 0.75, 0.875])
        #expect(got == [15, 30, 0, 30, 15], "\(got)")
    }

    @Test func fewerKeyTimesThanValuesAreIgnored() throws {
        let got = try samples([0, 10, 40], keyTimes: [0, 0.9], at: [0.25, 0.5, 0.75])
        #expect(got == [5, 10, 25], "\(got)")
    }

    @Test func keyTimesOutOfOrderOrRangeAreIgnoredAndFittingOnesKept() throws {
        #expect(try samples([0, 10, 40], keyTimes: [0, 0.8, 0.4], at: [0.5, 0.75]) == [10, 25])
        #expect(try samples([0, 10, 40], keyTimes: [0, 0.5, 1.5], at: [0.5, 0.75]) == [10, 25])
        // Fitting ones are used: the first segment takes 0.8 of the time.
        let kept = try samples([0, 10, 40], keyTimes: [0, 0.8, 1], at: [0.4, 0.9])
        #expect(abs(kept[0] - 5) < 1e-9 && abs(kept[1] - 25) < 1e-9, "\(kept)")
        // Discrete takes one more key time than values.
        #expect(try samples([0, 10, 40], keyTimes: [0, 0.1, 0.2, 1], mode: .discrete, at: [0.05, 0.15, 0.5]) == [0, 10, 40])
    }
}
}
