import Foundation

/// The KVC view of a CATransform3D (`transform.rotation.z`, `transform.scale.x`, `transform.translation`):
/// the matrix read as scale, then rotation about x, y, z (in that order), then translation.
/// Writing a component replaces it and recomposes the matrix; reading a matrix that was composed this way
/// returns the written values exactly (for rotations within ±π, the range atan2 can return).
public struct TransformComponents: Sendable {
    public var scale: (x: CGFloat, y: CGFloat, z: CGFloat)
    public var rotation: (x: CGFloat, y: CGFloat, z: CGFloat)
    public var translation: (x: CGFloat, y: CGFloat, z: CGFloat)
    /// Perspective terms (m14, m24, m34, m44) carried through unchanged.
    public var perspective: (CGFloat, CGFloat, CGFloat, CGFloat)

    public init(_ t: Transform3D) {
        translation = (t.m41, t.m42, t.m43)
        perspective = (t.m14, t.m24, t.m34, t.m44)
        let sx = (t.m11 * t.m11 + t.m12 * t.m12 + t.m13 * t.m13).squareRoot()
        let sy = (t.m21 * t.m21 + t.m22 * t.m22 + t.m23 * t.m23).squareRoot()
        let sz = (t.m31 * t.m31 + t.m32 * t.m32 + t.m33 * t.m33).squareRoot()
        scale = (sx, sy, sz)
        // Normalised rotation rows; R = Rx · Ry · Rz in row-vector form.
        let r11 = sx == 0 ? 1 : t.m11 / sx, r12 = sx == 0 ? 0 : t.m12 / sx, r13 = sx == 0 ? 0 : t.m13 / sx
        let r23 = sy == 0 ? 0 : t.m23 / sy, r33 = sz == 0 ? 1 : t.m33 / sz
        let ry = asin(max(-1, min(1, -r13)))
        let rz = atan2(r12, r11)
        let rx = atan2(r23, r33)
        rotation = (rx, ry, rz)
    }

    public var matrix: Transform3D {
        let s = Transform3D.scale(scale.x, scale.y, scale.z)
        // No rotation (a scale or translation animating): the rotations are the identity, so skip them.
        var m = s
        if rotation.x != 0 || rotation.y != 0 || rotation.z != 0 {
            let r = Transform3D.rotation(rotation.x, 1, 0, 0) * Transform3D.rotation(rotation.y, 0, 1, 0)
                * Transform3D.rotation(rotation.z, 0, 0, 1)
            m = s * r
        }
        m.m41 = translation.x; m.m42 = translation.y; m.m43 = translation.z
        m.m14 = perspective.0; m.m24 = perspective.1; m.m34 = perspective.2; m.m44 = perspective.3
        return m
    }

    func get(_ c: LayerKeyPath.Component) -> AnimatableValue {
        switch c {
        case .rotationX: .scalar(rotation.x)
        case .rotationY: .scalar(rotation.y)
        case .rotationZ, .rotation: .scalar(rotation.z)
        case .scaleX: .scalar(scale.x)
        case .scaleY: .scalar(scale.y)
        case .scaleZ: .scalar(scale.z)
        case .scale: .scalar((scale.x + scale.y + scale.z) / 3)
        case .translationX: .scalar(translation.x)
        case .translationY: .scalar(translation.y)
        case .translationZ: .scalar(translation.z)
        case .translation: .size(CGSize(width: translation.x, height: translation.y))
        default: .scalar(0)
        }
    }

    mutating func set(_ c: LayerKeyPath.Component, _ v: AnimatableValue) {
        switch (c, v) {
        case let (.rotationX, .scalar(a)): rotation.x = a
        case let (.rotationY, .scalar(a)): rotation.y = a
        case let (.rotationZ, .scalar(a)), let (.rotation, .scalar(a)): rotation.z = a
        case let (.scaleX, .scalar(a)): scale.x = a
        case let (.scaleY, .scalar(a)): scale.y = a
        case let (.scaleZ, .scalar(a)): scale.z = a
        case let (.scale, .scalar(a)): scale = (a, a, a)
        case let (.translationX, .scalar(a)): translation.x = a
        case let (.translationY, .scalar(a)): translation.y = a
        case let (.translationZ, .scalar(a)): translation.z = a
        case let (.translation, .size(s)): translation.x = s.width; translation.y = s.height
        default: break
        }
    }
}
