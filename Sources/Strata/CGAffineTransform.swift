import Foundation

/// A 2D affine transform, standing in for CoreGraphics' CGAffineTransform, with its semantics:
/// a point maps to x' = a·x + c·y + tx, y' = b·x + d·y + ty (row vector times the matrix
/// [a b 0; c d 0; tx ty 1]), and `t1.concatenating(t2)` applies `t1` first, then `t2`.
public struct CGAffineTransform: Hashable, Sendable {
    /// The matrix's top-left entry: how much x contributes to x' (the x scale when there is no rotation).
    public var a: CGFloat
    /// How much x contributes to y' (y' = b·x + d·y + ty).
    public var b: CGFloat
    /// How much y contributes to x' (x' = a·x + c·y + tx).
    public var c: CGFloat
    /// How much y contributes to y' (the y scale when there is no rotation).
    public var d: CGFloat
    /// The translation added to x', applied after the linear part.
    public var tx: CGFloat
    /// The translation added to y', applied after the linear part.
    public var ty: CGFloat

    /// A transform from its six entries: a point maps to (a·x + c·y + tx, b·x + d·y + ty).
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that leaves every point where it is (a = d = 1, the rest 0).
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `tx` along x and `ty` along y.
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    /// A scale by `sx` along x and `sy` along y about the origin (negative values mirror).
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// Rotation by `angle` radians from +x towards +y (clockwise on Strata's y-down screen).
    public init(rotationAngle angle: CGFloat) {
        let s = sin(angle), k = cos(angle)
        self.init(a: k, b: s, c: -s, d: k, tx: 0, ty: 0)
    }

    /// Whether every entry equals `identity`'s exactly.
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
                          c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
                          tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// A translation applied before `self` (CGAffineTransformTranslate).
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// A scale applied before `self` (CGAffineTransformScale).
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// A rotation applied before `self` (CGAffineTransformRotate).
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    var determinant: CGFloat { a * d - b * c }

    /// The inverse, or `self` unchanged when it is not invertible (as CoreGraphics does).
    public func inverted() -> CGAffineTransform {
        let det = determinant
        guard det != 0, det.isFinite else { return self }
        let inv = CGAffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                                    tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
        return inv.isFinite ? inv : self
    }

    var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }
}

extension CGPoint {
    /// The point mapped by `t`: (t.a·x + t.c·y + t.tx, t.b·x + t.d·y + t.ty).
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The linear part only: sizes have no position (CGSizeApplyAffineTransform); may come out negative.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The bounding box of the four transformed corners; the null rectangle stays null.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        guard !isNull else { return self }
        let corners = [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)]
            .map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
