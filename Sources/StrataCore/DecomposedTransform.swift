import Foundation

/// A 4×4 transform split into perspective, translation, scale, skew and a rotation quaternion
/// (the CSS Transforms Level 2 decomposition), so whole-matrix animations interpolate rotations
/// as rotations (quaternion slerp) rather than element by element. Its parts are fixed-size vectors, so
/// interpolating between two decompositions, every frame, allocates nothing.
public struct DecomposedTransform: Equatable, Sendable {
    public var perspective: SIMD4<Double> = [0, 0, 0, 1]
    public var translate: SIMD3<Double> = [0, 0, 0]
    public var scale: SIMD3<Double> = [1, 1, 1]
    public var skew: SIMD3<Double> = [0, 0, 0]
    public var quaternion: SIMD4<Double> = [0, 0, 0, 1]

    /// nil when m44 is 0, or when the matrix has perspective terms and its affine part is singular (it then
    /// interpolates discretely). A zero scale decomposes (as a scale of 0 with no rotation about the lost
    /// axis), so a scale animated from or to 0 eases as in Core Animation (SpinKit's `scale(1, 0.4, 0)`).
    public init?(_ t: Transform3D) {
        var m = t.elements.map { Double($0) }
        guard m[15] != 0 else { return nil }
        for i in 0..<16 { m[i] /= m[15] }
        if m[3] != 0 || m[7] != 0 || m[11] != 0 {
            var p = m
            p[3] = 0; p[7] = 0; p[11] = 0; p[15] = 1
            guard let pInv = Transform3D(elements: p.map { CGFloat($0) }).inverse else { return nil }
            let rhs = [m[3], m[7], m[11], m[15]]
            // perspective = rhs · transpose(inverse(p)), i.e. inverse(p) applied to rhs as a column.
            let inv = pInv.elements.map { Double($0) }
            perspective = SIMD4((0..<4).map { j in (0..<4).reduce(0.0) { $0 + rhs[$1] * inv[j * 4 + $1] } })
        }
        translate = [m[12], m[13], m[14]]
        var row = [[m[0], m[1], m[2]], [m[4], m[5], m[6]], [m[8], m[9], m[10]]]
        func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
        func normalize(_ v: [Double]) -> [Double] { let l = length(v); return l == 0 ? v : v.map { $0 / l } }
        func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
        func combine(_ a: [Double], _ b: [Double], _ sa: Double, _ sb: Double) -> [Double] {
            [a[0] * sa + b[0] * sb, a[1] * sa + b[1] * sb, a[2] * sa + b[2] * sb]
        }
        func cross(_ a: [Double], _ b: [Double]) -> [Double] {
            [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
        }
        scale[0] = length(row[0]); row[0] = normalize(row[0])
        skew[0] = dot(row[0], row[1]); row[1] = combine(row[1], row[0], 1, -skew[0])
        scale[1] = length(row[1]); row[1] = normalize(row[1])
        if scale[1] != 0 { skew[0] /= scale[1] }
        skew[1] = dot(row[0], row[2]); row[2] = combine(row[2], row[0], 1, -skew[1])
        skew[2] = dot(row[1], row[2]); row[2] = combine(row[2], row[1], 1, -skew[2])
        scale[2] = length(row[2]); row[2] = normalize(row[2])
        if scale[2] != 0 { skew[1] /= scale[2]; skew[2] /= scale[2] }
        Self.completeBasis(&row, present: [scale[0] != 0, scale[1] != 0, scale[2] != 0])
        if dot(row[0], cross(row[1], row[2])) < 0 {
            for i in 0..<3 { scale[i] = -scale[i]; row[i] = row[i].map { -$0 } }
        }
        // Quaternion (x, y, z, w) of the row-vector rotation, w ≥ 0. Shepperd's method: take the square root only for
        // the largest component and derive the others from off-diagonal sums/differences. (The CSS pseudo-code's four
        // square roots lose half the precision, ~1e-8, for components near zero, e.g. rotations about a single axis.)
        let (r00, r11, r22) = (row[0][0], row[1][1], row[2][2])
        var q: [Double]
        if r00 + r11 + r22 > 0 {
            let s = 2 * (1 + r00 + r11 + r22).squareRoot() // 4w
            q = [(row[1][2] - row[2][1]) / s, (row[2][0] - row[0][2]) / s, (row[0][1] - row[1][0]) / s, s / 4]
        } else if r00 >= r11, r00 >= r22 {
            let s = 2 * max(1 + r00 - r11 - r22, 0).squareRoot() // 4x
            q = [s / 4, (row[0][1] + row[1][0]) / s, (row[0][2] + row[2][0]) / s, (row[1][2] - row[2][1]) / s]
        } else if r11 >= r22 {
            let s = 2 * max(1 - r00 + r11 - r22, 0).squareRoot() // 4y
            q = [(row[0][1] + row[1][0]) / s, s / 4, (row[1][2] + row[2][1]) / s, (row[2][0] - row[0][2]) / s]
        } else {
            let s = 2 * max(1 - r00 - r11 + r22, 0).squareRoot() // 4z
            q = [(row[0][2] + row[2][0]) / s, (row[1][2] + row[2][1]) / s, s / 4, (row[0][1] - row[1][0]) / s]
        }
        if q[3] < 0 { q = q.map { -$0 } }
        let qLength = (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]).squareRoot()
        quaternion = qLength > 0 && qLength.isFinite ? SIMD4(q.map { $0 / qLength }) : [0, 0, 0, 1]
    }

    /// Replaces the rows a zero scale left empty so that the rows form a right-handed orthonormal basis
    /// with the others (which are orthonormal already): the rotation is then the one the present axes show.
    static func completeBasis(_ row: inout [[Double]], present: [Bool]) {
        func cross(_ a: [Double], _ b: [Double]) -> [Double] {
            [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
        }
        let known = (0..<3).filter { present[$0] }
        switch known.count {
        case 0:
            row = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        case 1:
            let k = known[0], u = row[k]
            // The unit axis least aligned with u, made orthogonal to it.
            let axis = (0..<3).min { abs(u[$0]) < abs(u[$1]) } ?? 0
            var e = [0.0, 0, 0]
            e[axis] = 1
            var v = cross(u, e)
            let l = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot()
            v = v.map { $0 / l }
            row[(k + 1) % 3] = v
            row[(k + 2) % 3] = cross(u, v)
        case 2:
            let missing = (0..<3).first { !present[$0] } ?? 2
            row[missing] = cross(row[(missing + 1) % 3], row[(missing + 2) % 3])
        default:
            break
        }
    }

    public var matrix: Transform3D {
        // Built as scale · skew · rotation · translation · perspective in row-vector order.
        let (x, y, z, w) = (quaternion[0], quaternion[1], quaternion[2], quaternion[3])
        // Row-vector rotation matrix for quaternion (x, y, z, w) as produced by the decomposition above: the
        // transpose of the usual column-vector matrix, so (0, 0, sin θ/2, cos θ/2) gives m12 = sin θ like rotation(θ, 0, 0, 1).
        let r = Transform3D(
            m11: CGFloat(1 - 2 * (y * y + z * z)), m12: CGFloat(2 * (x * y + z * w)), m13: CGFloat(2 * (x * z - y * w)), m14: 0,
            m21: CGFloat(2 * (x * y - z * w)), m22: CGFloat(1 - 2 * (x * x + z * z)), m23: CGFloat(2 * (y * z + x * w)), m24: 0,
            m31: CGFloat(2 * (x * z + y * w)), m32: CGFloat(2 * (y * z - x * w)), m33: CGFloat(1 - 2 * (x * x + y * y)), m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
        var sk = Transform3D.identity
        sk.m21 = CGFloat(skew[0]); sk.m31 = CGFloat(skew[1]); sk.m32 = CGFloat(skew[2])
        let s = Transform3D.scale(CGFloat(scale[0]), CGFloat(scale[1]), CGFloat(scale[2]))
        var m = s * sk * r
        m.m41 = CGFloat(translate[0]); m.m42 = CGFloat(translate[1]); m.m43 = CGFloat(translate[2])
        // `perspective` was solved as inverse(P) · (m14, m24, m34, m44), P being the matrix with that column set to
        // (0, 0, 0, 1) (see init), so it is multiplied in rather than copied: column 4 becomes P · perspective again.
        var p = Transform3D.identity
        p.m14 = CGFloat(perspective[0]); p.m24 = CGFloat(perspective[1]); p.m34 = CGFloat(perspective[2]); p.m44 = CGFloat(perspective[3])
        return m * p
    }

    public static func interpolate(_ a: Transform3D, _ b: Transform3D, _ t: Double) -> Transform3D {
        interpolate(a, b, t, decomposed: (DecomposedTransform(a), DecomposedTransform(b)))
    }

    /// As `interpolate(_:_:_:)`, with the endpoints already decomposed (an animation prepares them once).
    static func interpolate(_ a: Transform3D, _ b: Transform3D, _ t: Double,
                            decomposed: (DecomposedTransform?, DecomposedTransform?)) -> Transform3D {
        guard let da = decomposed.0, let db = decomposed.1 else { return t < 0.5 ? a : b }
        var r = da
        // Lane by lane: x + (y − x)·t.
        r.perspective = da.perspective + (db.perspective - da.perspective) * t
        r.translate = da.translate + (db.translate - da.translate) * t
        r.scale = da.scale + (db.scale - da.scale) * t
        r.skew = da.skew + (db.skew - da.skew) * t
        r.quaternion = slerp(da.quaternion, db.quaternion, t)
        return r.matrix
    }

    static func slerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
        var d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]
        var b = b
        if d < 0 { b = -b; d = -d }
        if d > 0.9995 {
            let r = a + (b - a) * t
            let l = (r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]).squareRoot()
            return r / l
        }
        let theta = acos(min(1, d))
        let s = sin(theta)
        let wa = sin((1 - t) * theta) / s, wb = sin(t * theta) / s
        return a * wa + b * wb
    }
}
