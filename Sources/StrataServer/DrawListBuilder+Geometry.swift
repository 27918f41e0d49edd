import Foundation
import StrataCore
import StrataRender

/// What the builder works out from a layer's values and matrix: how its contents are sampled and cut,
/// clips by scissor or group, pixel alignment and which way a plane faces.
extension DrawListBuilder {
    /// Whether the contents are drawn in one piece (no nine-part stretch).
    static func contentsInOnePiece(_ p: LayerModel) -> Bool {
        p.contentsCenter.standardized == CGRect(x: 0, y: 0, width: 1, height: 1)
    }

    /// How the layer's contents (or its rasterized bitmap) are sampled.
    static func sampling(_ p: LayerModel) -> Sampling {
        Sampling(minFilter: p.minificationFilter, magFilter: p.magnificationFilter, bias: p.minificationFilterBias)
    }

    /// A clip by scissor (the whole-pixel rectangle it cuts to, target pixels) or through an offscreen group.
    enum Clip: Equatable { case scissor(PixelRect), group }

    /// Starts clipping to the layer's (rounded) bounds: a scissor when the bounds land exactly on whole
    /// pixels, unrotated and square-cornered (anti-aliased coverage there is exactly 1 inside and 0
    /// outside, so the scissor cuts the same pixels), else an offscreen group composited through the shape.
    /// Under a motion slot always the group: the slots place its composite, which a scissor cannot follow.
    static func beginClip(_ p: LayerModel, _ m: Transform3D, into list: inout DrawList) -> Clip {
        if list.currentSlot < 0, p.cornerRadius <= 0 || p.maskedCorners == 0, let rect = pixelAligned(p.bounds, m) {
            list.append(.beginClip(rect))
            return .scissor(rect)
        }
        list.append(.beginGroup)
        return .group
    }

    /// Ends the clip; under a slot the composite takes `fields` of them (the bounds, the corner radius) from
    /// the slot's animated values.
    static func endClip(_ clip: Clip, _ p: LayerModel, _ m: Transform3D, fields: MotionRef.Fields = [], into list: inout DrawList) {
        switch clip {
        case .scissor: list.append(.endClip)
        case .group:
            list.append(.endClipGroup(matrix: m, rect: p.bounds, radius: p.cornerRadius, corners: p.drawnCorners, alpha: 1),
                        slotFields: fields.intersection([.bounds, .cornerRadius]))
        }
    }

    /// The whole-pixel rectangle `bounds` covers under `m`, when `m` only scales and translates it (no
    /// rotation, skew or perspective) and every edge lands on a pixel boundary.
    static func pixelAligned(_ bounds: CGRect, _ m: Transform3D) -> PixelRect? {
        guard m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 == 1 else { return nil }
        let xs = [bounds.minX * m.m11 + m.m41, bounds.maxX * m.m11 + m.m41]
        let ys = [bounds.minY * m.m22 + m.m42, bounds.maxY * m.m22 + m.m42]
        var whole: [Int] = []
        for v in xs + ys {
            let r = v.rounded()
            guard abs(v - r) < 1e-6, abs(r) < 1e9 else { return nil }
            whole.append(Int(r))
        }
        let x0 = min(whole[0], whole[1]), y0 = min(whole[2], whole[3])
        return PixelRect(x: x0, y: y0, width: max(whole[0], whole[1]) - x0, height: max(whole[2], whole[3]) - y0)
    }

    /// Whether `bounds` under `m` (with perspective) keeps its orientation on screen: its front faces the
    /// viewer. A layer seen edge-on or with a corner behind the eye counts as facing.
    static func facesViewer(_ bounds: CGRect, _ m: Transform3D) -> Bool {
        func project(_ x: CGFloat, _ y: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
            let px = x * m.m11 + y * m.m21 + m.m41, py = x * m.m12 + y * m.m22 + m.m42, w = x * m.m14 + y * m.m24 + m.m44
            return (px, py, w)
        }
        let a = project(bounds.minX, bounds.minY), b = project(bounds.maxX, bounds.minY), c = project(bounds.minX, bounds.maxY)
        guard a.2 > 0, b.2 > 0, c.2 > 0 else { return true }
        let ux = b.0 / b.2 - a.0 / a.2, uy = b.1 / b.2 - a.1 / a.2
        let vx = c.0 / c.2 - a.0 / a.2, vy = c.1 / c.2 - a.1 / a.2
        return ux * vy - uy * vx >= 0
    }
}
