import Foundation
import StrataCore

/// The geometry of a transition's warped composite (`DrawCommand.endTransitionGroups`), free of GL: where
/// it can draw, and how the layer's plane maps to the framebuffer's pixels and back.
enum TransitionComposite {
    /// The target pixels the composite can change: where each appearance's drawing (`old`, `new`: the
    /// groups' boxes) can land through the warp (`TransitionWarp.reach`). The boxes are taken back into the
    /// layer's plane through `matrix`; where that cannot be done (the plane edge-on, a corner behind the
    /// viewer) the whole target.
    static func box(_ warp: TransitionWarp, matrix: Transform3D, old: PixelRect, new: PixelRect, target: PixelRect) -> PixelRect {
        let plane = PlaneMapping(matrix)
        guard let back = plane.inverse else { return target }
        var box = PixelRect.empty
        for (source, drawn) in [(TransitionWarp.Source.old, old), (.new, new)] where !drawn.isEmpty {
            var local = CGRect.null
            for corner in [(drawn.x, drawn.y), (drawn.maxX, drawn.y), (drawn.x, drawn.maxY), (drawn.maxX, drawn.maxY)] {
                guard let p = back.apply(CGPoint(x: corner.0, y: corner.1)) else { return target }
                local = local.union(CGRect(origin: p, size: .zero))
            }
            box = box.union(PixelRect.covering(warp.reach(of: local, source: source), matrix, margin: DrawListAnalysis.margin, within: target))
        }
        return box
    }

    /// The projective maps between the layer's plane (`matrix`: layer → target pixels) and the window
    /// pixels of a framebuffer `width` × `height` (GL's, +y up, as gl_FragCoord and the group textures'
    /// texels count), through `projection` (target pixels → clip space, the pass's: its origin and
    /// rotation). nil when the plane is seen edge-on.
    static func windowMaps(matrix: Transform3D, projection: Transform3D, width: Int, height: Int)
        -> (toWindow: PlaneMapping, toLocal: PlaneMapping)? {
        let w = CGFloat(width) / 2, h = CGFloat(height) / 2
        // Clip space (x, y, ·, w) → window pixels (homogeneous).
        let viewport = Transform3D(m11: w, m12: 0, m13: 0, m14: 0, m21: 0, m22: h, m23: 0, m24: 0,
                                   m31: 0, m32: 0, m33: 0, m34: 0, m41: w, m42: h, m43: 0, m44: 1)
        let toWindow = PlaneMapping(matrix).then(PlaneMapping(projection)).then(PlaneMapping(viewport))
        guard let toLocal = toWindow.inverse else { return nil }
        return (toWindow, toLocal)
    }
}
