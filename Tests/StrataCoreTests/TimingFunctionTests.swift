import Foundation
import Testing
import StrataCore
import StrataTestSupport

@Suite("TimingFunction (CAMediaTimingFunction cubic Bézier)")
struct TimingFunctionTests {
    static let named: [(String, TimingFunction)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("default", .default),
    ]

    @Test func appleControlPoints() {
        #expect(TimingFunction.linear == TimingFunction(0, 0, 1, 1))
        #expect(TimingFunction.easeIn == TimingFunction(0.42, 0, 1, 1))
        #expect(TimingFunction.easeOut == TimingFunction(0, 0, 0.58, 1))
        #expect(TimingFunction.easeInEaseOut == TimingFunction(0.42, 0, 0.58, 1))
        #expect(TimingFunction.default == TimingFunction(0.25, 0.1, 0.25, 1))
        #expect(TimingFunction.named.count == 5)
        for (name, f) in Self.named { #expect(TimingFunction.named[name] == f) }
        #expect(TimingFunction.named["kCAMediaTimingFunctionLinear"] == nil)
    }

    @Test func linearIsExactIdentity() {
        for i in 0...1000 {
            let t = Double(i) / 1000
            #expect(TimingFunction.linear.progress(at: t) == t)
        }
        #expect(TimingFunction.linear.isLinear)
        #expect(TimingFunction(0.3, 0.3, 0.7, 0.7).isLinear)
        #expect(!TimingFunction.easeIn.isLinear)
    }

    @Test func easeInEaseOutIsSymmetric() {
        let f = TimingFunction.easeInEaseOut
        #expect(abs(f.progress(at: 0.5) - 0.5) <= 1e-12)
        for i in 1..<100 {
            let t = Double(i) / 100
            #expect(abs(f.progress(at: t) + f.progress(at: 1 - t) - 1) <= 1e-12)
        }
    }

    @Test(arguments: TimingFunctionTests.named.map(\.0))
    func endpointsAndClamping(name: String) throws {
        let f = try #require(TimingFunction.named[name])
        #expect(f.progress(at: 0) == 0)
        #expect(f.progress(at: 1) == 1)
        #expect(f.progress(at: -0.5) == 0)
        #expect(f.progress(at: 1.5) == 1)
    }

    @Test(arguments: TimingFunctionTests.named.map(\.0))
    func monotonicOverThousandSamples(name: String) throws {
        let f = try #require(TimingFunction.named[name])
        var previous = f.progress(at: 0)
        for i in 1...1000 {
            let v = f.progress(at: Double(i) / 1000)
            #expect(v >= previous, "\(name) decreases at t = \(Double(i) / 1000)")
            #expect(v >= 0 && v <= 1)
            previous = v
        }
    }

    static let samples: [Double] = [0.001, 0.01, 0.1, 0.2, 0.25, 1.0 / 3, 0.5, 0.6, 0.75, 0.9, 0.99, 0.999]

    @Test(arguments: ["easeIn", "easeOut", "easeInEaseOut", "default"])
    func matchesReferenceBisection(name: String) throws {
        let f = try #require(TimingFunction.named[name])
        for t in Self.samples {
            let expected = ReferenceBezier.progress(t, f.c1x, f.c1y, f.c2x, f.c2y)
            let actual = f.progress(at: t)
            #expect(abs(actual - expected) <= 1e-9, "\(name)(\(t)) = \(actual), reference \(expected)")
        }
    }

    @Test func knownShapes() {
        // easeIn starts slowly (below the diagonal), easeOut starts quickly (above it).
        for t in [0.1, 0.3, 0.5, 0.7, 0.9] {
            #expect(TimingFunction.easeIn.progress(at: t) < t)
            #expect(TimingFunction.easeOut.progress(at: t) > t)
        }
        // easeIn and easeOut are point reflections of each other: easeOut(t) = 1 − easeIn(1 − t).
        for t in stride(from: 0.05, through: 0.95, by: 0.05) {
            #expect(abs(TimingFunction.easeOut.progress(at: t) - (1 - TimingFunction.easeIn.progress(at: 1 - t))) <= 1e-12)
        }
        // The default curve (CSS "ease") is at ≈0.8024 half-way.
        #expect(abs(TimingFunction.default.progress(at: 0.5) - 0.8024033876) <= 1e-9)
    }

    @Test func overshootingCurveMatchesReference() {
        // y control points outside 0…1 (a "back" ease): progress leaves 0…1 but x is still monotonic.
        let f = TimingFunction(0.68, -0.55, 0.265, 1.55)
        var minValue = 1.0, maxValue = 0.0
        for i in 1..<200 {
            let t = Double(i) / 200
            let v = f.progress(at: t)
            #expect(abs(v - ReferenceBezier.progress(t, 0.68, -0.55, 0.265, 1.55)) <= 1e-9)
            minValue = min(minValue, v); maxValue = max(maxValue, v)
        }
        #expect(minValue < 0)
        #expect(maxValue > 1)
    }

    @Test func parameterSolvesForX() {
        let f = TimingFunction.easeInEaseOut
        for x in [0.0, 0.05, 0.3, 0.5, 0.8, 1.0] {
            let s = f.parameter(forX: x)
            let u = 1 - s
            let bx = 3 * u * u * s * f.c1x + 3 * u * s * s * f.c2x + s * s * s
            #expect(abs(bx - x) <= 1e-12)
        }
        #expect(f.parameter(forX: -1) == 0)
        #expect(f.parameter(forX: 2) == 1)
    }
}
