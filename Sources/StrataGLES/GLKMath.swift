import Foundation

/// GLKit's 4×4 matrix: 16 floats in column-major order (`m.0` … `m.15`, as GL takes them).
public struct GLKMatrix4: Equatable, Sendable {
    /// The 16 values in column-major order: `m.12`, `m.13`, `m.14` are the translation. GLKit's named fields
    /// (`m00` … `m33`) are absent; see <doc:Status#Layer-subclasses>.
    public var m: (Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float)

    /// A matrix from its 16 values in column-major order.
    public init(m: (Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float)) {
        self.m = m
    }

    /// The 16 values, column by column.
    public var array: [Float] {
        withUnsafeBytes(of: m) { Array($0.bindMemory(to: Float.self)) }
    }

    init(_ a: [Float]) {
        m = (a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15])
    }

    public static func == (l: GLKMatrix4, r: GLKMatrix4) -> Bool { l.array == r.array }
}

/// GLKit's four-component vector (a colour: r, g, b, a).
public struct GLKVector4: Equatable, Sendable {
    /// The first component (red, in a colour). GLKit's other names for the components (`r`, `g`, `b`, `a`,
    /// `s`, `t`, `p`, `q`, `v`) are absent; see <doc:Status#Layer-subclasses>.
    public var x: Float
    /// The second component (green, in a colour).
    public var y: Float
    /// The third component (blue, in a colour).
    public var z: Float
    /// The fourth component (alpha, in a colour).
    public var w: Float
    /// A vector of the four components.
    public init(x: Float, y: Float, z: Float, w: Float) { self.x = x; self.y = y; self.z = z; self.w = w }
}

/// The vector (x, y, z, w), as `GLKVector4(x:y:z:w:)`.
public func GLKVector4Make(_ x: Float, _ y: Float, _ z: Float, _ w: Float) -> GLKVector4 { GLKVector4(x: x, y: y, z: z, w: w) }

/// The identity matrix: ones on the diagonal, zeros elsewhere.
public let GLKMatrix4Identity = GLKMatrix4([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

/// A matrix from its values in row-major reading order (GLKMatrix4Make's argument order: m00, m01, … are
/// column 0's rows).
public func GLKMatrix4Make(_ m00: Float, _ m01: Float, _ m02: Float, _ m03: Float, _ m10: Float, _ m11: Float, _ m12: Float, _ m13: Float,
                           _ m20: Float, _ m21: Float, _ m22: Float, _ m23: Float, _ m30: Float, _ m31: Float, _ m32: Float, _ m33: Float) -> GLKMatrix4 {
    GLKMatrix4([m00, m01, m02, m03, m10, m11, m12, m13, m20, m21, m22, m23, m30, m31, m32, m33])
}

/// `l` × `r`: `r` applied first.
public func GLKMatrix4Multiply(_ l: GLKMatrix4, _ r: GLKMatrix4) -> GLKMatrix4 {
    let a = l.array, b = r.array
    var out = [Float](repeating: 0, count: 16)
    for column in 0..<4 {
        for row in 0..<4 {
            var sum: Float = 0
            for k in 0..<4 { sum += a[k * 4 + row] * b[column * 4 + k] }
            out[column * 4 + row] = sum
        }
    }
    return GLKMatrix4(out)
}

/// A translation by (`tx`, `ty`, `tz`): the identity with the offsets in the last column (`m.12`, `m.13`, `m.14`).
public func GLKMatrix4MakeTranslation(_ tx: Float, _ ty: Float, _ tz: Float) -> GLKMatrix4 {
    GLKMatrix4([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, tx, ty, tz, 1])
}

/// A scale by `sx`, `sy` and `sz` along the axes: the factors on the diagonal, 1 in the last place.
public func GLKMatrix4MakeScale(_ sx: Float, _ sy: Float, _ sz: Float) -> GLKMatrix4 {
    GLKMatrix4([sx, 0, 0, 0, 0, sy, 0, 0, 0, 0, sz, 0, 0, 0, 0, 1])
}

/// A rotation by `radians` about the axis (x, y, z) (normalised here), counter-clockwise looking down it.
public func GLKMatrix4MakeRotation(_ radians: Float, _ x: Float, _ y: Float, _ z: Float) -> GLKMatrix4 {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0 else { return GLKMatrix4Identity }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    let c = cos(radians), s = sin(radians), t = 1 - c
    return GLKMatrix4([t * ux * ux + c, t * ux * uy + s * uz, t * ux * uz - s * uy, 0,
                       t * ux * uy - s * uz, t * uy * uy + c, t * uy * uz + s * ux, 0,
                       t * ux * uz + s * uy, t * uy * uz - s * ux, t * uz * uz + c, 0,
                       0, 0, 0, 1])
}

/// A rotation by `radians` about the z axis: a positive angle turns x toward y.
public func GLKMatrix4MakeZRotation(_ radians: Float) -> GLKMatrix4 { GLKMatrix4MakeRotation(radians, 0, 0, 1) }
/// A rotation by `radians` about the x axis: a positive angle turns y toward z.
public func GLKMatrix4MakeXRotation(_ radians: Float) -> GLKMatrix4 { GLKMatrix4MakeRotation(radians, 1, 0, 0) }
/// A rotation by `radians` about the y axis: a positive angle turns z toward x.
public func GLKMatrix4MakeYRotation(_ radians: Float) -> GLKMatrix4 { GLKMatrix4MakeRotation(radians, 0, 1, 0) }

/// A perspective projection: vertical field of view `fovyRadians`, width ÷ height `aspect`, clipped to depths
/// `nearZ` … `farZ` (gluPerspective's matrix).
public func GLKMatrix4MakePerspective(_ fovyRadians: Float, _ aspect: Float, _ nearZ: Float, _ farZ: Float) -> GLKMatrix4 {
    let cotan = 1 / tan(fovyRadians / 2)
    return GLKMatrix4([cotan / aspect, 0, 0, 0, 0, cotan, 0, 0, 0, 0, (farZ + nearZ) / (nearZ - farZ), -1,
                       0, 0, (2 * farZ * nearZ) / (nearZ - farZ), 0])
}

/// An orthographic projection of the box left…right, bottom…top, nearZ…farZ (glOrtho's matrix).
public func GLKMatrix4MakeOrtho(_ left: Float, _ right: Float, _ bottom: Float, _ top: Float, _ nearZ: Float, _ farZ: Float) -> GLKMatrix4 {
    let (rl, tb, fn) = (right - left, top - bottom, farZ - nearZ)
    return GLKMatrix4([2 / rl, 0, 0, 0, 0, 2 / tb, 0, 0, 0, 0, -2 / fn, 0,
                       -(right + left) / rl, -(top + bottom) / tb, -(farZ + nearZ) / fn, 1])
}

/// `degrees` in radians: degrees × π ÷ 180.
public func GLKMathDegreesToRadians(_ degrees: Float) -> Float { degrees * .pi / 180 }
/// `radians` in degrees: radians × 180 ÷ π.
public func GLKMathRadiansToDegrees(_ radians: Float) -> Float { radians * 180 / .pi }
