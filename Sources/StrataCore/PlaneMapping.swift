import Foundation

/// How a layer's plane maps onto the plane it is flattened into: the projective map a 4 × 4 transform
/// gives points with z = 0 once their own z is dropped (x, y and w only), as the server draws a plain
/// layer's sublayers into its plane. Composes and inverts exactly, so points convert both ways between
/// layers, perspective included.
public struct PlaneMapping: Equatable, Sendable {
    /// Row-vector 3 × 3 matrix: (x, y, 1) · m = (X, Y, W), the point (X / W, Y / W).
    public var m: [CGFloat]

    public static let identity = PlaneMapping(m: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    init(m: [CGFloat]) { self.m = m }

    /// The map `t` gives points of its source plane (z = 0) after their z is dropped.
    public init(_ t: Transform3D) {
        m = [t.m11, t.m12, t.m14,
             t.m21, t.m22, t.m24,
             t.m41, t.m42, t.m44]
    }

    /// `p` mapped; nil where the map sends it to infinity or behind the viewer (w ≤ 0).
    public func apply(_ p: CGPoint) -> CGPoint? {
        let x = p.x * m[0] + p.y * m[3] + m[6]
        let y = p.x * m[1] + p.y * m[4] + m[7]
        let w = p.x * m[2] + p.y * m[5] + m[8]
        guard w > 1e-12, x.isFinite, y.isFinite else { return nil }
        return CGPoint(x: x / w, y: y / w)
    }

    /// `self` then `next`.
    public func then(_ next: PlaneMapping) -> PlaneMapping {
        let a = m, b = next.m
        var r = [CGFloat](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { r[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j] } }
        return PlaneMapping(m: r)
    }

    /// The map back; nil when the plane is seen edge-on (the map is singular).
    public var inverse: PlaneMapping? {
        let a = m
        let c00 = a[4] * a[8] - a[5] * a[7], c01 = a[5] * a[6] - a[3] * a[8], c02 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c00 + a[1] * c01 + a[2] * c02
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        let inv: [CGFloat] = [
            c00, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c01, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c02, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ]
        return PlaneMapping(m: inv.map { $0 / det })
    }
}
