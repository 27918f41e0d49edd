import Foundation
import Testing
import StrataCore
import StrataTestSupport

@Suite("AnimationSpec / Interpolation (CABasicAnimation values)")
struct AnimationSpecTests {
    static let opacity = LayerKeyPath(property: .opacity)

    static func basic(_ keyPath: LayerKeyPath = opacity, from: AnimatableValue? = nil, to: AnimatableValue? = nil,
                      by: AnimatableValue? = nil, duration: Double = 1, repeatCount: Double = 0,
                      timingFunction: TimingFunction? = nil, additive: Bool = false,
                      cumulative: Bool = false) -> AnimationSpec {
        var timing = MediaTiming()
        timing.duration = duration
        timing.repeatCount = repeatCount
        return AnimationSpec(keyPath: keyPath, kind: .basic(from: from, to: to, by: by), timing: timing,
                             timingFunction: timingFunction, isAdditive: additive, isCumulative: cumulative)
    }

    static let under = AnimatableValue.scalar(0.2)

    @Test func fromTo() {
        let a = Self.basic(from: .scalar(0), to: .scalar(1))
        #expect(scalar(a.value(at: 0, underlying: Self.under)) == 0)
        #expect(scalar(a.value(at: 0.25, underlying: Self.under)) == 0.25)
        #expect(scalar(a.value(at: 0.5, underlying: Self.under)) == 0.5)
        #expect(a.value(at: 1, underlying: Self.under) == nil) // removed on completion
        #expect(a.value(at: -0.1, underlying: Self.under) == nil)
    }

    @Test func fromBy() {
        let a = Self.basic(from: .scalar(1), by: .scalar(2)) // 1 → 3
        #expect(scalar(a.value(at: 0, underlying: Self.under)) == 1)
        #expect(scalar(a.value(at: 0.5, underlying: Self.under)) == 2)
        #expect(scalar(a.value(at: 0.75, underlying: Self.under)) == 2.5)
    }

    @Test func toBy() {
        let a = Self.basic(to: .scalar(5), by: .scalar(2)) // 3 → 5
        #expect(scalar(a.value(at: 0, underlying: Self.under)) == 3)
        #expect(scalar(a.value(at: 0.5, underlying: Self.under)) == 4)
    }

    @Test func fromOnlyAnimatesToUnderlying() throws {
        let a = Self.basic(from: .scalar(0.6)) // 0.6 → 0.2
        let v = try #require(scalar(a.value(at: 0.5, underlying: Self.under)))
        #expect(abs(v - 0.4) <= 1e-15)
        let w = try #require(scalar(a.value(at: 0.75, underlying: .scalar(1))))
        #expect(abs(w - 0.9) <= 1e-15)
    }

    @Test func toOnlyAnimatesFromUnderlying() throws {
        let a = Self.basic(to: .scalar(1)) // 0.2 → 1
        let v = try #require(scalar(a.value(at: 0.25, underlying: Self.under)))
        #expect(abs(v - 0.4) <= 1e-15)
        #expect(scalar(a.value(at: 0, underlying: Self.under)) == 0.2)
    }

    @Test func byOnlyAnimatesFromUnderlyingByDelta() throws {
        let a = Self.basic(by: .scalar(0.4)) // 0.2 → 0.6
        let v = try #require(scalar(a.value(at: 0.5, underlying: Self.under)))
        #expect(abs(v - 0.4) <= 1e-15)
        let w = try #require(scalar(a.value(at: 0.5, underlying: .scalar(10))))
        #expect(abs(w - 10.2) <= 1e-12)
    }

    @Test func allThreeGivenUsesFromAndTo() {
        let ends = Interpolation.endpoints(from: .scalar(1), to: .scalar(2), by: .scalar(100), underlying: .scalar(0))
        #expect(ends.0 == .scalar(1) && ends.1 == .scalar(2))
        let none = Interpolation.endpoints(from: nil, to: nil, by: nil, underlying: .scalar(7))
        #expect(none.0 == .scalar(7) && none.1 == .scalar(7))
    }

    @Test func pointFromByAndToBy() {
        let position = LayerKeyPath(property: .position)
        let a = Self.basic(position, from: .point(CGPoint(x: 10, y: 20)), by: .point(CGPoint(x: 100, y: -40)))
        #expect(point(a.value(at: 0.5, underlying: .point(.zero))) == CGPoint(x: 60, y: 0))
        let b = Self.basic(position, to: .point(CGPoint(x: 10, y: 20)), by: .point(CGPoint(x: 100, y: -40)))
        #expect(point(b.value(at: 0.5, underlying: .point(.zero))) == CGPoint(x: -40, y: 40))
    }

    @Test func additiveAddsToUnderlying() {
        let a = Self.basic(from: .scalar(0), to: .scalar(10), additive: true)
        #expect(scalar(a.value(at: 0.5, underlying: .scalar(100))) == 105)
        #expect(scalar(a.value(at: 0, underlying: .scalar(100))) == 100)
        let position = LayerKeyPath(property: .position)
        let shake = Self.basic(position, from: .point(CGPoint(x: -10, y: 0)), to: .point(CGPoint(x: 10, y: 4)),
                               additive: true)
        #expect(point(shake.value(at: 0.25, underlying: .point(CGPoint(x: 200, y: 300))))
                == CGPoint(x: 195, y: 301))
    }

    @Test func cumulativeAddsEndMinusStartPerIteration() {
        let a = Self.basic(from: .scalar(0), to: .scalar(10), repeatCount: 3, cumulative: true)
        #expect(scalar(a.value(at: 0.5, underlying: Self.under)) == 5)
        #expect(scalar(a.value(at: 1.5, underlying: Self.under)) == 15)
        #expect(scalar(a.value(at: 2.5, underlying: Self.under)) == 25)
        let b = Self.basic(from: .scalar(2), to: .scalar(5), repeatCount: 3, cumulative: true)
        #expect(scalar(b.value(at: 2.5, underlying: Self.under)) == 9.5) // 3.5 + 2·3
        // Without cumulative each iteration restarts.
        let c = Self.basic(from: .scalar(0), to: .scalar(10), repeatCount: 3)
        #expect(scalar(c.value(at: 2.5, underlying: Self.under)) == 5)
    }

    @Test(arguments: [0.0, 0.1, 0.3, 0.5, 0.77, 0.95])
    func timingFunctionShapesProgress(t: Double) throws {
        let a = Self.basic(from: .scalar(10), to: .scalar(30), timingFunction: .easeIn)
        let v = try #require(scalar(a.value(at: t, underlying: Self.under)))
        let progress = ReferenceBezier.progress(t, 0.42, 0, 1, 1)
        #expect(abs(v - (10 + 20 * progress)) <= 1e-9)
        #expect(abs(v - (10 + 20 * TimingFunction.easeIn.progress(at: t))) <= 1e-12)
    }

    @Test func timingFunctionAppliesWithinEachAutoreversingCycle() throws {
        var spec = Self.basic(from: .scalar(0), to: .scalar(1), timingFunction: .easeInEaseOut)
        spec.timing.autoreverses = true
        let forward = try #require(scalar(spec.value(at: 0.3, underlying: Self.under)))
        let backward = try #require(scalar(spec.value(at: 1.7, underlying: Self.under)))
        #expect(abs(forward - backward) <= 1e-12)
        #expect(abs(forward - TimingFunction.easeInEaseOut.progress(at: 0.3)) <= 1e-12)
    }

    @Test func fillForwardsHoldsEndValue() {
        var spec = Self.basic(from: .scalar(0), to: .scalar(1))
        spec.timing.fillMode = .forwards
        spec.isRemovedOnCompletion = false
        #expect(scalar(spec.value(at: 5, underlying: Self.under)) == 1)
        spec.isRemovedOnCompletion = true
        #expect(spec.value(at: 5, underlying: Self.under) == nil)
    }

    @Test func fillBackwardsShowsStartValueBeforeBegin() {
        var spec = Self.basic(from: .scalar(0.3), to: .scalar(1))
        spec.timing.beginTime = 2
        #expect(spec.value(at: 1, underlying: Self.under) == nil)
        spec.timing.fillMode = .backwards
        #expect(scalar(spec.value(at: 1, underlying: Self.under)) == 0.3)
    }

    @Test func hiddenSwitchesHalfWay() {
        let a = Self.basic(LayerKeyPath(property: .hidden), from: .bool(false), to: .bool(true))
        #expect(a.value(at: 0.49, underlying: .bool(false)) == .bool(false))
        #expect(a.value(at: 0.5, underlying: .bool(false)) == .bool(true))
    }

    @Test func colorsInterpolatePerComponentAndNilIsTransparentBlack() {
        let bg = LayerKeyPath(property: .backgroundColor)
        let a = Self.basic(bg, from: .color(nil), to: .color(.white))
        #expect(a.value(at: 0.5, underlying: .color(nil)) == .color(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)))
        let b = Self.basic(bg, from: .color(Color(red: 1, green: 0, blue: 0, alpha: 1)),
                           to: .color(Color(red: 0, green: 0, blue: 1, alpha: 0.5)))
        #expect(b.value(at: 0.25, underlying: .color(nil))
                == .color(Color(red: 0.75, green: 0, blue: 0.25, alpha: 0.875)))
    }

    @Test func rectAndSizeInterpolatePerComponent() {
        let r = Interpolation.interpolate(.rect(CGRect(x: 0, y: 10, width: 100, height: 50)),
                                          .rect(CGRect(x: 20, y: 30, width: 200, height: -50)), 0.5)
        #expect(r == .rect(CGRect(x: 10, y: 20, width: 150, height: 0)))
        let s = Interpolation.interpolate(.size(CGSize(width: 1, height: 2)), .size(CGSize(width: 3, height: 6)), 0.25)
        #expect(s == .size(CGSize(width: 1.5, height: 3)))
    }

    @Test func transformToValueInterpolatesRotationAsRotation() throws {
        let a = Self.basic(LayerKeyPath(property: .transform),
                           to: .transform(.rotation(CGFloat.pi / 2, 0, 0, 1)))
        let m = try #require(transform(a.value(at: 0.5, underlying: .transform(.identity))))
        #expect(isClose(m, .rotation(CGFloat.pi / 4, 0, 0, 1), 1e-9))
    }

    @Test func keyPathComponentAnimatesScalar() {
        let a = Self.basic(LayerKeyPath(property: .transform, component: .rotationZ),
                           from: .scalar(0), to: .scalar(2 * CGFloat.pi))
        // Field key paths interpolate the number, so rotations over 180° are possible.
        #expect(scalar(a.value(at: 0.75, underlying: .scalar(0))) == 1.5 * Double.pi)
    }

    @Test func validateChecksShapes() {
        #expect(throws: StrataError.invalidValue(key: "opacity.fromValue", expected: "scalar")) {
            try Self.basic(from: .point(.zero), to: .scalar(1)).validate()
        }
        #expect(throws: StrataError.invalidValue(key: "position.x.toValue", expected: "scalar")) {
            try Self.basic(LayerKeyPath(property: .position, component: .x), to: .point(.zero)).validate()
        }
        #expect(throws: StrataError.self) { try Self.basic().validate() }
        #expect(throws: StrataError.invalidValue(key: "duration", expected: "a finite number ≥ 0")) {
            try Self.basic(from: .scalar(0), duration: -1).validate()
        }
        #expect(throws: StrataError.invalidValue(key: "repeatCount", expected: "a number ≥ 0")) {
            try Self.basic(from: .scalar(0), repeatCount: -1).validate()
        }
    }

    @Test func validateAcceptsWellFormedSpecs() throws {
        try Self.basic(from: .scalar(0), to: .scalar(1)).validate()
        try Self.basic(by: .scalar(1), repeatCount: .infinity).validate()
        try Self.basic(LayerKeyPath(property: .transform, component: .translation),
                       to: .size(CGSize(width: 1, height: 2))).validate()
    }

    @Test func validateRejectsEmptyBasicAnimation() {
        do {
            try Self.basic().validate()
            Issue.record("expected an error")
        } catch let error as StrataError {
            guard case .unsupported(let message) = error else { Issue.record("wrong error \(error)"); return }
            #expect(message.contains("fromValue"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}

/// `valueStep` (Strata's own, for UIKit's scroll views): the values presented are rounded to multiples of it.
@Suite struct AnimationValueStepTests {
    static func scroll(step: Double, keyPath: String = "bounds.origin", to: AnimatableValue = .point(CGPoint(x: 0, y: 100))) throws -> AnimationSpec {
        var timing = MediaTiming()
        timing.duration = 1
        return AnimationSpec(keyPath: try LayerKeyPath(parsing: keyPath), kind: .basic(from: nil, to: to, by: nil), timing: timing,
                             valueStep: step)
    }

    @Test func valuesArePresentedOnTheStepsGrid() throws {
        let under = AnimatableValue.point(.zero)
        // 100 × 0.333 = 33.3: 33 on whole points, 33.5 on half points; exact multiples stay as they are.
        #expect(try Self.scroll(step: 1).value(at: 0.333, underlying: under) == .point(CGPoint(x: 0, y: 33)))
        #expect(try Self.scroll(step: 0.5).value(at: 0.333, underlying: under) == .point(CGPoint(x: 0, y: 33.5)))
        #expect(try Self.scroll(step: 1).value(at: 0.25, underlying: under) == .point(CGPoint(x: 0, y: 25)))
        // Halves round away from zero, as Double.rounded() does.
        #expect(try Self.scroll(step: 1).value(at: 0.125, underlying: under) == .point(CGPoint(x: 0, y: 13)))
        // Without a step, the exact value.
        #expect(try Self.scroll(step: 0).value(at: 0.333, underlying: under) != .point(CGPoint(x: 0, y: 33)))
    }

    @Test func theLayersPresentationIsRounded() throws {
        var model = LayerModel()
        model.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        try Self.scroll(step: 1).apply(to: &model, at: 0.333)
        #expect(model.bounds.origin == CGPoint(x: 0, y: 33))
    }

    @Test func aStepIsRefusedOnValuesThatAreNotNumbersOrPlaces() throws {
        #expect(throws: StrataError.self) { try Self.scroll(step: 1, keyPath: "transform", to: .transform(.identity)).validate() }
        #expect(throws: StrataError.self) { try Self.scroll(step: -1).validate() }
        #expect(throws: StrataError.self) { try Self.scroll(step: .infinity).validate() }
        try Self.scroll(step: 0.5).validate()
    }
}
