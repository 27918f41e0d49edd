import Foundation
import StrataCore

/// A 3D transform with the effect of `m`: a = m11, b = m12, c = m21, d = m22, tx = m41, ty = m42.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var t = CATransform3D.identity
    t.m11 = m.a; t.m12 = m.b; t.m21 = m.c; t.m22 = m.d; t.m41 = m.tx; t.m42 = m.ty
    return t
}

/// The affine transform `t` represents (meaningful when `CATransform3DIsAffine(t)`; otherwise its
/// x/y part, dropping z and perspective).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

extension CALayer {
}
