import Foundation
import StrataCore

/// Maps polygons from a layer's coordinates to window pixels of the framebuffer being drawn (x right, y up
/// from its bottom edge, as gl_FragCoord), through the layer → clip-space matrix: what coverage fills
/// take. Points at or behind the eye (clip w ≤ ε) are cut away in homogeneous space first, so a layer
/// turned past the viewer still draws the part in front of it.
struct WindowProjection {
    let toClip: Transform3D
    let width: CGFloat, height: CGFloat
    private static let nearW: CGFloat = 1e-5

    func project(_ polygons: [[CGPoint]]) -> [[CGPoint]] {
        let m = toClip
        let perspective = m.m14 != 0 || m.m24 != 0 || m.m44 != 1
        var out: [[CGPoint]] = []
        out.reserveCapacity(polygons.count)
        for polygon in polygons {
            var clip = polygon.map { p in
                (x: p.x * m.m11 + p.y * m.m21 + m.m41, y: p.x * m.m12 + p.y * m.m22 + m.m42, w: p.x * m.m14 + p.y * m.m24 + m.m44)
            }
            if perspective, clip.contains(where: { !($0.w > Self.nearW) }) { clip = Self.clipNear(clip) }
            guard clip.count >= 3 else { continue }
            out.append(clip.map { c in
                CGPoint(x: (c.x / c.w + 1) * 0.5 * width, y: (c.y / c.w + 1) * 0.5 * height)
            })
        }
        return out
    }

    /// The polygon's part where w > ε (Sutherland–Hodgman against one plane).
    private static func clipNear(_ points: [(x: CGFloat, y: CGFloat, w: CGFloat)]) -> [(x: CGFloat, y: CGFloat, w: CGFloat)] {
        var out: [(x: CGFloat, y: CGFloat, w: CGFloat)] = []
        guard let last = points.last else { return out }
        var previous = last
        for current in points {
            let inCurrent = current.w > nearW, inPrevious = previous.w > nearW
            if inCurrent != inPrevious {
                let t = (nearW - previous.w) / (current.w - previous.w)
                out.append((previous.x + (current.x - previous.x) * t, previous.y + (current.y - previous.y) * t, nearW))
            }
            if inCurrent { out.append(current) }
            previous = current
        }
        return out
    }
}
