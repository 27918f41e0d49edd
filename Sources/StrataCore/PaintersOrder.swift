import Foundation

/// The order layers are drawn in, back to front, shared by the server's drawing and the client's hit
/// testing (which walks it front to back).
public enum PaintersOrder {
    /// Siblings flattened into their superlayer's plane: by zPosition, then by index (a stable sort).
    public static func indices(zPositions z: [CGFloat]) -> [Int] {
        guard let first = z.first, !z.allSatisfy({ $0 == first }) else { return Array(z.indices) }
        return z.indices.sorted { precedes((z[$0], $0), (z[$1], $1)) }
    }

    /// Whether `a` is drawn before `b`: the smaller key (zPosition, or depth for a transform layer's
    /// sublayers) first, then the earlier place. The sorts and the checks of a kept order share it.
    public static func precedes(_ a: (key: CGFloat, place: Int), _ b: (key: CGFloat, place: Int)) -> Bool {
        a.key != b.key ? a.key < b.key : a.place < b.place
    }

    /// A CATransformLayer's sublayers share its 3D space and are drawn far to near by the depth of each
    /// one's centre: `toSpace` maps the sublayer's coordinates into the transform layer's parent space
    /// (where z is still intact). Larger is nearer.
    public static func depth(of bounds: CGRect, toSpace d: Transform3D) -> CGFloat {
        let c = CGPoint(x: bounds.midX, y: bounds.midY)
        let z = c.x * d.m13 + c.y * d.m23 + d.m43
        let w = c.x * d.m14 + c.y * d.m24 + d.m44
        return w > 0 ? z / w : z
    }
}
