import Foundation
import Testing
import StrataCore

@Suite("Transform3D (CATransform3D maths, row vectors)")
struct Transform3DTests {
    @Test func identityElements() {
        let i = Transform3D.identity
        #expect(i.elements == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(i.isIdentity)
        #expect(Transform3D() == i)
        #expect(i.isAffine)
    }

    @Test func makeTranslationPutsOffsetsInFourthRow() {
        let t = Transform3D.translation(10, -20, 30)
        #expect(t.elements == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, -20, 30, 1])
        #expect(t.m41 == 10 && t.m42 == -20 && t.m43 == 30)
        #expect(!t.isIdentity)
    }

    @Test func makeScaleOnDiagonal() {
        let s = Transform3D.scale(2, 3, 4)
        #expect(s.elements == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1])
    }

    @Test(arguments: [0.0, 0.3, Double.pi / 6, Double.pi / 2, 2.0, Double.pi, -1.2])
    func rotationAboutZElements(angle: Double) {
        let r = Transform3D.rotation(CGFloat(angle), 0, 0, 1)
        let c = cos(angle), s = sin(angle)
        #expect(isClose(r.m11, CGFloat(c), 1e-15))
        #expect(isClose(r.m12, CGFloat(s), 1e-15))
        #expect(isClose(r.m21, CGFloat(-s), 1e-15))
        #expect(isClose(r.m22, CGFloat(c), 1e-15))
        #expect(r.m33 == 1 && r.m44 == 1)
        for v in [r.m13, r.m14, r.m23, r.m24, r.m31, r.m32, r.m34, r.m41, r.m42, r.m43] {
            #expect(abs(Double(v)) <= 1e-15)
        }
    }

    @Test func rotationAboutXAndYElements() {
        let a = 0.7, c = cos(a), s = sin(a)
        let rx = Transform3D.rotation(CGFloat(a), 1, 0, 0)
        let expectedX = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0,
                                    m21: 0, m22: CGFloat(c), m23: CGFloat(s), m24: 0,
                                    m31: 0, m32: CGFloat(-s), m33: CGFloat(c), m34: 0,
                                    m41: 0, m42: 0, m43: 0, m44: 1)
        #expect(isClose(rx, expectedX, 1e-15))
        let ry = Transform3D.rotation(CGFloat(a), 0, 1, 0)
        let expectedY = Transform3D(m11: CGFloat(c), m12: 0, m13: CGFloat(-s), m14: 0,
                                    m21: 0, m22: 1, m23: 0, m24: 0,
                                    m31: CGFloat(s), m32: 0, m33: CGFloat(c), m34: 0,
                                    m41: 0, m42: 0, m43: 0, m44: 1)
        #expect(isClose(ry, expectedY, 1e-15))
    }

    @Test func rotationAxisIsNormalised() {
        #expect(isClose(Transform3D.rotation(0.9, 0, 0, 7), Transform3D.rotation(0.9, 0, 0, 1), 1e-15))
        #expect(isClose(Transform3D.rotation(0.9, 2, 4, 4), Transform3D.rotation(0.9, 1.0 / 3, 2.0 / 3, 2.0 / 3), 1e-15))
    }

    @Test func rotationAboutArbitraryAxisKeepsAxisFixedAndIsOrthonormal() {
        let r = Transform3D.rotation(1.1, 1, 2, 3)
        let p = transformPoint(1, 2, 3, by: r)
        #expect(isClose(p.x, 1, 1e-14) && isClose(p.y, 2, 1e-14) && isClose(p.z, 3, 1e-14))
        // R · Rᵀ = I for the 3×3 part.
        let rows = [[r.m11, r.m12, r.m13], [r.m21, r.m22, r.m23], [r.m31, r.m32, r.m33]].map { $0.map(Double.init) }
        for i in 0..<3 {
            for j in 0..<3 {
                let d = (0..<3).reduce(0.0) { $0 + rows[i][$1] * rows[j][$1] }
                #expect(isClose(d, i == j ? 1 : 0, 1e-15))
            }
        }
        // Rotating by −θ undoes rotating by θ.
        #expect(isClose(r * Transform3D.rotation(-1.1, 1, 2, 3), .identity, 1e-15))
    }

    @Test func zeroLengthAxisGivesIdentity() {
        #expect(Transform3D.rotation(1.0, 0, 0, 0) == .identity)
        #expect(Transform3D.rotation(CGFloat.pi, 0, 0, 0).isIdentity)
        #expect(Transform3D.rotation(1.0, .nan, 0, 0) == .identity)
        #expect(Transform3D.rotation(1.0, .infinity, 0, 0) == .identity)
    }

    @Test func rotationAboutZIsClockwiseOnAYDownScreen() {
        // +x rotated by +90° about z lands on +y (down on an iOS-style screen).
        let p = Transform3D.rotation(CGFloat.pi / 2, 0, 0, 1).apply(to: CGPoint(x: 1, y: 0))
        #expect(isClose(p, CGPoint(x: 0, y: 1), 1e-15))
    }

    @Test func concatAppliesLeftOperandFirst() {
        let t = Transform3D.translation(10, 0, 0)
        let s = Transform3D.scale(2, 3, 1)
        let p = CGPoint(x: 1, y: 1)
        // translate then scale: (1+10)·2, 1·3
        #expect((t * s).apply(to: p) == CGPoint(x: 22, y: 3))
        // scale then translate: 1·2+10, 1·3
        #expect((s * t).apply(to: p) == CGPoint(x: 12, y: 3))
        #expect((t * s).elements == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 20, 0, 0, 1])
        #expect((s * t).elements == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 10, 0, 0, 1])
    }

    @Test func concatMatchesExplicitRowColumnProduct() {
        let a = Transform3D(elements: (1...16).map { CGFloat($0) })
        let b = Transform3D(elements: (1...16).map { CGFloat(17 - $0) * 0.5 })
        let p = a * b
        for i in 0..<4 {
            for j in 0..<4 {
                let expected = (0..<4).reduce(CGFloat(0)) { $0 + a[i, $1] * b[$1, j] }
                #expect(p[i, j] == expected)
            }
        }
        #expect(a * .identity == a)
        #expect(.identity * a == a)
    }

    @Test func concatIsAssociative() {
        let a = Transform3D.rotation(0.4, 1, 1, 0), b = Transform3D.translation(3, -2, 5), c = Transform3D.scale(2, 0.5, 3)
        #expect(isClose((a * b) * c, a * (b * c), 1e-12))
    }

    @Test func subscriptAndElementsRoundTrip() {
        var m = Transform3D.identity
        m[3, 0] = 7
        m[2, 3] = -0.002
        #expect(m.m41 == 7)
        #expect(m.m34 == -0.002)
        #expect(Transform3D(elements: m.elements) == m)
        #expect(m[1, 1] == 1)
    }

    @Test func inverseOfCompositeTimesItselfIsIdentity() throws {
        var persp = Transform3D.identity
        persp.m34 = -1.0 / 500
        let m = Transform3D.scale(2, 3, 0.5) * Transform3D.rotation(0.8, 1, -2, 0.5)
            * Transform3D.translation(12, -7, 40) * persp
        let inv = try #require(m.inverse)
        #expect(maxDifference(m * inv, .identity) < 1e-12)
        #expect(maxDifference(inv * m, .identity) < 1e-12)
    }

    @Test func inverseOfSimpleTransformsIsExact() throws {
        let t = try #require(Transform3D.translation(3, 4, 5).inverse)
        #expect(t == .translation(-3, -4, -5))
        let s = try #require(Transform3D.scale(2, 4, 8).inverse)
        #expect(s == .scale(0.5, 0.25, 0.125))
        let i = try #require(Transform3D.identity.inverse)
        #expect(i == .identity)
        let r = try #require(Transform3D.rotation(0.6, 0, 0, 1).inverse)
        #expect(isClose(r, Transform3D.rotation(-0.6, 0, 0, 1), 1e-15))
    }

    @Test func singularMatrixHasNoInverse() {
        #expect(Transform3D.scale(1, 0, 1).inverse == nil)
        #expect(Transform3D(elements: [CGFloat](repeating: 0, count: 16)).inverse == nil)
        // Two equal rows.
        #expect(Transform3D(elements: [1, 2, 3, 4, 1, 2, 3, 4, 0, 0, 1, 0, 0, 0, 0, 1]).inverse == nil)
    }

    @Test func applyToPointWithAffineTransforms() {
        #expect(Transform3D.translation(5, 6, 7).apply(to: CGPoint(x: 1, y: 2)) == CGPoint(x: 6, y: 8))
        #expect(Transform3D.scale(2, 3, 4).apply(to: CGPoint(x: 1, y: 2)) == CGPoint(x: 2, y: 6))
        #expect(Transform3D.identity.apply(to: CGPoint(x: -4, y: 9)) == CGPoint(x: -4, y: 9))
    }

    @Test func applyWithPerspectiveDividesByW() {
        var persp = Transform3D.identity
        persp.m34 = -1.0 / 500
        // A plane pushed 100 toward the viewer: w = 1 − 100/500 = 0.8, so it is drawn 1.25× larger.
        let near = Transform3D.translation(0, 0, 100) * persp
        #expect(isClose(near.m44, 0.8, 1e-15))
        #expect(isClose(near.apply(to: CGPoint(x: 50, y: 20)), CGPoint(x: 62.5, y: 25), 1e-12))
        // Pushed away: w = 1 + 250/500 = 1.5.
        let far = Transform3D.translation(0, 0, -250) * persp
        #expect(isClose(far.apply(to: CGPoint(x: 30, y: -60)), CGPoint(x: 20, y: -40), 1e-12))
        // m34 alone does not change points in the z = 0 plane.
        #expect(persp.apply(to: CGPoint(x: 30, y: 40)) == CGPoint(x: 30, y: 40))
    }

    @Test func applyWithPerspectiveAfterRotationAboutY() {
        var persp = Transform3D.identity
        persp.m34 = -1.0 / 500
        let angle = Double.pi / 3
        let m = Transform3D.rotation(CGFloat(angle), 0, 1, 0) * persp
        // (100, 10, 0) rotates to (100·cos, 10, −100·sin); w = 1 − z/500.
        let z = -100 * sin(angle)
        let w = 1 - z / 500
        let p = m.apply(to: CGPoint(x: 100, y: 10))
        #expect(isClose(Double(p.x), 100 * cos(angle) / w, 1e-12))
        #expect(isClose(Double(p.y), 10 / w, 1e-12))
        #expect(Double(p.x) < 50) // the far edge shrinks
    }

    @Test func isAffineAndFlattened() {
        #expect(Transform3D.translation(1, 2, 0).isAffine)
        #expect(Transform3D.rotation(0.3, 0, 0, 1).isAffine)
        #expect(!Transform3D.translation(1, 2, 3).isAffine)
        #expect(!Transform3D.rotation(0.3, 1, 0, 0).isAffine)
        var persp = Transform3D.identity
        persp.m34 = -0.002
        #expect(!persp.isAffine)
        let f = (Transform3D.rotation(0.5, 1, 1, 0) * Transform3D.translation(1, 2, 3)).flattened
        #expect(f.m13 == 0 && f.m23 == 0 && f.m33 == 0 && f.m43 == 0)
        #expect(f.m41 == 1 && f.m42 == 2)
    }
}
