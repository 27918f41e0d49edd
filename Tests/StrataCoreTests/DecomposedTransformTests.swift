import Foundation
import Testing
import StrataCore

@Suite("DecomposedTransform (CSS Transforms 2 decomposition, quaternion slerp)")
struct DecomposedTransformTests {
    static func perspective(_ m34: CGFloat) -> Transform3D {
        var p = Transform3D.identity
        p.m34 = m34
        return p
    }

    static func roundTrip(_ m: Transform3D) throws -> Transform3D {
        try #require(DecomposedTransform(m)).matrix
    }

    @Test func identityDecomposesToDefaults() throws {
        let d = try #require(DecomposedTransform(.identity))
        #expect(d.perspective == [0, 0, 0, 1])
        #expect(d.translate == [0, 0, 0])
        #expect(d.scale == [1, 1, 1])
        #expect(d.skew == [0, 0, 0])
        #expect(d.quaternion == [0, 0, 0, 1])
        #expect(d.matrix == .identity)
    }

    @Test func translationAndScaleComponents() throws {
        let t = try #require(DecomposedTransform(.translation(10, -20, 30)))
        #expect(t.translate == [10, -20, 30])
        #expect(t.scale == [1, 1, 1])
        #expect(t.quaternion == [0, 0, 0, 1])
        let s = try #require(DecomposedTransform(.scale(2, 3, 4)))
        #expect(s.scale == [2, 3, 4])
        #expect(s.translate == [0, 0, 0])
        #expect(s.quaternion == [0, 0, 0, 1])
    }

    @Test(arguments: [(0.0, 0.0, 1.0), (1, 0, 0), (0, 1, 0)])
    func rotationQuaternionConvention(axis: (Double, Double, Double)) throws {
        // A rotation by θ about a unit axis u is the quaternion (u·sin(θ/2), cos(θ/2)).
        let theta = 0.9
        let d = try #require(DecomposedTransform(.rotation(CGFloat(theta), CGFloat(axis.0), CGFloat(axis.1), CGFloat(axis.2))))
        let expected = [axis.0 * sin(theta / 2), axis.1 * sin(theta / 2), axis.2 * sin(theta / 2), cos(theta / 2)]
        for i in 0..<4 { #expect(abs(d.quaternion[i] - expected[i]) <= 1e-12, "component \(i): \(d.quaternion)") }
        for i in 0..<3 { #expect(abs(d.scale[i] - 1) <= 1e-12) }
    }

    @Test(arguments: [(0.0, 0.0, 1.0), (1, 0, 0), (0, 1, 0), (1, 2, 3)])
    func quaternionToMatrixUsesRowVectorConvention(axis: (Double, Double, Double)) throws {
        let theta = 1.3
        let len = (axis.0 * axis.0 + axis.1 * axis.1 + axis.2 * axis.2).squareRoot()
        var d = try #require(DecomposedTransform(.identity))
        d.quaternion = [axis.0 / len * sin(theta / 2), axis.1 / len * sin(theta / 2), axis.2 / len * sin(theta / 2),
                        cos(theta / 2)]
        let expected = Transform3D.rotation(CGFloat(theta), CGFloat(axis.0), CGFloat(axis.1), CGFloat(axis.2))
        #expect(maxDifference(d.matrix, expected) <= 1e-12, "\(d.matrix) vs \(expected)")
    }

    static let roundTripCases: [(String, Transform3D)] = [
        ("identity", .identity),
        ("translation", .translation(10, -20, 30)),
        ("scale", .scale(2, 3, 4)),
        ("rotation z", .rotation(0.7, 0, 0, 1)),
        ("rotation −z", .rotation(-2.2, 0, 0, 1)),
        ("rotation x", .rotation(0.7, 1, 0, 0)),
        ("rotation y", .rotation(-1.1, 0, 1, 0)),
        ("rotation axis", .rotation(2.0, 1, 2, 3)),
        ("rotation π", .rotation(CGFloat.pi, 0, 0, 1)),
        ("scale·rotation·translation", .scale(2, 3, 0.5) * .rotation(0.5, 1, 2, 3) * .translation(10, 20, 30)),
        ("rotation·scale non-uniform", .rotation(0.4, 0, 0, 1) * .scale(2, 1, 1)),
        ("mirror", .scale(-1, 1, 1) * .rotation(0.3, 0, 0, 1) * .translation(5, 0, 0)),
        ("skew", Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0.5, m22: 1, m23: 0, m24: 0,
                             m31: 0.2, m32: -0.3, m33: 1, m34: 0, m41: 1, m42: 2, m43: 3, m44: 1)),
        ("perspective", perspective(-1.0 / 500)),
        ("perspective m14 m24", Transform3D(m11: 1, m12: 0, m13: 0, m14: 0.001, m21: 0, m22: 1, m23: 0, m24: -0.002,
                                            m31: 0, m32: 0, m33: 1, m34: -0.002, m41: 0, m42: 0, m43: 0, m44: 1)),
        ("rotation·perspective", .rotation(CGFloat.pi / 3, 0, 1, 0) * perspective(-1.0 / 500)),
        ("scale·rotation·translation·perspective",
         .scale(1.5, 1.5, 1) * .rotation(0.6, 1, 1, 0) * .translation(40, -30, 0) * perspective(-1.0 / 850)),
    ]

    @Test(arguments: DecomposedTransformTests.roundTripCases.map(\.0))
    func decomposeThenRecomposeRoundTrips(name: String) throws {
        let m = try #require(Self.roundTripCases.first { $0.0 == name }?.1)
        let back = try Self.roundTrip(m)
        #expect(maxDifference(back, m) <= 1e-9, "\(name): \(back) vs \(m)")
    }

    @Test(arguments: [(1.0, 0.0, 0.0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (-2, 1, 0.5)])
    func rotationRoundTripsAcrossAngles(axis: (Double, Double, Double)) throws {
        // Includes angles where a quaternion component is (near) zero, which needs a numerically robust extraction.
        for i in -63...63 {
            let angle = Double(i) * Double.pi / 64
            let m = Transform3D.rotation(CGFloat(angle), CGFloat(axis.0), CGFloat(axis.1), CGFloat(axis.2))
            let back = try Self.roundTrip(m)
            #expect(maxDifference(back, m) <= 1e-12, "angle \(angle) about \(axis): \(maxDifference(back, m))")
        }
    }

    @Test func perspectiveWithDepthTranslationRoundTripsUpToHomogeneousScale() throws {
        // m44 ≠ 1 here: the decomposition normalises by m44, so the result equals m / m44 and maps points identically.
        let m = Transform3D.rotation(0.5, 0, 1, 0) * .translation(10, 20, 30) * Self.perspective(-1.0 / 500)
        #expect(m.m44 != 1)
        let back = try Self.roundTrip(m)
        let normalised = Transform3D(elements: m.elements.map { $0 / m.m44 })
        #expect(maxDifference(back, normalised) <= 1e-9, "\(back) vs \(normalised)")
        for p in [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: -50), CGPoint(x: -30, y: 70)] {
            #expect(isClose(back.apply(to: p), m.apply(to: p), 1e-9))
        }
    }

    @Test func singularMatricesWithPerspectiveOrZeroWDoNotDecompose() {
        var zeroW = Transform3D.identity
        zeroW.m44 = 0
        #expect(DecomposedTransform(zeroW) == nil)
        var flatWithPerspective = Transform3D.scale(1, 0, 1)
        flatWithPerspective.m34 = -0.002
        #expect(DecomposedTransform(flatWithPerspective) == nil)
    }

    /// A zero scale (SpinKit's `CATransform3DMakeScale(1, 0.4, 0)`, a pop-in from `scale(0, 0, 0)`) is a
    /// scale of 0, not a matrix to give up on: it decomposes, recomposes exactly, and keeps the rotation
    /// the remaining axes show.
    @Test func zeroScalesDecompose() throws {
        for m in [Transform3D.scale(1, 0.4, 0), .scale(0, 0, 0), .scale(0, 1, 1), .scale(1, 0, 0),
                  Transform3D.rotation(0.5, 0, 0, 1) * .scale(2, 3, 0) * .translation(4, 5, 6),
                  Transform3D.scale(0, 1, 1) * .rotation(0.7, 1, 1, 0)] {
            let d = try #require(DecomposedTransform(m), "\(m)")
            #expect(maxDifference(d.matrix, m) <= 1e-9, "\(m) recomposes as \(d.matrix)")
        }
        let turned = try #require(DecomposedTransform(Transform3D.scale(2, 3, 0) * .rotation(0.5, 0, 0, 1)))
        #expect(abs(turned.quaternion[2] - sin(0.25)) <= 1e-12 && abs(turned.quaternion[3] - cos(0.25)) <= 1e-12)
        #expect(turned.scale == [2, 3, 0])
        // Between scale(1, 0.4, 0) and scale(1, 1, 1) every component moves linearly.
        let half = DecomposedTransform.interpolate(.scale(1, 0.4, 0), .identity, 0.5)
        #expect(maxDifference(half, .scale(1, 0.7, 0.5)) <= 1e-12, "\(half)")
    }

    @Test func interpolatingZRotationSlerps() {
        let a = Transform3D.identity, b = Transform3D.rotation(CGFloat.pi / 2, 0, 0, 1)
        let half = DecomposedTransform.interpolate(a, b, 0.5)
        #expect(maxDifference(half, .rotation(CGFloat.pi / 4, 0, 0, 1)) <= 1e-9, "\(half)")
        let quarter = DecomposedTransform.interpolate(a, b, 0.25)
        #expect(maxDifference(quarter, .rotation(CGFloat.pi / 8, 0, 0, 1)) <= 1e-9, "\(quarter)")
        // A rotation stays a rotation (no shrinking as with element-wise interpolation).
        let p = half.apply(to: CGPoint(x: 100, y: 0))
        #expect(isClose(Double(hypot(p.x, p.y)), 100, 1e-9))
    }

    @Test func interpolatingXAndArbitraryAxisRotations() {
        let x = DecomposedTransform.interpolate(.rotation(0.2, 1, 0, 0), .rotation(1.0, 1, 0, 0), 0.5)
        #expect(maxDifference(x, .rotation(0.6, 1, 0, 0)) <= 1e-9)
        let axis = DecomposedTransform.interpolate(.identity, .rotation(2.4, 1, 2, 3), 0.75)
        #expect(maxDifference(axis, .rotation(1.8, 1, 2, 3)) <= 1e-9)
    }

    @Test func matrixInterpolationTakesTheShortestPath() {
        // 270° is the same matrix as −90°, so half-way is −45°.
        let m = DecomposedTransform.interpolate(.identity, .rotation(3 * CGFloat.pi / 2, 0, 0, 1), 0.5)
        #expect(maxDifference(m, .rotation(-CGFloat.pi / 4, 0, 0, 1)) <= 1e-9)
    }

    @Test func interpolatingTranslationsIsLinear() {
        let a = Transform3D.translation(0, 0, 0), b = Transform3D.translation(100, 50, -20)
        for t in [0.0, 0.25, 0.5, 0.8, 1.0] {
            let m = DecomposedTransform.interpolate(a, b, t)
            let expected = Transform3D.translation(CGFloat(100 * t), CGFloat(50 * t), CGFloat(-20 * t))
            #expect(maxDifference(m, expected) <= 1e-12)
        }
        let c = DecomposedTransform.interpolate(.translation(-10, 4, 0), .translation(30, 8, 2), 0.25)
        #expect(maxDifference(c, .translation(0, 5, 0.5)) <= 1e-12)
    }

    @Test func interpolatingScaleIsLinearPerAxis() {
        let m = DecomposedTransform.interpolate(.identity, .scale(3, 5, 1), 0.5)
        #expect(maxDifference(m, .scale(2, 3, 1)) <= 1e-12)
    }

    @Test func interpolatingComponentsIndependently() {
        let b = Transform3D.rotation(CGFloat.pi / 2, 0, 0, 1) * .translation(100, 0, 0)
        let m = DecomposedTransform.interpolate(.identity, b, 0.5)
        let expected = Transform3D.rotation(CGFloat.pi / 4, 0, 0, 1) * .translation(50, 0, 0)
        #expect(maxDifference(m, expected) <= 1e-9)
    }

    @Test func interpolationEndpointsReproduceInputs() {
        let a = Transform3D.scale(2, 2, 1) * .rotation(0.3, 0, 0, 1) * .translation(5, 6, 0)
        let b = Transform3D.scale(1, 3, 2) * .rotation(1.2, 1, 1, 1) * .translation(-5, 16, 9)
        #expect(maxDifference(DecomposedTransform.interpolate(a, b, 0), a) <= 1e-9)
        #expect(maxDifference(DecomposedTransform.interpolate(a, b, 1), b) <= 1e-9)
    }

    @Test func interpolatingPerspective() {
        let m = DecomposedTransform.interpolate(.identity, Self.perspective(-1.0 / 500), 0.5)
        #expect(maxDifference(m, Self.perspective(-1.0 / 1000)) <= 1e-15)
    }

    @Test func interpolatingTowardsRotatedPerspectiveReachesIt() {
        // A typical Core Animation 3-D flip: rotate about y, then project with m34 = −1/500.
        let b = Transform3D.rotation(CGFloat.pi / 3, 0, 1, 0) * .translation(20, 10, 0) * Self.perspective(-1.0 / 500)
        #expect(maxDifference(DecomposedTransform.interpolate(.identity, b, 1), b) <= 1e-9)
        #expect(maxDifference(DecomposedTransform.interpolate(b, .identity, 0), b) <= 1e-9)
        let half = DecomposedTransform.interpolate(.identity, b, 0.5)
        let expected = Transform3D.rotation(CGFloat.pi / 6, 0, 1, 0) * .translation(10, 5, 0) * Self.perspective(-1.0 / 1000)
        #expect(maxDifference(half, expected) <= 1e-9, "\(half)")
    }

    @Test func singularEndpointsInterpolateDiscretely() {
        var a = Transform3D.scale(0, 1, 1)
        a.m34 = -0.002
        let b = Transform3D.translation(5, 5, 5)
        #expect(DecomposedTransform.interpolate(a, b, 0.49) == a)
        #expect(DecomposedTransform.interpolate(a, b, 0.5) == b)
    }
}
