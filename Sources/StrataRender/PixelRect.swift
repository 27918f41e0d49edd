import Foundation
import StrataCore

/// A rectangle of whole target pixels (+y down, origin top-left): damage, scissors and command bounds.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }

    public static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

    public var isEmpty: Bool { width == 0 || height == 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var area: Int { width * height }

    /// The smallest rectangle holding both (the empty rectangle holds nothing).
    public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        guard x1 > x0, y1 > y0 else { return .empty }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func intersects(_ o: PixelRect) -> Bool { !intersection(o).isEmpty }

    /// What of this rectangle lies outside `o`: up to four disjoint rectangles (the bands above and below
    /// it, then those left and right of it between them).
    public func subtracting(_ o: PixelRect) -> [PixelRect] {
        let cut = intersection(o)
        guard !cut.isEmpty else { return isEmpty ? [] : [self] }
        let bands = [PixelRect(x: x, y: y, width: width, height: cut.y - y),
                     PixelRect(x: x, y: cut.maxY, width: width, height: maxY - cut.maxY),
                     PixelRect(x: x, y: cut.y, width: cut.x - x, height: cut.height),
                     PixelRect(x: cut.maxX, y: cut.y, width: maxX - cut.maxX, height: cut.height)]
        return bands.filter { !$0.isEmpty }
    }

    /// Grown by `d` pixels on every side (nothing stays nothing).
    public func grown(by d: Int) -> PixelRect {
        isEmpty ? self : PixelRect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d)
    }

    public var description: String { "\(x),\(y) \(width)x\(height)" }

    /// The pixels touched by `rect` (layer units) under `matrix` (layer → target pixels, with perspective),
    /// grown by `margin` pixels, within `target`. A rectangle reaching behind the eye covers the target.
    public static func covering(_ rect: CGRect, _ m: Transform3D, margin: Int, within target: PixelRect) -> PixelRect {
        var x0 = CGFloat.infinity, y0 = CGFloat.infinity, x1 = -CGFloat.infinity, y1 = -CGFloat.infinity
        for (px, py) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            let w = px * m.m14 + py * m.m24 + m.m44
            guard w > 1e-6 else { return target }
            let tx = (px * m.m11 + py * m.m21 + m.m41) / w, ty = (px * m.m12 + py * m.m22 + m.m42) / w
            guard tx.isFinite, ty.isFinite else { return target }
            x0 = min(x0, tx); y0 = min(y0, ty); x1 = max(x1, tx); y1 = max(y1, ty)
        }
        // Far outside the target: clamp before converting so Int conversion cannot trap.
        let limit = CGFloat(1 << 30)
        func clamp(_ v: CGFloat) -> CGFloat { min(max(v, -limit), limit) }
        let box = PixelRect(x: Int(clamp(x0).rounded(.down)) - margin, y: Int(clamp(y0).rounded(.down)) - margin,
                            width: Int(clamp(x1).rounded(.up)) - Int(clamp(x0).rounded(.down)) + 2 * margin,
                            height: Int(clamp(y1).rounded(.up)) - Int(clamp(y0).rounded(.down)) + 2 * margin)
        return box.intersection(target)
    }
}
